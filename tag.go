package hexdame

import (
	"slices"
	"strconv"
	"strings"
)

// checkTag returns an error wrapping ErrInvalid when a tag pair cannot
// be written as PDN that reads back the same.
func checkTag(name, value string) error {
	if what := tagProblem(name, value); what != "" {
		return &gameError{err: ErrInvalid, what: "invalid tag", msg: what}
	}
	return nil
}

// tagProblem says why a tag pair cannot be written as PDN that reads back
// the same, or returns "".
func tagProblem(name, value string) string {
	if !isTagName(name) {
		return "tag name " + quoteClipped(name) + " is not a letter followed by letters, digits and underscores"
	}
	if !fitsToken(len(name)) {
		return "tag name " + quoteClipped(name) + " is longer than 1 MiB"
	}
	return textProblem("tag "+clipped(name), value, "")
}

// rosterDefaults are the seven tag roster and the value of each when
// unknown (Result is written from the game).
var rosterDefaults = []Tag{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"},
}

func isRosterTag(name string) bool { return rosterIndex(name) >= 0 }

// rosterIndex returns the place of a tag in the seven tag roster, or -1.
func rosterIndex(name string) int {
	for i, d := range rosterDefaults {
		if d.Name == name {
			return i
		}
	}
	return -1
}

// isUnknownRosterValue reports whether value is what the standard writes
// for a roster tag whose value is unknown: the HexDame layer reads such a
// tag as absent. (Result is written from the game, and is not a game's
// tag.)
func isUnknownRosterValue(name, value string) bool {
	i := rosterIndex(name)
	return i >= 0 && name != "Result" && rosterDefaults[i].Value == value
}

// insertTag adds a tag the game does not have: a roster tag after the
// roster tags before it in the roster's order, any other at the end.
func insertTag(tags []Tag, t Tag) []Tag {
	i := rosterIndex(t.Name)
	if i < 0 {
		return append(tags, t)
	}
	at := 0
	for at < len(tags) {
		j := rosterIndex(tags[at].Name)
		if j < 0 || j > i {
			break
		}
		at++
	}
	return slices.Insert(tags, at, t)
}

// gameTags returns the tags of a game read from tags as written: each
// name once (with its first value, or its last when lastWins), the roster
// tags first in the roster's order, and those holding the value for
// unknown left out. Its time is linear in the number of tags.
func gameTags(tags []Tag, lastWins bool) []Tag {
	if len(tags) == 0 {
		return nil
	}
	var roster [7]*Tag
	others := make([]Tag, 0, len(tags))
	var index map[string]int // others' places, for many tags
	find := func(name string) int {
		if index != nil {
			if i, ok := index[name]; ok {
				return i
			}
			return -1
		}
		for i := range others {
			if others[i].Name == name {
				return i
			}
		}
		return -1
	}
	for i := range tags {
		t := &tags[i]
		if r := rosterIndex(t.Name); r >= 0 {
			if roster[r] == nil || lastWins {
				roster[r] = t
			}
			continue
		}
		if j := find(t.Name); j >= 0 {
			if lastWins {
				others[j].Value = t.Value
			}
			continue
		}
		if index == nil && len(others) >= 16 {
			index = make(map[string]int, len(tags))
			for j := range others {
				index[others[j].Name] = j
			}
		}
		if index != nil {
			index[t.Name] = len(others)
		}
		others = append(others, *t)
	}
	out := make([]Tag, 0, len(others)+len(roster))
	for _, t := range roster {
		if t != nil && !isUnknownRosterValue(t.Name, t.Value) {
			out = append(out, *t)
		}
	}
	return append(out, others...)
}

// gameType returns the GameType tag value this package writes for HexDame
// records in notation n.
func gameType(n Notation) string {
	if n == Numeric {
		return strconv.Itoa(gameTypeNumber) + ",W,9,9,N2,0"
	}
	return strconv.Itoa(gameTypeNumber) + ",W,9,9,A0,0"
}

// isHexDameGameType reports whether a GameType value names HexDame: its
// number, before any comma, is gameTypeNumber.
func isHexDameGameType(v string) bool {
	num, _, _ := strings.Cut(strings.TrimSpace(v), ",")
	return strings.TrimSpace(num) == strconv.Itoa(gameTypeNumber)
}
