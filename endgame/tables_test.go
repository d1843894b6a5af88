package endgame

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexdame/hexdame"
)

// Positions whose value can be worked out by hand.
func TestProbeKnown(t *testing.T) {
	tb := loadSmall(t)
	tests := []struct {
		fen   string
		v     Value
		plies int
	}{
		{"W:WKa1:BKb1", Win, 1},  // a1xc1 (or further) takes the only piece
		{"B:WKa1:BKb1", Draw, 0}, // nothing behind a1 to land on; a king cannot catch a king
		{"W:W:BKb1", Loss, 0},    // no piece, no move
		{"B:WKa1:B", Loss, 0},
		{"W:WKe5:BKa1", Draw, 0},
		// h8-i8 and h8-h9 both crown, and the new king is taken at once
		// by i9xi7 or i9xg9: White has no piece left after 2 plies.
		{"W:Wh8:Bi9", Loss, 2},
		// The same with the colors swapped and the board turned.
		{"B:Wa1:Bb2", Loss, 2},
	}
	for _, tc := range tests {
		p := hexdame.MustParseFEN(tc.fen)
		v, d, ok := tb.Probe(p)
		if !ok || v != tc.v || d != tc.plies {
			t.Errorf("%s: Probe = %v %d %v, want %v %d", tc.fen, v, d, ok, tc.v, tc.plies)
		}
	}
	// Not in the tables: a side without pieces not to move, too many
	// pieces, and men on their own back row (which the rules never leave
	// there).
	for _, fen := range []string{"W:WKa1:B", "W:Wa1,b1,c1,d1:Bi9", hexdame.StartPosition().String(),
		"W:Wi9:BKa1", "B:Wi9:BKa1", "W:WKe5:Ba1", "W:Wa1,i5:Bc7", "W:Wa1:Bc7,e1", "B:WKa1:BKc1,a3", "W:Wi9:BKc1,a3"} {
		if v, d, ok := tb.Probe(hexdame.MustParseFEN(fen)); ok || v != NoValue || d != 0 {
			t.Errorf("%s: Probe = %v %d %v, want no value 0 false", fen, v, d, ok)
		}
	}
}

// ProbeFunc is Probe with the value's Sign as an int, for package engine; a nil
// *Tables gives none.
func TestProbeFunc(t *testing.T) {
	tb := loadSmall(t)
	probe := tb.ProbeFunc()
	for _, fen := range []string{"W:WKa1:BKb1", "B:WKa1:BKb1", "W:W:BKb1", "W:Wh8:Bi9", "W:Wa1,b1:Bi9,h9,g9"} {
		p := hexdame.MustParseFEN(fen)
		v, d, ok := tb.Probe(p)
		r, pd, pok := probe(p)
		if r != v.Sign() || pd != d || pok != ok {
			t.Errorf("%s: ProbeFunc %d %d %v, Probe %v %d %v", fen, r, pd, pok, v, d, ok)
		}
	}
	var none *Tables
	if none.ProbeFunc() != nil || none.MaxPieces() != 0 {
		t.Error("a nil *Tables gives a probe or pieces")
	}
}

// A nil *Tables, such as Load's on an error, holds no table: every method
// answers as the zero Tables does, without a panic.
func TestNilTables(t *testing.T) {
	var none *Tables
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("a method of a nil *Tables panics: %v", r)
		}
	}()
	if none.Dir() != "" || none.Materials() != nil {
		t.Errorf("nil *Tables: Dir %q, Materials %v", none.Dir(), none.Materials())
	}
	for _, fen := range []string{"W:WKa1:BKb1", "W:W:BKb1", "W:Wa1:B"} {
		p := hexdame.MustParseFEN(fen)
		v, d, ok := none.Probe(p)
		zv, zd, zok := (&Tables{}).Probe(p)
		if v != zv || d != zd || ok != zok {
			t.Errorf("%s: nil *Tables Probe %v %d %v, zero Tables %v %d %v", fen, v, d, ok, zv, zd, zok)
		}
		if m, ok := none.BestMove(p); ok {
			t.Errorf("%s: nil *Tables BestMove %v", fen, m)
		}
	}
	if _, ok := none.Stats(MustParseMaterial("KvK"), hexdame.White); ok {
		t.Error("nil *Tables Stats")
	}
}

// Playing BestMove for both sides from a decided position ends the game
// in exactly the distance the table gives: the side to move in the end has
// no move, after d plies, whatever captures and crownings come on the
// way. Drawn positions stay drawn.
func TestBestMovePlaysOutDistance(t *testing.T) {
	tb := loadSmall(t)
	r := rand.New(rand.NewPCG(7, 8))
	for _, m := range allOrdered(3) {
		for range 300 {
			p := randomPosition(r, m, hexdame.Color(r.IntN(2)))
			v, d, _ := tb.Probe(p)
			side := p.SideToMove()
			q := p
			for ply := 0; ; ply++ {
				if q.CountLegalMoves() == 0 {
					if v == Draw || ply != d || (q.SideToMove() == side) != (v == Loss) {
						t.Fatalf("%v (%v %d): the side to move in %v has no move after %d plies", p, v, d, q, ply)
					}
					break
				}
				if v == Draw && ply == 40 {
					if qv, _, _ := tb.Probe(q); qv != Draw {
						t.Fatalf("%v (draw): after 40 plies of best moves, %v is %v", p, q, qv)
					}
					break
				}
				mv, ok := tb.BestMove(q)
				if !ok {
					t.Fatalf("%v: no best move in %v", p, q)
				}
				q = q.PlayUnchecked(mv)
				if ply > d && v != Draw {
					t.Fatalf("%v (%v %d): not over after %d plies", p, v, d, ply)
				}
			}
		}
	}
}

func TestLoadErrors(t *testing.T) {
	src, err := smallTables()
	if err != nil {
		t.Fatal(err)
	}
	copyTables := func(t *testing.T) string {
		dir := t.TempDir()
		files, _ := filepath.Glob(filepath.Join(src, "*.egt"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	edit := func(name string, f func(b []byte) []byte) func(dir string) {
		return func(dir string) {
			path := filepath.Join(dir, name)
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, f(b), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	tests := []struct {
		name   string
		change func(dir string)
		want   error
		file   string
	}{
		{"truncated", edit("KKvM.egt", func(b []byte) []byte { return b[:len(b)-1] }), ErrCorrupt, "KKvM.egt"},
		{"truncated header", edit("KKvM.egt", func(b []byte) []byte { return b[:10] }), ErrCorrupt, "KKvM.egt"},
		{"empty", edit("KvK.egt", func(b []byte) []byte { return nil }), ErrCorrupt, "KvK.egt"},
		{"extended", edit("KvK.egt", func(b []byte) []byte { return append(b, 0) }), ErrCorrupt, "KvK.egt"},
		{"payload bit", edit("MMvM.egt", func(b []byte) []byte { b[len(b)/2] ^= 4; return b }), ErrCorrupt, "MMvM.egt"},
		{"header bit", edit("MMvM.egt", func(b []byte) []byte { b[30] ^= 1; return b }), ErrCorrupt, "MMvM.egt"},
		{"version", edit("MvM.egt", func(b []byte) []byte { b[8] = 9; return b }), ErrVersion, "MvM.egt"},
		{"foreign", edit("MvM.egt", func(b []byte) []byte { return []byte("hello, world") }), ErrCorrupt, "MvM.egt"},
		{"another table", func(dir string) {
			b, _ := os.ReadFile(filepath.Join(dir, "KKvM.egt"))
			os.WriteFile(filepath.Join(dir, "KMvK.egt"), b, 0o644)
		}, ErrCorrupt, "KMvK.egt"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTables(t)
			tc.change(dir)
			_, err := Load(dir, LoadOptions{})
			if !errors.Is(err, tc.want) {
				t.Fatalf("Load: %v, want %v", err, tc.want)
			}
			var fe *FileError
			if !errors.As(err, &fe) || filepath.Base(fe.Path) != tc.file || !strings.Contains(err.Error(), tc.file) {
				t.Errorf("Load: %v does not name %s", err, tc.file)
			}
			if fe != nil && !strings.HasPrefix(err.Error(), fe.Path+": ") {
				t.Errorf("Load: %q does not begin with the file's path", err)
			}
		})
	}
	if _, err := Load(t.TempDir(), LoadOptions{}); !errors.Is(err, ErrNoTables) {
		t.Errorf("Load of an empty directory: %v", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "nope"), LoadOptions{}); err == nil {
		t.Errorf("Load of a missing directory: no error")
	}
	if tb, err := Load(src, LoadOptions{MaxPieces: 4}); err != nil || tb.MaxPieces() != 3 {
		t.Errorf("Load of up to 4 pieces from 3-piece tables: %v", err)
	}
}

// copyTables copies the table files of the given materials from src to a
// new directory.
func copyTables(t *testing.T, src string, materials ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, s := range materials {
		name := MustParseMaterial(s).FileName()
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A directory may hold the tables of some materials and not others (the
// tables of kings only, say): Load loads those there, Probe answers their
// positions as the whole set does and misses the others', and BestMove
// plays through the tables there. KMvM's table is there without its
// dependencies. Before, Load wanted every material up to the most pieces
// in the directory: "KvM.egt: table file missing".
func TestLoadSome(t *testing.T) {
	src, err := smallTables()
	if err != nil {
		t.Fatal(err)
	}
	all := loadSmall(t)
	dir := copyTables(t, src, "KvK", "KKvK", "KMvM")
	tb, err := Load(dir, LoadOptions{})
	if err != nil {
		t.Fatalf("Load of KvK, KKvK and KMvM: %v", err)
	}
	if got := fmt.Sprint(tb.Materials()); got != "[KvK KKvK KMvM]" || tb.MaxPieces() != 3 {
		t.Errorf("Materials() = %s, MaxPieces() = %d; want [KvK KKvK KMvM], 3", got, tb.MaxPieces())
	}
	r := newRand(21)
	bestMoves := 0 // of KMvM's positions
	for _, m := range allOrdered(3) {
		there := m.Canonical() == MustParseMaterial("KvK") || m.Canonical() == MustParseMaterial("KKvK") ||
			m.Canonical() == MustParseMaterial("KMvM")
		for range 300 {
			p := randomPosition(r, m, hexdame.Color(r.IntN(2)))
			v, d, ok := tb.Probe(p)
			wv, wd, _ := all.Probe(p)
			if !there {
				if ok || v != NoValue || d != 0 {
					t.Fatalf("%v (%v, no table): Probe = %v %d %v, want no value", p, m, v, d, ok)
				}
				continue
			}
			if !ok || v != wv || d != wd {
				t.Fatalf("%v: Probe = %v %d %v, the whole set says %v %d", p, v, d, ok, wv, wd)
			}
			// A move that keeps the value and leads into the tables there.
			keeps := false
			for _, mv := range p.LegalMoves() {
				q := p.PlayUnchecked(mv)
				cv, cd, _ := all.Probe(q)
				if _, _, there := tb.Probe(q); there && cv == wv.Opposite() && (wv == Draw || cd == wd-1) {
					keeps = true
				}
			}
			mv, ok := tb.BestMove(p)
			if ok != keeps {
				t.Fatalf("%v (%v %d): BestMove ok %v, want %v", p, wv, wd, ok, keeps)
			}
			if !ok {
				continue
			}
			if m.Men() > 0 {
				bestMoves++
			}
			cv, cd, _ := all.Probe(p.PlayUnchecked(mv))
			if cv != wv.Opposite() || (wv != Draw && cd != wd-1) {
				t.Fatalf("%v (%v %d): best move %v leads to %v %d", p, wv, wd, mv, cv, cd)
			}
		}
		if s, ok := tb.Stats(m, hexdame.White); ok != there || ok && s.Positions == 0 {
			t.Errorf("Stats(%v) = %d positions, %v; want %v", m, s.Positions, ok, there)
		}
	}
	if bestMoves < 300 {
		t.Errorf("%d best moves found in KMvM's 600 positions, want most", bestMoves)
	}
	// A cap on pieces loads the tables of at most that many.
	tb, err = Load(dir, LoadOptions{MaxPieces: 2})
	if err != nil || fmt.Sprint(tb.Materials()) != "[KvK]" || tb.MaxPieces() != 2 {
		t.Fatalf("Load with MaxPieces 2: %v, %v", err, tb)
	}
	if _, _, ok := tb.Probe(hexdame.MustParseFEN("W:WKa1,Kb2:BKe5")); ok {
		t.Errorf("Load with MaxPieces 2 answers KKvK")
	}
	// Only files with a table's canonical name count: none, no tables.
	other := t.TempDir()
	for _, name := range []string{"KvKK.egt", "KKvK.egt.123.tmp", "KKvK.txt", "notes"} {
		if err := os.WriteFile(filepath.Join(other, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Load(other, LoadOptions{}); !errors.Is(err, ErrNoTables) {
		t.Errorf("Load of a directory without table files: %v, want ErrNoTables", err)
	}
	if _, err := Load(dir, LoadOptions{MaxPieces: 1}); err == nil {
		t.Errorf("Load with MaxPieces 1: no error")
	}
}

func BenchmarkProbe(b *testing.B) {
	tb := loadSmall(b)
	r := rand.New(rand.NewPCG(9, 10))
	ms := allOrdered(3)
	var ps []hexdame.Position
	for range 1024 {
		ps = append(ps, randomPosition(r, ms[r.IntN(len(ms))], hexdame.Color(r.IntN(2))))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tb.Probe(ps[i&1023])
	}
}

// BenchmarkProbe4 probes random positions of 2 to 4 pieces in the tables
// of HEXDAME_TABLES (45 MB: most probes miss the processor's caches).
func BenchmarkProbe4(b *testing.B) {
	tb, ps := benchTables4(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tb.Probe(ps[i&(len(ps)-1)])
	}
}

func BenchmarkBestMove4(b *testing.B) {
	tb, ps := benchTables4(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tb.BestMove(ps[i&(len(ps)-1)])
	}
}

func benchTables4(b *testing.B) (*Tables, []hexdame.Position) {
	dir := os.Getenv("HEXDAME_TABLES")
	if dir == "" {
		b.Skip("set HEXDAME_TABLES to a directory with the tables up to 4 pieces")
	}
	tb, err := Load(dir, LoadOptions{MaxPieces: 4})
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(13, 14))
	ms := allOrdered(4)
	ps := make([]hexdame.Position, 1<<16)
	for i := range ps {
		ps[i] = randomPosition(r, ms[r.IntN(len(ms))], hexdame.Color(r.IntN(2)))
	}
	return tb, ps
}

// The distance runs to the end of the game through crownings and
// captures, which move the game into other tables: along best play from
// W:Wc1:Bi9 (MvM, a win in 19) White's man crowns on ply 13 (KvM) and
// takes Red's man on ply 19, and at every ply the position reached is
// decided at one ply less, for the side then to move.
func TestDistanceThroughConversions(t *testing.T) {
	tb := loadSmall(t)
	p := hexdame.MustParseFEN("W:Wc1:Bi9")
	v, d, _ := tb.Probe(p)
	if v != Win || d != 19 {
		t.Fatalf("%v: %v %d, want win 19", p, v, d)
	}
	var materials []string
	for ply := 0; ply < 19; ply++ {
		m, ok := tb.BestMove(p)
		if !ok {
			t.Fatalf("no best move at ply %d in %v", ply, p)
		}
		p = p.PlayUnchecked(m)
		v2, d2, _ := tb.Probe(p)
		want := Loss
		if ply%2 == 1 {
			want = Win
		}
		if v2 != want || d2 != 18-ply {
			t.Fatalf("after ply %d (%v): %v %d, want %v %d", ply+1, p, v2, d2, want, 18-ply)
		}
		if s := MaterialOf(p).String(); len(materials) == 0 || materials[len(materials)-1] != s {
			materials = append(materials, s)
		}
	}
	if p.CountLegalMoves() > 0 {
		t.Fatalf("the game is not over after 19 plies: %v", p)
	}
	if got := strings.Join(materials, " "); got != "MvM KvM Kv" {
		t.Errorf("materials along the line: %s, want MvM KvM Kv", got)
	}
}

// A position, its mirror image and its color swap, made by the rules
// package, have the same value and distance in the tables, which keep one
// entry for them.
func TestProbeSymmetries(t *testing.T) {
	tb := loadSmall(t)
	r := rand.New(rand.NewPCG(28, 29))
	ms := allOrdered(3)
	for range 2000 {
		p := randomPosition(r, ms[r.IntN(len(ms))], hexdame.Color(r.IntN(2)))
		v, d, ok := tb.Probe(p)
		for _, q := range []hexdame.Position{p.Mirror(), p.SwapColors(), p.Mirror().SwapColors()} {
			if qv, qd, qok := tb.Probe(q); qv != v || qd != d || qok != ok {
				t.Fatalf("%s: %v %d %v, but %s: %v %d %v", p.String(), v, d, ok, q.String(), qv, qd, qok)
			}
		}
	}
}
