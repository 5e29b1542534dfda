package main

import (
	"bytes"
	"fmt"
	"strings"
)

// testBuild is the constraint of archsimd_gen_test.go: the emulation built
// next to Go 1.27's archsimd, which is how TestArchsimd holds one to the
// other.
const testBuild = "//go:build goexperiment.simd && amd64 && go1.27 && vec_emulate"

// emitArchsimdTest writes archsimd_gen_test.go from the same declarations as
// archsimd_gen.go: for every operation of the emulation that archsimd also
// has, a call of one of archsimd_test.go's harnesses, which runs vec's
// operation and archsimd's on the same random inputs and requires the same
// results. The operation's signature chooses the harness, and with it how
// the inputs are drawn (see comparison); its Asm or Emulated line names the
// CPU feature whose absence skips it (see testFeature). So an operation added
// to the generator is compared as soon as it is generated, and one with a
// signature no rule knows stops the generator. Operations whose
// documentation says archsimd has no such operation are compared in
// archsimd_test.go with the archsimd sequence that computes the same; its
// Coverage test fails if an exported operation is compared by neither.
func emitArchsimdTest(sources map[string][]byte) ([]byte, error) {
	_, _, decls, err := parseAPI(sources)
	if err != nil {
		return nil, err
	}
	var groups []string
	calls := map[string][]string{}
	for _, a := range decls {
		if strings.Contains(a.doc, "archsimd has") {
			continue
		}
		call, err := comparison(a, decls)
		if err != nil {
			return nil, fmt.Errorf("archsimd_gen_test.go: %s: %v", a.key, err)
		}
		if call == "" {
			continue
		}
		g := strings.TrimSuffix(strings.TrimSuffix(a.file, ".go"), "_gen")
		if calls[g] == nil {
			groups = append(groups, g)
		}
		calls[g] = append(calls[g], call)
	}

	var b bytes.Buffer
	b.WriteString(header + "\n\n" + testBuild + "\n\npackage vec\n\n")
	b.WriteString("import (\n\t\"simd/archsimd\"\n\t\"testing\"\n)\n\n")
	b.WriteString("// archsimdGenerated compares each operation archsimd also has with\n" +
		"// archsimd's, in one group for each file that declares operations. The\n" +
		"// harnesses are in archsimd_test.go, with the comparisons of the\n" +
		"// operations archsimd lacks.\n")
	b.WriteString("func archsimdGenerated(t *testing.T) {\n")
	for _, g := range groups {
		fmt.Fprintf(&b, "\tt.Run(%q, func(t *testing.T) {\n", g)
		for _, c := range calls[g] {
			b.WriteString("\t\t" + c + "\n")
		}
		b.WriteString("\t})\n")
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}

// param is one parameter of an operation.
type param struct{ name, typ string }

// comparison returns the statement that compares a with archsimd, or "" for
// a mask's methods, which the comparison of the mask's FromBits runs. decls
// is every declaration, where FromBits finds its mask's methods.
//
// The rules go by a's shape: its parameters, by name and type, and its
// results, with the receiver's vector type written T (a function's result
// type when it has no receiver), another vector type W, a mask M, the lane
// array *A, a slice of lanes S and the lane type E where it is a lane
// value (a parameter x or y, or a result); immediates keep their types.
// Shift counts, lane indices and selectors are drawn to cross the edges
// their operations define (see the harnesses).
func comparison(a apiDecl, decls []apiDecl) (string, error) {
	op := a.fn.Name.Name
	var params []param
	for _, f := range a.fn.Type.Params.List {
		for _, n := range f.Names {
			params = append(params, param{n.Name, types2str(f.Type)})
		}
	}
	var results []string
	if r := a.fn.Type.Results; r != nil {
		for _, f := range r.List {
			for range max(1, len(f.Names)) {
				results = append(results, types2str(f.Type))
			}
		}
	}

	// Masks: FromBits builds two, and the trial compares the bitmaps of
	// the first and of its combinations with the second by each of the
	// mask's binary methods.
	if m, ok := maskNamed(a.recv); ok {
		switch {
		case op == "ToBits" && len(params) == 0 && len(results) == 1 && results[0] == maskBits(m):
			return "", nil
		case len(params) == 1 && params[0].typ == a.recv && len(results) == 1 && results[0] == a.recv:
			return "", nil
		}
		return "", fmt.Errorf("no comparison rule for a mask method of this signature")
	}
	if len(results) == 1 {
		if m, ok := maskNamed(results[0]); ok && a.recv == "" {
			return maskComparison(a, m, params, decls)
		}
	}

	var t vtype
	var ok bool
	if a.recv != "" {
		t, ok = vecNamed(a.recv)
	} else if len(results) > 0 {
		t, ok = vecNamed(results[0])
	}
	if !ok {
		return "", fmt.Errorf("no comparison rule for an operation without a vector receiver or result")
	}
	var w vtype // the other vector type, if any
	var shapes []string
	masked := false
	abstract := func(typ, name string) string {
		switch {
		case typ == t.Name:
			return "T"
		case typ == t.Mask():
			masked = true
			return "M"
		case typ == fmt.Sprintf("*[%d]%s", t.N, t.Elem):
			return "*A"
		case typ == "[]"+t.Elem:
			return "S"
		case typ == t.Elem && (name == "x" || name == "y" || name == ""):
			return "E"
		}
		if v, ok := vecNamed(typ); ok {
			w = v
			return "W"
		}
		return typ
	}
	for _, p := range params {
		shapes = append(shapes, p.name+" "+abstract(p.typ, p.name))
	}
	shape := "(" + strings.Join(shapes, ", ") + ")"
	var rs []string
	for _, r := range results {
		rs = append(rs, abstract(r, ""))
	}
	switch len(rs) {
	case 0:
	case 1:
		shape += " " + rs[0]
	default:
		shape += " (" + strings.Join(rs, ", ") + ")"
	}

	feat, err := testFeature(a.doc, t, masked)
	if err != nil {
		return "", err
	}
	T, E, S, N := t.Name, t.Elem, short(t), t.N
	hw := "to" + S + "(x)." + op // archsimd's method on x
	head := func(harness string) string {
		return fmt.Sprintf("%s[%s, %s](t, %q, %s, ", harness, T, E, a.key, feat)
	}
	switch shape {
	// Functions: loads from random memory and broadcasts.
	case "(y *A) T":
		return head("hwLoad") + fmt.Sprintf("true, func(s []%[2]s) %[1]s { return %[4]s((*[%[3]d]%[2]s)(s)) }, "+
			"func(s []%[2]s) %[1]s { return of%[5]s(archsimd.%[4]s((*[%[3]d]%[2]s)(s))) })", T, E, N, op, S), nil
	case "(s S) T":
		return head("hwLoad") + fmt.Sprintf("false, %[3]s, func(s []%[2]s) %[1]s { return of%[4]s(archsimd.%[3]s(s)) })",
			T, E, op, S), nil
	case "(s S) (T, int)":
		return head("hwLoad") + fmt.Sprintf("false, func(s []%[1]s) [2]any { return pair(%[2]s(s)) }, "+
			"func(s []%[1]s) [2]any {\n\t\t\tv, n := archsimd.%[2]s(s)\n\t\t\treturn pair(of%[3]s(v), n)\n\t\t})",
			E, op, S), nil
	case "(x E) T":
		return head("hwBroadcast") + fmt.Sprintf("%[3]s, func(x %[2]s) %[1]s { return of%[4]s(archsimd.%[3]s(x)) })",
			T, E, op, S), nil

	// Stores into random memory.
	case "(y *A)":
		return head("hwStore") + fmt.Sprintf("true, func(x %[1]s, s []%[2]s) { x.%[4]s((*[%[3]d]%[2]s)(s)) }, "+
			"func(x %[1]s, s []%[2]s) { %[5]s((*[%[3]d]%[2]s)(s)) })", T, E, N, op, hw), nil
	case "(s S)":
		return head("hwStore") + fmt.Sprintf("false, %[1]s.%[3]s, func(x %[1]s, s []%[2]s) { %[4]s(s) })", T, E, op, hw), nil
	case "(s S) int":
		return head("hwStorePart") + fmt.Sprintf("%[1]s.%[3]s, func(x %[1]s, s []%[2]s) int { return %[4]s(s) })",
			T, E, op, hw), nil
	case "(y *A, mask M)":
		m, bits := t.Mask(), maskBits(t)
		return head("hwStoreMasked") + fmt.Sprintf("func(x, m %[1]s, b uint64) %[1]s {\n\t\t\tx.%[2]s(&m.a, %[3]sFromBits(%[4]s(b)))\n\t\t\treturn m\n\t\t}, "+
			"func(x, m %[1]s, b uint64) %[1]s {\n\t\t\t%[5]s(&m.a, archsimd.%[3]sFromBits(%[4]s(b)))\n\t\t\treturn m\n\t\t})",
			T, op, m, bits, hw), nil

	// Operations of one vector.
	case "() T":
		return head("hw1") + fmt.Sprintf("%[1]s.%[2]s, hw1%[3]s(archsimd.%[1]s.%[2]s))", T, op, S), nil
	case "() W":
		return head("hwConv") + fmt.Sprintf("%[1]s.%[2]s, func(x %[1]s) %[3]s { return of%[4]s(%[5]s()) })",
			T, op, w.Name, short(w), hw), nil
	case "() int", "() string":
		return head("hwConv") + fmt.Sprintf("%[1]s.%[2]s, func(x %[1]s) %[3]s { return %[4]s() })",
			T, op, results[0], hw), nil
	case "(index uint8) E":
		return head("hwGetElem") + fmt.Sprintf("%[1]s.%[2]s, func(x %[1]s, i uint8) %[3]s { return %[4]s(i) })",
			T, op, E, hw), nil
	case "(index uint8, y E) T":
		return head("hwSetElem") + fmt.Sprintf("%[1]s.%[2]s, func(x %[1]s, i uint8, v %[3]s) %[1]s { return of%[4]s(%[5]s(i, v)) })",
			T, op, E, S, hw), nil
	case "(rconVal uint8) T":
		return head("hw1i") + fmt.Sprintf("%[1]s.%[2]s, func(x %[1]s, i uint8) %[1]s { return of%[3]s(%[4]s(i)) })",
			T, op, S, hw), nil
	case "(shift uint64) T":
		return head("hwShift") + fmt.Sprintf("%[3]s, %[1]s.%[2]s, func(x %[1]s, s uint64) %[1]s { return of%[4]s(%[5]s(s)) })",
			T, op, countOf(op), S, hw), nil
	case "(a uint8, b uint8, c uint8, d uint8) T":
		return head("hwSelect4") + fmt.Sprintf("%[1]s.%[2]s, func(x %[1]s, a, b, c, d uint8) %[1]s { return of%[3]s(%[4]s(a, b, c, d)) })",
			T, op, S, hw), nil

	// Operations of two vectors.
	case "(y T) T", "(indices T) T":
		return head("hw2") + fmt.Sprintf("%[1]s.%[2]s, hw2%[3]s(archsimd.%[1]s.%[2]s))", T, op, S), nil
	case "(y W) T", "(indices W) T":
		return fmt.Sprintf("hwPair[%s, %s, %s, %s](t, %q, %s, ", T, w.Name, E, w.Elem, a.key, feat) +
			fmt.Sprintf("%[1]s.%[2]s, func(x %[1]s, y %[3]s) %[1]s { return of%[4]s(%[6]s(to%[5]s(y))) })",
				T, op, w.Name, S, short(w), hw), nil
	case "(y T, shift uint64) T":
		return head("hwShift2") + fmt.Sprintf("%[3]s, %[1]s.%[2]s, func(x, y %[1]s, s uint64) %[1]s { return of%[4]s(%[5]s(to%[4]s(y), s)) })",
			T, op, countOf(op), S, hw), nil
	case "(a uint8, b uint8, c uint8, d uint8, y T) T":
		return head("hwConcatSelect4") + fmt.Sprintf("%[1]s.%[2]s, func(x %[1]s, a, b, c, d uint8, y %[1]s) %[1]s { return of%[3]s(%[4]s(a, b, c, d, to%[3]s(y))) })",
			T, op, S, hw), nil
	case "(a uint8, b uint8, y T) T":
		return head("hwConcatSelect2") + fmt.Sprintf("%[1]s.%[2]s, func(x %[1]s, a, b uint8, y %[1]s) %[1]s { return of%[3]s(%[4]s(a, b, to%[3]s(y))) })",
			T, op, S, hw), nil
	case "(lo uint8, hi uint8, y T) T":
		return head("hwConcatSelect128") + fmt.Sprintf("%[1]s.%[2]s, func(x %[1]s, lo, hi uint8, y %[1]s) %[1]s { return of%[3]s(%[4]s(lo, hi, to%[3]s(y))) })",
			T, op, S, hw), nil
	}
	return "", fmt.Errorf("no comparison rule for the shape %s", shape)
}

// maskComparison is the comparison of MaskFromBits, m's mask, which
// compares the mask's methods with archsimd's too.
func maskComparison(a apiDecl, m vtype, params []param, decls []apiDecl) (string, error) {
	bits := maskBits(m)
	if len(params) != 1 || params[0].typ != bits {
		return "", fmt.Errorf("no comparison rule for a mask constructor of this signature")
	}
	feat, err := testFeature(a.doc, m, false)
	if err != nil {
		return "", err
	}
	M := m.Mask()
	covered := []string{M + ".ToBits"}
	results := []string{"x.ToBits()"}
	for _, d := range decls {
		if d.recv == M && d.fn.Name.Name != "ToBits" {
			covered = append(covered, d.key)
			results = append(results, "x."+d.fn.Name.Name+"(y).ToBits()")
		}
	}
	trial := func(pkg string) string {
		return fmt.Sprintf("func(b, c %[1]s) [%[2]d]%[1]s {\n\t\t\tx, y := %[3]s%[4]sFromBits(b), %[3]s%[4]sFromBits(c)\n\t\t\treturn [%[2]d]%[1]s{%[5]s}\n\t\t}",
			bits, len(results), pkg, M, strings.Join(results, ", "))
	}
	quoted := make([]string, len(covered))
	for i, c := range covered {
		quoted[i] = fmt.Sprintf("%q", c)
	}
	return fmt.Sprintf("covers(%s)\n\t\thwMask(t, %q, %s, %s, %s)",
		strings.Join(quoted, ", "), a.key, feat, trial(""), trial("archsimd.")), nil
}

// testFeature names the variable of archsimd_test.go that holds the CPU
// feature archsimd needs for an operation with documentation doc: the one
// its Asm or Emulated line names, else the plain one at t's width (loads,
// stores and conversions). masked says the operation takes a mask, which the
// test builds with FromBits, so it needs AVX512 too (and AVX512 implies AVX
// and AVX2). archsimd reports AVX512 F, CD, BW, DQ and VL as one feature,
// AVX512.
func testFeature(doc string, t vtype, masked bool) (string, error) {
	instr, feat := "", [...]string{"AVX", "AVX2", "AVX512"}[w(t)]
	for _, line := range strings.Split(doc, "\n") {
		if before, after, ok := strings.Cut(line, ", CPU Feature: "); ok {
			instr, feat = strings.TrimPrefix(before, "Asm: "), after
		}
	}
	// archsimd names AVX2 for the 256-bit carry-less multiplies, but
	// VPCLMULQDQ on a YMM register needs the VPCLMULQDQ feature too, which
	// archsimd reports only as part of AVX512VPCLMULQDQ.
	if instr == "VPCLMULQDQ" && feat == "AVX2" {
		feat = "AVX512VPCLMULQDQ"
	}
	v, ok := map[string]string{
		"AVX": "fAVX", "AVX2": "fAVX2", "AVX512": "fAVX512", "AVX512F": "fAVX512", "AVX512BW": "fAVX512",
		"AVXAES": "fAVXAES", "VAES": "fVAES", "AVX512VAES": "fVAES512", "AVX512VPCLMULQDQ": "fCLMUL512",
		"AVX512VBMI": "fVBMI", "AVX512VBMI2": "fVBMI2",
	}[feat]
	if !ok {
		return "", fmt.Errorf("no test feature for CPU feature %s", feat)
	}
	if masked {
		if v != "fAVX" && v != "fAVX2" && v != "fAVX512" {
			return "", fmt.Errorf("no test feature for a masked operation with CPU feature %s", feat)
		}
		v = "fAVX512"
	}
	return v, nil
}

// countOf names the function that spreads a random byte over the counts of
// a shift by op: byte shifts take the low 8 bits of the count, lane shifts
// all 64.
func countOf(op string) string {
	if strings.Contains(op, "Bytes") {
		return "byteCount"
	}
	return "shiftCount"
}

// short is the suffix of archsimd_conv_test.go's helpers for t: U8x16 for
// Uint8x16.
func short(t vtype) string {
	return strings.ToUpper(t.Elem[:1]) + fmt.Sprintf("%dx%d", t.EBits, t.N)
}

// vecNamed returns the vector type called name.
func vecNamed(name string) (vtype, bool) {
	for _, t := range all {
		if t.Name == name {
			return t, true
		}
	}
	return vtype{}, false
}

// maskNamed returns the vector type whose mask is called name.
func maskNamed(name string) (vtype, bool) {
	for _, t := range unsigned {
		if t.Mask() == name {
			return t, true
		}
	}
	return vtype{}, false
}
