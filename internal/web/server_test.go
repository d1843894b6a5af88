package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/engine"
)

// testServer serves s on a real http.Server (with HTTPServer's timeouts)
// and returns its address.
func testServer(t *testing.T, s *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := s.HTTPServer("")
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}

func post(t *testing.T, url string, body any) (int, map[string]any) {
	t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v map[string]any
	json.NewDecoder(resp.Body).Decode(&v)
	return resp.StatusCode, v
}

func newSessionID(t *testing.T, base string) string {
	t.Helper()
	status, v := post(t, base+"/api/session", struct{}{})
	id, _ := v["session"].(string)
	if status != 200 || id == "" {
		t.Fatalf("new session: %d %v", status, v)
	}
	return id
}

// waitIdle waits until no search runs and no stream is open.
func waitIdle(t *testing.T, s *Server, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for s.Searching() > 0 || s.Streams() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d searches and %d streams left after %v", s.Searching(), s.Streams(), within)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func heap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

func TestServerProtocol(t *testing.T) {
	s := NewServer(Config{Engine: engineOptions()})
	base := testServer(t, s)
	id := newSessionID(t, base)
	status, v := post(t, base+"/api/do?s="+id, Request{Op: "play", Move: "d4-e5"})
	if st, _ := v["state"].(map[string]any); status != 200 || st["node"] != 1.0 {
		t.Errorf("play: %d %v", status, v)
	}
	if status, _ := post(t, base+"/api/do?s=nonsense", Request{Op: "state"}); status != 404 {
		t.Errorf("unknown session: %d", status)
	}
	resp, err := http.Post(base+"/api/do?s="+id, "application/json", strings.NewReader("{not json"))
	if err != nil || resp.StatusCode != 400 {
		t.Errorf("bad JSON: %v %v", resp.StatusCode, err)
	}
	if resp, err := http.Get(base + "/api/do"); err != nil || resp.StatusCode != 405 {
		t.Errorf("GET /api/do: %v", err)
	}
	status, v = post(t, base+"/api/search", SearchRequest{FEN: hexdame.StartPosition().String(), Level: 1, Depth: 3})
	if best, _ := v["best"].(map[string]any); status != 200 || best["text"] == nil {
		t.Errorf("search: %d %v", status, v)
	}
	status, v = post(t, base+"/api/search", SearchRequest{FEN: "B:Wa1:B", Depth: 3})
	if status != 400 || !strings.Contains(fmt.Sprint(v["error"]), "no legal move") {
		t.Errorf("search without a move: %d %v", status, v)
	}
	// The page: its files, no directory listing of the API.
	for _, path := range []string{"/", "/app.js", "/app.css", "/worker.js"} {
		resp, err := http.Get(base + path)
		if err != nil || resp.StatusCode != 200 {
			t.Errorf("GET %s: %v", path, err)
		}
	}
	waitIdle(t, s, 5*time.Second)
}

// engineOptions are the test servers' engines: small tables.
func engineOptions() engine.Options { return engine.Options{HashMiB: 1} }

// analyze opens an analysis stream and returns the reports it reads until
// it has n or the stream ends.
func analyze(t *testing.T, ctx context.Context, base string, req SearchRequest, n int) ([]Report, int) {
	b, _ := json.Marshal(req)
	hr, _ := http.NewRequestWithContext(ctx, "POST", base+"/api/analyze", bytes.NewReader(b))
	hr.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(hr)
	if err != nil {
		return nil, 0
	}
	defer resp.Body.Close()
	var reps []Report
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() && len(reps) < n {
		line, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var r Report
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Errorf("report %q: %v", line, err)
		}
		reps = append(reps, r)
	}
	return reps, resp.StatusCode
}

func TestServerAnalysis(t *testing.T) {
	s := NewServer(Config{Engine: engineOptions()})
	base := testServer(t, s)
	ctx, cancel := context.WithCancel(context.Background())
	reps, status := analyze(t, ctx, base, SearchRequest{FEN: hexdame.StartPosition().String(), MultiPV: 3}, 4)
	cancel()
	if status != 200 || len(reps) != 4 || len(reps[3].Lines) != 3 || reps[3].Depth < 4 {
		t.Fatalf("analysis: status %d, %+v", status, reps)
	}
	waitIdle(t, s, 5*time.Second)
	// A solved position ends its stream with the last report.
	reps, _ = analyze(t, context.Background(), base, SearchRequest{FEN: "W:WKe5:Bi9", Depth: 5}, 100)
	if len(reps) == 0 || !reps[len(reps)-1].Done || reps[len(reps)-1].Best == nil {
		t.Errorf("a search with a limit: %+v", reps)
	}
	_, status = analyze(t, context.Background(), base, SearchRequest{FEN: "nonsense"}, 1)
	if status != 400 {
		t.Errorf("a bad position: status %d", status)
	}
}

// An analysis outlives the server's read timeout, which bounds the time
// a client takes to send its request, not the stream it asked for.
func TestAnalysisOutlivesReadTimeout(t *testing.T) {
	s := NewServer(Config{Engine: engineOptions(), ReadTimeout: 200 * time.Millisecond})
	base := testServer(t, s)
	b, _ := json.Marshal(SearchRequest{FEN: hexdame.StartPosition().String(), MultiPV: 5})
	resp, err := http.Post(base+"/api/analyze", "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	start := time.Now()
	sc := bufio.NewScanner(resp.Body)
	for time.Since(start) < time.Second && sc.Scan() {
	}
	if time.Since(start) < time.Second || s.Searching() != 1 {
		t.Errorf("the analysis ended after %v (%d searches running)", time.Since(start), s.Searching())
	}
}

// Hostile clients. Each test checks that the server stays within its
// bounds and leaves no search behind.

// A flood of requests: sessions, moves, searches at once.
func TestHostileFlood(t *testing.T) {
	s := NewServer(Config{Engine: engineOptions(), Sessions: 16})
	base := testServer(t, s)
	before := heap()
	var wg sync.WaitGroup
	var busy, ok atomic.Int64
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 32}}
	for w := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 60 {
				var path string
				var body any = struct{}{}
				switch i % 3 {
				case 0:
					path = "/api/session"
				case 1:
					path = "/api/do?s=nonsense"
					body = Request{Op: "state"}
				default:
					path = "/api/search"
					body = SearchRequest{FEN: hexdame.StartPosition().String(), Depth: 2 + w%3}
				}
				b, _ := json.Marshal(body)
				resp, err := client.Post(base+path, "application/json", bytes.NewReader(b))
				if err != nil {
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				switch resp.StatusCode {
				case 503:
					busy.Add(1)
				case 200, 404:
					ok.Add(1)
				default:
					t.Errorf("%s: status %d", path, resp.StatusCode)
				}
			}
		}()
	}
	wg.Wait()
	waitIdle(t, s, 5*time.Second)
	s.mu.Lock()
	sessions := len(s.sessions)
	s.mu.Unlock()
	grown := int64(heap()) - int64(before)
	t.Logf("flood: %d answered, %d busy; %d sessions kept; heap %+d KiB", ok.Load(), busy.Load(), sessions, grown>>10)
	if sessions > 16 {
		t.Errorf("%d sessions kept, more than the 16 allowed", sessions)
	}
	if grown > 64<<20 { // two engines of 1 MiB, 16 sessions: far less
		t.Errorf("the heap grew by %d MiB", grown>>20)
	}
}

// A 100 MB body is refused after the first few megabytes: the server
// reads no more than its limit.
func TestHostileHugeBody(t *testing.T) {
	s := NewServer(Config{Engine: engineOptions()})
	base := testServer(t, s)
	id := newSessionID(t, base)
	before := heap()
	body := newCountingReader(100 << 20)
	resp, err := http.Post(base+"/api/do?s="+id, "application/json", body)
	if err == nil {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("100 MB body: status %d", resp.StatusCode)
		}
	}
	// The transport may go on writing the body after the answer has
	// come; it closes the body when it stops.
	select {
	case <-body.closed:
	case <-time.After(time.Minute):
		t.Fatal("the transport did not close the request body in a minute")
	}
	sent := 100<<20 - body.left()
	grown := int64(heap()) - int64(before)
	t.Logf("100 MB body: the client sent %d MiB before the server closed; heap %+d KiB", sent>>20, grown>>10)
	if sent > 40<<20 {
		t.Errorf("the server read %d MiB of the body", sent>>20)
	}
	if grown > 16<<20 {
		t.Errorf("the heap grew by %d MiB", grown>>20)
	}
	// The session still works.
	if status, _ := post(t, base+"/api/do?s="+id, Request{Op: "state"}); status != 200 {
		t.Errorf("after the huge body: status %d", status)
	}
}

// countingReader yields n bytes of a JSON string that never ends. The
// HTTP transport reads and closes it in a goroutine of its own, which
// may outlive the response: the count is guarded, and closed is closed
// by Close.
type countingReader struct {
	mu      sync.Mutex
	n, size int
	closed  chan struct{}
	once    sync.Once
}

func newCountingReader(n int) *countingReader {
	return &countingReader{n: n, size: n, closed: make(chan struct{})}
}

func (r *countingReader) Read(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), r.n)
	for i := range k {
		p[i] = 'x'
	}
	if r.n == r.size && k > 0 {
		copy(p[:k], `{"op":"import","pdn":"`)
	}
	r.n -= k
	return k, nil
}

// left is the number of bytes not yet read.
func (r *countingReader) left() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.n
}

func (r *countingReader) Close() error {
	r.once.Do(func() { close(r.closed) })
	return nil
}

// A PDN of deep variations: nesting beyond the rules package's limit is a
// located error, and as deep as it allows loads and is drawn.
func TestHostileDeepVariations(t *testing.T) {
	s := NewSession(nil)
	deep := func(n int) string {
		return "1. d4-e5 " + strings.Repeat("(1. c4-c5 ", n) + strings.Repeat(")", n) + " *"
	}
	start := time.Now()
	resp := s.Do(Request{Op: "import", PDN: deep(50_000)})
	if !strings.HasPrefix(resp.Error, "line 1, column") || !strings.Contains(resp.Error, "nest") {
		t.Errorf("50,000 nested variations: %q", resp.Error)
	}
	resp = s.Do(Request{Op: "import", PDN: deep(hexdame.MaxVariationDepth)})
	if resp.Error != "" || len(resp.State.Tree.Items) < hexdame.MaxVariationDepth {
		t.Errorf("%d nested variations: %q", hexdame.MaxVariationDepth, resp.Error)
	}
	// Every variation a sibling: as many nodes as the limit allows.
	wide := "1. d4-e5 " + strings.Repeat("(1. c4-c5 i6-h5 2. d4-d5) ", 3000) + "*"
	resp = s.Do(Request{Op: "import", PDN: wide})
	if resp.Error != "" {
		t.Errorf("3,000 variations: %q", resp.Error)
	}
	huge := "1. d4-e5 " + strings.Repeat("(1. c4-c5 i6-h5 2. d4-d5) ", 8000) + "*"
	resp = s.Do(Request{Op: "import", PDN: huge})
	if !strings.Contains(resp.Error, "nodes") {
		t.Errorf("24,000 nodes: %q", resp.Error)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("the imports took %v", d)
	}
}

// A thousand analysis streams opened and dropped: those past the bound
// are refused at once, the others' searches end with their connections.
func TestHostileStreams(t *testing.T) {
	s := NewServer(Config{Engine: engineOptions()})
	base := testServer(t, s)
	before := runtime.NumGoroutine()
	var wg sync.WaitGroup
	var opened, refused atomic.Int64
	sem := make(chan struct{}, 50)
	for i := range 1000 {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			b, _ := json.Marshal(SearchRequest{FEN: hexdame.StartPosition().String(), MultiPV: 1 + i%5})
			hr, _ := http.NewRequestWithContext(ctx, "POST", base+"/api/analyze", bytes.NewReader(b))
			hr.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(hr)
			if err != nil {
				return
			}
			switch resp.StatusCode {
			case 503:
				refused.Add(1)
			case 200:
				opened.Add(1)
				resp.Body.Read(make([]byte, 64)) // a little, then drop it
			default:
				t.Errorf("stream %d: status %d", i, resp.StatusCode)
			}
			resp.Body.Close()
		}()
	}
	wg.Wait()
	waitIdle(t, s, 10*time.Second)
	http.DefaultClient.CloseIdleConnections()
	time.Sleep(100 * time.Millisecond)
	after := runtime.NumGoroutine()
	t.Logf("1000 streams: %d opened, %d refused; goroutines %d before, %d after", opened.Load(), refused.Load(), before, after)
	if opened.Load()+refused.Load() != 1000 {
		t.Errorf("%d streams answered of 1000", opened.Load()+refused.Load())
	}
	if after > before+20 {
		t.Errorf("%d goroutines left behind", after-before)
	}
}

// A client that reads nothing: its analysis ends at the server's bounds
// (here a second), and so does a connection stuffed with requests whose
// answers it never reads.
func TestHostileClientReadsNothing(t *testing.T) {
	s := NewServer(Config{Engine: engineOptions(), AnalysisTime: time.Second, WriteTimeout: 300 * time.Millisecond})
	base := testServer(t, s)
	addr := strings.TrimPrefix(base, "http://")
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body, _ := json.Marshal(SearchRequest{FEN: hexdame.StartPosition().String(), MultiPV: 5})
	fmt.Fprintf(conn, "POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	deadline := time.Now().Add(2 * time.Second)
	for s.Searching() == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if s.Searching() != 1 {
		t.Fatalf("%d searches for the stream", s.Searching())
	}
	waitIdle(t, s, 5*time.Second)

	// Requests for the board, never read: the server drops the
	// connection when its writes time out.
	id := newSessionID(t, base)
	conn2, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn2.Close()
	req, _ := json.Marshal(Request{Op: "state", Version: -1})
	one := fmt.Sprintf("POST /api/do?s=%s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", id, len(req), req)
	conn2.SetWriteDeadline(time.Now().Add(5 * time.Second))
	const sent = 5000 // answers of about 15 KB each: more than the kernel's buffers hold
	for range sent {
		if _, err := io.WriteString(conn2, one); err != nil {
			break // the server stopped reading
		}
	}
	time.Sleep(time.Second) // past the write timeout
	conn2.SetReadDeadline(time.Now().Add(10 * time.Second))
	data, err := io.ReadAll(conn2)
	answered := bytes.Count(data, []byte("HTTP/1.1 200"))
	t.Logf("a client that reads nothing: %d answers of %d were sent before the server dropped it (%v)", answered, sent, err)
	if answered >= sent || errors.Is(err, os.ErrDeadlineExceeded) {
		t.Errorf("the server kept the connection: %d answers, %v", answered, err)
	}
	// The server still answers others.
	if status, _ := post(t, base+"/api/do?s="+id, Request{Op: "state"}); status != 200 {
		t.Errorf("after the client that reads nothing: status %d", status)
	}
}

// Paths of the page's files that are not UTF-8, or that climb out of its
// directory, name no file: 404, not 500 (which http.FileServer answered
// for a path fs.Sub calls invalid).
func TestHostileFilePaths(t *testing.T) {
	base := testServer(t, NewServer(Config{Engine: engineOptions()}))
	for _, path := range []string{"/%ff", "/app.js%ff", "/%c0%ae%c0%ae/etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/app.js%00", "/static/app.js", "/embed.go"} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: status %d", path, resp.StatusCode)
		}
	}
}

// A method a path does not take answers 405 with the methods it takes
// (RFC 9110 requires the Allow header); a path of no file or operation
// answers 404, whatever the method.
func TestMethods(t *testing.T) {
	base := testServer(t, NewServer(Config{Engine: engineOptions()}))
	for _, c := range []struct {
		method, path string
		status       int
		allow        string
	}{
		{"POST", "/", 405, "GET, HEAD"},
		{"OPTIONS", "/app.js", 405, "GET, HEAD"},
		{"HEAD", "/", 200, ""},
		{"GET", "/api/do", 405, "POST"},
		{"DELETE", "/api/session", 405, "POST"},
		{"HEAD", "/api/analyze", 405, "POST"},
		{"GET", "/api/analyse", 405, "POST"}, // the former spelling is routed
		{"GET", "/api/nonsense", 404, ""},
		{"POST", "/api/nonsense", 404, ""},
	} {
		req, _ := http.NewRequest(c.method, base+c.path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.status || resp.Header.Get("Allow") != c.allow {
			t.Errorf("%s %s: status %d, Allow %q; want %d, %q", c.method, c.path, resp.StatusCode, resp.Header.Get("Allow"), c.status, c.allow)
		}
	}
}

// A request that does not say it is JSON is refused: a page of another
// site can post text/plain or a form to the server without asking its
// leave, and made sessions until the user's were dropped.
func TestHostileContentType(t *testing.T) {
	s := NewServer(Config{Engine: engineOptions(), Sessions: 4})
	base := testServer(t, s)
	for _, c := range []struct {
		contentType string
		status      int
	}{
		{"application/json", 200},
		{"application/json; charset=utf-8", 200},
		{"Application/JSON", 200},
		{"", 415},
		{"text/plain", 415},
		{"text/plain; charset=utf-8", 415},
		{"application/x-www-form-urlencoded", 415},
		{"multipart/form-data; boundary=x", 415},
		{"application/jsonx", 415},
		{"application/json; =", 415},
	} {
		for _, path := range []string{"/api/session", "/api/search", "/api/analyze"} {
			req, _ := http.NewRequest("POST", base+path, strings.NewReader(`{"fen":"W:WKe5:Bi9","depth":1}`))
			if c.contentType != "" {
				req.Header.Set("Content-Type", c.contentType)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != c.status {
				t.Errorf("POST %s with Content-Type %q: status %d, want %d", path, c.contentType, resp.StatusCode, c.status)
			}
		}
	}
	waitIdle(t, s, 5*time.Second)
}

// A bad search request says what is wrong with it: a bad position of the
// history says it is the history's (it said only "FEN, at column 1", as
// if the request's position were wrong).
func TestSearchRequestErrors(t *testing.T) {
	start := hexdame.StartPosition().String()
	for _, c := range []struct {
		req  SearchRequest
		want string
	}{
		{SearchRequest{FEN: "nonsense"}, "FEN, at column 1: "},
		{SearchRequest{FEN: start, History: []string{start, "W:Wz9:B"}}, "position 2 of the history: FEN, at column 4: "},
		{SearchRequest{FEN: start, History: make([]string, MaxHistory+1)}, "at most 1000 positions of history"},
		{SearchRequest{FEN: start, Level: -1}, "level -1 is not from 1 to 10"},
		{SearchRequest{FEN: start, MultiPV: 6}, "6 lines"},
		{SearchRequest{FEN: start, Depth: -1}, "a limit is out of range"},
		{SearchRequest{FEN: start, MoveTime: 1e9}, "a limit is out of range"},
		{SearchRequest{FEN: start, Notation: "nonsense"}, "notation"},
	} {
		_, _, _, err := c.req.parse()
		if err == nil || !strings.Contains(message(err), c.want) {
			t.Errorf("the request for %q: %v", c.want, err)
		}
	}
}

// A server on a loopback address answers only requests for this
// machine's names: a page whose site name was rebound to 127.0.0.1 (DNS
// rebinding) is refused, whatever it asks. Without Loopback, any Host is
// served.
func TestLoopbackHosts(t *testing.T) {
	for _, loopback := range []bool{true, false} {
		base := testServer(t, NewServer(Config{Engine: engineOptions(), Loopback: loopback}))
		port := base[strings.LastIndexByte(base, ':')+1:]
		for _, tc := range []struct {
			host string
			ok   bool
		}{
			{"127.0.0.1:" + port, true},
			{"localhost:" + port, true},
			{"LocalHost.:" + port, true},
			{"app.localhost:" + port, true},
			{"[::1]:" + port, true},
			{"127.9.9.9", true},
			{"evil.example:" + port, false},
			{"evil.example", false},
			{"localhost.evil.example:" + port, false},
			{"10.0.0.1:" + port, false},
			{"[::ffff:10.0.0.1]:" + port, false},
		} {
			for _, path := range []string{"/", "/api/session"} {
				method, body := http.MethodGet, io.Reader(nil)
				if path != "/" {
					method, body = http.MethodPost, strings.NewReader("{}")
				}
				req, err := http.NewRequest(method, base+path, body)
				if err != nil {
					t.Fatal(err)
				}
				req.Host = tc.host
				req.Header.Set("Content-Type", "application/json")
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				refused := resp.StatusCode == http.StatusMisdirectedRequest
				if want := loopback && !tc.ok; refused != want {
					t.Errorf("Loopback %v, Host %q, %s: status %d", loopback, tc.host, path, resp.StatusCode)
				}
				if !refused && resp.StatusCode != http.StatusOK {
					t.Errorf("Loopback %v, Host %q, %s: status %d", loopback, tc.host, path, resp.StatusCode)
				}
			}
		}
	}
}

// Shutdown of HTTPServer's server ends the analyses and searches under
// way and closes a client that has sent nothing, and returns well within
// its grace: it used to wait for the analysis streams, which never go
// idle and whose searches nothing stopped, and for the silent client
// five seconds, the time after which net/http takes a new connection for
// an idle one (issue 36: hexdame serve took 5.0 to 5.2 s to exit on
// SIGTERM).
func TestServerShutdown(t *testing.T) {
	for _, what := range []string{"streams", "silent"} {
		t.Run(what, func(t *testing.T) {
			s := NewServer(Config{Engine: engineOptions()})
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			hs := s.HTTPServer("")
			go hs.Serve(ln)
			defer hs.Close()
			base := "http://" + ln.Addr().String()
			silent, err := net.Dial("tcp", ln.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer silent.Close()
			if what == "streams" {
				go analyze(t, context.Background(), base, SearchRequest{FEN: hexdame.StartPosition().String()}, 1000)
				go func() {
					b, _ := json.Marshal(SearchRequest{FEN: hexdame.StartPosition().String(), MoveTime: 600_000})
					if resp, err := http.Post(base+"/api/search", "application/json", bytes.NewReader(b)); err == nil {
						resp.Body.Close()
					}
				}()
				for deadline := time.Now().Add(30 * time.Second); s.Searching() < 2; time.Sleep(5 * time.Millisecond) {
					if time.Now().After(deadline) {
						t.Fatalf("%d searches running, want 2", s.Searching())
					}
				}
			} else {
				time.Sleep(100 * time.Millisecond) // the connection accepted
			}
			// Four seconds: less than the five a silent client held it,
			// and many times what it takes now (well under a second).
			ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)
			defer cancel()
			start := time.Now()
			if err := hs.Shutdown(ctx); err != nil {
				t.Errorf("Shutdown: %v after %v", err, time.Since(start))
			}
			t.Logf("shut down in %v", time.Since(start))
			waitIdle(t, s, 10*time.Second)
			silent.SetReadDeadline(time.Now().Add(10 * time.Second))
			if n, err := silent.Read(make([]byte, 1)); err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
				t.Errorf("the silent client's connection is still open: %d, %v", n, err)
			}
		})
	}
}

// Positions from testdata/hostile.fen: the heaviest known for the
// capture search, one with more than 16 pieces a side (no game reaches
// it) and the heaviest known that a game may reach.
const (
	climb30a   = "W:WKa5,Ke7,Kf9,Ki5,Ki9:BKa2,Kb2,Kb5,c1,Kc2,Kc3,c4,Kc5,Kc7,d2,Kd6,Ke3,Ke5,Ke8,Ke9,Kf2,Kf3,Kf4,f5,Kf6,Kf7,Kg5,Kg7,Kg9,Kh5,Kh6,Kh7,Kh8,i7"
	climb16rim = "W:WKa5,Kb6,Kc7,Kd8,Ke9,Kf9,Kg9,Kh9,Ki9:BKa2,Kb1,b4,Kc3,Kc6,Kd2,Kd5,Ke4,e7,f3,f6,Kg3,g5,Kg8,Kh7,Ki6"
)

// A search or an analysis takes only positions a game reaches, whose
// moves take the capture search at most searchWork states: a 1 ms search
// of an unreachable position of 30 kings answered after 7 to 12 s, and
// its analysis could not be stopped between its generations of a few
// seconds each (issue 36).
func TestSearchRefusesHostilePositions(t *testing.T) {
	s := NewServer(Config{Engine: engineOptions()})
	base := testServer(t, s)
	start := hexdame.StartPosition().String()
	for _, tc := range []struct {
		req  SearchRequest
		want string
	}{
		{SearchRequest{FEN: climb30a, MoveTime: 1}, "not a position a game reaches"},
		{SearchRequest{FEN: "W:Wi9:Ba1"}, "not a position a game reaches"}, // men on their crowning rows
		{SearchRequest{FEN: start, MoveTime: 1, History: []string{start, climb30a}}, "position 2 of the history: not a position a game reaches"},
	} {
		for _, path := range []string{"/api/search", "/api/analyze"} {
			status, v := post(t, base+path, tc.req)
			if msg, _ := v["error"].(string); status != 400 || !strings.Contains(msg, tc.want) {
				t.Errorf("%s %s: %d %v; want 400 and %q", path, clip(tc.req.FEN), status, v, tc.want)
			}
		}
	}
	// A reachable position whose moves take more than the work allowed.
	saved := searchWork
	searchWork = 100_000
	defer func() { searchWork = saved }()
	status, v := post(t, base+"/api/search", SearchRequest{FEN: climb16rim, MoveTime: 1})
	if msg, _ := v["error"].(string); status != 400 || !strings.Contains(msg, "more work than a search here may") {
		t.Errorf("climb16-rim with a work limit of 100,000 states: %d %v", status, v)
	}
	searchWork = saved
	if status, v := post(t, base+"/api/search", SearchRequest{FEN: climb16rim, MoveTime: 1}); status != 200 {
		t.Errorf("climb16-rim: %d %v", status, v)
	}
	waitIdle(t, s, 10*time.Second)
}

// A search or an analysis stops as soon as its client leaves, without
// waiting to write to it, whatever follows the request's JSON: the
// server read the JSON and not always the end of the body, and net/http
// watches the connection (and ends the request's context when the client
// leaves) only once the body is read. A search of ten minutes went on for
// its ten minutes, and an analysis until it could not write a report,
// seconds later at a deep depth (issue 36).
func TestSearchStopsWhenClientLeaves(t *testing.T) {
	s := NewServer(Config{Engine: engineOptions()})
	base := testServer(t, s)
	for _, path := range []string{"/api/search", "/api/analyze"} {
		ctx, cancel := context.WithCancel(context.Background())
		b, _ := json.Marshal(SearchRequest{FEN: hexdame.StartPosition().String(), MoveTime: 600_000})
		// White space after the JSON, which the decoder does not read:
		// a small body's end came in the same read as its JSON.
		b = append(b, bytes.Repeat([]byte(" "), 64<<10)...)
		req, _ := http.NewRequestWithContext(ctx, "POST", base+path, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		go func() {
			if resp, err := http.DefaultClient.Do(req); err == nil {
				io.Copy(io.Discard, resp.Body) // until the client leaves
				resp.Body.Close()
			}
		}()
		for deadline := time.Now().Add(30 * time.Second); s.Searching() == 0; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: no search began", path)
			}
		}
		time.Sleep(200 * time.Millisecond)
		left := time.Now()
		cancel()
		// The search runs for ten minutes unless stopped.
		waitIdle(t, s, 10*time.Second)
		t.Logf("%s ended %v after its client left", path, time.Since(left))
	}
}

// An analysis without limits ends once its result is settled: a proven
// win with the search four plies deeper than it. Before, it went on a
// depth at a time until its time ran out, a depth of several seconds
// in a heavy position (issue 36).
func TestAnalysisEndsWhenSettled(t *testing.T) {
	s := NewServer(Config{Engine: engineOptions()})
	base := testServer(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	// Leo Springer's problem: a win in 7 plies.
	reps, status := analyze(t, ctx, base, SearchRequest{FEN: "W:Wa3,a5,b4,b5,c2,d4,f3:Bc4,d6,e7,f6,f8,g5,h9"}, 1000)
	if status != 200 || len(reps) == 0 {
		t.Fatalf("analysis: %d, %d reports", status, len(reps))
	}
	last := reps[len(reps)-1]
	if !last.Done || last.Depth > 11 || len(last.Lines) == 0 || last.Lines[0].Score != "win 7" || last.Best == nil || last.Best.Text != "b5-c5" {
		t.Errorf("the last report: %+v; want Done at depth 11 at most, win 7 with b5-c5", last)
	}
	waitIdle(t, s, 5*time.Second)
}

// An error quotes at most about 60 characters of the request's text, as
// the rules package's errors do: a request of 1.9 MB whose move, op or
// reason was the whole text got an answer of 3.8 MB quoting it (issue
// 36).
func TestErrorsClipWhatTheyQuote(t *testing.T) {
	s := NewServer(Config{Engine: engineOptions()})
	base := testServer(t, s)
	id := newSessionID(t, base)
	long := strings.Repeat("é", 950_000) // 1.9 MB
	for _, req := range []Request{
		{Op: "new", Moves: []string{long}},
		{Op: "new", Moves: []string{"d4-e5", long}},
		{Op: long},
		{Op: "result", Result: "2-0", Reason: long},
		{Op: "paste", Text: "1. d4-e5 " + long},
		{Op: "paste", Text: "1. " + strings.Repeat("a", 1_900_000) + " b1"},
		{Op: "edit", FEN: "W:W31:B1", Cell: "e5", Piece: long},
		{Op: "edit", FEN: "W:W31:B1", Side: long},
		{Op: "play", Move: long},
		{Op: "new", FEN: long},
		{Op: "result", Result: long},
		{Op: "state", Notation: long},
	} {
		b, _ := json.Marshal(req)
		resp, err := http.Post(base+"/api/do?s="+id, "application/json", bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		answer, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var r Response
		json.Unmarshal(answer, &r)
		op := clip(req.Op)
		if resp.StatusCode != 200 || r.Error == "" || len(r.Error) > 1000 || len(answer) > 64<<10 {
			t.Errorf("op %.20s (a request of %d bytes): %d, an answer of %d bytes, error of %d: %.200s", op, len(b), resp.StatusCode, len(answer), len(r.Error), r.Error)
		}
	}
}

// A review takes only positions a game reaches, as a search does: a
// review of an unreachable position of 30 kings held its engine for
// seconds a generation of moves (issue 36).
func TestReviewRefusesUnreachablePositions(t *testing.T) {
	s := NewServer(Config{Engine: engineOptions()})
	base := testServer(t, s)
	status, v := post(t, base+"/api/review", ReviewRequest{Positions: []string{hexdame.StartPosition().String(), climb30a}})
	if msg, _ := v["error"].(string); status != 400 || !strings.Contains(msg, "position 1: not a position a game reaches") {
		t.Errorf("a review of climb30-a: %d %v", status, v)
	}
	waitIdle(t, s, 10*time.Second)
}

// The state of the heaviest reachable position known costs a generation
// of its moves or two, not one for each of its 332 moves: the session
// wrote each capture with FormatMove, which generates the moves again,
// and a game set up from climb16-rim (a PDN import of 200 bytes, or new
// with its FEN) took two minutes of a core (issue 36's fourth hostile
// round). Its moves are then written with their landing cells, which
// read back.
func TestHeavyPositionState(t *testing.T) {
	s := NewSession(nil)
	start := time.Now()
	resp := s.Do(Request{Op: "new", FEN: climb16rim})
	if resp.Error != "" || len(resp.State.Moves) != 332 {
		t.Fatalf("new: %q, %d moves", resp.Error, len(resp.State.Moves))
	}
	pdn := "[FEN \"" + climb16rim + "\"]\n1. a5xi7 *\n"
	if resp := s.Do(Request{Op: "import", PDN: pdn}); resp.Error != "" {
		t.Fatalf("import: %q", resp.Error)
	}
	resp = s.Do(Request{Op: "first"})
	// A generation takes a tenth of a second to a second here: thirty
	// seconds is many times what the three requests take.
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("three requests on climb16-rim took %v", d)
	}
	p, _ := hexdame.ParseFEN(climb16rim)
	text := resp.State.Moves[0].Text
	if m, err := p.ParseMove(text); err != nil || !slices.Equal(cellNames(p.Path(m).Cells()), resp.State.Moves[0].Path) {
		t.Errorf("move %q does not read back as its path: %v", text, err)
	}
}

// A request the JSON decoder refuses gets an answer that clips the
// decoder's words, which quote a number whole: a number of 100,000
// digits got an answer of 100 KB (issue 36's fourth hostile round).
func TestJSONErrorClipped(t *testing.T) {
	s := NewServer(Config{Engine: engineOptions()})
	base := testServer(t, s)
	id := newSessionID(t, base)
	body := `{"node": ` + strings.Repeat("9", 100_000) + `}`
	resp, err := http.Post(base+"/api/do?s="+id, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	answer, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 400 || len(answer) > 1000 {
		t.Errorf("status %d, an answer of %d bytes", resp.StatusCode, len(answer))
	}
}
