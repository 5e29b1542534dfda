package api

import (
	"flag"
	"fmt"
	"go/format"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mmcloughlin/avo/printer"
)

// A Wrapper is one exported function of a backend: Op around Kernel.
type Wrapper struct {
	Op     Op
	Kernel string // the kernel it calls, declared with Kernel

	// Doc is what the doc comment says of this backend beyond Op's doc, as
	// one or more paragraphs; Op says when it is required.
	Doc string

	// Alt, if not empty, is a second kernel with Kernel's signature that
	// the function calls instead when the package-level boolean AltIf is
	// true: a kernel set for CPUs with more instruction set extensions,
	// chosen once at init. The backend declares AltIf where there is
	// assembly; <pkg>_other.go declares it false.
	Alt, AltIf string

	// First, if not empty, is a third kernel with Kernel's signature that
	// the function calls before either of the others when FirstIf is
	// true: a kernel set tuned for one vendor's cores, chosen once at
	// init, declared as AltIf is.
	First, FirstIf string
}

// constraint is the build constraint of the Go file that stands in for the
// assembly, the complement of the one every generator gives avo
// (ConstraintExpr("amd64,!purego")).
const constraint = "!amd64 || purego"

// Write writes the two Go files of the backend whose assembly avo has just
// generated, next to its stub file (avo's -stubs flag) and with avo's
// header, in the package of avo's -pkg flag:
//
//   - <pkg>.go, for every architecture: the functions of exported, each
//     checking its arguments and calling its kernel;
//   - <pkg>_other.go, where there is no assembly: Available, false, and
//     each kernel declared with Kernel calling its model, <kernel>Model;
//   - <pkg>_models.go, for every architecture: Models, whose methods are
//     the functions of exported with the same checks, each calling the
//     model of its (first) kernel instead of the kernel, for the archsimd
//     backend, which runs the models compiled onto simd/archsimd.
//
// It exits the program if exported and the kernels do not fit each other:
// a wrapper of a kernel not declared, a kernel no wrapper calls, a kernel
// parameter with no argument.
func Write(exported ...Wrapper) {
	if err := write(exported); err != nil {
		fmt.Fprintln(os.Stderr, "api:", err)
		os.Exit(1)
	}
}

func write(exported []Wrapper) error {
	if !flag.Parsed() {
		flag.Parse()
	}
	stubs := flag.Lookup("stubs").Value.String()
	if stubs == "" {
		return fmt.Errorf("no -stubs flag: the Go files go next to the stub file")
	}
	cfg := printer.NewGoRunConfig()
	if pkg := flag.Lookup("pkg").Value.String(); pkg != "" {
		cfg.Pkg = pkg
	}
	header := "// " + cfg.GeneratedWarning() + "\n\n"

	wrappers, err := wrappersFile(cfg.Pkg, exported)
	if err != nil {
		return err
	}
	models, err := modelsFile(cfg.Pkg, exported)
	if err != nil {
		return err
	}
	dir := filepath.Dir(stubs)
	for _, f := range []struct {
		name string
		src  string
	}{
		{cfg.Pkg + ".go", header + wrappers},
		{cfg.Pkg + "_other.go", header + otherFile(cfg.Pkg, alternatives(exported))},
		{cfg.Pkg + "_models.go", header + models},
	} {
		src, err := format.Source([]byte(f.src))
		if err != nil {
			return fmt.Errorf("%s: %v", f.name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, f.name), src, 0o666); err != nil {
			return err
		}
	}
	return nil
}

// packages are those the exported functions may use, by the name they
// are used under.
var packages = map[string]string{
	"aesround": "github.com/vaesgo/vaes/aesround",
	"ghash":    "github.com/vaesgo/vaes/ghash",
	"kernel":   "github.com/vaesgo/vaes/backends/internal/kernel",
}

// wrappersFile returns the source of <pkg>.go after its header.
func wrappersFile(pkg string, exported []Wrapper) (string, error) {
	called := map[string]bool{}
	var funcs, code strings.Builder
	for _, w := range exported {
		k, ok := find(w.Kernel)
		if !ok {
			return "", fmt.Errorf("%s calls kernel %s, which is not declared", w.Op.name, w.Kernel)
		}
		called[k.name] = true
		if w.Op.extra != "" && w.Doc == "" {
			return "", fmt.Errorf("%s needs a Doc that gives %s", w.Op.name, w.Op.extra)
		}
		call, err := w.call(k)
		if err != nil {
			return "", err
		}
		for _, a := range []struct{ kernel, cond string }{{w.Alt, w.AltIf}, {w.First, w.FirstIf}} {
			if a.kernel == "" {
				continue
			}
			alt, ok := find(a.kernel)
			if !ok {
				return "", fmt.Errorf("%s calls kernel %s, which is not declared", w.Op.name, a.kernel)
			}
			if alt.signature != k.signature || a.cond == "" {
				return "", fmt.Errorf("%s: kernel %s needs %s's signature and a condition", w.Op.name, alt.name, k.name)
			}
			called[alt.name] = true
			altCall, err := w.call(alt)
			if err != nil {
				return "", err
			}
			call = "if " + a.cond + " {\n" + altCall + "\n} else {\n" + call + "\n}"
		}
		doc := strings.ReplaceAll(w.Op.doc, "{kernel}", k.name)
		if w.Doc != "" {
			doc += "\n\n" + w.Doc
		}
		body := strings.ReplaceAll(w.Op.body, "{call}", call)
		fmt.Fprintf(&funcs, "\n%sfunc %s(%s) {\n%s\n}\n", comment(doc), w.Op.name, w.Op.params, body)
		code.WriteString(w.Op.params + body)
	}
	for _, k := range kernels {
		if !called[k.name] {
			return "", fmt.Errorf("kernel %s is declared but no exported function calls it", k.name)
		}
	}

	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\n%s", pkg, imports(code.String()))
	fmt.Fprintf(&b, "// name starts every panic message of the kernels.\nconst name = %q\n", pkg)
	b.WriteString(funcs.String())
	return b.String(), nil
}

// imports returns the import block of the packages that code uses.
func imports(code string) string {
	var b strings.Builder
	b.WriteString("import (\n")
	for _, name := range slices.Sorted(maps.Keys(packages)) {
		if strings.Contains(code, name+".") {
			fmt.Fprintf(&b, "\t%q\n", packages[name])
		}
	}
	b.WriteString(")\n\n")
	return b.String()
}

// modelsFile returns the source of <pkg>_models.go after its header: the
// exported functions again, as methods of Models, each calling its
// kernel's model, <kernel>Model, which has the kernel's signature.
func modelsFile(pkg string, exported []Wrapper) (string, error) {
	var funcs, code strings.Builder
	for _, w := range exported {
		k, ok := find(w.Kernel)
		if !ok {
			return "", fmt.Errorf("%s calls kernel %s, which is not declared", w.Op.name, w.Kernel)
		}
		call, err := w.call(k)
		if err != nil {
			return "", err
		}
		call = k.name + "Model" + strings.TrimPrefix(call, k.name)
		body := strings.ReplaceAll(w.Op.body, "{call}", call)
		fmt.Fprintf(&funcs, "\n// %s is the package-level %s, run by %sModel.\nfunc (models) %s(%s) {\n%s\n}\n",
			w.Op.name, w.Op.name, k.name, w.Op.name, w.Op.params, body)
		code.WriteString(w.Op.params + body)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\n%s", pkg, imports(code.String()))
	b.WriteString(`// Models has a method for every exported function of this package, with
// the same parameters, checks and panics, that runs the kernel's Go model
// (the <kernel>Model function of model_*.go) instead of the assembly. The
// archsimd backend calls them: built with Go 1.27 and GOEXPERIMENT=simd on
// amd64, package vec's types are simd/archsimd's vectors and the models
// compile to vector instructions. Anywhere else they run on vec's
// emulation, exact and slow.
var Models models

// models is the type of Models.
type models struct{}
`)
	b.WriteString(funcs.String())
	return b.String(), nil
}

// call returns the call of kernel k that w makes.
func (w Wrapper) call(k kernel) (string, error) {
	own, err := parseSignature("func(" + w.Op.params + ")")
	if err != nil {
		return "", fmt.Errorf("%s: %v", w.Op.name, err)
	}
	has := func(name string) bool {
		return slices.ContainsFunc(own, func(p param) bool { return p.name == name })
	}
	args := make([]string, len(k.params))
	for i, p := range k.params {
		arg, from := argument(w.Op, p)
		if !has(from) {
			return "", fmt.Errorf("%s has no parameter %s for parameter %s of kernel %s", w.Op.name, from, p.name, k.name)
		}
		args[i] = arg
	}
	return k.name + "(" + strings.Join(args, ", ") + ")", nil
}

// standard gives, for each kernel parameter not passed by its own name,
// the parameter of the exported function it comes from and the argument
// made of it, given the kernel parameter's type: the round keys and their
// count from the schedule ks (the inverse cipher's keys only for dec), the
// table from the ghash.Table t converted to the kernel's type.
var standard = map[string]struct {
	from string
	arg  func(typ string) string
}{
	"keys":   {"ks", func(string) string { return "&ks.Enc" }},
	"enc":    {"ks", func(string) string { return "&ks.Enc" }},
	"dec":    {"ks", func(string) string { return "&ks.Dec" }},
	"rounds": {"ks", func(string) string { return "ks.Rounds" }},
	"table":  {"t", func(typ string) string { return "(" + typ + ")(t)" }},
}

// argument returns what op passes for the kernel parameter p, and which of
// its own parameters that comes from: op.args[p.name] if it has one, else
// the standard argument, else its own parameter of the same name.
func argument(op Op, p param) (arg, from string) {
	arg, from = p.name, p.name
	if s, ok := standard[p.name]; ok {
		arg, from = s.arg(p.typ), s.from
	}
	if a, ok := op.args[p.name]; ok {
		arg = a
	}
	return arg, from
}

// alternatives returns the conditions of the exported functions' Alt and
// First kernels, each once, in order.
func alternatives(exported []Wrapper) []string {
	var conds []string
	for _, w := range exported {
		for _, c := range []string{w.AltIf, w.FirstIf} {
			if c != "" && !slices.Contains(conds, c) {
				conds = append(conds, c)
			}
		}
	}
	return conds
}

// otherFile returns the source of <pkg>_other.go after its header; conds
// are the conditions of the Alt kernels, all false there.
func otherFile(pkg string, conds []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "//go:build %s\n\npackage %s\n\n", constraint, pkg)
	b.WriteString(comment("Without the assembly the kernels are their models, so the package " +
		"still works (and its tests still hold the models to crypto/aes); " +
		"Available reports false so that dispatch never picks it."))
	b.WriteString("\n")
	b.WriteString(comment("Available reports whether this CPU runs the assembly kernels; on " +
		"this architecture or build there are none."))
	b.WriteString("func Available() bool { return false }\n")
	for _, c := range conds {
		b.WriteString("\n" + comment(c+" picks the exported functions' second kernels where the "+
			"assembly has them; here it is false, and the first kernels run."))
		fmt.Fprintf(&b, "const %s = false\n", c)
	}
	for _, k := range kernels {
		names := make([]string, len(k.params))
		for i, p := range k.params {
			names[i] = p.name
		}
		fmt.Fprintf(&b, "\nfunc %s%s {\n%sModel(%s)\n}\n",
			k.name, strings.TrimPrefix(k.signature, "func"), k.name, strings.Join(names, ", "))
	}
	return b.String()
}

// width is the longest line a doc comment is filled to, slashes included.
const width = 76

// comment returns text as a Go comment, each paragraph (separated by a
// blank line) filled to width.
func comment(text string) string {
	var b strings.Builder
	for i, para := range strings.Split(text, "\n\n") {
		if i > 0 {
			b.WriteString("//\n")
		}
		line := "//"
		for _, w := range strings.Fields(para) {
			if len(line) > len("//") && len(line)+1+len(w) > width {
				b.WriteString(line + "\n")
				line = "//"
			}
			line += " " + w
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}
