package hexdame

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// enumNames are the text forms of the values of an enumeration, the
// value's index: names[v] is v's text, and an empty name, or an index
// beyond them, an invalid value. Every enumeration of the package prints
// an invalid value the same way: "invalid " and the kind. Text that names
// no value is an error wrapping ErrSyntax, a value without a name one
// wrapping ErrInvalid.
type enumNames struct {
	kind  string // what a value is, in words: "color"
	names []string
}

// String returns v's name, or "invalid KIND".
func (e *enumNames) String(v int) string {
	if v >= 0 && v < len(e.names) && e.names[v] != "" {
		return e.names[v]
	}
	return "invalid " + e.kind
}

// appendText appends v's name, or returns an error for an invalid value.
func (e *enumNames) appendText(b []byte, v int) ([]byte, error) {
	if v < 0 || v >= len(e.names) || e.names[v] == "" {
		return b, &valueError{kind: e.kind, text: strconv.Itoa(v), err: ErrInvalid}
	}
	return append(b, e.names[v]...), nil
}

// parse reads a name in any case; other text gives 0 and an error.
func (e *enumNames) parse(s string) (int, error) {
	for v, name := range e.names {
		if name != "" && strings.EqualFold(s, name) {
			return v, nil
		}
	}
	return 0, e.parseError(s)
}

// parseError is the error for text that names no value.
func (e *enumNames) parseError(s string) error {
	return &valueError{kind: e.kind, text: strconv.Quote(clipped(s)), err: ErrSyntax}
}

// A valueError reports a value, or text, that is none of a kind's: text
// is the value as a number, or the text quoted.
type valueError struct {
	kind, text string
	err        error
}

func (e *valueError) Error() string { return "invalid " + e.kind + " " + e.text }
func (e *valueError) Unwrap() error { return e.err }

// maxQuoted is about how many characters of a text an error message
// quotes; longer texts are cut there and end with an ellipsis.
const maxQuoted = 60

// appendQuotedClipped appends s quoted as Go would, cut after maxQuoted
// characters with "..." appended after the closing quote.
func appendQuotedClipped(b []byte, s string) []byte {
	cut := clipIndex(s)
	b = strconv.AppendQuote(b, s[:cut])
	if cut < len(s) {
		b = append(b, "..."...)
	}
	return b
}

// appendClipped appends s, cut after maxQuoted characters with "..."
// appended.
func appendClipped(b []byte, s string) []byte {
	cut := clipIndex(s)
	b = append(b, s[:cut]...)
	if cut < len(s) {
		b = append(b, "..."...)
	}
	return b
}

// clipIndex returns the byte index after the first maxQuoted characters
// of s (len(s) when s is shorter).
func clipIndex(s string) int {
	for i, n := 0, 0; i < len(s); n++ {
		if n == maxQuoted {
			return i
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return len(s)
}

// clipped returns s cut like appendClipped.
func clipped(s string) string { return string(appendClipped(nil, s)) }

// quoteClipped returns s quoted, clipped like appendQuotedClipped.
func quoteClipped(s string) string { return string(appendQuotedClipped(nil, s)) }

// decodeJSON decodes data, the JSON of a value of a kind ("move"), into v,
// the value's JSON form. When the JSON is of the wrong shape (a string
// where an object is wanted), the error is a *valueError wrapping err,
// which says the shape found and the form of the kind, in place of the
// *json.UnmarshalTypeError, which names the package's unexported types.
// Other errors, such as those of a cell name, are returned as they are.
func decodeJSON(data []byte, v any, kind, form string, err error) error {
	e := json.Unmarshal(data, v)
	te, ok := e.(*json.UnmarshalTypeError)
	if !ok {
		return e
	}
	found := withArticle(te.Value)
	switch {
	case te.Field != "":
		found = "an object with " + found + " in " + strconv.Quote(te.Field)
	case len(data) > 0 && data[0] == '[' && te.Value != "array":
		found = "an array holding " + found
	}
	return &valueError{kind: kind, text: strconv.Quote(clipped(string(data))) + ": " + found + ", where a " + kind + " is " + form, err: err}
}

// withArticle returns the name of a JSON type with its article: "a
// string", "an object".
func withArticle(name string) string {
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
