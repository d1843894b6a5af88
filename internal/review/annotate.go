package review

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/engine"
)

// FormatEval returns the evaluation command of a score from White's point
// of view: "[%eval +0.35]", or "[%eval #+7]" and "[%eval #-7]" for a win
// in 7 plies for White and for Red.
func FormatEval(white engine.Score) string {
	return "[%eval " + evalText(white) + "]"
}

// evalText writes a score from White's view as FormatEval does, without
// the brackets.
func evalText(white engine.Score) string {
	if d, ok := white.IsWin(); ok {
		return "#+" + strconv.Itoa(d)
	}
	if d, ok := white.IsLoss(); ok {
		return "#-" + strconv.Itoa(d)
	}
	return white.String()
}

var (
	evalCommand = regexp.MustCompile(`\[%eval ([^\]]*)\]`)
	evalMen     = regexp.MustCompile(`^[+-]?\d{1,3}(?:\.\d{1,2})?$`)
	evalWin     = regexp.MustCompile(`^#([+-]?)(\d{1,3})$`)
	// The words Annotate writes after the evaluation of a judged move.
	judgedWords = regexp.MustCompile(`(?:Inaccuracy|Mistake|Blunder): \S+ to \S+\.(?: \S+ was best\.)?`)
)

// ParseEval returns the evaluation of the first [%eval ...] command of a
// comment, from White's point of view, as FormatEval writes it; lichess's
// forms are read too ("0.35", and "#7" for a win for White). ok is false
// when the comment holds none, or one that is not an evaluation (men
// beyond ±290, where wins begin, among them).
func ParseEval(comment string) (white engine.Score, ok bool) {
	m := evalCommand.FindStringSubmatch(comment)
	if m == nil {
		return 0, false
	}
	v := strings.TrimSpace(m[1])
	if w := evalWin.FindStringSubmatch(v); w != nil {
		d, _ := strconv.Atoi(w[2])
		if w[1] == "-" {
			return -(engine.WinScore - engine.Score(d)), true
		}
		return engine.WinScore - engine.Score(d), true
	}
	if !evalMen.MatchString(v) {
		return 0, false
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.Abs(f) > 290 {
		return 0, false
	}
	return engine.Score(math.Round(f * 100)), true
}

// StripEval returns a comment without its evaluations ([%eval ...]).
func StripEval(comment string) string {
	return strings.Join(strings.Fields(evalCommand.ReplaceAllString(comment, "")), " ")
}

// StripReview returns a comment without what Annotate writes in it: the
// evaluations and the words on a judged move.
func StripReview(comment string) string {
	c := evalCommand.ReplaceAllString(comment, "")
	c = judgedWords.ReplaceAllString(c, "")
	return strings.Join(strings.Fields(c), " ")
}

// The tags Annotate writes.
const (
	TagAnnotator = "Annotator"
	TagWhite     = "WhiteReview"
	TagRed       = "RedReview"
)

// String returns the summary as the tags WhiteReview and RedReview hold
// it: "moves=40 inaccuracies=2 mistakes=1 blunders=0 loss=0.23".
func (s Summary) String() string {
	return fmt.Sprintf("moves=%d inaccuracies=%d mistakes=%d blunders=%d loss=%.2f", s.Moves, s.Inaccuracies, s.Mistakes, s.Blunders, s.Loss)
}

// ParseSummary reads what Summary.String writes.
func ParseSummary(text string) (Summary, error) {
	var s Summary
	_, err := fmt.Sscanf(text, "moves=%d inaccuracies=%d mistakes=%d blunders=%d loss=%f", &s.Moves, &s.Inaccuracies, &s.Mistakes, &s.Blunders, &s.Loss)
	if err != nil {
		return Summary{}, fmt.Errorf("not a review summary: %q", text)
	}
	return s, nil
}

// Annotate writes the review into g, whose main line must be the one
// reviewed (as far as the review went): the evaluations as comments, the
// NAGs and words of the judged moves, the better lines as variations and
// the summary as tags (see the package documentation). It returns an
// error, having written what came before, when g's main line is not the
// one reviewed, or when an annotation cannot be added (a comment past a
// record's limits).
func (r *Review) Annotate(g *hexdame.Game) error {
	if g == nil {
		return errors.New("no game to annotate")
	}
	n := g.Root()
	notation := g.Notation()
	for i, ev := range r.Evals {
		if i > 0 {
			n = n.Next()
		}
		if n == nil || n.Position() != ev.Position {
			return fmt.Errorf("the game's main line is not the one reviewed at ply %d", i)
		}
		if i == 0 {
			// The start position has no move to comment on. (A comment
			// set on the root is written before the first move, where a
			// Reader gives it to no node's Comment: it would not read
			// back.)
			continue
		}
		text := FormatEval(ev.White())
		var mv *Move
		if i-1 < len(r.Moves) && r.Moves[i-1].Ply == i {
			mv = &r.Moves[i-1]
		}
		if mv != nil {
			if mv.Judgement != Good {
				text += " " + mv.Judgement.String() + ": " + evalText(mv.Before.White()) + " to " + evalText(mv.After.White()) + "."
				if len(mv.Better) > 0 {
					text += " " + mv.Before.Position.FormatMove(mv.Better[0], notation) + " was best."
				}
			}
			if err := setJudgement(n, mv.Judgement); err != nil {
				return err
			}
		}
		if rest := StripReview(n.Comment()); rest != "" {
			text += " " + rest
		}
		if err := n.SetComment(text); err != nil {
			return err
		}
		if mv != nil && len(mv.Better) > 0 {
			if err := addLine(n.Parent(), mv.Better); err != nil {
				return err
			}
		}
	}
	for _, t := range [][2]string{{TagAnnotator, r.Annotator}, {TagWhite, r.White.String()}, {TagRed, r.Red.String()}} {
		if t[1] == "" {
			continue
		}
		if err := g.SetTag(t[0], t[1]); err != nil {
			return err
		}
	}
	return nil
}

// setJudgement sets the NAG of judgement j on n, in place of the review's
// NAGs ($2, $4, $6) and strength marks (?, ??, ?!: a page writes the NAGs
// as those) it had, keeping the others.
func setJudgement(n *hexdame.Node, j Judgement) error {
	switch n.Strength() {
	case "?", "??", "?!":
		if err := n.SetStrength(""); err != nil {
			return err
		}
	}
	nags := slices.DeleteFunc(n.NAGs(), func(x int) bool { return x == 2 || x == 4 || x == 6 })
	if j != Good {
		nags = append(nags, j.NAG())
	}
	return n.SetNAGs(nags)
}

// addLine adds line as a variation after node from (or follows it where
// the tree has it already).
func addLine(from *hexdame.Node, line []hexdame.Move) error {
	x := from
	for _, m := range line {
		next, err := x.AddMove(m)
		if err != nil {
			if errors.Is(err, hexdame.ErrGameOver) {
				return nil
			}
			return err
		}
		x = next
	}
	return nil
}
