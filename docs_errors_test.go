package hexdame

import (
	"go/ast"
	gotoken "go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestErrorTextsUnprefixed keeps the convention of the package doc's
// "Errors" section in every library package of the module: no error text
// begins with a package's name, as "hexdame/hub: " and "bigmem: " did.
// It reads the non-test Go files (programs, package main, print their
// own name before a message and are left out) and checks
//
//   - every string literal but those a program prints (the arguments of
//     fmt's Print and Fprint functions): none begins with a package's
//     name or the module's ("hexdame"), alone or with a path, and a
//     colon, so that a prefix kept in a constant and added by formatting
//     is found too;
//   - the text of every sentinel and formatted error (errors.New and
//     fmt.Errorf of a literal): none begins with "hexdame" in any case.
func TestErrorTextsUnprefixed(t *testing.T) {
	fset := gotoken.NewFileSet()
	type text struct {
		pos   gotoken.Position
		s     string
		error bool // the text of errors.New or fmt.Errorf
	}
	var texts []text
	names := []string{"hexdame"}
	sentinels := 0
	for _, name := range moduleFiles(t, ".go") {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f := parseGoFile(t, fset, name)
		if f.Name.Name == "main" {
			continue
		}
		if !slices.Contains(names, f.Name.Name) {
			names = append(names, f.Name.Name)
		}
		errorArgs := map[*ast.BasicLit]bool{}
		printed := map[*ast.BasicLit]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				fun := callName(n)
				if (fun == "errors.New" || fun == "fmt.Errorf") && len(n.Args) > 0 {
					if lit, ok := n.Args[0].(*ast.BasicLit); ok {
						errorArgs[lit] = true
					}
					if fun == "errors.New" {
						sentinels++
					}
				}
				if strings.HasPrefix(fun, "fmt.Print") || strings.HasPrefix(fun, "fmt.Fprint") {
					for _, a := range n.Args {
						if lit, ok := a.(*ast.BasicLit); ok {
							printed[lit] = true
						}
					}
				}
			case *ast.BasicLit:
				if n.Kind != gotoken.STRING || printed[n] {
					break
				}
				if s, err := strconv.Unquote(n.Value); err == nil {
					texts = append(texts, text{fset.Position(n.Pos()), s, errorArgs[n]})
				}
			}
			return true
		})
	}
	// The module has some 60 errors.New in its library packages: far
	// fewer means that the walk missed them.
	if sentinels < 40 || !slices.Contains(names, "hub") || !slices.Contains(names, "endgame") {
		t.Fatalf("read %d errors.New in packages %v: the walk missed files", sentinels, names)
	}
	prefix := regexp.MustCompile(`^(?:` + strings.Join(names, "|") + `)(?:/[\w/]*)?: `)
	for _, x := range texts {
		if prefix.MatchString(x.s) || x.error && strings.HasPrefix(strings.ToLower(x.s), "hexdame") {
			t.Errorf("%s: %q begins with a package's name", x.pos, x.s)
		}
	}
}

// callName returns the name a call calls, "errors.New" for a call of a
// package's function, "" for others.
func callName(c *ast.CallExpr) string {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	pkg, ok := sel.X.(*ast.Ident)
	if !ok {
		return ""
	}
	return pkg.Name + "." + sel.Sel.Name
}

// TestNoSurgeryOnErrorTexts checks that no Go file of the module, programs
// included, cuts or rewrites an error's text with package strings
// (strings.TrimPrefix(err.Error(), "hexdame/hub: ") and the like, as
// cmd/hexdame did in about ten places): an error's text is used as it is,
// and whatever a message needs besides comes from formatting.
func TestNoSurgeryOnErrorTexts(t *testing.T) {
	surgery := []string{"strings.TrimPrefix", "strings.TrimSuffix", "strings.CutPrefix", "strings.CutSuffix",
		"strings.Cut", "strings.Replace", "strings.ReplaceAll", "strings.Index", "strings.LastIndex", "strings.TrimLeft"}
	fset := gotoken.NewFileSet()
	for _, name := range moduleFiles(t, ".go") {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		ast.Inspect(parseGoFile(t, fset, name), func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok || !slices.Contains(surgery, callName(c)) || len(c.Args) == 0 {
				return true
			}
			if arg, ok := c.Args[0].(*ast.CallExpr); ok && len(arg.Args) == 0 {
				if sel, ok := arg.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" {
					t.Errorf("%s: %s of an error's text", fset.Position(c.Pos()), callName(c))
				}
			}
			return true
		})
	}
}
