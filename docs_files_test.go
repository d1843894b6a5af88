package hexdame

import (
	"go/ast"
	"go/doc/comment"
	"go/importer"
	gotoken "go/token"
	"go/types"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The package's files are listed in its doc (doc.go, "The files"), lowest
// first: each file uses only what it and the files before it define. This
// file checks that order.

// fileMapHeading is the heading of doc.go's section that lists the files.
const fileMapHeading = "The files"

// laterFileUses are the uses of a name defined in a later file that the
// package keeps: by the file that uses the names and the file that defines
// them, each with why it cannot be otherwise. A name is written as
// TestFileOrder writes it: "Game", "Position.play", "Game.dirty" (a
// field).
var laterFileUses = []struct {
	file, definedIn string
	names           []string
	why             string
}{
	{"board.go", "position.go", []string{"newStartPosition", "startPosition"},
		"board.go's init builds the start position once the board tables it is built from exist; " +
			"an init of position.go's own would rely on the order in which the go command gives the files " +
			"to the compiler (by name), which is not this map's"},
	{"tree.go", "game.go", []string{"Game", "Game.dirty", "Game.rules"},
		"Game and Node refer to each other (a Game holds its tree, a Node points to its Game): " +
			"a node's edits mark its game's main line out of date (dirty), and Node.Outcome applies " +
			"the game's draw rules (rules)"},
	{"pdnlex.go", "replay.go", []string{"replayer"},
		"a Reader keeps, in a field, the replayer that CheckGame reuses from game to game; " +
			"the syntax layer holds it without using it"},
}

// readFileMap returns the files doc.go's map lists, in its order.
func readFileMap(t *testing.T) []string {
	t.Helper()
	f := parseGoFile(t, gotoken.NewFileSet(), "doc.go")
	if f.Doc == nil {
		t.Fatal("doc.go has no package doc")
	}
	var p comment.Parser
	doc := p.Parse(f.Doc.Text())
	var list *comment.List
	in := false
	for _, b := range doc.Content {
		if h, ok := b.(*comment.Heading); ok {
			in = plainText(h.Text) == fileMapHeading
			continue
		}
		if l, ok := b.(*comment.List); ok && in && list == nil {
			list = l
		}
	}
	if list == nil {
		t.Fatalf("doc.go has no section %q with a list of the files", fileMapHeading)
	}
	var files []string
	for _, item := range list.Items {
		var text string
		if len(item.Content) > 0 {
			if para, ok := item.Content[0].(*comment.Paragraph); ok {
				text = plainText(para.Text)
			}
		}
		name, _, _ := strings.Cut(text, ":")
		if !strings.HasSuffix(name, ".go") || strings.ContainsAny(name, " \t\n") {
			t.Fatalf("doc.go: item %q of the file map does not start with a file name and a colon", text)
		}
		files = append(files, name)
	}
	return files
}

// plainText returns the text of a doc comment's inline parts.
func plainText(parts []comment.Text) string {
	var b strings.Builder
	for _, x := range parts {
		switch x := x.(type) {
		case comment.Plain:
			b.WriteString(string(x))
		case comment.Italic:
			b.WriteString(string(x))
		case *comment.Link:
			b.WriteString(plainText(x.Text))
		case *comment.DocLink:
			b.WriteString(plainText(x.Text))
		}
	}
	return b.String()
}

// TestFileOrder checks that doc.go's map lists every file of the package
// once, and that no file uses a name (a type, function, variable,
// constant, method or field of the package) defined in a file after it in
// the map, but for laterFileUses, each of which must still be needed.
func TestFileOrder(t *testing.T) {
	if raceEnabled {
		t.Skip("a static check of the source: the race detector adds nothing to it")
	}
	order := readFileMap(t)
	rank := make(map[string]int, len(order))
	for i, name := range order {
		if _, dup := rank[name]; dup {
			t.Errorf("doc.go's file map lists %s twice", name)
		}
		rank[name] = i
	}
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := gotoken.NewFileSet()
	var files []*ast.File
	listed := map[string]bool{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		listed[name] = true
		if _, ok := rank[name]; !ok {
			t.Errorf("%s is not in doc.go's file map", name)
		}
		files = append(files, parseGoFile(t, fset, name))
	}
	for _, name := range order {
		if !listed[name] {
			t.Errorf("doc.go's file map lists %s, which is not a file of the package", name)
		}
	}
	if t.Failed() {
		return
	}

	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	pkg, err := conf.Check("hexdame", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	fields := fieldNames(files)
	allowed := map[[3]string]bool{} // file, defining file, name
	for _, e := range laterFileUses {
		for _, n := range e.names {
			allowed[[3]string{e.file, e.definedIn, n}] = false
		}
	}
	type use struct {
		at       gotoken.Position
		from, in string // the file that uses the name, and the one that defines it
		name     string
	}
	first := map[[3]string]use{} // the first use of each name from each file
	for id, obj := range info.Uses {
		if obj.Pkg() != pkg || !obj.Pos().IsValid() {
			continue
		}
		if _, ok := obj.(*types.Label); ok {
			continue
		}
		if obj.Parent() != nil && obj.Parent() != pkg.Scope() {
			continue // a local name (methods and fields have no parent scope)
		}
		at := fset.Position(id.Pos())
		from, to := filepath.Base(at.Filename), filepath.Base(fset.Position(obj.Pos()).Filename)
		if rank[to] <= rank[from] {
			continue
		}
		key := [3]string{from, to, objectName(obj, fields)}
		if _, ok := allowed[key]; ok {
			allowed[key] = true
			continue
		}
		if u, ok := first[key]; !ok || at.Offset < u.at.Offset {
			first[key] = use{at, from, to, key[2]}
		}
	}
	later := slices.SortedFunc(maps.Values(first), func(a, b use) int {
		if c := rank[a.from] - rank[b.from]; c != 0 {
			return c
		}
		return a.at.Offset - b.at.Offset
	})
	for _, u := range later {
		t.Errorf("%s:%d: uses %s, defined in %s, which comes after it in doc.go's file map", u.from, u.at.Line, u.name, u.in)
	}
	for _, e := range laterFileUses {
		t.Logf("%s uses %s of %s: %s", e.file, strings.Join(e.names, ", "), e.definedIn, e.why)
		for _, n := range e.names {
			if !allowed[[3]string{e.file, e.definedIn, n}] {
				t.Errorf("laterFileUses: %s no longer uses %s of %s: remove it from the list", e.file, n, e.definedIn)
			}
		}
	}
}

// fieldNames returns the names of the fields of the package's struct
// types, by the place of their declaration: "Game.dirty".
func fieldNames(files []*ast.File) map[gotoken.Pos]string {
	out := map[gotoken.Pos]string{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			// Fields of nested struct types are named after the type
			// that holds them.
			ast.Inspect(ts.Type, func(n ast.Node) bool {
				if st, ok := n.(*ast.StructType); ok {
					for _, fl := range st.Fields.List {
						for _, id := range fl.Names {
							out[id.Pos()] = ts.Name.Name + "." + id.Name
						}
					}
				}
				return true
			})
			return false
		})
	}
	return out
}

// objectName returns how TestFileOrder names a package-level object, a
// method ("Position.play") or a field ("Game.dirty").
func objectName(obj types.Object, fields map[gotoken.Pos]string) string {
	switch obj := obj.(type) {
	case *types.Func:
		if recv := obj.Signature().Recv(); recv != nil {
			t := recv.Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if n, ok := t.(*types.Named); ok {
				return n.Obj().Name() + "." + obj.Name()
			}
			return obj.Name() // a method of an interface
		}
	case *types.Var:
		if obj.IsField() {
			if name, ok := fields[obj.Pos()]; ok {
				return name
			}
		}
	}
	return obj.Name()
}
