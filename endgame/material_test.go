package endgame

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
)

func TestMaterialText(t *testing.T) {
	tests := []struct {
		in, out string
		err     bool
	}{
		{"KKMvK", "KKMvK", false},
		{"mkkvk", "KKMvK", false},
		{"KvKKM.egt", "KvKKM", false},
		{"MMMMMMMvK", "MMMMMMMvK", false},
		{"MMMMMMMMvK", "", true},
		{"KKKKKKKKvK", "", true},
		{"vK", "", true},
		{"K", "", true},
		{"KvKvK", "", true},
		{"KvK ", "", true},
		{"", "", true},
	}
	for _, tc := range tests {
		m, err := ParseMaterial(tc.in)
		if tc.err {
			if !errors.Is(err, ErrInvalidMaterial) {
				t.Errorf("ParseMaterial(%q) = %v, %v; want an error", tc.in, m, err)
			}
			continue
		}
		if err != nil || m.String() != tc.out {
			t.Errorf("ParseMaterial(%q) = %v, %v; want %s", tc.in, m, err, tc.out)
		}
	}
	b, err := json.Marshal(map[string]Material{"m": MustParseMaterial("KMvK")})
	if err != nil || string(b) != `{"m":"KMvK"}` {
		t.Errorf("json: %s, %v", b, err)
	}
	var back map[string]Material
	if err := json.Unmarshal(b, &back); err != nil || back["m"] != MustParseMaterial("KMvK") {
		t.Errorf("json back: %v, %v", back, err)
	}
	if _, err := (Material{WhiteKings: 1}).MarshalText(); !errors.Is(err, ErrInvalidMaterial) {
		t.Errorf("MarshalText of KvNothing: %v", err)
	}
}

// The zero Value is NoValue, no value of the game; Sign gives the engine's
// results, and opposite the other side's value.
func TestValue(t *testing.T) {
	var zero Value
	tests := []struct {
		v        Value
		text     string
		sign     int
		opposite Value
	}{
		{zero, "no value", 0, NoValue},
		{Loss, "loss", -1, Win},
		{Draw, "draw", 0, Draw},
		{Win, "win", 1, Loss},
		{Value(5), "invalid value", 0, Value(5)},
		{Value(-1), "invalid value", 0, Value(-1)},
	}
	for _, tc := range tests {
		if got := tc.v.String(); got != tc.text {
			t.Errorf("Value(%d).String() = %q, want %q", tc.v, got, tc.text)
		}
		if got := tc.v.Sign(); got != tc.sign {
			t.Errorf("%v.Sign() = %d, want %d", tc.v, got, tc.sign)
		}
		if got := tc.v.Opposite(); got != tc.opposite {
			t.Errorf("%v.Opposite() = %v, want %v", tc.v, got, tc.opposite)
		}
	}
}

// Dependencies lie at lower levels, and Materials lists every material
// after its dependencies.
func TestMaterialOrder(t *testing.T) {
	pos := map[Material]int{}
	for i, m := range Materials(6) {
		pos[m] = i
		if m.Canonical() != m || !m.IsValid() {
			t.Errorf("%v is not canonical and valid", m)
		}
	}
	// 3 materials of 2 pieces, 6 of 3, 14 of 4, 22 of 5, 37 of 6.
	if len(pos) != 3+6+14+22+37 {
		t.Errorf("%d materials up to 6 pieces", len(pos))
	}
	for m, i := range pos {
		for _, d := range m.Dependencies() {
			if j, ok := pos[d]; !ok || j >= i || d.Level() >= m.Level() {
				t.Errorf("%v (level %d) depends on %v (level %d), listed at %d of %d", m, m.Level(), d, d.Level(), j, i)
			}
		}
	}
}

func TestRandomPosition(t *testing.T) {
	r := newRand(99)
	for _, m := range allOrdered(MaxPieces) {
		if m.Pieces() < MaxPieces {
			continue
		}
		p, err := RandomPosition(r, m, 1)
		if err != nil || MaterialOf(p) != m || p.SideToMove() != 1 {
			t.Fatalf("%v: %v, %v", m, p, err)
		}
		b := boardOf(p)
		if b.men[0]&backRow[0] != 0 || b.men[1]&backRow[1] != 0 {
			t.Fatalf("%v: a man on its crowning edge: %v", m, p)
		}
	}
	if _, err := RandomPosition(r, Material{WhiteKings: 1}, 0); !errors.Is(err, ErrInvalidMaterial) {
		t.Errorf("RandomPosition(Kv): %v", err)
	}
	// A nil r draws from math/rand/v2's top-level source, as
	// random.Game does.
	m := MustParseMaterial("KKMvKM")
	if p, err := RandomPosition(nil, m, 0); err != nil || MaterialOf(p) != m {
		t.Errorf("RandomPosition(nil, %v): %v, %v", m, p, err)
	}
}

// Materials with counts no board holds, or whose sum overflows an int,
// are invalid, and their methods answer at once: no count is a loop's
// bound or a length.
func TestMaterialHugeCounts(t *testing.T) {
	const big = math.MaxInt
	tests := []Material{
		{WhiteKings: big, RedKings: big}, // the sum wraps to -2: was valid
		{WhiteMen: big, RedMen: big},
		{WhiteKings: 1 << 40, RedKings: 1},
		{WhiteMen: 1, RedMen: big, RedKings: big},
		{WhiteKings: 62, RedKings: 1},
		{WhiteKings: -1, RedKings: big},
	}
	for _, m := range tests {
		if m.IsValid() {
			t.Errorf("%#v is valid", m)
		}
		done := make(chan string, 1)
		go func() {
			defer func() {
				if r := recover(); r != nil {
					done <- fmt.Sprint("panic: ", r)
				}
			}()
			s := m.String()
			if len(s) > 100 {
				done <- fmt.Sprintf("String is %d bytes", len(s))
				return
			}
			if d := m.Dependencies(); d != nil {
				done <- fmt.Sprintf("Dependencies = %v", d)
				return
			}
			if l := m.Level(); l != -1 {
				done <- fmt.Sprintf("Level = %d", l)
				return
			}
			if _, err := m.MarshalText(); !errors.Is(err, ErrInvalidMaterial) {
				done <- fmt.Sprintf("MarshalText: %v", err)
				return
			}
			if _, err := RandomPosition(rand.New(rand.NewPCG(1, 2)), m, hexdame.White); !errors.Is(err, ErrInvalidMaterial) {
				done <- fmt.Sprintf("RandomPosition: %v", err)
				return
			}
			if n := BuildMemory(m); n != 0 {
				done <- fmt.Sprintf("BuildMemory = %d", n)
				return
			}
			done <- ""
		}()
		select {
		case msg := <-done:
			if msg != "" {
				t.Errorf("%#v: %s", m, msg)
			}
		case <-time.After(time.Minute): // instant when right, forever when wrong
			t.Fatalf("%#v: no answer in a minute", m)
		}
	}
}
