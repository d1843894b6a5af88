package hexdame

import (
	"go/ast"
	"go/build"
	"go/doc"
	"go/doc/comment"
	"go/parser"
	gotoken "go/token"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// The links of the module point inside it: a clone, with no network, has
// every page and file its documents and doc comments name. This file
// checks, without the network:
//
//   - in the Markdown files, every link and image (inline, reference
//     definitions, HTML href and src) names a file or directory of the
//     repository, and an anchor (#name) names a heading of the Markdown
//     file it points to, as GitHub makes anchors from headings;
//   - in the Markdown files, every file name in a code span (`capture_test.go`,
//     `hub/*_test.go`) and every Markdown file named in the text names
//     files of the repository, and the test functions named after a link
//     to a Go test file ("[outcome_test.go](outcome_test.go) `TestRulesLoss`")
//     are declared in it;
//   - in the comments of the Go files, every Markdown file named (RULES.md)
//     exists, beside the Go file or at the root of the module;
//   - in the doc comments, every doc link ([Game], [Game.Play],
//     [hub.Client]) names a declaration that exists.
//
// Links out of the repository (http, https and any other scheme, bare
// URLs, autolinks) are refused: a source outside the repository is named
// in words. A test that followed them would need the network, and a link
// that only looked well formed could still be dead.

// A mdRef is something a Markdown file points to, on a line.
type mdRef struct {
	line  int
	dest  string   // a link's destination, or a file name or pattern
	kind  string   // "link", "file name", "external", or "tests" for funcs
	funcs []string // for "tests": the test functions a link to a Go test file names after it
}

// A mdDoc is what the link check reads from a Markdown file: what it
// points to, and the anchors of its headings.
type mdDoc struct {
	refs    []mdRef
	anchors map[string]bool
}

var (
	mdHeading   = regexp.MustCompile(`^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$`)
	mdFence     = regexp.MustCompile("^ {0,3}(```+|~~~+)")
	mdInline    = regexp.MustCompile(`\]\([ \t]*<?([^()<>\s]*)>?(?:[ \t]+"[^"]*")?[ \t]*\)`)
	mdRefDef    = regexp.MustCompile(`^ {0,3}\[[^\]]+\]:[ \t]*<?([^\s>]+)>?`)
	mdHTMLLink  = regexp.MustCompile(`(?i)\b(?:href|src)[ \t]*=[ \t]*"([^"]*)"`)
	mdHTMLName  = regexp.MustCompile(`(?i)<a[^>]*\b(?:name|id)[ \t]*=[ \t]*"([^"]*)"`)
	mdAutolink  = regexp.MustCompile(`<([a-zA-Z][a-zA-Z0-9+.-]*:[^\s<>]*)>`)
	mdBareURL   = regexp.MustCompile(`(?i)\b(?:https?|ftp)://[^\s<>)]*|\bwww\.[a-z0-9-]+\.[^\s<>)]*`)
	mdCodeSpan  = regexp.MustCompile("(`+)(.+?)(`+)")
	mdMention   = regexp.MustCompile(`[\w./-]*[\w-]\.md\b`)
	mdPathInTxt = regexp.MustCompile(`^[\w.*/-]*[\w*-]\.(?:go|md|sh|svg)$`)
	mdTestFunc  = regexp.MustCompile(`\b(?:Test|Example|Fuzz|Benchmark)\w*`)
)

// readMarkdown reads the links, file names and anchors of a Markdown file.
// Fenced code blocks are left out, as is link syntax inside code spans.
func readMarkdown(text string) mdDoc {
	d := mdDoc{anchors: map[string]bool{}}
	seen := map[string]int{}
	// para holds the lines of the current paragraph, as written and with
	// code spans blanked out, for the test functions named after links.
	var para, paraBlanked []string
	paraLine := 0
	flush := func() {
		if len(para) > 0 {
			d.refs = append(d.refs, testFuncRefs(paraLine, strings.Join(para, "\n"), strings.Join(paraBlanked, "\n"))...)
		}
		para, paraBlanked = para[:0], paraBlanked[:0]
	}
	fence := ""
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		if m := mdFence.FindStringSubmatch(line); m != nil {
			switch {
			case fence == "":
				flush()
				fence = m[1]
				continue
			case strings.HasPrefix(m[1], fence[:1]) && len(m[1]) >= len(fence) && strings.TrimSpace(line[len(m[0]):]) == "":
				fence = ""
				continue
			}
		}
		if fence != "" {
			continue
		}
		// Code spans: a file name in one is a reference; the rest of the
		// span is hidden from the link syntax.
		orig := line
		line = mdCodeSpan.ReplaceAllStringFunc(line, func(span string) string {
			m := mdCodeSpan.FindStringSubmatch(span)
			if len(m[1]) != len(m[3]) {
				return span
			}
			if inner := strings.TrimSpace(m[2]); mdPathInTxt.MatchString(inner) {
				d.refs = append(d.refs, mdRef{line: n, dest: inner, kind: "file name"})
			}
			return strings.Repeat(" ", len(span))
		})
		if strings.TrimSpace(line) == "" {
			flush()
		} else {
			if len(para) == 0 {
				paraLine = n
			}
			para, paraBlanked = append(para, orig), append(paraBlanked, line)
		}
		if m := mdHeading.FindStringSubmatch(orig); m != nil {
			flush()
			slug := githubSlug(m[1])
			if k := seen[slug]; k > 0 {
				d.anchors[slug+"-"+strconv.Itoa(k)] = true
			} else {
				d.anchors[slug] = true
			}
			seen[slug]++
		}
		for _, m := range mdHTMLName.FindAllStringSubmatch(line, -1) {
			d.anchors[m[1]] = true
		}
		for _, re := range []*regexp.Regexp{mdInline, mdRefDef, mdHTMLLink} {
			for _, m := range re.FindAllStringSubmatch(line, -1) {
				kind := "link"
				if isExternal(m[1]) {
					kind = "external"
				}
				d.refs = append(d.refs, mdRef{line: n, dest: m[1], kind: kind})
			}
		}
		rest := mdInline.ReplaceAllString(line, "]")
		rest = mdRefDef.ReplaceAllString(rest, "")
		rest = mdHTMLLink.ReplaceAllString(rest, "")
		for _, m := range mdAutolink.FindAllStringSubmatch(rest, -1) {
			d.refs = append(d.refs, mdRef{line: n, dest: m[1], kind: "external"})
		}
		for _, u := range mdBareURL.FindAllString(mdAutolink.ReplaceAllString(rest, ""), -1) {
			d.refs = append(d.refs, mdRef{line: n, dest: u, kind: "external"})
		}
		for _, name := range mdMention.FindAllString(rest, -1) {
			d.refs = append(d.refs, mdRef{line: n, dest: name, kind: "file name"})
		}
	}
	flush()
	return d
}

// testFuncRefs returns, for a paragraph starting on line first, the test
// functions it names after each link to a Go test file, up to the next
// link: "[capture_test.go](capture_test.go) `TestRulesCaptures`,
// `TestRulesSameOutcomeIsOneMove`". blanked is the paragraph with its code spans
// blanked out, so that link syntax inside them does not count.
func testFuncRefs(first int, text, blanked string) []mdRef {
	var out []mdRef
	ms := mdInline.FindAllStringSubmatchIndex(blanked, -1)
	for i, m := range ms {
		dest := blanked[m[2]:m[3]]
		if !strings.HasSuffix(dest, "_test.go") {
			continue
		}
		end := len(text)
		if i+1 < len(ms) {
			end = ms[i+1][0]
		}
		line := first + strings.Count(text[:m[0]], "\n")
		out = append(out, mdRef{line: line, dest: dest, kind: "tests", funcs: mdTestFunc.FindAllString(text[m[1]:end], -1)})
	}
	return out
}

// isExternal reports whether a link destination has a scheme (http:,
// mailto:, ...) or is protocol-relative (//host): a link out of the
// repository.
func isExternal(dest string) bool {
	if strings.HasPrefix(dest, "//") {
		return true
	}
	u, err := url.Parse(dest)
	return err != nil || u.Scheme != "" || u.Host != ""
}

var (
	mdInlineLink = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	mdEmphasis   = regexp.MustCompile(`[*` + "`" + `]|<[^>]*>`)
)

// githubSlug returns the anchor GitHub gives a heading: its text as
// rendered (links as their text, without code and emphasis marks or HTML
// tags), in lower case, keeping letters, digits, marks, spaces, hyphens
// and underscores, spaces becoming hyphens. A heading met again gets -1,
// -2, ... (readMarkdown adds those).
func githubSlug(heading string) string {
	s := mdInlineLink.ReplaceAllString(heading, "$1")
	s = mdEmphasis.ReplaceAllString(s, "")
	s = strings.ToLower(strings.TrimSpace(s))
	var b strings.Builder
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

func TestGithubSlug(t *testing.T) {
	for heading, want := range map[string]string{
		"Engine matches":          "engine-matches",
		"Last score (2026-11-22)": "last-score-2026-11-22",
		"Engine matches: the Hub protocol and `hexdame match` (issue 21)": "engine-matches-the-hub-protocol-and-hexdame-match-issue-21",
		"4.2 Captures by a *king*":                                        "42-captures-by-a-king",
		"[Link](x.md) and snake_case":                                     "link-and-snake_case",
		"Crowning: e9–i9":                                                 "crowning-e9i9",
		"Déjà vu":                                                         "déjà-vu",
	} {
		if got := githubSlug(heading); got != want {
			t.Errorf("githubSlug(%q) = %q, want %q", heading, got, want)
		}
	}
	d := readMarkdown("# A\n\n## A\n\n```\n# Not a heading\n```\n\n### A\n\n## The `hexdame match` tool\n")
	for _, want := range []string{"a", "a-1", "a-2", "the-hexdame-match-tool"} {
		if !d.anchors[want] {
			t.Errorf("anchors %v lack %q", d.anchors, want)
		}
	}
	if d.anchors["not-a-heading"] {
		t.Error("a line of a code block was read as a heading")
	}
}

// TestReadMarkdown checks what the link check finds in Markdown text.
func TestReadMarkdown(t *testing.T) {
	text := "See [the rules](RULES.md#capture), ![a picture](doc/x.svg \"title\") and [`hub`](hub).\n" +
		"A [site](https://example.com), <https://example.org>, www.example.net and http://example.io/x.\n" +
		"The file `capture_test.go`, the files `hub/*_test.go`, a command `go test ./...`, HUB.md's text.\n" +
		"```\n[not](a-link.md) `code.go`\n```\n" +
		"[ref]: doc/TESTING.md\n<a href=\"doc/BENCHMARKS.md\">b</a> [inline `[x](y.md)` code](#top)\n" +
		"Tests: [a_test.go](a_test.go) `TestA`,\nTestB; [b_test.go](b_test.go) ExampleC.\n"
	var got []string
	for _, r := range readMarkdown(text).refs {
		got = append(got, strings.TrimSpace(r.kind+" "+r.dest+" "+strings.Join(r.funcs, " ")))
	}
	want := []string{
		"link RULES.md#capture", "link doc/x.svg", "link hub",
		"external https://example.com", "external https://example.org", "external www.example.net", "external http://example.io/x.",
		"file name capture_test.go", "file name hub/*_test.go", "file name HUB.md",
		"link doc/TESTING.md", "link doc/BENCHMARKS.md", "link #top",
		"link a_test.go", "link b_test.go", "tests a_test.go TestA TestB", "tests b_test.go ExampleC",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("refs:\n got %q\nwant %q", got, want)
	}
}

// TestMarkdownLinks checks the links and file names of every Markdown
// file of the module.
func TestMarkdownLinks(t *testing.T) {
	files := moduleFiles(t, ".md")
	docs := map[string]mdDoc{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs[f] = readMarkdown(string(data))
	}
	for _, f := range files {
		for _, r := range docs[f].refs {
			if why := checkMarkdownRef(f, r, docs); why != "" {
				t.Errorf("%s:%d: %s %q: %s", f, r.line, r.kind, r.dest, why)
			}
		}
	}
}

// checkMarkdownRef says what is wrong with a reference of Markdown file
// from, or returns "".
func checkMarkdownRef(from string, r mdRef, docs map[string]mdDoc) string {
	switch r.kind {
	case "external":
		return "a link out of the repository (name the source in words)"
	case "file name":
		if existsIn(path.Dir(from), r.dest) || existsIn(".", r.dest) {
			return ""
		}
		return "no such file in the repository"
	case "tests":
		file := path.Join(path.Dir(from), r.dest)
		if missing := missingFuncs(filepath.FromSlash(file), r.funcs); len(missing) > 0 {
			return "no function " + strings.Join(missing, ", ") + " in " + file
		}
		return ""
	}
	dest, anchor, _ := strings.Cut(r.dest, "#")
	dest, _, _ = strings.Cut(dest, "?")
	dest, err := url.PathUnescape(dest)
	if err != nil {
		return "not a valid link"
	}
	target := from
	if dest != "" {
		if strings.HasPrefix(dest, "/") {
			return "an absolute path (GitHub reads it from the site's root): write it relative to " + from
		}
		target = path.Join(path.Dir(from), dest)
		if target == ".." || strings.HasPrefix(target, "../") {
			return "outside the repository"
		}
		if _, err := os.Stat(filepath.FromSlash(target)); err != nil {
			return "no such file or directory"
		}
	}
	if anchor == "" {
		return ""
	}
	d, ok := docs[target]
	if !ok {
		return "an anchor in a file that is not a Markdown file of the module"
	}
	if !d.anchors[anchor] {
		return "no heading of " + target + " has the anchor #" + anchor
	}
	return ""
}

// TestCheckMarkdownRef checks what the link check refuses, on the
// module's own files.
func TestCheckMarkdownRef(t *testing.T) {
	docs := map[string]mdDoc{
		"README.md":         {anchors: map[string]bool{"engine-matches": true}},
		"doc/BENCHMARKS.md": {anchors: map[string]bool{"perft": true}},
	}
	for _, tc := range []struct {
		from string
		ref  mdRef
		ok   bool
	}{
		{"README.md", mdRef{dest: "go.mod", kind: "link"}, true},
		{"README.md", mdRef{dest: "hub", kind: "link"}, true},
		{"README.md", mdRef{dest: "#engine-matches", kind: "link"}, true},
		// The documents under doc/ link to the root's files through "..",
		// and the root's to theirs through "doc/".
		{"doc/TESTING.md", mdRef{dest: "../README.md#engine-matches", kind: "link"}, true},
		{"doc/TESTING.md", mdRef{dest: "../README.md#no-such-heading", kind: "link"}, false},
		{"doc/TESTING.md", mdRef{dest: "README.md#engine-matches", kind: "link"}, false},
		{"doc/TESTING.md", mdRef{dest: "../go.mod#anchor", kind: "link"}, false},
		{"doc/TESTING.md", mdRef{dest: "BENCHMARKS.md#perft", kind: "link"}, true},
		{"doc/TESTING.md", mdRef{dest: "BENCHMARKS.md#no-such-heading", kind: "link"}, false},
		{"doc/ENDGAMES.md", mdRef{dest: "endgames/KKvK-white.svg", kind: "link"}, true},
		{"doc/ENDGAMES.md", mdRef{dest: "doc/endgames/KKvK-white.svg", kind: "link"}, false},
		{"README.md", mdRef{dest: "doc/BENCHMARKS.md#perft", kind: "link"}, true},
		{"README.md", mdRef{dest: "BENCHMARKS.md", kind: "link"}, false},
		{"README.md", mdRef{dest: "doc/TESTING.md", kind: "file name"}, true},
		{"README.md", mdRef{dest: "TESTING.md", kind: "file name"}, false},
		{"doc/BENCHMARKS.md", mdRef{dest: "TESTING.md", kind: "file name"}, true},
		{"README.md", mdRef{dest: "no-such-file.md", kind: "link"}, false},
		{"README.md", mdRef{dest: "../hexdame/go.mod", kind: "link"}, false},
		{"README.md", mdRef{dest: "/go.mod", kind: "link"}, false},
		{"README.md", mdRef{dest: "docs_links_test.go", kind: "tests", funcs: []string{"TestDocLinks"}}, true},
		{"README.md", mdRef{dest: "docs_links_test.go", kind: "tests", funcs: []string{"TestDocLinks", "TestNoSuchTest"}}, false},
		{"README.md", mdRef{dest: "no_such_test.go", kind: "tests", funcs: []string{"TestDocLinks"}}, false},
		{"README.md", mdRef{dest: "hub/*_test.go", kind: "file name"}, true},
		{"hub/README.md", mdRef{dest: "go.mod", kind: "file name"}, true},
		{"README.md", mdRef{dest: "no_such_test.go", kind: "file name"}, false},
		{"README.md", mdRef{dest: "https://example.com", kind: "external"}, false},
	} {
		if why := checkMarkdownRef(tc.from, tc.ref, docs); (why == "") != tc.ok {
			t.Errorf("%s: %+v: %q, want ok %v", tc.from, tc.ref, why, tc.ok)
		}
	}
}

// missingFuncs returns the names that no top-level function of the Go
// file declares.
func missingFuncs(file string, names []string) []string {
	f, err := parser.ParseFile(gotoken.NewFileSet(), file, nil, parser.SkipObjectResolution)
	if err != nil {
		return names
	}
	declared := map[string]bool{}
	for _, decl := range f.Decls {
		if fd, ok := decl.(*ast.FuncDecl); ok && fd.Recv == nil {
			declared[fd.Name.Name] = true
		}
	}
	var missing []string
	for _, name := range names {
		if !declared[name] {
			missing = append(missing, name)
		}
	}
	return missing
}

// existsIn reports whether the file name or pattern name, relative to dir,
// names at least one file of the repository.
func existsIn(dir, name string) bool {
	p := path.Join(dir, name)
	if p == ".." || strings.HasPrefix(p, "../") {
		return false
	}
	matches, err := filepath.Glob(filepath.FromSlash(p))
	return err == nil && len(matches) > 0
}

// rootDocuments are the Markdown files the module's root holds: what a
// newcomer reads first. The other documents are under doc/.
var rootDocuments = []string{"CHANGELOG.md", "HUB.md", "README.md", "RULES.md"}

// TestRootDocuments checks that the root holds no other Markdown file.
func TestRootDocuments(t *testing.T) {
	md, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(md)
	if !slices.Equal(md, rootDocuments) {
		t.Errorf("the root holds the Markdown files %q, want %q: put other documents under doc/", md, rootDocuments)
	}
}

var commentURL = regexp.MustCompile(`(?i)\b(?:https?|ftp)://\S*`)

// TestCommentFileNames checks that the Markdown files named in the
// comments of the Go files exist, beside the Go file or at the root of
// the module, and that no comment links out of the repository.
func TestCommentFileNames(t *testing.T) {
	fset := gotoken.NewFileSet()
	for _, name := range moduleFiles(t, ".go") {
		f := parseGoFile(t, fset, name)
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				line := fset.Position(c.Pos()).Line
				for _, m := range mdMention.FindAllString(c.Text, -1) {
					if !commentNameExists(name, m) {
						t.Errorf("%s:%d: %s: no such file beside it nor at the root of the module", name, line, m)
					}
				}
				for _, u := range commentURL.FindAllString(c.Text, -1) {
					t.Errorf("%s:%d: %s: a link out of the repository (name the source in words)", name, line, u)
				}
			}
		}
	}
}

// commentNameExists reports whether a file name that the comments of the
// Go file goFile mention names a file beside it or at the module's root.
func commentNameExists(goFile, name string) bool {
	return existsIn(path.Dir(goFile), name) || existsIn(".", name)
}

// TestCommentNameExists checks what TestCommentFileNames accepts: the
// documents under doc/ are named by their path from the root.
func TestCommentNameExists(t *testing.T) {
	for _, tc := range []struct {
		goFile, name string
		ok           bool
	}{
		{"legal.go", "doc/BENCHMARKS.md", true},
		{"legal.go", "BENCHMARKS.md", false},
		{"engine/level.go", "doc/BENCHMARKS.md", true},
		{"engine/level.go", "BENCHMARKS.md", false},
		{"endgame/doc.go", "doc/ENDGAMES.md", true},
		{"hub/client.go", "HUB.md", true},
		{"cmd/hexdame/main.go", "README.md", true},
		{"cmd/hexdame/main.go", "NO-SUCH.md", false},
	} {
		if got := commentNameExists(tc.goFile, tc.name); got != tc.ok {
			t.Errorf("%s naming %s: %v, want %v", tc.goFile, tc.name, got, tc.ok)
		}
	}
}

// A docPackages loads packages' documentation, by import path: the
// module's from its directories, the standard library's from GOROOT.
type docPackages struct {
	t      *testing.T
	module string
	fset   *gotoken.FileSet
	pkgs   map[string]*doc.Package // nil for a path that holds no package
	files  map[string][]*ast.File  // the module's packages' files
}

// load returns the documentation of the package with the given import
// path (nil when there is none).
func (dp *docPackages) load(importPath string) *doc.Package {
	if p, ok := dp.pkgs[importPath]; ok {
		return p
	}
	dp.pkgs[importPath] = nil
	var dir string
	var names []string
	if rel, ok := strings.CutPrefix(importPath, dp.module); ok && (rel == "" || rel[0] == '/') {
		dir = filepath.FromSlash("." + rel)
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil
		}
		for _, e := range entries {
			if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
				names = append(names, n)
			}
		}
	} else {
		bp, err := build.Default.Import(importPath, "", 0)
		if err != nil || !bp.Goroot {
			return nil // not the standard library: the module has no other
		}
		dir, names = bp.Dir, bp.GoFiles
	}
	var files []*ast.File
	for _, n := range names {
		files = append(files, parseGoFile(dp.t, dp.fset, filepath.Join(dir, n)))
	}
	if len(files) == 0 {
		return nil
	}
	p, err := doc.NewFromFiles(dp.fset, files, importPath, doc.AllDecls|doc.PreserveAST)
	if err != nil {
		dp.t.Fatalf("documentation of %s: %v", importPath, err)
	}
	dp.pkgs[importPath] = p
	dp.files[importPath] = files
	return p
}

// modulePackage reports whether name is the name of a package of the
// module.
func (dp *docPackages) modulePackage(name string) bool {
	for path, p := range dp.pkgs {
		if p != nil && p.Name == name && strings.HasPrefix(path, dp.module) {
			return true
		}
	}
	return false
}

// docComments returns the doc comments of a file: the package's, and
// those of its declarations, their specs, struct fields and interface
// methods.
func docComments(f *ast.File) []*ast.CommentGroup {
	var out []*ast.CommentGroup
	ast.Inspect(f, func(n ast.Node) bool {
		var cg *ast.CommentGroup
		switch n := n.(type) {
		case *ast.File:
			cg = n.Doc
		case *ast.GenDecl:
			cg = n.Doc
		case *ast.FuncDecl:
			cg = n.Doc
		case *ast.TypeSpec:
			cg = n.Doc
		case *ast.ValueSpec:
			cg = n.Doc
		case *ast.Field:
			cg = n.Doc
		}
		if cg != nil {
			out = append(out, cg)
		}
		return true
	})
	return out
}

// TestDocLinks checks the doc links of every package of the module: each
// [Name], [Name.Method], [pkg] and [pkg.Name] names a declaration that
// exists, in the package, in a package of the module or in the standard
// library. A doc link whose name is unknown is printed by go doc as
// plain text in brackets: the test finds those too.
func TestDocLinks(t *testing.T) {
	dp := &docPackages{t: t, module: modulePath(t), fset: gotoken.NewFileSet(),
		pkgs: map[string]*doc.Package{}, files: map[string][]*ast.File{}}
	dirs := map[string]bool{}
	for _, name := range moduleFiles(t, ".go") {
		if !strings.HasSuffix(name, "_test.go") {
			dirs[path.Dir(name)] = true
		}
	}
	var paths []string
	for dir := range dirs {
		importPath := dp.module
		if dir != "." {
			importPath += "/" + dir
		}
		if dp.load(importPath) != nil {
			paths = append(paths, importPath)
		}
	}
	slices.Sort(paths)
	for _, importPath := range paths {
		for _, f := range dp.files[importPath] {
			for _, cg := range docComments(f) {
				for _, bad := range badDocLinks(dp, dp.pkgs[importPath], cg.Text()) {
					t.Errorf("%s: %s", dp.fset.Position(cg.Pos()), bad)
				}
			}
		}
	}
}

// badDocLinks returns what is wrong with the doc links of a doc comment
// of pkg.
func badDocLinks(dp *docPackages, pkg *doc.Package, text string) []string {
	var bad []string
	p := pkg.Parser()
	lookupSym, lookupPackage := p.LookupSym, p.LookupPackage
	p.LookupSym = func(recv, name string) bool {
		if name == "" || lookupSym(recv, name) {
			return name != "" // "[]" is no link
		}
		bad = append(bad, "["+joinDot(recv, name)+"]: no such declaration in package "+pkg.Name)
		return false
	}
	p.LookupPackage = func(name string) (string, bool) {
		if path, ok := lookupPackage(name); ok {
			return path, true
		}
		// A bracketed word that names no package is text, as in
		// rays[c][d]; a package of the module not imported is a
		// dead link.
		if dp.modulePackage(name) {
			bad = append(bad, "["+name+"]: package "+name+" is not imported here: write its import path")
		}
		return "", false
	}
	walk := func(texts []comment.Text) {
		for _, x := range texts {
			switch x := x.(type) {
			case *comment.DocLink:
				if x.ImportPath == "" {
					continue // in pkg itself: LookupSym said yes
				}
				target := dp.load(x.ImportPath)
				switch {
				case target == nil:
					bad = append(bad, "["+x.ImportPath+"]: no such package in the module or the standard library")
				case x.Name != "" && !target.Parser().LookupSym(x.Recv, x.Name):
					bad = append(bad, "["+path.Base(x.ImportPath)+"."+joinDot(x.Recv, x.Name)+"]: no such declaration in "+x.ImportPath)
				}
			case *comment.Link:
				if x.Auto { // a defined link is reported with its definition
					bad = append(bad, x.URL+": a link out of the repository (name the source in words)")
				}
			}
		}
	}
	d := p.Parse(text)
	for _, b := range d.Content {
		switch b := b.(type) {
		case *comment.Paragraph:
			walk(b.Text)
		case *comment.Heading:
			walk(b.Text)
		case *comment.List:
			for _, item := range b.Items {
				for _, ib := range item.Content {
					if para, ok := ib.(*comment.Paragraph); ok {
						walk(para.Text)
					}
				}
			}
		}
	}
	for _, def := range d.Links {
		bad = append(bad, def.URL+": a link definition out of the repository (name the source in words)")
	}
	return bad
}

func joinDot(recv, name string) string {
	if recv == "" {
		return name
	}
	return recv + "." + name
}

// TestBadDocLinks checks what the doc link check finds, in doc comments
// of package hub.
func TestBadDocLinks(t *testing.T) {
	dp := &docPackages{t: t, module: modulePath(t), fset: gotoken.NewFileSet(),
		pkgs: map[string]*doc.Package{}, files: map[string][]*ast.File{}}
	for _, p := range []string{"", "/engine", "/hub"} {
		dp.load(dp.module + p)
	}
	hub := dp.pkgs[dp.module+"/hub"]
	for text, want := range map[string]int{
		"[Client], [*Client], [Client.Search], [Limits.Clock] and [Connect].":                    0,
		"[hexdame.Game], [hexdame.Game.Play], [context.Context], [time.Duration] and [hexdame].": 0,
		"rays[c][d], a range [lo, hi], [] and [x] are text.":                                     0,
		"[github.com/hexdame/hexdame/engine.Engine] by its import path.":                         0,
		"[NewClient]":                                   1,
		"[Client.NoSuchMethod]":                         1,
		"[hexdame.NoSuchThing]":                         1,
		"[context.NoSuchThing]":                         1,
		"[engine.Engine]":                               1, // engine is not imported here: go doc prints the brackets
		"[engine]":                                      1, // a package of the module that hub does not import
		"[github.com/hexdame/hexdame/nosuch]":           1,
		"See https://example.com.":                      1,
		"[the site]\n\n[the site]: https://example.com": 1,
	} {
		if got := badDocLinks(dp, hub, text); len(got) != want {
			t.Errorf("%q: %d problems %q, want %d", text, len(got), got, want)
		}
	}
}
