//go:build ignore

// vec127rename moves the users of package vec from the names of Go 1.26's
// simd/archsimd to those of Go 1.27's, which vec now mirrors. It is run by
// scripts/vec127-rename.sh from the repository root:
//
//	go run scripts/vec127rename.go [-n] [dir ...]
//
// With no directories it walks the whole module. -n prints what would change
// and writes nothing.
//
// The rewrite is driven by types, not by text, because several names keep
// their spelling and change their meaning: LoadUint8x16 and Store took an
// array pointer in Go 1.26 and take a slice in Go 1.27, and
// ConcatShiftBytesRight swapped its arguments. Each package is type-checked
// with its errors tolerated (the old names no longer exist in vec), a call is
// rewritten only when the types of its receiver and arguments say which API
// it is written against, and the passes repeat until nothing changes, so the
// program is idempotent: running it on converted code changes nothing.
//
// What it rewrites, in code:
//
//	LoadT(&a)                      -> LoadTArray(&a)       (argument is a pointer)
//	LoadTSlice(s)                  -> LoadT(s)
//	LoadTSlicePart(s)              -> LoadTPart(s)        (which returns (T, int); see below)
//	LoadMaskedT(p, m)              -> LoadTArrayMasked(p, m)
//	x.Store(&a)                    -> x.StoreArray(&a)    (argument is a pointer)
//	x.StoreSlice(s)                -> x.Store(s)
//	x.StoreSlicePart(s)            -> x.StorePart(s)
//	x.StoreMasked(p, m)            -> x.StoreArrayMasked(p, m)
//	x.CarrylessMultiply(a, b, y)   -> x.CarrylessMultiply{Even,Odd,EvenOdd,OddEven}(y)
//	x.CarrylessMultiplyGrouped(..) -> the same (a and b must be constants)
//	x.SelectFromPair(..)           -> x.ConcatPermuteScalars(..)
//	x.SelectFromPairGrouped(..)    -> x.ConcatPermuteScalarsGrouped(..)
//	x.Select128FromPair(..)        -> x.ConcatPermute128Scalars(..)
//	x.ShiftAllLeftConcat(s, y)     -> x.ShiftAllLeftConcatMod32(y, s) (Mod64 on 64-bit lanes)
//	x.ShiftAllRightConcat(s, y)    -> x.ShiftAllRightConcatMod32(y, s)
//	x.ConcatShiftBytesRight(s, y)  -> x.ConcatShiftBytesRight(y, s) (and Grouped)
//	x.ShiftBytesLeft(n)            -> x.ShiftBytesLeft(uint64(n)) when n is a typed non-uint64 value (and Right, Grouped)
//
// Shift counts are uint64 in Go 1.27; a typed count of another type gets a
// uint64 conversion. LoadTPart returns the vector and the number of lanes
// loaded: `v := vec.LoadTSlicePart(s)` becomes `v, _ := vec.LoadTPart(s)`,
// and a call inside a larger expression is hoisted into a statement of its
// own just before, `part, _ := vec.LoadTPart(s)`, the expression then using
// part (or part2, ... when the function already uses the name).
//
// In comments of the Go files that import vec, the generator module's Go
// files, and Markdown files, the same renames are made on the text where the
// text alone decides them. Anything it cannot decide it prints, with its
// position, and leaves alone; it exits with status 1 if there was any.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/constant"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

const vecPath = "github.com/vaesgo/vaes/vec"

var dryRun = flag.Bool("n", false, "print the files that would change; write nothing")

// problems are the places the program could not decide; printed at the end.
var problems = map[string]bool{}

func problem(fset *token.FileSet, pos token.Pos, format string, args ...any) {
	problems[fmt.Sprintf("%s: %s", fset.Position(pos), fmt.Sprintf(format, args...))] = true
}

func main() {
	flag.Parse()
	roots := flag.Args()
	if len(roots) == 0 {
		roots = []string{"."}
	}
	var dirs []string
	var mdFiles, asmGoFiles []string
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := d.Name()
			if d.IsDir() {
				if path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
					return filepath.SkipDir
				}
				dirs = append(dirs, path)
				return nil
			}
			switch {
			case strings.HasSuffix(name, ".md"):
				mdFiles = append(mdFiles, path)
			case strings.HasSuffix(name, ".go") && strings.Contains(filepath.ToSlash(path), "backends/_asm/"):
				asmGoFiles = append(asmGoFiles, path)
			}
			return nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}

	changed := map[string]bool{}
	// Code: repeat over every package until a whole pass changes nothing.
	for pass := 1; ; pass++ {
		n := 0
		for _, dir := range dirs {
			n += rewriteDir(dir, changed)
		}
		if n == 0 || *dryRun {
			break
		}
		if pass == 10 {
			fmt.Fprintln(os.Stderr, "vec127rename: still changing after 10 passes")
			os.Exit(2)
		}
		clear(problems) // the last pass reports what is left
	}
	// Comments of the generators (a separate module, which does not import
	// vec but describes models in its comments) and Markdown.
	for _, path := range asmGoFiles {
		rewriteGoComments(path, changed)
	}
	for _, path := range mdFiles {
		src, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		out := renameText(src, false)
		if !bytes.Equal(out, src) {
			write(path, out, changed)
		}
		for _, m := range leftInText(out) {
			problems[fmt.Sprintf("%s: %q in text: rename by hand", path, m)] = true
		}
	}

	files := make([]string, 0, len(changed))
	for f := range changed {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		fmt.Println("rewrote", f)
	}
	if len(problems) > 0 {
		list := make([]string, 0, len(problems))
		for p := range problems {
			list = append(list, p)
		}
		sort.Strings(list)
		for _, p := range list {
			fmt.Fprintln(os.Stderr, p)
		}
		os.Exit(1)
	}
}

func write(path string, src []byte, changed map[string]bool) {
	changed[path] = true
	if *dryRun {
		return
	}
	if err := os.WriteFile(path, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}

// buildContexts are the configurations whose files are rewritten: the
// default one and purego.
func buildContexts() []build.Context {
	def := build.Default
	pure := build.Default
	pure.BuildTags = append([]string{"purego"}, pure.BuildTags...)
	return []build.Context{def, pure}
}

// rewriteDir rewrites the packages in dir that use vec (or are vec) and
// returns how many files changed.
func rewriteDir(dir string, changed map[string]bool) int {
	n := 0
	seen := map[string]bool{}
	for _, ctxt := range buildContexts() {
		bp, err := ctxt.ImportDir(dir, 0)
		if err != nil {
			continue // no Go files, or none for this configuration
		}
		abs, _ := filepath.Abs(dir)
		isVec := bp.ImportPath == vecPath || strings.HasSuffix(filepath.ToSlash(abs), "/vec") && bp.Name == "vec"
		groups := [][]string{append(append([]string{}, bp.GoFiles...), bp.TestGoFiles...), bp.XTestGoFiles}
		for gi, names := range groups {
			if len(names) == 0 {
				continue
			}
			key := fmt.Sprint(gi, names)
			if seen[key] {
				continue
			}
			seen[key] = true
			n += rewritePackage(dir, names, isVec && gi == 0, changed)
		}
	}
	return n
}

type edit struct {
	start, end int // byte offsets in the file
	text       string
}

// fileEdits collects non-overlapping edits for one file.
type fileEdits struct {
	edits []edit
}

func (fe *fileEdits) add(e edit) bool {
	for _, o := range fe.edits {
		if e.start < o.end && o.start < e.end || e.start == e.end && e.start == o.start && o.start == o.end {
			return false
		}
		// An insertion at the boundary of a replacement is fine.
	}
	fe.edits = append(fe.edits, e)
	return true
}

func (fe *fileEdits) apply(src []byte) []byte {
	// Back to front; at one offset a replacement goes before an insertion,
	// so that the insertion lands in front of the replacement's text.
	sort.SliceStable(fe.edits, func(i, j int) bool {
		a, b := fe.edits[i], fe.edits[j]
		if a.start != b.start {
			return a.start > b.start
		}
		return a.end > b.end
	})
	out := append([]byte{}, src...)
	for _, e := range fe.edits {
		out = append(out[:e.start], append([]byte(e.text), out[e.end:]...)...)
	}
	return out
}

func rewritePackage(dir string, names []string, isVec bool, changed map[string]bool) int {
	fset := token.NewFileSet()
	var files []*ast.File
	srcs := map[*ast.File][]byte{}
	paths := map[*ast.File]string{}
	usesVec := isVec
	for _, name := range names {
		path := filepath.Join(dir, name)
		src, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		for _, imp := range f.Imports {
			if imp.Path.Value == `"`+vecPath+`"` {
				usesVec = true
			}
		}
		files = append(files, f)
		srcs[f] = src
		paths[f] = path
	}
	if !usesVec {
		return 0
	}
	info := &types.Info{
		Types:  map[ast.Expr]types.TypeAndValue{},
		Uses:   map[*ast.Ident]types.Object{},
		Defs:   map[*ast.Ident]types.Object{},
		Scopes: map[ast.Node]*types.Scope{},
	}
	conf := types.Config{
		Importer: importer.ForCompiler(fset, "source", nil),
		Error:    func(error) {}, // the old names are errors now; keep going
	}
	pkgPath := vecPath
	if !isVec {
		pkgPath = "p"
	}
	conf.Check(pkgPath, fset, files, info)

	n := 0
	for _, f := range files {
		fe := &fileEdits{}
		r := &rewriter{fset: fset, info: info, src: srcs[f], file: f, fe: fe, isVec: isVec}
		r.run()
		out := fe.apply(srcs[f])
		if importsVec(f) && !isVec {
			out = renameComments(fset, f, out, srcs[f], fe)
		}
		if bytes.Equal(out, srcs[f]) {
			continue
		}
		formatted, err := format.Source(out)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: the rewrite does not parse (%v); left as it was\n", paths[f], err)
			os.Exit(2)
		}
		write(paths[f], formatted, changed)
		n++
	}
	return n
}

func importsVec(f *ast.File) bool {
	for _, imp := range f.Imports {
		if imp.Path.Value == `"`+vecPath+`"` {
			return true
		}
	}
	return false
}

type rewriter struct {
	fset    *token.FileSet
	info    *types.Info
	src     []byte
	file    *ast.File
	fe      *fileEdits
	isVec   bool
	parents map[ast.Node]ast.Node
	hoisted map[*ast.FuncDecl]map[string]bool
}

func (r *rewriter) off(p token.Pos) int { return r.fset.Position(p).Offset }

func (r *rewriter) text(n ast.Node) string { return string(r.src[r.off(n.Pos()):r.off(n.End())]) }

func (r *rewriter) rename(id *ast.Ident, name string) bool {
	return r.fe.add(edit{r.off(id.Pos()), r.off(id.End()), name})
}

// vecType returns the name of the vec type of e's value (through a
// pointer), or "".
func (r *rewriter) vecType(e ast.Expr) string {
	t := r.info.TypeOf(e)
	if t == nil {
		return ""
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != vecPath {
		return ""
	}
	return n.Obj().Name()
}

// vecTypeExpr reports whether e names a vec type (a method expression's
// receiver).
func (r *rewriter) vecTypeExpr(e ast.Expr) string {
	tv, ok := r.info.Types[e]
	if !ok || !tv.IsType() {
		return ""
	}
	return r.vecType(e)
}

// isPointer reports whether e's type is known to be a pointer (the old
// array forms), or e is &something.
func (r *rewriter) isPointer(e ast.Expr) (yes, known bool) {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		return true, true
	}
	t := r.info.TypeOf(e)
	if t == nil || t == types.Typ[types.Invalid] {
		return false, false
	}
	_, ok := t.Underlying().(*types.Pointer)
	return ok, true
}

// asUint64 returns e's text, converted to uint64 when e is a typed value of
// another type.
func (r *rewriter) asUint64(e ast.Expr) string {
	tv, ok := r.info.Types[e]
	if !ok || tv.Type == nil {
		return r.text(e)
	}
	if b, ok := tv.Type.(*types.Basic); ok && (b.Info()&types.IsUntyped != 0 || b.Kind() == types.Uint64) {
		return r.text(e)
	}
	return "uint64(" + r.text(e) + ")"
}

func (r *rewriter) constInt(e ast.Expr) (uint64, bool) {
	tv, ok := r.info.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	v, ok := constant.Uint64Val(constant.ToInt(tv.Value))
	return v, ok
}

var (
	loadSlicePart = regexp.MustCompile(`^Load((?:Uint|Int)\d+x\d+)SlicePart$`)
	loadSlice     = regexp.MustCompile(`^Load((?:Uint|Int)\d+x\d+)Slice$`)
	loadMasked    = regexp.MustCompile(`^LoadMasked((?:Uint|Int)\d+x\d+)$`)
	loadPlain     = regexp.MustCompile(`^Load((?:Uint|Int)\d+x\d+)$`)
)

func (r *rewriter) run() {
	r.parents = map[ast.Node]ast.Node{}
	r.hoisted = map[*ast.FuncDecl]map[string]bool{}
	var stack []ast.Node
	ast.Inspect(r.file, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			r.parents[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
	ast.Inspect(r.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			r.call(n)
		case *ast.SelectorExpr:
			if _, isCallee := r.parents[n].(*ast.CallExpr); isCallee && r.parents[n].(*ast.CallExpr).Fun == n {
				return true
			}
			r.value(n)
		case *ast.Ident:
			if c, ok := r.parents[n].(*ast.CallExpr); ok && c.Fun == n {
				return true
			}
			if s, ok := r.parents[n].(*ast.SelectorExpr); ok && s.Sel == n {
				return true
			}
			if r.isVec && r.info.Defs[n] == nil {
				r.funcValue(n, n)
			}
		}
		return true
	})
}

// vecFunc returns the identifier naming a vec package-level function in
// fun: vec.Name outside vec, a bare Name (unresolved or vec's own) inside.
func (r *rewriter) vecFunc(fun ast.Expr) *ast.Ident {
	switch f := fun.(type) {
	case *ast.SelectorExpr:
		x, ok := f.X.(*ast.Ident)
		if !ok {
			return nil
		}
		pn, ok := r.info.Uses[x].(*types.PkgName)
		if !ok || pn.Imported().Path() != vecPath {
			return nil
		}
		return f.Sel
	case *ast.Ident:
		if !r.isVec {
			return nil
		}
		obj := r.info.Uses[f]
		if obj == nil || obj.Parent() == obj.Pkg().Scope() {
			return f
		}
	}
	return nil
}

func (r *rewriter) call(c *ast.CallExpr) {
	if id := r.vecFunc(c.Fun); id != nil {
		name := id.Name
		switch {
		case loadSlicePart.MatchString(name):
			r.loadPart(c, id, loadSlicePart.ReplaceAllString(name, "Load${1}Part"))
		case loadSlice.MatchString(name):
			r.rename(id, loadSlice.ReplaceAllString(name, "Load${1}"))
		case loadMasked.MatchString(name):
			r.rename(id, loadMasked.ReplaceAllString(name, "Load${1}ArrayMasked"))
		case loadPlain.MatchString(name) && len(c.Args) == 1:
			if ptr, known := r.isPointer(c.Args[0]); known && ptr {
				r.rename(id, name+"Array")
			} else if !known {
				problem(r.fset, c.Pos(), "%s: the argument's type is unknown; array or slice?", name)
			}
		}
		return
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return
	}
	recv := r.vecType(sel.X)
	if recv == "" || r.vecTypeExpr(sel.X) != "" {
		return // not a vec value, or a method expression called directly
	}
	name := sel.Sel.Name
	switch name {
	case "StoreSlicePart":
		r.rename(sel.Sel, "StorePart")
	case "StoreSlice":
		r.rename(sel.Sel, "Store")
	case "StoreMasked":
		r.rename(sel.Sel, "StoreArrayMasked")
	case "Store":
		if len(c.Args) == 1 {
			if ptr, known := r.isPointer(c.Args[0]); known && ptr {
				r.rename(sel.Sel, "StoreArray")
			} else if !known {
				problem(r.fset, c.Pos(), "Store: the argument's type is unknown; array or slice?")
			}
		}
	case "SelectFromPair":
		r.rename(sel.Sel, "ConcatPermuteScalars")
	case "SelectFromPairGrouped":
		r.rename(sel.Sel, "ConcatPermuteScalarsGrouped")
	case "Select128FromPair":
		r.rename(sel.Sel, "ConcatPermute128Scalars")
	case "CarrylessMultiply", "CarrylessMultiplyGrouped":
		if len(c.Args) != 3 {
			return
		}
		a, okA := r.constInt(c.Args[0])
		b, okB := r.constInt(c.Args[1])
		if !okA || !okB {
			problem(r.fset, c.Pos(), "%s with lane selectors that are not constants: choose Even, Odd, EvenOdd or OddEven by hand", name)
			return
		}
		form := [2][2]string{{"Even", "EvenOdd"}, {"OddEven", "Odd"}}[a&1][b&1]
		r.replaceCall(c, sel, "CarrylessMultiply"+form, r.text(c.Args[2]))
	case "ShiftAllLeftConcat", "ShiftAllRightConcat":
		if len(c.Args) != 2 {
			return
		}
		bits := "64"
		if strings.HasPrefix(recv, "Uint32x") || strings.HasPrefix(recv, "Int32x") {
			bits = "32"
		}
		r.replaceCall(c, sel, name+"Mod"+bits, r.text(c.Args[1])+", "+r.asUint64(c.Args[0]))
	case "ConcatShiftBytesRight", "ConcatShiftBytesRightGrouped":
		if len(c.Args) != 2 || r.vecType(c.Args[0]) != "" {
			return // already (y, shift)
		}
		if r.vecType(c.Args[1]) == "" {
			problem(r.fset, c.Pos(), "%s: cannot tell the argument order from the types", name)
			return
		}
		r.replaceArgs(c, r.text(c.Args[1])+", "+r.asUint64(c.Args[0]))
	case "ShiftBytesLeft", "ShiftBytesRight", "ShiftBytesLeftGrouped", "ShiftBytesRightGrouped":
		if len(c.Args) == 1 {
			if t := r.asUint64(c.Args[0]); t != r.text(c.Args[0]) {
				r.replaceArgs(c, t)
			}
		}
	case "Broadcast1To2", "Broadcast1To4", "Broadcast1To8", "Broadcast1To16", "Broadcast1To32", "Broadcast1To64":
		problem(r.fset, c.Pos(), "%s is gone from archsimd and vec: use Broadcast%s(x.GetElem(0)) or a 128-bit group broadcast", name, recv)
	}
}

func (r *rewriter) replaceCall(c *ast.CallExpr, sel *ast.SelectorExpr, name, args string) {
	if r.rename(sel.Sel, name) {
		if !r.replaceArgs(c, args) {
			// Undo the rename; the next pass does both.
			r.fe.edits = r.fe.edits[:len(r.fe.edits)-1]
		}
	}
}

func (r *rewriter) replaceArgs(c *ast.CallExpr, args string) bool {
	return r.fe.add(edit{r.off(c.Lparen) + 1, r.off(c.Rparen), args})
}

// value renames method values and method expressions whose new name does not
// depend on their arguments.
func (r *rewriter) value(sel *ast.SelectorExpr) {
	if r.vecType(sel.X) == "" && r.vecTypeExpr(sel.X) == "" {
		if id := r.vecFunc(sel); id != nil {
			r.funcValue(sel, id)
		}
		return
	}
	switch sel.Sel.Name {
	case "StoreSlicePart":
		r.rename(sel.Sel, "StorePart")
	case "StoreSlice":
		r.rename(sel.Sel, "Store")
	case "StoreMasked":
		r.rename(sel.Sel, "StoreArrayMasked")
	case "SelectFromPair":
		r.rename(sel.Sel, "ConcatPermuteScalars")
	case "SelectFromPairGrouped":
		r.rename(sel.Sel, "ConcatPermuteScalarsGrouped")
	case "Select128FromPair":
		r.rename(sel.Sel, "ConcatPermute128Scalars")
	case "CarrylessMultiply", "CarrylessMultiplyGrouped", "ShiftAllLeftConcat", "ShiftAllRightConcat":
		problem(r.fset, sel.Pos(), "%s used as a value: its arguments changed; rewrite by hand", sel.Sel.Name)
	}
}

// funcValue renames a vec function used as a value (not called).
func (r *rewriter) funcValue(n ast.Node, id *ast.Ident) {
	name := id.Name
	switch {
	case loadSlicePart.MatchString(name):
		problem(r.fset, n.Pos(), "%s used as a value: LoadTPart returns (T, int); rewrite by hand", name)
	case loadSlice.MatchString(name):
		r.rename(id, loadSlice.ReplaceAllString(name, "Load${1}"))
	case loadMasked.MatchString(name):
		r.rename(id, loadMasked.ReplaceAllString(name, "Load${1}ArrayMasked"))
	}
}

// loadPart renames a LoadTSlicePart call and makes room for its second
// result.
func (r *rewriter) loadPart(c *ast.CallExpr, id *ast.Ident, name string) {
	parent := r.parents[c]
	switch p := parent.(type) {
	case *ast.AssignStmt:
		if len(p.Lhs) == 1 && len(p.Rhs) == 1 && p.Rhs[0] == c {
			if r.rename(id, name) {
				r.fe.add(edit{r.off(p.Lhs[0].End()), r.off(p.Lhs[0].End()), ", _"})
			}
			return
		}
	case *ast.ValueSpec:
		if len(p.Names) == 1 && len(p.Values) == 1 && p.Values[0] == c {
			if r.rename(id, name) {
				r.fe.add(edit{r.off(p.Names[0].End()), r.off(p.Names[0].End()), ", _"})
			}
			return
		}
	}
	// Hoist: find the statement in a statement list that holds the call.
	var stmt ast.Stmt
	var n ast.Node = c
	for n != nil {
		p := r.parents[n]
		switch p.(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			if s, ok := n.(ast.Stmt); ok {
				stmt = s
			}
		}
		if stmt != nil {
			break
		}
		switch p.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			if _, body := n.(*ast.BlockStmt); !body {
				problem(r.fset, c.Pos(), "%s in a loop header or closure: hoist it by hand", id.Name)
				return
			}
		case *ast.IfStmt:
			if r.parents[p] != nil {
				if outer, ok := r.parents[p].(*ast.IfStmt); ok && outer.Else == p {
					problem(r.fset, c.Pos(), "%s in an else-if header: hoist it by hand", id.Name)
					return
				}
			}
		}
		n = p
	}
	if stmt == nil {
		problem(r.fset, c.Pos(), "%s outside a statement list: rewrite by hand", id.Name)
		return
	}
	fn := r.enclosingFunc(c)
	tmp := r.freshName(fn, "part")
	callText := r.text(c)
	callText = strings.Replace(callText, id.Name+"(", name+"(", 1)
	lineStart := r.off(stmt.Pos())
	for lineStart > 0 && r.src[lineStart-1] != '\n' {
		lineStart--
	}
	indent := string(r.src[lineStart:r.off(stmt.Pos())])
	if strings.TrimSpace(indent) != "" {
		problem(r.fset, c.Pos(), "%s: the statement does not start its line; hoist it by hand", id.Name)
		return
	}
	if !r.fe.add(edit{r.off(c.Pos()), r.off(c.End()), tmp}) {
		return
	}
	r.fe.add(edit{lineStart, lineStart, indent + tmp + ", _ := " + callText + "\n"})
}

func (r *rewriter) enclosingFunc(n ast.Node) *ast.FuncDecl {
	for n != nil {
		if f, ok := n.(*ast.FuncDecl); ok {
			return f
		}
		n = r.parents[n]
	}
	return nil
}

// freshName returns base, base2, ... : the first that no identifier in fn
// spells, nor an earlier hoist in this pass took.
func (r *rewriter) freshName(fn *ast.FuncDecl, base string) string {
	used := map[string]bool{}
	if fn != nil {
		ast.Inspect(fn, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				used[id.Name] = true
			}
			return true
		})
	}
	if r.hoisted[fn] == nil {
		r.hoisted[fn] = map[string]bool{}
	}
	name := base
	for i := 2; used[name] || r.hoisted[fn][name]; i++ {
		name = fmt.Sprintf("%s%d", base, i)
	}
	r.hoisted[fn][name] = true
	return name
}

// Text renames, for comments and Markdown. Each is idempotent: its output
// never matches its own pattern or another's.
var textRenames = []struct {
	re   *regexp.Regexp
	repl string
}{
	{regexp.MustCompile(`\bLoad((?:Uint|Int)\d+x\d+)SlicePart\b`), "Load${1}Part"},
	{regexp.MustCompile(`\bLoad((?:Uint|Int)\d+x\d+)Slice\b`), "Load${1}"},
	{regexp.MustCompile(`\bLoadMasked((?:Uint|Int)\d+x\d+)\b`), "Load${1}ArrayMasked"},
	{regexp.MustCompile(`\bLoad((?:Uint|Int)\d+x\d+)\(&`), "Load${1}Array(&"},
	{regexp.MustCompile(`\bStoreSlicePart\b`), "StorePart"},
	{regexp.MustCompile(`\bStoreSlice\b`), "Store"},
	{regexp.MustCompile(`\bStoreMasked\b`), "StoreArrayMasked"},
	{regexp.MustCompile(`\bSelectFromPairGrouped\b`), "ConcatPermuteScalarsGrouped"},
	{regexp.MustCompile(`\bSelectFromPair\b`), "ConcatPermuteScalars"},
	{regexp.MustCompile(`\bSelect128FromPair\b`), "ConcatPermute128Scalars"},
	{regexp.MustCompile(`\bConcatShiftBytesRight(Grouped)?\((\d+), ([^(),]+)\)`), "ConcatShiftBytesRight${1}(${3}, ${2})"},
}

var clmulText = regexp.MustCompile(`\bCarrylessMultiply(?:Grouped)?\(\s*([01])\s*,\s*([01])\s*,\s*`)

// renameText applies the text renames; storeToo adds .Store(& -> .StoreArray(&,
// which only files that use vec get.
func renameText(src []byte, storeToo bool) []byte {
	for _, t := range textRenames {
		src = t.re.ReplaceAll(src, []byte(t.repl))
	}
	src = clmulText.ReplaceAllFunc(src, func(m []byte) []byte {
		s := clmulText.FindSubmatch(m)
		a, b := s[1][0]-'0', s[2][0]-'0'
		return []byte("CarrylessMultiply" + [2][2]string{{"Even", "EvenOdd"}, {"OddEven", "Odd"}}[a][b] + "(")
	})
	if storeToo {
		src = regexp.MustCompile(`\.Store\(&`).ReplaceAll(src, []byte(".StoreArray(&"))
	}
	return src
}

// leftInText finds old names the text renames could not decide.
var leftOver = regexp.MustCompile(`\b(CarrylessMultiply(?:Grouped)?\b|ShiftAll(?:Left|Right)Concat\b|Broadcast1To\d+)`)

func leftInText(src []byte) []string {
	var out []string
	for _, m := range leftOver.FindAll(src, -1) {
		out = append(out, string(m))
	}
	return out
}

// renameComments applies the text renames to the comments of f, whose
// source is orig, on top of the code edits already in fe (which out has).
func renameComments(fset *token.FileSet, f *ast.File, out, orig []byte, fe *fileEdits) []byte {
	ce := &fileEdits{}
	for _, g := range f.Comments {
		for _, c := range g.List {
			start, end := fset.Position(c.Pos()).Offset, fset.Position(c.End()).Offset
			old := orig[start:end]
			neu := renameText(old, true)
			if !bytes.Equal(old, neu) {
				ce.add(edit{start, end, string(neu)})
			}
			for _, m := range leftInText(neu) {
				problems[fmt.Sprintf("%s: %q in a comment: rename by hand", fset.Position(c.Pos()), m)] = true
			}
		}
	}
	if len(ce.edits) == 0 {
		return out
	}
	// Comments do not overlap code edits; merge and reapply on the original.
	all := &fileEdits{edits: append(append([]edit{}, fe.edits...), ce.edits...)}
	return all.apply(orig)
}

func rewriteGoComments(path string, changed map[string]bool) {
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	out := renameComments(fset, f, src, src, &fileEdits{})
	if !bytes.Equal(out, src) {
		write(path, out, changed)
	}
}
