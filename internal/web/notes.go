package web

import (
	"slices"

	"github.com/hexdame/hexdame"
)

// glyphs are the move-quality NAGs $1 to $6 as the strength marks PDN
// glues to a move: $1 is "!", $5 "!?".
var glyphs = [...]string{1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!"}

// glyphOf splits nags into the strength mark of the first move-quality
// NAG ($1 to $6), which PDN writes glued to the move, and the other NAGs,
// which it writes after the move as $N.
func glyphOf(nags []int) (strength string, rest []int) {
	for _, n := range nags {
		if n >= 1 && n < len(glyphs) && strength == "" {
			strength = glyphs[n]
			continue
		}
		rest = append(rest, n)
	}
	return strength, rest
}

// setNotes gives x's move the strength mark strength and the NAGs nags,
// written right after the move, before its comment: the comment is set
// again after them.
func setNotes(x *hexdame.Node, strength string, nags []int) error {
	comment := x.Comment()
	oldStrength, oldNAGs := x.Strength(), x.NAGs()
	if err := x.SetStrength(strength); err != nil {
		return err
	}
	if err := x.SetNAGs(nags); err != nil {
		x.SetStrength(oldStrength)
		return err
	}
	if comment != "" {
		if err := x.SetComment(comment); err != nil {
			x.SetStrength(oldStrength)
			x.SetNAGs(oldNAGs)
			return err
		}
	}
	return nil
}

// normalizeNotes writes the NAGs of g's moves as the page shows them and
// the NAG menu sets them: a move-quality NAG ($1 to $6) as the move's
// strength mark where it has none, and the NAGs right after the move,
// before its comment. A move whose notes are in that order already is
// left as it is.
func normalizeNotes(g *hexdame.Game) {
	var todo []*hexdame.Node
	var last *hexdame.Node // the move whose notes the movetext is at
	commented := false
	for it := range g.Movetext(hexdame.Algebraic) {
		switch it.Kind {
		case hexdame.MoveElement:
			last, commented = it.Node, false
		case hexdame.CommentElement:
			commented = last != nil
		case hexdame.NAGElement:
			if last == nil {
				continue
			}
			if commented || (last.Strength() == "" && it.NAG >= 1 && it.NAG < len(glyphs)) {
				if len(todo) == 0 || todo[len(todo)-1] != last {
					todo = append(todo, last)
				}
			}
		default:
			last = nil
		}
	}
	for _, x := range todo {
		strength, nags := x.Strength(), slices.Clone(x.NAGs())
		if strength == "" {
			strength, nags = glyphOf(nags)
		}
		setNotes(x, strength, nags)
	}
}
