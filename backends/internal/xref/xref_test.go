// Package xref checks the cross-references between the backends' Go models
// and their avo generators: every "(model: X)" in a generator or a
// backend's own files and every "(asm: X)" in a model must name something
// that exists, so that a reader who follows one finds the step it names.
package xref

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// root is the module's root, from this package's folder.
const root = "../../.."

// backends are the backends with assembly: each has its models in
// backends/<name> and its generator in backends/_asm/<name>.
var backends = []string{"aesni", "vaes256", "vaes512"}

// packages are the folders of the packages a reference may qualify a name
// with (ghash.MulX, emit.LastByteAdds).
var packages = map[string]string{
	"ghash":    "ghash",
	"tables":   "tables",
	"vec":      "vec",
	"aesround": "aesround",
	"emit":     "backends/_asm/internal/emit",
	"api":      "backends/_asm/internal/api",
	"kernel":   "backends/internal/kernel",
}

// decls is what one folder declares: top-level names, and Type.member for
// every method and struct field.
type decls map[string]bool

func parseDir(t *testing.T, dir string) (decls, []*ast.File, *token.FileSet) {
	t.Helper()
	fset := token.NewFileSet()
	entries, err := os.ReadDir(filepath.Join(root, dir))
	if err != nil {
		t.Fatal(err)
	}
	d := decls{}
	var files []*ast.File
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(root, dir, e.Name()), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if decl.Recv == nil {
					d[decl.Name.Name] = true
					continue
				}
				d[recvName(decl.Recv.List[0].Type)+"."+decl.Name.Name] = true
			case *ast.GenDecl:
				for _, spec := range decl.Specs {
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						d[spec.Name.Name] = true
						var members *ast.FieldList
						switch t := spec.Type.(type) {
						case *ast.StructType:
							members = t.Fields
						case *ast.InterfaceType:
							members = t.Methods
						}
						if members != nil {
							for _, field := range members.List {
								for _, n := range field.Names {
									d[spec.Name.Name+"."+n.Name] = true
								}
							}
						}
					case *ast.ValueSpec:
						for _, n := range spec.Names {
							d[n.Name] = true
						}
					}
				}
			}
		}
	}
	// The names of steps and constants that exist only in the .s: the
	// first name of a Comment ("keepShort: zero the bytes past n.") and
	// a DATA symbol's name ("xtsPowers").
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if m := stepName.FindStringSubmatch(strings.Trim(lit.Value, "`\"")); m != nil {
					d[m[1]] = true
				}
			}
			return true
		})
	}
	return d, files, fset
}

// stepName matches a string literal that is a name or starts with one
// followed by a colon.
var stepName = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_.]*)(?::|$)`)

func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvName(e.X)
	case *ast.IndexExpr:
		return recvName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return ""
}

var (
	refPattern = regexp.MustCompile(`\((model|asm): ([^()]*(?:\([^()]*\)[^()]*)*)\)`)
	identifier = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*`)
	callArgs   = regexp.MustCompile(`\([^()]*\)`)
)

// A ref is one reference found in a comment.
type ref struct {
	kind, text string
	pos        token.Position
}

// refs returns the references in the comments of files, each comment
// group's lines joined, since a reference may wrap.
func refs(files []*ast.File, fset *token.FileSet) []ref {
	var out []ref
	for _, f := range files {
		for _, g := range f.Comments {
			var lines []string
			for _, c := range g.List {
				lines = append(lines, strings.TrimPrefix(strings.TrimPrefix(c.Text, "//"), "/*"))
			}
			text := strings.Join(strings.Fields(strings.Join(lines, " ")), " ")
			for _, m := range refPattern.FindAllStringSubmatch(text, -1) {
				out = append(out, ref{kind: m[1], text: m[2], pos: fset.Position(g.Pos())})
			}
		}
	}
	return out
}

// resolves returns the names in a reference's text that nothing declares.
// The text is split at semicolons and commas; a part with a colon (not
// "reference:") keeps what follows it ("the loop ctr8: counter.blocks").
// Every part that is one name, and every Type.member or package-qualified
// name, must resolve: to a declaration of local (a top-level name,
// Type.member, or a method or field name alone), of the package a
// qualified name names, or as an instruction mnemonic (VPXOR); and some
// name of the reference must. Other words are prose ("the rest of
// gcmBatch").
func resolves(text string, local decls, pkg func(string) decls) []string {
	var missing []string
	ok := func(id string) bool {
		if mnemonic.MatchString(id) || local[id] || local.member(id) {
			return true
		}
		head, rest, dotted := strings.Cut(id, ".")
		if !dotted {
			return false
		}
		if _, isPkg := packages[head]; isPkg {
			d := pkg(head)
			return d[rest] || d.member(rest)
		}
		return false
	}
	parts := regexp.MustCompile(`[;,]`).Split(callArgs.ReplaceAllString(text, ""), -1)
	any := false
	for _, part := range parts {
		part = strings.TrimSpace(part)
		if r, ok := strings.CutPrefix(part, "reference:"); ok {
			part = strings.TrimSpace(r)
		} else if _, after, ok := strings.Cut(part, ":"); ok {
			part = strings.TrimSpace(after)
		}
		ids := identifier.FindAllString(part, -1)
		for _, id := range ids {
			switch {
			case ok(id):
				any = true
			case strings.Contains(id, "."), len(ids) == 1:
				missing = append(missing, id)
			}
		}
	}
	if !any && len(missing) == 0 {
		missing = append(missing, text)
	}
	return missing
}

// mnemonic matches an instruction's name.
var mnemonic = regexp.MustCompile(`^[A-Z][A-Z0-9]+$`)

// member reports whether some type in d has a method or field name, or,
// for name = Type.member.more, whether Type has member.
func (d decls) member(name string) bool {
	if t, rest, ok := strings.Cut(name, "."); ok {
		m, _, _ := strings.Cut(rest, ".")
		return d[t+"."+m]
	}
	for k := range d {
		if _, m, ok := strings.Cut(k, "."); ok && m == name {
			return true
		}
	}
	return false
}

func TestReferences(t *testing.T) {
	pkgDecls := map[string]decls{}
	pkg := func(name string) decls {
		if d, ok := pkgDecls[name]; ok {
			return d
		}
		d, _, _ := parseDir(t, packages[name])
		pkgDecls[name] = d
		return d
	}
	total := 0
	for _, b := range backends {
		models, modelFiles, mfset := parseDir(t, filepath.Join("backends", b))
		gen, genFiles, gfset := parseDir(t, filepath.Join("backends", "_asm", b))
		for _, side := range []struct {
			files  []*ast.File
			fset   *token.FileSet
			byKind map[string]decls
		}{
			{modelFiles, mfset, map[string]decls{"model": models, "asm": gen}},
			{genFiles, gfset, map[string]decls{"model": models, "asm": gen}},
		} {
			for _, r := range refs(side.files, side.fset) {
				total++
				if missing := resolves(r.text, side.byKind[r.kind], pkg); len(missing) > 0 {
					t.Errorf("%s: (%s: %s): no declaration of %q", r.pos, r.kind, r.text, missing)
				}
			}
		}
	}
	if total < 300 {
		t.Errorf("only %d references found: the comments or this test's pattern changed", total)
	}
	t.Logf("%d references checked", total)
}
