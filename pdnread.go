package hexdame

import (
	"io"
	"strconv"
	"strings"
)

// This file holds the syntax layer of PDN: the parser that reads a
// record's tag pairs and movetext from the Reader's tokens and passes
// them to a recordSink, and the skipping of a game after an error.

// ReadRecord reads the next game's record with the syntax layer: it checks
// PDN syntax only, so it reads records of any draughts game. At the end of
// the input it returns nil, io.EOF. Errors are *ParseError values wrapping
// ErrSyntax, or an error of the underlying reader, wrapped.
func (r *Reader) ReadRecord() (*Record, error) {
	b := treeBuilder{rec: &Record{}}
	if err := r.readRecordTo(&b); err != nil {
		return nil, err
	}
	return b.rec, nil
}

// CheckRecord reads the next record and checks its PDN syntax as
// ReadRecord does, without keeping it: its memory does not grow with the
// record (ReadRecord keeps each element, 88 bytes, where a flood of empty
// line comments takes two bytes of text each). It returns nil for a record
// that is PDN, io.EOF at the end of the input, and otherwise the errors
// ReadRecord would.
func (r *Reader) CheckRecord() error { return r.readRecordTo(discard{}) }

// discard is the recordSink that keeps nothing.
type discard struct{}

func (discard) begin(game, line int)                     {}
func (discard) tag(name, value string, at textPos) error { return nil }
func (discard) element(e *Element) error                 { return nil }
func (discard) open(at textPos) error                    { return nil }
func (discard) close() error                             { return nil }
func (discard) end(result string, at textPos) error      { return nil }

// readRecordTo reads the next record and passes its parts to s. It returns
// io.EOF at the end of the input, a read error, a *ParseError for a syntax
// error, or the first error s returned.
func (r *Reader) readRecordTo(s recordSink) error {
	if r == nil || r.src == nil {
		return errNilReader
	}
	if r.err != nil {
		return &readError{r.game, r.line, r.col, r.err}
	}
	t := r.next()
	if t.kind == tokEOF {
		if r.err != nil {
			// The error came before the next record's first token:
			// it is that record's, numbered as a record would be.
			r.game++
			return &readError{r.game, r.line, r.col, r.err}
		}
		return io.EOF
	}
	r.game++
	s.begin(r.game, t.line)
	p := recordParser{r: r, sink: s}
	err := p.record(t)
	if r.err != nil {
		return &readError{r.game, r.line, r.col, r.err}
	}
	if err != nil {
		return err
	}
	return p.sinkErr
}

// A recordParser parses one record's tokens and passes its parts to a
// sink.
type recordParser struct {
	r       *Reader
	sink    recordSink
	sinkErr error
	depth   int                         // variations open
	filled  [MaxVariationDepth + 1]bool // filled[d]: the variation open at depth d has an element
	parts   int                         // tag pairs and elements so far
	cur     Element                     // the element passed to the sink
}

// fail reports a syntax error of the movetext at token t and skips the
// rest of the game.
func (p *recordParser) fail(t token, msg string) error {
	p.r.skipGame(t)
	return &ParseError{Game: p.r.game, Line: t.line, Column: t.col, Err: &syntaxError{msg}}
}

// failTag reports a syntax error of a tag pair at line and col, and skips
// the rest of the game, whose tag pairs may go on: t is the token read
// last, inTag whether it is inside the tag pair (before its ]).
func (p *recordParser) failTag(t token, inTag bool, line, col int, msg string) error {
	p.r.skipGameFromTags(t, inTag)
	return &ParseError{Game: p.r.game, Line: line, Column: col, Err: &syntaxError{msg}}
}

func (p *recordParser) element(e Element) {
	p.parts++
	p.filled[p.depth] = true
	if p.sinkErr == nil {
		// One Element per record is passed, not a new one per call.
		p.cur = e
		p.sinkErr = p.sink.element(&p.cur)
	}
}

// record parses a record whose first token is t.
func (p *recordParser) record(t token) error {
	r := p.r
	// Tag pairs, and line comments among them.
	for t.kind == tokLBracket || t.kind == tokLineComment {
		if t.kind == tokLineComment {
			p.element(Element{Kind: LineCommentElement, Text: t.text, Line: t.line, Column: t.col})
			t = r.next()
			continue
		}
		name := r.next()
		if name.kind != tokWord || !isTagName(name.text) {
			return p.failTag(name, true, name.line, name.col, "tag pair must start with a name")
		}
		value := r.next()
		if value.kind != tokString {
			if value.kind == tokError {
				return p.failTag(value, true, value.line, value.col, value.text)
			}
			return p.failTag(value, true, value.line, value.col, "tag "+clipped(name.text)+" needs a quoted value")
		}
		// Where the value ends: where the ] should be.
		line, col := r.line, r.col
		if end := r.next(); end.kind != tokRBracket {
			msg := "tag " + clipped(name.text) + " must end with ]"
			if end.kind == tokEOF || end.line > line {
				// The tag pair's line ends without its ]: the error is
				// there, and what follows (the next tag pair, the
				// movetext) is the same game's.
				return p.failTag(end, false, line, col, msg)
			}
			return p.failTag(end, true, end.line, end.col, msg)
		}
		p.parts++
		if p.sinkErr == nil {
			p.sinkErr = p.sink.tag(name.text, value.text, textPos{t.line, t.col})
		}
		t = r.next()
	}
	r.unread(t)
	return p.movetext()
}

// movetext parses the movetext and the result.
func (p *recordParser) movetext() error {
	r := p.r
	var number token // a move number waiting for its move, if numbered
	numbered := false
	for {
		t := r.next()
		if numbered && t.kind != tokWord {
			return p.fail(number, "move number "+clipped(number.text)+" is not followed by a move")
		}
		switch t.kind {
		case tokEOF:
			if p.depth > 0 {
				return p.fail(t, "variation not closed with )")
			}
			return p.end("", t)
		case tokError:
			return p.fail(t, t.text)
		case tokAsterisk:
			if p.depth > 0 {
				return p.fail(t, "game ends inside a variation")
			}
			return p.end("*", t)
		case tokComment:
			p.element(Element{Kind: CommentElement, Text: t.text, Line: t.line, Column: t.col})
		case tokLineComment:
			p.element(Element{Kind: LineCommentElement, Text: t.text, Line: t.line, Column: t.col})
		case tokSetup:
			p.element(Element{Kind: SetupElement, Text: t.text, Line: t.line, Column: t.col})
		case tokNAG:
			n, _ := strconv.Atoi(t.text)
			p.element(Element{Kind: NAGElement, NAG: n, Line: t.line, Column: t.col})
		case tokLParen:
			if p.depth+1 > MaxVariationDepth {
				return p.fail(t, "variations nested more than "+strconv.Itoa(MaxVariationDepth)+" deep")
			}
			p.filled[p.depth] = true
			p.depth++
			p.filled[p.depth] = false
			p.parts++
			if p.sinkErr == nil {
				p.sinkErr = p.sink.open(textPos{t.line, t.col})
			}
		case tokRParen:
			if p.depth == 0 {
				return p.fail(t, ") without (")
			}
			if !p.filled[p.depth] {
				return p.fail(t, "empty variation")
			}
			p.depth--
			if p.sinkErr == nil {
				p.sinkErr = p.sink.close()
			}
		case tokLBracket:
			return p.fail(t, "tag pair inside movetext (is the previous game's result missing?)")
		case tokRBracket:
			return p.fail(t, "] without [")
		case tokString:
			return p.fail(t, "unexpected string in movetext")
		case tokWord:
			// A move written with a space after its separator, "1- 6"
			// or "28x 6", is read as one word.
			if isJoinable(t.text) {
				var ok bool
				if t, ok = p.join(t); !ok {
					return p.fail(t, "move longer than "+strconv.Itoa(maxMoveTextLen)+" bytes")
				}
			}
			num, body, strength := splitWord(t.text)
			isMove := isMoveText(body) && !isResult(body)
			if numbered && (num != "" || !(body == "..." || isMove)) {
				return p.fail(number, "move number "+clipped(number.text)+" is not followed by a move")
			}
			if num != "" && isResult(body) {
				return p.fail(t, "move number "+clipped(num)+" is not followed by a move")
			}
			numbered = false
			switch {
			case body == "" && num != "" && strength == "":
				// a move number on its own, before its move
				number, numbered = t, true
			case body == "..." && strength == "":
				// an unknown or skipped move: "1. ... 7-12"
			case isResult(body) && strength == "" && num == "":
				if p.depth > 0 {
					return p.fail(t, "game ends inside a variation")
				}
				return p.end(body, t)
			case isMove && len(body) > maxMoveTextLen:
				// The limit a joined move has, and the longest the writer writes.
				return p.fail(t, "move longer than "+strconv.Itoa(maxMoveTextLen)+" bytes")
			case isMove && len(strength) > maxStrengthLen:
				return p.fail(t, "strength mark longer than "+strconv.Itoa(maxStrengthLen)+" bytes")
			case isMove:
				col := t.col + len(num)
				p.element(Element{Kind: MoveElement, Text: body, Strength: strength, Line: t.line, Column: col})
			default:
				return p.fail(t, "unexpected "+quoteClipped(t.text)+" in movetext")
			}
		}
	}
}

// isJoinable reports whether a word ends with a move separator, so that
// the next word may finish the move.
func isJoinable(w string) bool {
	return strings.HasSuffix(w, "-") || strings.HasSuffix(w, "x") || strings.HasSuffix(w, ":")
}

// join appends to word t the words that follow it while it ends with a
// separator. It reports false, with the token to blame, when the move
// grows longer than maxMoveTextLen.
func (p *recordParser) join(t token) (token, bool) {
	text := t.text
	for isJoinable(text) {
		more := p.r.next()
		if more.kind != tokWord {
			p.r.unread(more)
			break
		}
		if len(text)+len(more.text) > maxMoveTextLen {
			return t, false
		}
		text += more.text // at most maxMoveTextLen bytes in all
	}
	t.text = text
	return t, true
}

// end finishes the record with its result, written at token t.
func (p *recordParser) end(result string, t token) error {
	if p.parts == 0 {
		return p.fail(t, "empty game")
	}
	if p.sinkErr == nil {
		p.sinkErr = p.sink.end(result, textPos{t.line, t.col})
	}
	return nil
}

// isTagName reports whether s can name a tag: a letter, then letters,
// digits and underscores.
func isTagName(s string) bool {
	if s == "" || !(s[0] >= 'A' && s[0] <= 'Z' || s[0] >= 'a' && s[0] <= 'z') {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// skipGame skips the rest of a game after an error at token at: up to and
// including the next result or "*" outside comments, or up to the next tag
// pair.
func (r *Reader) skipGame(at token) {
	if at.kind == tokAsterisk || at.kind == tokEOF {
		return
	}
	if at.kind == tokWord {
		if _, body, _ := splitWord(at.text); isResult(body) {
			return
		}
	}
	if at.kind == tokLBracket {
		r.unread(at)
		return
	}
	r.skipRest(true, false)
}

// skipGameFromTags skips the rest of a game after an error in its tag
// pairs at token at, which it takes as the first token of the rest: the
// tag pairs that follow are the game's (not the next game's, as after
// movetext), and so is the movetext after them, up to and including its
// result or "*". inTag says that at is inside a tag pair, before its ].
func (r *Reader) skipGameFromTags(at token, inTag bool) {
	r.unread(at)
	r.skipRest(false, inTag)
}

// skipRest skips tokens up to and including the next result or "*"
// outside tag pairs, or up to a tag pair that follows movetext (the next
// game's). inMovetext says whether movetext has been read, inTag whether
// the Reader is inside a tag pair, before its ].
func (r *Reader) skipRest(inMovetext, inTag bool) {
	for {
		t := r.next()
		switch t.kind {
		case tokEOF, tokAsterisk:
			return
		case tokLBracket:
			if inMovetext {
				r.unread(t)
				return
			}
			inTag = true
		case tokRBracket:
			inTag = false
		case tokString:
		default:
			if !inTag {
				inMovetext = true
			}
		}
		if t.kind == tokWord && !inTag {
			if _, body, s := splitWord(t.text); isResult(body) && s == "" {
				return
			}
		}
	}
}
