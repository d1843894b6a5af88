package web

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/random"
)

// liveHeap returns the bytes of the heap in use by live objects.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// fullSession returns a session with everything it keeps at its limits:
// an import of MaxPDN bytes listing MaxGames games (long tags, many
// problems each), an edited game of the import kept (MaxKept), and the
// game shown with a tree of MaxNodes nodes, MaxNotes of comments and its
// tree cached for the page.
func fullSession(t *testing.T) *Session {
	t.Helper()
	var b strings.Builder
	tag := strings.Repeat("n", 150)
	for i := 1; b.Len() < MaxPDN-2000 && i <= MaxGames; i++ {
		fmt.Fprintf(&b, "[Event \"%s\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Round \"%d\"]\n", tag, tag, tag, i)
		b.WriteString("1. d4-e5")
		for range 40 {
			b.WriteString(" (1. a1-a2)") // a problem each, with the 15 legal moves
		}
		b.WriteString(" *\n\n")
	}
	s := NewSession(nil)
	resp := s.Do(Request{Op: "import", PDN: b.String()})
	if len(resp.Games) < 2 {
		t.Fatalf("import: %d games, %.200s", len(resp.Games), resp.Error)
	}
	// The answer too: it listed every problem of every game.
	if answer, _ := json.Marshal(resp); len(answer) > MaxPDN {
		t.Errorf("the answer to an import of %d bytes is %d bytes", b.Len(), len(answer))
	}
	// Game 1 edited, with a comment that keeps it just within MaxKept,
	// then left for game 2, which keeps it.
	node := 1
	if resp := s.Do(Request{Op: "comment", Node: &node, Text: strings.Repeat("k", MaxKept-4096), Version: s.version}); resp.Error != "" {
		t.Fatalf("comment: %s", resp.Error)
	}
	s.Do(Request{Op: "pick", Game: 2, Version: s.version})
	if len(s.kept) != 1 {
		t.Fatalf("%d games kept, want 1", len(s.kept))
	}
	// The game shown: variations from the root until the tree is full.
	r := rand.New(rand.NewPCG(1, 2))
	for s.count < MaxNodes {
		g := random.Game(r, 300)
		var moves []string
		p := hexdame.StartPosition()
		for n := range g.Root().Mainline() {
			moves = append(moves, p.FormatMove(n.Move(), hexdame.Algebraic))
			p = n.Position()
		}
		root := 0
		if len(moves) == 0 {
			continue
		}
		s.Do(Request{Op: "play", Node: &root, Moves: moves, Version: s.version})
	}
	// Comments up to MaxNotes, on many nodes (each op walks the whole tree,
	// so the comments are long enough to take few ops: 65 of them).
	for i := 1; ; i++ {
		n := i * 7
		if resp := s.Do(Request{Op: "comment", Node: &n, Text: strings.Repeat("c", 16000), Version: s.version}); resp.Error != "" {
			break
		}
	}
	s.Do(Request{Op: "state"}) // the tree cached for the page
	return s
}

// A session at all its limits holds at most SessionBytes: a page cannot
// make the server hold more for it. The text of the last import was kept
// and counted nowhere, and the list of its games held every problem of
// every game (issue 36: about 9 MB against the documented 5 MB and the
// notes, 19 MB for an import of many problems).
func TestSessionMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a full session")
	}
	before := liveHeap()
	s := fullSession(t)
	held := liveHeap() - before
	t.Logf("a full session: %d nodes, import of %d bytes and %d games, %d games kept, holds %.1f MB", s.count, len(s.pdn), len(s.games), len(s.kept), float64(held)/1e6)
	if held > SessionBytes {
		t.Errorf("a full session holds %d bytes, more than SessionBytes (%d)", held, SessionBytes)
	}
	runtime.KeepAlive(s)
}
