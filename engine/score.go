package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// A Score is the value of a position for the side to move: in hundredths
// of a man (a man is 100, positive when the side to move stands better),
// or a win or a loss in a number of plies.
type Score int32

// WinScore is the score of a win on the move, 30000: a win in n plies is
// WinScore - n and a loss in n plies -(WinScore - n).
const WinScore Score = 30000

// Men returns the score in men (a win or a loss gives a number beyond
// ±290).
func (s Score) Men() float64 { return float64(s) / manValue }

// IsWin reports whether the score is a forced win, and in how many plies.
func (s Score) IsWin() (plies int, ok bool) {
	if s > winBound {
		return int(WinScore - s), true
	}
	return 0, false
}

// IsLoss reports whether the score is a forced loss, and in how many
// plies (0: the side to move has no move).
func (s Score) IsLoss() (plies int, ok bool) {
	if s < -winBound {
		return int(WinScore + s), true
	}
	return 0, false
}

// String returns the score in men with a sign and two decimals ("+0.75",
// "-1.20", "+0.00"), or "win N" or "loss N" with N in plies.
func (s Score) String() string {
	if n, ok := s.IsWin(); ok {
		return "win " + strconv.Itoa(n)
	}
	if n, ok := s.IsLoss(); ok {
		return "loss " + strconv.Itoa(n)
	}
	return formatMen(int(s))
}

// ErrScoreSyntax is wrapped by the error ParseScore and
// Score.UnmarshalText return for a text that is no score.
var ErrScoreSyntax = errors.New("invalid score")

// ParseScore parses what Score.String returns: men with a sign and two
// decimals ("+0.75", "-1.20"), or "win N" or "loss N" with N in plies
// from 0 to 999. Anything else, or a number of men beyond ±290.00 (where
// wins begin), gives an error wrapping ErrScoreSyntax.
func ParseScore(s string) (Score, error) {
	bad := func() (Score, error) {
		return 0, fmt.Errorf("%w %q: want men with a sign and two decimals (+0.75), win N or loss N", ErrScoreSyntax, truncate(s, 40))
	}
	if rest, ok := strings.CutPrefix(s, "win "); ok {
		n, err := strconv.Atoi(rest)
		if err != nil || n < 0 || n > mateScore-winBound-1 || rest[0] == '+' {
			return bad()
		}
		return WinScore - Score(n), nil
	}
	if rest, ok := strings.CutPrefix(s, "loss "); ok {
		n, err := strconv.Atoi(rest)
		if err != nil || n < 0 || n > mateScore-winBound-1 || rest[0] == '+' {
			return bad()
		}
		return -(WinScore - Score(n)), nil
	}
	if len(s) < 5 || s[0] != '+' && s[0] != '-' || s[len(s)-3] != '.' {
		return bad()
	}
	whole, frac := s[1:len(s)-3], s[len(s)-2:]
	if len(whole) > 3 || whole != strconv.Itoa(atoiOr(whole, -1)) {
		return bad()
	}
	f := atoiOr(frac, -1)
	if f < 0 || frac[0] == '+' || frac[0] == '-' {
		return bad()
	}
	v := atoiOr(whole, -1)*100 + f
	if v > winBound {
		return bad()
	}
	if s[0] == '-' {
		v = -v
	}
	return Score(v), nil
}

func atoiOr(s string, bad int) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return bad
	}
	return n
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// AppendText implements encoding.TextAppender: it appends String's text,
// or returns an error wrapping ErrScoreSyntax for a score beyond
// ±WinScore, which no search gives.
func (s Score) AppendText(dst []byte) ([]byte, error) {
	if s > WinScore || s < -WinScore {
		return dst, fmt.Errorf("%w: %d is beyond ±WinScore", ErrScoreSyntax, int32(s))
	}
	return append(dst, s.String()...), nil
}

// MarshalText implements encoding.TextMarshaler with String's text.
func (s Score) MarshalText() ([]byte, error) { return s.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with ParseScore; on
// an error s is unchanged.
func (s *Score) UnmarshalText(text []byte) error {
	v, err := ParseScore(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

func formatMen(v int) string {
	sign := "+"
	if v < 0 {
		sign, v = "-", -v
	}
	frac := strconv.Itoa(v % 100)
	if len(frac) < 2 {
		frac = "0" + frac
	}
	return sign + strconv.Itoa(v/100) + "." + frac
}
