package hub

import (
	"errors"
	"fmt"
	"strings"
)

// ErrCommandLine is wrapped by the errors of SplitCommandLine.
var ErrCommandLine = errors.New("invalid command line")

// SplitCommandLine splits an engine command line into words as a POSIX
// shell would, without running a shell: words are separated by spaces,
// tabs and line ends; text in single quotes is taken as it is; in double
// quotes a backslash escapes only $, `, ", \ and a line end; elsewhere a
// backslash escapes the next character. There is no expansion of
// variables, ~ or patterns. An unterminated quote, a final backslash or a
// line without words gives an error wrapping ErrCommandLine.
func SplitCommandLine(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b == ' ' || b == '\t' || b == '\n' || b == '\r':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case b == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("%w: unterminated ' quote", ErrCommandLine)
			}
			w.WriteString(s[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case b == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
					i++
					if s[i] == '\n' {
						continue
					}
				}
				w.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, fmt.Errorf(`%w: unterminated " quote`, ErrCommandLine)
			}
			inWord = true
		case b == '\\':
			if i+1 == len(s) {
				return nil, fmt.Errorf("%w: a backslash at the end", ErrCommandLine)
			}
			i++
			if s[i] != '\n' {
				w.WriteByte(s[i])
				inWord = true
			}
		default:
			w.WriteByte(b)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("%w: no command", ErrCommandLine)
	}
	return words, nil
}
