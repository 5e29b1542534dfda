//go:build goexperiment.simd && amd64 && go1.27

package vec

import (
	"bytes"
	"go/ast"
	"go/build"
	"go/parser"
	"go/printer"
	"go/token"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestArchsimdAPI holds vec's declarations to archsimd's, in the source of the
// toolchain running the test: every exported function and method of vec that
// archsimd also has must have the same parameters and results, names
// included, and its doc comment must end with the same Asm (or Emulated)
// line, the masks' excepted (see below). Every one archsimd lacks must say
// so in its doc comment.
func TestArchsimdAPI(t *testing.T) {
	ctxt := build.Default
	ctxt.GOOS, ctxt.GOARCH = "linux", "amd64"
	ctxt.BuildTags = append(ctxt.BuildTags, "goexperiment.simd")
	hw := apiDecls(t, &ctxt, filepath.Join(runtime.GOROOT(), "src", "simd", "archsimd"))
	if len(hw) < 1000 {
		t.Fatalf("found only %d archsimd declarations in %s", len(hw), runtime.GOROOT())
	}
	emu := apiDecls(t, &ctxt, ".")
	same := 0
	for name, e := range emu {
		h, ok := hw[name]
		if !ok {
			if !strings.Contains(e.doc, "archsimd has") {
				t.Errorf("%s: archsimd has no such function, and its documentation does not say so", name)
			}
			continue
		}
		same++
		if e.sig != h.sig {
			t.Errorf("%s:\nvec      %s\narchsimd %s", name, e.sig, h.sig)
		}
		// vec names the opmask instruction by the mask's width (KMOVQ for
		// 64 lanes), archsimd by the lane's (KMOVB for Mask8x64), and gives
		// And and Or no Asm line; vec keeps the instruction that runs.
		if e.asm != h.asm && !strings.HasPrefix(name, "Mask") {
			t.Errorf("%s: doc ends\nvec      %q\narchsimd %q", name, e.asm, h.asm)
		}
	}
	t.Logf("%d of vec's %d exported functions and methods are archsimd's", same, len(emu))
}

// apiDecl is what TestArchsimdAPI compares of a declaration.
type apiDecl struct {
	sig string // parameters and results as written
	doc string
	asm string // the doc comment's Asm or Emulated line, or ""
}

// apiDecls returns the exported functions and methods declared in the
// package in dir for ctxt, by name (methods as Type.Method), leaving out
// tests.
func apiDecls(t *testing.T, ctxt *build.Context, dir string) map[string]apiDecl {
	t.Helper()
	bp, err := ctxt.ImportDir(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	decls := map[string]apiDecl{}
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || !fn.Name.IsExported() {
				continue
			}
			key := fn.Name.Name
			if fn.Recv != nil {
				id, ok := fn.Recv.List[0].Type.(*ast.Ident)
				if !ok || !id.IsExported() {
					continue
				}
				key = id.Name + "." + key
			}
			var sig bytes.Buffer
			printer.Fprint(&sig, fset, fn.Type)
			doc := fn.Doc.Text()
			asm := ""
			for _, line := range strings.Split(strings.TrimSpace(doc), "\n") {
				if strings.HasPrefix(line, "Asm:") || strings.HasPrefix(line, "Emulated") {
					asm = line
				}
			}
			decls[key] = apiDecl{sig.String(), doc, asm}
		}
	}
	return decls
}
