package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Two builds of vec share one API. The emulation, every file this program
// writes but archsimd_gen.go (and the test archsimd_gen_test.go) and the
// hand-written files that reach into the lanes, is built unless Go 1.27's
// archsimd is there to build on; with it (Go 1.27 or later,
// GOEXPERIMENT=simd, amd64), archsimd_gen.go and archsimd_extra.go make each
// vec type a one-field struct around archsimd's type of the same name, and
// each operation a call of archsimd's. The tag vec_emulate keeps the
// emulation in that build too, for the tests that hold it to archsimd
// (archsimd_gen_test.go and archsimd_test.go).
const (
	emuBuild  = "//go:build !(goexperiment.simd && amd64 && go1.27) || vec_emulate"
	simdBuild = "//go:build goexperiment.simd && amd64 && go1.27 && !vec_emulate"
)

// handWritten lists vec's hand-written files that declare exported
// operations; archsimd_gen.go forwards theirs too.
var handWritten = []string{"aes.go", "clmul.go"}

// apiDecl is one exported declaration of the emulation, as parsed.
type apiDecl struct {
	key  string // Type.Method or Func, for sorting
	file string // the file that declares it
	doc  string
	recv string // receiver type, or ""
	fn   *ast.FuncDecl
}

// parseAPI parses sources, the generated files and the hand-written ones by
// name, and returns their type declarations and their exported functions and
// methods, file by file in the order of the names and in source order
// within a file.
func parseAPI(sources map[string][]byte) (*token.FileSet, []*ast.GenDecl, []apiDecl, error) {
	fset := token.NewFileSet()
	var types []*ast.GenDecl
	var decls []apiDecl
	for _, name := range sortedNames(sources) {
		f, err := parser.ParseFile(fset, name, sources[name], parser.ParseComments)
		if err != nil {
			return nil, nil, nil, err
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				if d.Tok == token.TYPE {
					types = append(types, d)
				}
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				a := apiDecl{key: d.Name.Name, file: name, doc: d.Doc.Text(), fn: d}
				if d.Recv != nil {
					a.recv = d.Recv.List[0].Type.(*ast.Ident).Name
					a.key = a.recv + "." + a.key
				}
				decls = append(decls, a)
			}
		}
	}
	return fset, types, decls, nil
}

// emitArchsimd writes archsimd_gen.go from the emulation's declarations:
// sources holds the generated files and the hand-written ones by name.
// Operations whose documentation says archsimd has no such operation, and
// String, are left to archsimd_extra.go.
func emitArchsimd(sources map[string][]byte) ([]byte, error) {
	fset, types, decls, err := parseAPI(sources)
	if err != nil {
		return nil, err
	}
	sort.Slice(decls, func(i, j int) bool { return decls[i].key < decls[j].key })
	vecTypes := map[string]bool{}

	var b bytes.Buffer
	b.WriteString(header + "\n\n" + simdBuild + "\n\npackage vec\n\n")
	b.WriteString("import \"simd/archsimd\"\n\n")
	b.WriteString("// This build makes every vec type a one-field struct around archsimd's\n" +
		"// type of the same name, which the compiler keeps in a vector register,\n" +
		"// and every operation a call of archsimd's, which it inlines: a model\n" +
		"// written with vec compiles to the instructions its Asm lines name.\n" +
		"// Operations archsimd lacks are in archsimd_extra.go.\n\n")
	for _, g := range types {
		for _, s := range g.Specs {
			ts := s.(*ast.TypeSpec)
			vecTypes[ts.Name.Name] = true
			doc := g.Doc
			if doc == nil {
				doc = ts.Doc
			}
			writeDoc(&b, doc.Text())
			fmt.Fprintf(&b, "type %s struct {\n\tv archsimd.%[1]s\n}\n\n", ts.Name.Name)
		}
	}
	for _, a := range decls {
		if strings.Contains(a.doc, "archsimd has") {
			continue
		}
		body, err := forward(fset, a, vecTypes)
		if a.fn.Name.Name == "String" {
			// vec's own format, which archsimd's String does not share.
			body, err = stringBody(a.recv), nil
		}
		if a.recv == "" && strings.HasPrefix(a.fn.Name.Name, "Load") && strings.HasSuffix(a.fn.Name.Name, "Part") {
			// Go 1.27.3's archsimd loads a part of fewer than a whole
			// vector's elements (at 512 bits, and for 32- and 64-bit
			// lanes at every width) by loading the whole array and
			// masking it, which reads past the end of s and faults when
			// s ends at the end of a page. vec loads those otherwise
			// (see partBody).
			body, err = partBody(strings.TrimSuffix(strings.TrimPrefix(a.fn.Name.Name, "Load"), "Part")), nil
		}
		if a.recv == "Uint64x4" && strings.HasPrefix(a.fn.Name.Name, "CarrylessMultiply") {
			body, err = clmulHalvesBody(a.fn.Name.Name), nil
		}
		if err != nil {
			return nil, err
		}
		writeDoc(&b, a.doc)
		b.WriteString(body)
		b.WriteString("\n\n")
	}
	return b.Bytes(), nil
}

// forward returns the declaration of a, with a body that calls archsimd's
// operation of the same name, unwrapping the vec arguments and wrapping the
// vec results.
func forward(fset *token.FileSet, a apiDecl, vecTypes map[string]bool) (string, error) {
	var sig bytes.Buffer
	fn := *a.fn
	fn.Doc, fn.Body = nil, nil
	if err := printer.Fprint(&sig, fset, &fn); err != nil {
		return "", err
	}
	// vec defines the lane selectors of ConcatPermuteScalars past the
	// eight (or four) lanes, as the instruction's immediate takes them;
	// archsimd does not, so they are reduced first. For constant selectors
	// the reduction folds away.
	selMask := ""
	if strings.HasPrefix(a.fn.Name.Name, "ConcatPermuteScalars") {
		selMask = map[bool]string{true: "&7", false: "&3"}[strings.HasPrefix(a.recv, "Uint32")]
	}
	var args []string
	for _, p := range a.fn.Type.Params.List {
		id, isVec := p.Type.(*ast.Ident)
		isVec = isVec && vecTypes[id.Name]
		for _, n := range p.Names {
			switch {
			case isVec:
				args = append(args, n.Name+".v")
			case selMask != "" && id.Name == "uint8":
				args = append(args, n.Name+selMask)
			default:
				args = append(args, n.Name)
			}
		}
	}
	call := "archsimd." + a.fn.Name.Name
	if a.recv != "" {
		call = a.fn.Recv.List[0].Names[0].Name + ".v." + a.fn.Name.Name
	}
	call += "(" + strings.Join(args, ", ") + ")"
	var results []string
	if a.fn.Type.Results != nil {
		for _, r := range a.fn.Type.Results.List {
			n := len(r.Names)
			if n == 0 {
				n = 1
			}
			for range n {
				results = append(results, types2str(r.Type))
			}
		}
	}
	var body string
	switch {
	case len(results) == 0:
		body = call
	case len(results) == 1 && vecTypes[results[0]]:
		body = "return " + results[0] + "{" + call + "}"
	case len(results) == 1:
		body = "return " + call
	case len(results) == 2 && vecTypes[results[0]] && !vecTypes[results[1]]:
		body = "r, n := " + call + "\n\treturn " + results[0] + "{r}, n"
	default:
		return "", fmt.Errorf("%s: no forwarding rule for results %v", a.key, results)
	}
	return sig.String() + " {\n\t" + body + "\n}", nil
}

// stringBody is String of the vec type named recv: its lanes stored to
// an array and formatted as the emulation formats them.
func stringBody(recv string) string {
	for _, t := range all {
		if t.Name == recv {
			format := "formatUnsigned"
			if t.Signed() {
				format = "formatSigned"
			}
			return fmt.Sprintf("func (x %s) String() string {\n\tvar a [%d]%s\n\tx.v.StoreArray(&a)\n\treturn %s(a[:])\n}",
				t.Name, t.N, t.Elem, format)
		}
	}
	panic("no vector type " + recv)
}

// partBody is LoadTPart for the vec type named t. The branches are on the
// length, which is public.
//
//   - Bytes at 128 and 256 bits: archsimd's own, which reads a short part
//     in pieces of 8, 4, 2 and 1 bytes inserted into the vector, never past
//     the end of s.
//   - Bytes at 512 bits: the two 256-bit halves so loaded, joined.
//   - Wider lanes: a whole load when s holds a whole vector, else a load of
//     a zeroed array the part is copied into. (A 64-byte load of an array
//     just written by smaller stores waits for them to reach the cache: the
//     CPU cannot forward several stores into one load. The models load no
//     such part.)
func partBody(t string) string {
	for _, v := range all {
		if v.Name != t {
			continue
		}
		switch {
		case v.EBits == 8 && v.Bits() < 512:
			return fmt.Sprintf("func Load%[1]sPart(s []%[2]s) (%[1]s, int) {\n"+
				"\tx, n := archsimd.Load%[1]sPart(s)\n\treturn %[1]s{x}, n\n}", v.Name, v.Elem)
		case v.EBits == 8:
			half := vt(v.Elem, 8, v.N/2).Name
			return fmt.Sprintf("func Load%[1]sPart(s []%[2]s) (%[1]s, int) {\n"+
				"\tif len(s) >= %[3]d {\n\t\treturn %[1]s{archsimd.Load%[1]s(s)}, %[3]d\n\t}\n"+
				"\tlo, n := archsimd.Load%[4]sPart(s)\n"+
				"\tvar x archsimd.%[1]s\n"+
				"\tif n < %[5]d {\n\t\treturn %[1]s{x.SetLo(lo)}, n\n\t}\n"+
				"\thi, m := archsimd.Load%[4]sPart(s[%[5]d:])\n"+
				"\treturn %[1]s{x.SetLo(lo).SetHi(hi)}, n + m\n}",
				v.Name, v.Elem, v.N, half, v.N/2)
		}
		return fmt.Sprintf("func Load%[1]sPart(s []%[2]s) (%[1]s, int) {\n"+
			"\tif len(s) >= %[3]d {\n\t\treturn %[1]s{archsimd.Load%[1]s(s)}, %[3]d\n\t}\n"+
			"\tvar a [%[3]d]%[2]s\n\tn := copy(a[:], s)\n\treturn %[1]s{archsimd.Load%[1]sArray(&a)}, n\n}",
			v.Name, v.Elem, v.N)
	}
	panic("no vector type " + t)
}

// clmulHalvesBody returns the body of a 256-bit carry-less multiply in
// the archsimd build: the two 128-bit halves multiplied apart, each a
// VPCLMULQDQ on XMM registers, and joined (VEXTRACTI128, VINSERTI128).
// Go 1.27.3 gives its 256-bit VPCLMULQDQ the AVX-512 register class, so
// that under register pressure the compiler puts it in Y16-Y31, which only
// the EVEX encoding reaches, and a CPU with AVX2 and VPCLMULQDQ but not
// AVX-512 faults on it (scripts/vexcheck.sh); its 128-bit form keeps to
// Y0-Y15. The vaes256 models, which archsimd runs on such CPUs, use it.
func clmulHalvesBody(name string) string {
	return fmt.Sprintf("func (x Uint64x4) %[1]s(y Uint64x4) Uint64x4 {\n"+
		"\tlo := x.v.GetLo().%[1]s(y.v.GetLo())\n"+
		"\thi := x.v.GetHi().%[1]s(y.v.GetHi())\n"+
		"\treturn Uint64x4{x.v.SetLo(lo).SetHi(hi)}\n}", name)
}

func types2str(e ast.Expr) string {
	var b bytes.Buffer
	printer.Fprint(&b, token.NewFileSet(), e)
	return b.String()
}

// writeDoc writes text as a doc comment.
func writeDoc(b *bytes.Buffer, text string) {
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		switch {
		case line == "":
			b.WriteString("//\n")
		case strings.HasPrefix(line, "\t"):
			b.WriteString("//" + line + "\n")
		default:
			b.WriteString("// " + line + "\n")
		}
	}
}

// readHandWritten returns the hand-written files of vec in dir that
// declare exported operations, by name.
func readHandWritten(dir string) (map[string][]byte, error) {
	m := map[string][]byte{}
	for _, name := range handWritten {
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		m[name] = src
	}
	return m, nil
}
