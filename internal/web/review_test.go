package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
	"github.com/hexdame/hexdame/engine"
	"github.com/hexdame/hexdame/internal/random"
	"github.com/hexdame/hexdame/internal/review"
)

// reviewMoves is the game the review tests review: Red's g7-f6 gives a
// man away.
var reviewMoves = []string{"d4-e5", "f6xd4", "c3xe5", "g7-f6", "e5xg5"}

// reviewPositions returns the positions of reviewMoves' main line.
func reviewPositions(t *testing.T) []string {
	t.Helper()
	p := hexdame.StartPosition()
	out := []string{p.String()}
	for _, s := range reviewMoves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p = p.PlayUnchecked(m)
		out = append(out, p.String())
	}
	return out
}

// streamReview posts a review and returns its reports and the status.
func streamReview(t *testing.T, ctx context.Context, base string, req ReviewRequest, n int) ([]ReviewReport, int) {
	t.Helper()
	b, _ := json.Marshal(req)
	hr, _ := http.NewRequestWithContext(ctx, "POST", base+"/api/review", bytes.NewReader(b))
	hr.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(hr)
	if err != nil {
		return nil, 0
	}
	defer resp.Body.Close()
	var reps []ReviewReport
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() && len(reps) < n {
		line, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var r ReviewReport
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Errorf("report %q: %v", line, err)
		}
		reps = append(reps, r)
	}
	return reps, resp.StatusCode
}

// The server streams a report a position, then the last with Done;
// written into a session, the review is in its game and its state.
func TestServerReview(t *testing.T) {
	s := NewServer(Config{Engine: engineOptions()})
	base := testServer(t, s)
	positions := reviewPositions(t)
	reps, status := streamReview(t, context.Background(), base, ReviewRequest{Positions: positions, Depth: 5}, 100)
	if status != 200 || len(reps) != len(positions)+1 || !reps[len(reps)-1].Done || reps[len(reps)-1].Error != "" {
		t.Fatalf("status %d, reports %+v", status, reps)
	}
	var evals []review.Eval
	for i, r := range reps[:len(positions)] {
		if r.Ply != i || r.Of != len(positions) || r.Eval == nil || r.Eval.Position.String() != positions[i] || r.Men != r.Eval.Score.Men() {
			t.Fatalf("report %d: %+v", i, r)
		}
		evals = append(evals, *r.Eval)
	}
	waitIdle(t, s, 5*time.Second)
	for _, tc := range []struct {
		req  ReviewRequest
		want string
	}{
		{ReviewRequest{}, "no position"},
		{ReviewRequest{Positions: []string{"nonsense"}}, "position 0"},
		{ReviewRequest{Positions: positions, MoveTime: MaxReviewMoveTime + 1}, "time a position"},
		{ReviewRequest{Positions: positions, Depth: -1}, "depth"},
		{ReviewRequest{Positions: make([]string, review.MaxPositions+1)}, "at most"},
	} {
		status, v := post(t, base+"/api/review", tc.req)
		if status != 400 || !strings.Contains(v["error"].(string), tc.want) {
			t.Errorf("%.60v: %d %v", tc.req, status, v)
		}
	}
	// A client that goes away stops the review.
	ctx, cancel := context.WithCancel(context.Background())
	reps, _ = streamReview(t, ctx, base, ReviewRequest{Positions: positions, MoveTime: 2000}, 1)
	cancel()
	if len(reps) != 1 {
		t.Errorf("reports %+v", reps)
	}
	waitIdle(t, s, 5*time.Second)

	// The session writes it into its game.
	ss := NewSession(nil)
	resp := ss.Do(Request{Op: "new", Moves: reviewMoves})
	resp = ss.Do(Request{Op: "annotate", Review: &ReviewResult{Evals: evals, Depth: 5}})
	if resp.Error != "" {
		t.Fatal(resp.Error)
	}
	st := resp.State
	tags := map[string]string{}
	for _, tg := range st.Tags {
		tags[tg[0]] = tg[1]
	}
	if tags["Annotator"] != "hexdame review: depth 5 a position" || !strings.HasPrefix(tags["RedReview"], "moves=2 ") {
		t.Errorf("tags %v", tags)
	}
	var text strings.Builder
	for _, it := range st.Tree.Items {
		text.WriteString(it.Kind + ":" + it.Text + " ")
	}
	if !strings.Contains(text.String(), "g7-f6?") || !strings.Contains(text.String(), "was best.") || strings.Contains(text.String(), "[%eval") {
		t.Errorf("the movetext: %s", text.String())
	}
	if len(st.Tree.Evals) != len(positions) || st.Tree.Evals[0] != nil || st.Tree.Evals[5] == nil {
		t.Fatalf("the tree's evaluations %v", st.Tree.Evals)
	}
	for i, v := range st.Tree.Evals[1:] {
		if want := evals[i+1].White().Men(); *v != want {
			t.Errorf("ply %d: %v, want %v", i+1, *v, want)
		}
	}
	// Annotated again, nothing doubles; evaluations of another game are
	// refused.
	version := st.Version
	resp = ss.Do(Request{Op: "annotate", Review: &ReviewResult{Evals: evals, Depth: 5}})
	if resp.Error != "" || len(resp.State.Tree.Items) != len(st.Tree.Items) || resp.State.Version == version {
		t.Errorf("annotated twice: %q, %d items, want %d", resp.Error, len(resp.State.Tree.Items), len(st.Tree.Items))
	}
	other := NewSession(nil)
	other.Do(Request{Op: "new", Moves: []string{"c4-c5"}})
	if resp := other.Do(Request{Op: "annotate", Review: &ReviewResult{Evals: evals}}); !strings.Contains(resp.Error, "changed during the review") {
		t.Errorf("another game's evaluations: %q", resp.Error)
	}
	for _, res := range []*ReviewResult{nil, {}, {Evals: evals, MoveTime: -1}} {
		if resp := other.Do(Request{Op: "annotate", Review: res}); resp.Error == "" {
			t.Errorf("annotate %+v: no error", res)
		}
	}
	// What the session writes is PDN that reads back with the review.
	pdn := ss.Do(Request{Op: "pdn"}).PDN
	g, err := hexdame.NewReader(strings.NewReader(pdn)).ReadGame()
	if err != nil {
		t.Fatalf("%v\n%s", err, pdn)
	}
	if v, _ := g.Tag(review.TagWhite); v != tags["WhiteReview"] {
		t.Errorf("WhiteReview %q, want %q", v, tags["WhiteReview"])
	}
}

// reviewedPDN is hexdame review's record of moves (depth 5): evaluations
// in the comments, the errors, the better lines and the summary.
func reviewedPDN(t *testing.T, moves []string) string {
	t.Helper()
	g := hexdame.NewGame()
	for _, s := range moves {
		g.Play(g.Position().MustParseMove(s))
	}
	e, err := engine.New(engine.Options{HashMiB: 1})
	if err != nil {
		t.Fatal(err)
	}
	r, err := review.Game(context.Background(), e, g, review.Options{Limits: engine.Limits{Depth: 5}})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Annotate(g); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := hexdame.NewWriter(&b).WriteGame(g, hexdame.Algebraic); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// reviewed checks what the page shows of a reviewed game: a NAG on
// g7-f6, a better line, the words, the summary, and the graph's dots for
// the n positions from the start evaluated (those the page evaluated,
// or those of the record's comments: all but the start).
func (b *tab) reviewed(dots int) {
	b.t.Helper()
	b.waitFor(`/g7-f6\?/.test(document.querySelector("#movetext").textContent)`, 10*time.Second)
	mt := b.text("#movetext")
	if !strings.Contains(mt, "was best.") || !strings.Contains(mt, "(") || strings.Contains(mt, "[%eval") {
		b.t.Errorf("the movetext: %q", mt)
	}
	if sum := b.text("#reviewsummary"); !strings.Contains(sum, "White") || !strings.Contains(sum, "Red") || !strings.Contains(sum, "men") {
		b.t.Errorf("the summary: %q", sum)
	}
	var n int
	b.eval(`document.querySelectorAll("#graph g.evals circle").length`, &n)
	if n != dots {
		b.t.Errorf("%d dots on the graph, want %d", n, dots)
	}
}

// TestBrowserReview reviews a game with one click, on the served page and
// the static site: the graph fills in, then the errors, better lines and
// summary show, and a reload keeps them. A record hexdame review wrote
// reads back the same, and a review can be stopped.
func TestBrowserReview(t *testing.T) {
	// A longer game than the one reviewed on the page, to tell them apart.
	longer := append(slices.Clone(reviewMoves), "h6xf4", "b4-c5")
	pdn := reviewedPDN(t, longer)
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url + "#moves=" + strings.Join(reviewMoves, ","))
			b.eval(`document.querySelector("#reviewtime").value = "100"`, nil)
			start := time.Now()
			b.click("#review")
			b.waitFor(`document.body.getAttribute("data-review") >= 1`, 30*time.Second)
			b.waitFor(`document.body.getAttribute("data-reviewed") === "6"`, 60*time.Second)
			var took struct {
				Positions int
				MS, Depth float64
			}
			b.eval(`hexdame.timings.review`, &took)
			t.Logf("speed: %s: a review of %d positions at 0.1 s a position in %v (the page's count: %.0f ms), searched to depth %.1f on average",
				s.name, took.Positions, time.Since(start).Round(time.Millisecond), took.MS, took.Depth)
			b.reviewed(6)
			if st := b.text("#reviewstatus"); st != "reviewed 6 positions" {
				t.Errorf("status %q", st)
			}
			b.shot(s.name + "-review")
			noSearchLeft(t, s)

			// Reloaded, the page shows the reviewed game, which the
			// browser keeps: the graph from the record's comments.
			b.kept()
			b.run(chromedp.Reload(), chromedp.WaitVisible(`body[data-ready="1"]`))
			b.reviewed(5)

			// hexdame review's record, imported, shows the same; the
			// page asks before the import replaces the reviewed game.
			b.run(chromedp.SetValue("#pdnin", pdn, chromedp.ByID))
			b.click("#import")
			b.answer("", true)
			b.waitFor(`hexdame.page.tree.main.length === `+strconv.Itoa(len(longer)+1), 10*time.Second)
			b.reviewed(len(longer))
			b.shot(s.name + "-review-import")

			// A longer review, stopped: what it has is written.
			b.eval(`document.querySelector("#reviewtime").value = "2000"`, nil)
			b.click("#review")
			b.waitFor(`document.body.getAttribute("data-review") >= 2`, 30*time.Second)
			b.click("#review") // stop
			b.waitFor(`+document.body.getAttribute("data-reviewed") >= 2`, 10*time.Second)
			if st := b.text("#reviewstatus"); !strings.Contains(st, "(stopped)") {
				t.Errorf("status %q", st)
			}
			noSearchLeft(t, s)
		})
	}
}

// The record of hexdame review and of the page are the same PDN: the
// review's record written by the session, its comments, NAGs and tags.
func TestReviewRecordFile(t *testing.T) {
	pdn := reviewedPDN(t, reviewMoves)
	s := NewSession(nil)
	resp := s.Do(Request{Op: "import", PDN: pdn})
	if resp.Error != "" {
		t.Fatal(resp.Error)
	}
	n := 0
	for _, v := range resp.State.Tree.Evals {
		if v != nil {
			n++
		}
	}
	if n != len(reviewMoves) {
		t.Errorf("%d evaluations read back, want %d", n, len(reviewMoves))
	}
	if dir := os.Getenv("HEXDAME_SCREENSHOTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, "reviewed.pdn"), []byte(pdn), 0o644)
	}
}

// TestBrowserReviewSpeed reviews a game of 40 random plies at 0.2 s a
// position on both sites and logs the time a position took and the depth
// searched (doc/BENCHMARKS.md).
func TestBrowserReviewSpeed(t *testing.T) {
	g := random.Game(rand.New(rand.NewPCG(36, 1)), 40)
	var moves []string
	p := g.Root().Position()
	for n := range g.Root().Mainline() {
		moves = append(moves, p.FormatMove(n.Move(), hexdame.Algebraic))
		p = n.Position()
	}
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url + "#moves=" + strings.Join(moves, ","))
			b.click("#review") // 0.2 s a position, the default
			b.waitFor(`+document.body.getAttribute("data-reviewed") === `+strconv.Itoa(len(moves)+1), 3*time.Minute)
			var took struct {
				Positions int
				MS, Depth float64
			}
			b.eval(`hexdame.timings.review`, &took)
			t.Logf("speed: %s: a review of %d positions at 0.2 s a position in %.1f s, %.0f ms a position, searched to depth %.1f on average",
				s.name, took.Positions, took.MS/1000, took.MS/float64(took.Positions), took.Depth)
			noSearchLeft(t, s)
		})
	}
}

// With the server's endgame tables, the positions they hold are judged
// by them: exact, and their best play as the line.
func TestReviewTables(t *testing.T) {
	dir := t.TempDir()
	for _, m := range []string{"KvK", "KKvK"} {
		if err := endgame.Build(context.Background(), dir, endgame.MustParseMaterial(m), endgame.BuildOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	tables, err := endgame.Load(dir, endgame.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.New(engine.Options{HashMiB: 1})
	if err != nil {
		t.Fatal(err)
	}
	// White wins in 5; f2-a2 draws.
	start := hexdame.MustParseFEN("W:WKa4,Kf2:BKd3")
	after := start.PlayUnchecked(start.MustParseMove("f2-a2"))
	var reps []ReviewReport
	err = Review(context.Background(), e, tables, ReviewRequest{Positions: []string{start.String(), after.String()}, Depth: 3}, 0, func(r ReviewReport) { reps = append(reps, r) })
	if err != nil || len(reps) != 3 {
		t.Fatalf("%v, %+v", err, reps)
	}
	if ev := reps[0].Eval; !ev.Tables || ev.Score.String() != "win 5" || len(ev.Line) != 5 {
		t.Errorf("the start: %+v", ev)
	}
	s := NewSession(tables)
	s.Do(Request{Op: "new", FEN: start.String(), Moves: []string{"f2-a2"}})
	resp := s.Do(Request{Op: "annotate", Review: &ReviewResult{Evals: []review.Eval{*reps[0].Eval, *reps[1].Eval}, Depth: 3}})
	if resp.Error != "" || !strings.Contains(resp.State.Tree.Items[0].Text, "f2-a2??") {
		t.Errorf("%q, %+v", resp.Error, resp.State.Tree.Items)
	}
}
