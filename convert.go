package hexdame

import "strconv"

// Convert returns a copy of the record with every square written in
// notation n: the moves (their separators, strength marks and form kept),
// the FEN tag, setups and the GameType tag, which is added after the
// record's tags when it has none (as Writer.WriteGame writes one, so that
// a program that reads another game without a GameType tag does not take
// the record for it). Everything else is kept as it is. A record whose
// GameType names another game gives a *ParseError wrapping ErrNotHexDame;
// a square that is not a HexDame cell, a move that is not written as a
// move, or a bad FEN one wrapping ErrSyntax. Of tags given twice, the
// first counts, as in Replay: a later FEN or GameType tag that cannot be
// converted is kept as written. A nil record is an error.
func (rec *Record) Convert(n Notation) (*Record, error) {
	if rec == nil {
		return nil, errNilRecord
	}
	out := &Record{}
	if err := walkRecord(rec, &converter{n: n, next: &treeBuilder{rec: out}}); err != nil {
		return nil, err
	}
	out.Game, out.Line = rec.Game, rec.Line
	out.tagPos = rec.tagPos
	out.resultLine, out.resultColumn = rec.resultLine, rec.resultColumn
	return out, nil
}

// A converter is a recordSink that rewrites the squares of a record in
// notation n and passes it on.
type converter struct {
	n                   Notation
	next                recordSink
	game                int
	sawFEN, sawGameType bool    // the tag that counts has been met
	out                 Element // the element passed on, one per record
}

// endTags passes on the GameType tag the record lacks, once its tags have
// ended: before the first part of the movetext that is not a line comment
// (line comments may stand among the tags).
func (c *converter) endTags() error {
	if c.sawGameType {
		return nil
	}
	c.sawGameType = true
	return c.next.tag("GameType", gameType(c.n), textPos{})
}

func (c *converter) begin(game, line int) {
	c.game = game
	c.next.begin(game, line)
}

// tag converts the FEN and GameType tags. As when a record is replayed,
// the first of each counts: it must be a FEN, and name HexDame. A later
// one, which no reader uses, is converted when it can be and kept as
// written otherwise.
func (c *converter) tag(name, value string, at textPos) error {
	switch name {
	case "FEN":
		first := !c.sawFEN
		c.sawFEN = true
		p, err := ParseFEN(value)
		switch {
		case err == nil:
			value = p.format(c.n)
		case first:
			return &ParseError{Game: c.game, Line: at.line, Column: at.col, Err: err}
		}
	case "GameType":
		first := !c.sawGameType
		c.sawGameType = true
		switch {
		case isHexDameGameType(value):
			value = gameType(c.n)
		case first:
			return &ParseError{Game: c.game, Line: at.line, Column: at.col, Err: &gameError{err: ErrNotHexDame,
				msg: "GameType " + quoteClipped(value) + " is not " + strconv.Itoa(gameTypeNumber)}}
		}
	}
	return c.next.tag(name, value, at)
}

func (c *converter) element(e *Element) error {
	if e.Kind != LineCommentElement {
		if err := c.endTags(); err != nil {
			return err
		}
	}
	c.out = *e
	out := &c.out
	switch e.Kind {
	case MoveElement:
		text, err := convertMoveText(e.Text, c.n)
		if err != nil {
			return &ParseError{Game: c.game, Line: e.Line, Column: e.Column, Move: e.Text, Err: err}
		}
		out.Text = text
	case SetupElement:
		p, err := parseSetup(e.Text)
		if err != nil {
			return &ParseError{Game: c.game, Line: e.Line, Column: e.Column, Err: err}
		}
		out.Text = setupText(p, c.n)
	}
	return c.next.element(out)
}

func (c *converter) open(at textPos) error {
	if err := c.endTags(); err != nil {
		return err
	}
	return c.next.open(at)
}

func (c *converter) close() error { return c.next.close() }

func (c *converter) end(result string, at textPos) error {
	if err := c.endTags(); err != nil {
		return err
	}
	return c.next.end(result, at)
}

// convertMoveText rewrites the squares of a move in notation n, keeping its
// separators; squares written without a separator get "-" (or "x" when the
// move has other captures), and a move that would read as a result ("1-1")
// gets a leading zero. Text that is not a move gives the *MoveError
// ParseMove would.
func convertMoveText(text string, n Notation) (string, error) {
	t, reason, badCell := scanMove(text)
	if reason != "" || badCell != "" {
		return "", Position{}.syntaxError(text, reason, badCell)
	}
	var b []byte
	for k := 0; k < t.n; k++ {
		if k > 0 {
			sep := t.seps[k]
			switch {
			case sep != 0:
			case t.capture:
				sep = 'x'
			default:
				sep = '-'
			}
			b = append(b, sep)
		}
		b = t.cells[k].appendTo(b, n)
	}
	if isResult(string(b)) {
		// "1-1", from i9 to i9, reads as a draw: write "01-1".
		b = append([]byte{'0'}, b...)
	}
	return string(b), nil
}
