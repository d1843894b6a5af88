package endgame

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/bigmem"
)

// A Value is the game-theoretic value of a position for the side to move:
// Loss, Draw or Win. The zero Value is NoValue, which is not a value of
// the game: what Probe gives for a position the tables do not hold. The
// numbers of the values are not those engine.Options.Endgame takes (1, 0,
// -1): Sign gives those.
type Value int8

// NoValue and the three values.
const (
	NoValue Value = iota // not known: no value of the game
	Loss
	Draw
	Win
)

// String returns "win", "draw" or "loss", "no value" for NoValue and
// "invalid value" for any other Value.
func (v Value) String() string {
	switch v {
	case Win:
		return "win"
	case Draw:
		return "draw"
	case Loss:
		return "loss"
	case NoValue:
		return "no value"
	}
	return "invalid value"
}

// Sign returns 1 for Win, -1 for Loss and 0 for Draw: the value as
// engine.Options.Endgame takes it. NoValue and invalid values give 0 too, so
// a caller must not take Sign's 0 for a draw without knowing that v is
// one (Probe's ok).
func (v Value) Sign() int {
	switch v {
	case Win:
		return 1
	case Loss:
		return -1
	}
	return 0
}

// Opposite returns the value of a position for the other side: Win for
// Loss, Loss for Win; Draw, NoValue and any other Value stay. A move's
// value for the side that plays it is the Opposite of the value of the
// position after it.
func (v Value) Opposite() Value {
	switch v {
	case Win:
		return Loss
	case Loss:
		return Win
	}
	return v
}

// decode returns the value and distance an entry byte holds; ok is false
// for a hole.
func decode(b byte) (v Value, plies int, ok bool) {
	switch {
	case b == valueDraw:
		return Draw, 0, true
	case b == valueHole:
		return NoValue, 0, false
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
		return NoValue, 0, false
	}
	return decode(t.data[i])
}

// A partSet holds parts by ordered material, and the blocks of memory
// that hold their entries.
type partSet struct {
	parts  [numCodes]*part
	blocks []*bigmem.Block[byte]
}

// free gives the set's blocks back to the system at once: the set must
// not be used afterwards.
func (s *partSet) free() {
	for _, b := range s.blocks {
		b.Free()
	}
	*s = partSet{}
}

// probeWhite returns the value of board b with White to move, from
// White's side. A board on which White has no piece is lost at once; one
// whose material is not in the set is not found.
func (s *partSet) probeWhite(b *board) (Value, int, bool) {
	if b.pieces(0) == 0 {
		return Loss, 0, true
	}
	c := b.material().code()
	if c < 0 || s.parts[c] == nil {
		return NoValue, 0, false
	}
	return s.parts[c].probe(b)
}

// Tables is a loaded set of endgame tables: the tables of a directory,
// which may hold any materials (every one up to some number of pieces,
// or some of them, such as the materials of kings only). It is safe for
// concurrent use by many goroutines; no method changes it. A nil *Tables
// (and the zero Tables) holds no table.
type Tables struct {
	dir       string
	maxPieces int
	parts     partSet
	files     []Material
}

// LoadOptions says which tables Load loads. The zero value loads every
// table in the directory.
type LoadOptions struct {
	// MaxPieces, when positive, loads only the tables of at most that
	// many pieces and ignores larger ones.
	MaxPieces int
	// MaxMemory, when positive, is the most bytes the tables may take
	// (their entries and their indexes): Load refuses, before reading
	// any, tables that take more, with an error wrapping ErrMemory.
	MaxMemory uint64
}

// ErrNoTables is wrapped by the error Load returns for a directory
// without tables.
var ErrNoTables = errors.New("no endgame tables")

// Load reads and verifies the tables in directory dir: every table file
// there (NAME.egt, NAME a material as Material.FileName writes it), or
// with opts.MaxPieces those of at most that many pieces. The directory
// may hold any materials: Probe answers the positions of those it holds
// and misses the others'. Each file's header and checksums are checked,
// so that a truncated, altered or foreign file gives an error (a
// *FileError naming it, wrapping ErrCorrupt or ErrVersion) and never a
// wrong answer; a file with a table's name that is not a regular file (a
// named pipe, a device, a directory) is corrupt, and is refused without
// being opened. A directory that cannot be read gives its I/O error; one
// without tables (of at most opts.MaxPieces pieces), or a dir that is not
// a directory, an error wrapping ErrNoTables; opts.MaxPieces above
// MaxPieces an error.
// The tables take as much memory as their files (about 45 MB up to 4
// pieces, 2 GB up to 5); when the system refuses it, Load returns a
// *FileError naming the file it was reading and wrapping the system's
// error (on Unix, syscall.ENOMEM). The memory is given back when the
// Tables (and their copies) are no longer reachable.
func Load(dir string, opts LoadOptions) (*Tables, error) {
	limit := opts.MaxPieces
	if limit > MaxPieces {
		return nil, errors.New("LoadOptions.MaxPieces " + strconv.Itoa(limit) + " above the maximum " + strconv.Itoa(MaxPieces))
	}
	if limit <= 0 {
		limit = MaxPieces
	}
	if st, err := os.Stat(dir); err != nil {
		return nil, &FileError{Path: dir, Err: err}
	} else if !st.IsDir() {
		// Not opened: a named pipe would block.
		return nil, &FileError{Path: dir, Err: ErrNoTables, Why: "not a directory"}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, &FileError{Path: dir, Err: err}
	}
	there := map[Material]bool{}
	n := 0
	for _, e := range entries {
		m, err := ParseMaterial(e.Name())
		if err == nil && strings.HasSuffix(e.Name(), fileExt) && m.FileName() == e.Name() && m.Pieces() <= limit {
			there[m] = true
			n = max(n, m.Pieces())
		}
	}
	if n == 0 {
		why := "no " + fileExt + " files"
		if opts.MaxPieces > 0 {
			why += " of at most " + strconv.Itoa(opts.MaxPieces) + " pieces"
		}
		return nil, &FileError{Path: dir, Err: ErrNoTables, Why: why}
	}
	var load []Material // in build order
	var need uint64
	for _, m := range Materials(n) {
		if there[m] {
			load = append(load, m)
			need += tableMemory(m)
		}
	}
	if opts.MaxMemory > 0 && need > opts.MaxMemory {
		return nil, &FileError{Path: dir, Err: ErrMemory,
			Why: fmt.Sprintf("its %d tables, up to %d pieces, %s", len(load), n, needAllowed(need, opts.MaxMemory))}
	}
	t := &Tables{dir: dir, maxPieces: n}
	for _, m := range load {
		if err := t.parts.load(dir, m); err != nil {
			t.parts.free()
			return nil, err
		}
		t.files = append(t.files, m)
	}
	return t, nil
}

// load reads the table of canonical material m into the set.
func (s *partSet) load(dir string, m Material) error {
	block, data, _, err := readTable(dir, m)
	if err != nil {
		return err
	}
	s.blocks = append(s.blocks, block)
	for i, x := range partsOf(m) {
		s.parts[x.code()] = &part{ix: newIndexer(x), data: data[i]}
	}
	return nil
}

// noTables is what a nil *Tables reads as: no table.
var noTables Tables

// Dir returns the directory the tables were loaded from ("" for a nil
// *Tables).
func (t *Tables) Dir() string {
	if t == nil {
		return ""
	}
	return t.dir
}

// MaxPieces returns the most pieces of the loaded tables: Probe answers
// no position with more (and, unless the directory held every material up
// to that many pieces, not every position with fewer). A nil *Tables holds
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
func (t *Tables) ProbeFunc() func(p hexdame.Position) (value, plies int, ok bool) {
	if t == nil {
		return nil
	}
	return func(p hexdame.Position) (int, int, bool) {
		v, plies, ok := t.Probe(p)
		return v.Sign(), plies, ok
	}
}

// Materials returns the canonical materials of the loaded tables, in
// build order (none for a nil *Tables).
func (t *Tables) Materials() []Material {
	if t == nil {
		return nil
	}
	return slices.Clone(t.files)
}

// Probe returns the value of position p for the side to move and its
// distance: the number of plies to the end of the game (the side to move
// in the end having no legal move) when the winner plays to end it
// soonest and the loser to put it off longest; 0 for a draw (see the
// package documentation). For a position not in the tables it returns
// NoValue, 0, false: one of a material whose table is not loaded (such as
// one with more pieces than MaxPieces), a man on its own crowning edge, or
// no piece of the side not to move (a game already over). A position whose side to move has no piece is lost at once:
// Loss, 0, true. Probe does not allocate.
func (t *Tables) Probe(p hexdame.Position) (v Value, plies int, ok bool) {
	if t == nil {
		t = &noTables
	}
	b := boardOf(p)
	if p.SideToMove() == hexdame.Red {
		b = b.swapped()
	}
	if b.pieces(1) == 0 && b.pieces(0) != 0 {
		return NoValue, 0, false
	}
	v, plies, ok = t.parts.probeWhite(&b)
	runtime.KeepAlive(t) // t.parts.blocks hold the entries
	return v, plies, ok
}

// BestMove returns a move of position p that keeps its value (see
// Probe): for a win, one to a position lost for the opponent in one ply
// fewer (the fastest win); for a loss, one that puts the end off longest;
// for a draw, one that keeps the draw. Among such moves it returns the
// first that LegalMoves gives; moves to positions not in the tables (of
// materials whose tables are not loaded) are passed over. ok is false
// when p is not in the tables, has no legal move, or keeps its value only
// by moves to positions not in the tables.
func (t *Tables) BestMove(p hexdame.Position) (m hexdame.Move, ok bool) {
	v, d, ok := t.Probe(p)
	if !ok {
		return m, false
	}
	var buf [128]hexdame.Move
	for _, mv := range p.AppendLegalMoves(buf[:0]) {
		cv, cd, cok := t.Probe(p.PlayUnchecked(mv))
		if cok && cv == v.Opposite() && (v == Draw || cd == d-1) {
			return mv, true
		}
	}
	return m, false
}
