package endgame

import (
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/hexdame/hexdame"
)

// A Value is the game-theoretic value of a position for the side to move.
type Value int8

// The three values.
const (
	Loss Value = -1
	Draw Value = 0
	Win  Value = 1
)

// String returns "win", "draw" or "loss", or "invalid value" for any
// other Value.
func (v Value) String() string {
	switch v {
	case Win:
		return "win"
	case Draw:
		return "draw"
	case Loss:
		return "loss"
	}
	return "invalid value"
}

// decode returns the value and distance an entry byte holds; ok is false
// for a hole.
func decode(b byte) (v Value, plies int, ok bool) {
	switch {
	case b == valueDraw:
		return Draw, 0, true
	case b == valueHole:
		return Draw, 0, false
	case (b-1)&1 == 1:
		return Win, int(b - 1), true
	}
	return Loss, int(b - 1), true
}

// A part is one material's positions with White to move: its index and
// its entries.
type part struct {
	ix   *indexer
	data []byte
}

// probe returns the value and distance of board b, a position of the
// part's material with White to move.
func (t *part) probe(b *board) (Value, int, bool) {
	i, ok := t.ix.index(b)
	if !ok {
		return Draw, 0, false
	}
	return decode(t.data[i])
}

// A set of parts by ordered material.
type partSet [numCodes]*part

// probeWhite returns the value of board b with White to move, from
// White's side. A board on which White has no piece is lost at once; one
// whose material is not in the set is not found.
func (s *partSet) probeWhite(b *board) (Value, int, bool) {
	if b.pieces(0) == 0 {
		return Loss, 0, true
	}
	c := b.material().code()
	if c < 0 || s[c] == nil {
		return Draw, 0, false
	}
	return s[c].probe(b)
}

// Tables is a loaded set of endgame tables: every material up to some
// number of pieces. It is safe for concurrent use by many goroutines; no
// method changes it.
type Tables struct {
	dir       string
	maxPieces int
	parts     partSet
	files     []Material
}

// LoadOptions says which tables Load loads. The zero value loads every
// table up to the largest number of pieces found in the directory.
type LoadOptions struct {
	// MaxPieces, when positive, loads the tables up to that many pieces
	// and ignores larger ones.
	MaxPieces int
}

// ErrNoTables is wrapped by the error Load returns for a directory
// without tables.
var ErrNoTables = errors.New("no endgame tables")

// Load reads and verifies the tables in directory dir: every material of
// 2 up to n pieces, n being opts.MaxPieces or else the most pieces of any
// table file (NAME.egt) there. Each file's header and checksums are
// checked, so that a missing, truncated, altered or foreign file gives an
// error (a *FileError naming it, wrapping ErrMissing, ErrCorrupt or
// ErrVersion) and never a wrong answer. A directory that cannot be read
// gives its I/O error; one without tables an error wrapping ErrNoTables.
// The tables take as much memory as their files (about 45 MB up to 4
// pieces, 2 GB up to 5).
func Load(dir string, opts LoadOptions) (*Tables, error) {
	n := opts.MaxPieces
	if n > MaxPieces {
		return nil, errors.New(errPrefix + "LoadOptions.MaxPieces " + strconv.Itoa(n) + " above the maximum " + strconv.Itoa(MaxPieces))
	}
	if n <= 0 {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, &FileError{Path: dir, Err: err}
		}
		for _, e := range entries {
			if m, err := ParseMaterial(e.Name()); err == nil && strings.HasSuffix(e.Name(), fileExt) && m.Canonical().FileName() == e.Name() {
				n = max(n, m.Pieces())
			}
		}
		if n == 0 {
			return nil, &FileError{Path: dir, Err: ErrNoTables, Why: "no " + fileExt + " files"}
		}
	}
	t := &Tables{dir: dir, maxPieces: n}
	for _, m := range Materials(n) {
		if err := t.parts.load(dir, m); err != nil {
			return nil, err
		}
		t.files = append(t.files, m)
	}
	return t, nil
}

// load reads the table of canonical material m into the set.
func (s *partSet) load(dir string, m Material) error {
	data, _, err := readTable(dir, m)
	if err != nil {
		return err
	}
	for i, x := range partsOf(m) {
		s[x.code()] = &part{ix: newIndexer(x), data: data[i]}
	}
	return nil
}

// Dir returns the directory the tables were loaded from.
func (t *Tables) Dir() string { return t.dir }

// MaxPieces returns the most pieces of the loaded tables: Probe answers
// for every position with at most that many pieces. A nil *Tables holds
// none: 0.
func (t *Tables) MaxPieces() int {
	if t == nil {
		return 0
	}
	return t.maxPieces
}

// ProbeFunc returns Probe with the value as an int (1 a win, 0 a draw, -1
// a loss): the function package engine takes in its Options.Endgame, with
// MaxPieces as its Options.EndgamePieces:
//
//	o.Endgame, o.EndgamePieces = t.ProbeFunc(), t.MaxPieces()
//
// A nil *Tables gives nil: no tables.
func (t *Tables) ProbeFunc() func(p hexdame.Position) (result, plies int, ok bool) {
	if t == nil {
		return nil
	}
	return func(p hexdame.Position) (int, int, bool) {
		v, plies, ok := t.Probe(p)
		return int(v), plies, ok
	}
}

// Materials returns the canonical materials of the loaded tables, in
// build order.
func (t *Tables) Materials() []Material { return slices.Clone(t.files) }

// Probe returns the value of position p for the side to move and its
// distance: the number of plies to the end of the game (the side to move
// in the end having no legal move) when the winner plays to end it
// soonest and the loser to put it off longest; 0 for a draw (see the
// package documentation). ok is false when p is not in the tables: it has
// more pieces than they hold, a man on its own crowning edge, or no piece
// of the side not to move (a game already over). A position whose side to
// move has no piece is lost at once: Loss, 0, true. Probe does not
// allocate.
func (t *Tables) Probe(p hexdame.Position) (v Value, plies int, ok bool) {
	b := boardOf(p)
	if p.SideToMove() == hexdame.Red {
		b = b.swapped()
	}
	if b.pieces(1) == 0 && b.pieces(0) != 0 {
		return Draw, 0, false
	}
	return t.parts.probeWhite(&b)
}

// BestMove returns a move of position p that keeps its value (see
// Probe): for a win, one to a position lost for the opponent in one ply
// fewer (the fastest win); for a loss, one that puts the end off longest;
// for a draw, one that keeps the draw. Among such moves it returns the
// first that LegalMoves gives. ok is false when p is not in the tables or
// has no legal move.
func (t *Tables) BestMove(p hexdame.Position) (m hexdame.Move, ok bool) {
	v, d, ok := t.Probe(p)
	if !ok {
		return m, false
	}
	var buf [128]hexdame.Move
	for _, mv := range p.AppendLegalMoves(buf[:0]) {
		cv, cd, cok := t.Probe(p.PlayUnchecked(mv))
		if !cok {
			return m, false
		}
		if cv == -v && (v == Draw || cd == d-1) {
			return mv, true
		}
	}
	return m, false
}
