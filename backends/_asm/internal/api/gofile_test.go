package api

import (
	"go/format"
	"strings"
	"testing"
)

// declare sets the recorded kernels to name/signature pairs, as Kernel
// would, without touching avo.
func declare(t *testing.T, pairs ...string) {
	t.Helper()
	old := kernels
	t.Cleanup(func() { kernels = old })
	kernels = nil
	for i := 0; i < len(pairs); i += 2 {
		ps, err := parseSignature(pairs[i+1])
		if err != nil {
			t.Fatal(err)
		}
		kernels = append(kernels, kernel{pairs[i], pairs[i+1], ps})
	}
}

const (
	blocksSig = "func(keys *[15][16]byte, rounds int, dst, src []byte)"
	ctrSig    = "func(keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte)"
	initSig   = "func(table *[32][16]byte, h *[16]byte)"
	gcmSig    = "func(keys *[15][16]byte, rounds int, table *[32][16]byte, ctr, y *[16]byte, dst, src []byte)"
)

func TestWrappersFile(t *testing.T) {
	declare(t, "decryptBlocks", blocksSig, "ctr64", ctrSig, "ghashInit", initSig)
	src, err := wrappersFile("p", []Wrapper{
		{Op: DecryptBlocks, Kernel: "decryptBlocks"},
		{Op: CTR128, Kernel: "ctr64"},
		{Op: GHASHInit, Kernel: "ghashInit", Doc: "The layout."},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := format.Source([]byte(src)); err != nil {
		t.Fatalf("not Go: %v\n%s", err, src)
	}
	for _, want := range []string{
		"decryptBlocks(&ks.Dec, ks.Rounds, dst, src)",
		"ctr64(&ks.Enc, ks.Rounds, ctr, dst[:n], src[:n])",
		"ghashInit((*[32][16]byte)(t), h)",
		"// The kernel ctr64 steps only",
		"//\n// The layout.\nfunc GHASHInit(",
		`const name = "p"`,
		`"github.com/vaesgo/vaes/aesround"`,
		`"github.com/vaesgo/vaes/ghash"`,
	} {
		if !strings.Contains(src, want) {
			t.Errorf("no %q in\n%s", want, src)
		}
	}
}

func TestModelsFile(t *testing.T) {
	declare(t, "decryptBlocks", blocksSig, "ctr64", ctrSig, "seal", gcmSig, "sealAVX", gcmSig)
	src, err := modelsFile("p", []Wrapper{
		{Op: DecryptBlocks, Kernel: "decryptBlocks"},
		{Op: CTR128, Kernel: "ctr64"},
		{Op: Seal, Kernel: "seal", Alt: "sealAVX", AltIf: "useAVX"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := format.Source([]byte(src)); err != nil {
		t.Fatalf("not Go: %v\n%s", err, src)
	}
	for _, want := range []string{
		"var Models models",
		"func (models) DecryptBlocks(ks *aesround.Schedule, dst, src []byte) {",
		"kernel.CheckBlocks(name, dst, src)",
		"decryptBlocksModel(&ks.Dec, ks.Rounds, dst, src)",
		"ctr64Model(&ks.Enc, ks.Rounds, ctr, dst[:n], src[:n])",
		"kernel.CarryCTR128(ctr, lo)",
		"sealModel(&ks.Enc, ks.Rounds, (*[32][16]byte)(t), ctr, y, dst, src)",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("no %q in\n%s", want, src)
		}
	}
	// The alternative kernel has the same model maths; Models runs the
	// first kernel's model, with no condition.
	for _, unwanted := range []string{"useAVX", "sealAVX", "const name"} {
		if strings.Contains(src, unwanted) {
			t.Errorf("%q in\n%s", unwanted, src)
		}
	}
	if _, err := modelsFile("p", []Wrapper{{Op: Seal, Kernel: "open"}}); err == nil {
		t.Error("a wrapper of an undeclared kernel gave no error")
	}
}

func TestWrappersFileAlt(t *testing.T) {
	declare(t, "ctr32", ctrSig, "ctr32AVX", ctrSig)
	src, err := wrappersFile("p", []Wrapper{{Op: CTR32, Kernel: "ctr32", Alt: "ctr32AVX", AltIf: "useAVX"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := format.Source([]byte(src)); err != nil {
		t.Fatalf("not Go: %v\n%s", err, src)
	}
	want := "if useAVX {\nctr32AVX(&ks.Enc, ks.Rounds, ctr, dst, src)\n} else {\nctr32(&ks.Enc, ks.Rounds, ctr, dst, src)\n}"
	if !strings.Contains(src, want) {
		t.Errorf("no %q in\n%s", want, src)
	}
	other := otherFile("p", alternatives([]Wrapper{{AltIf: "useAVX"}, {AltIf: "useAVX"}}))
	if n := strings.Count(other, "const useAVX = false"); n != 1 {
		t.Errorf("%d declarations of useAVX in\n%s", n, other)
	}
	declare(t, "ctr32", ctrSig, "ctr32AVX", ctrSig, "ctr32Tuned", ctrSig)
	src, err = wrappersFile("p", []Wrapper{{Op: CTR32, Kernel: "ctr32", Alt: "ctr32AVX", AltIf: "useAVX", First: "ctr32Tuned", FirstIf: "tuned"}})
	if err != nil {
		t.Fatal(err)
	}
	want = "if tuned {\nctr32Tuned(&ks.Enc, ks.Rounds, ctr, dst, src)\n} else {\nif useAVX {\nctr32AVX("
	if !strings.Contains(src, want) {
		t.Errorf("no %q in\n%s", want, src)
	}
	other = otherFile("p", alternatives([]Wrapper{{AltIf: "useAVX", FirstIf: "tuned"}}))
	if !strings.Contains(other, "const tuned = false") {
		t.Errorf("no declaration of tuned in\n%s", other)
	}
	declare(t, "ctr32", ctrSig, "ghashInit", initSig)
	if _, err := wrappersFile("p", []Wrapper{{Op: CTR32, Kernel: "ctr32", Alt: "ghashInit", AltIf: "useAVX"}}); err == nil {
		t.Error("an Alt kernel of another signature was accepted")
	}
	if _, err := wrappersFile("p", []Wrapper{{Op: CTR32, Kernel: "ctr32", First: "ghashInit", FirstIf: "tuned"}}); err == nil {
		t.Error("a First kernel of another signature was accepted")
	}
}

func TestWrappersFileMismatch(t *testing.T) {
	for _, c := range []struct {
		name     string
		kernels  []string
		exported []Wrapper
		err      string
	}{
		{"undeclared", nil,
			[]Wrapper{{Op: CTR32, Kernel: "ctr32"}}, "not declared"},
		{"uncalled", []string{"ctr32", ctrSig, "ctr64", ctrSig},
			[]Wrapper{{Op: CTR32, Kernel: "ctr32"}}, "ctr64 is declared but no"},
		{"no argument", []string{"ghashInit", blocksSig},
			[]Wrapper{{Op: GHASHInit, Kernel: "ghashInit", Doc: "x"}}, "no parameter ks"},
		{"no layout", []string{"ghashInit", initSig},
			[]Wrapper{{Op: GHASHInit, Kernel: "ghashInit"}}, "needs a Doc"},
	} {
		t.Run(c.name, func(t *testing.T) {
			declare(t, c.kernels...)
			_, err := wrappersFile("p", c.exported)
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("error %v, want one containing %q", err, c.err)
			}
		})
	}
}

func TestOtherFile(t *testing.T) {
	declare(t, "expandKey", "func(enc, dec *[15][16]byte, key []byte)", "ghashInit", initSig)
	src := otherFile("p", nil)
	if _, err := format.Source([]byte(src)); err != nil {
		t.Fatalf("not Go: %v\n%s", err, src)
	}
	for _, want := range []string{
		"//go:build !amd64 || purego\n\npackage p\n",
		"func Available() bool { return false }",
		"func expandKey(enc, dec *[15][16]byte, key []byte) {\nexpandKeyModel(enc, dec, key)\n}",
		"func ghashInit(table *[32][16]byte, h *[16]byte) {\nghashInitModel(table, h)\n}",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("no %q in\n%s", want, src)
		}
	}
}

func TestParseSignature(t *testing.T) {
	ps, err := parseSignature("func(enc, dec *[15][16]byte, key []byte)")
	if err != nil {
		t.Fatal(err)
	}
	want := []param{{"enc", "*[15][16]byte"}, {"dec", "*[15][16]byte"}, {"key", "[]byte"}}
	if len(ps) != len(want) {
		t.Fatalf("got %v, want %v", ps, want)
	}
	for i := range ps {
		if ps[i] != want[i] {
			t.Errorf("parameter %d: got %v, want %v", i, ps[i], want[i])
		}
	}
	for _, bad := range []string{"func(int)", "func(a int) int", "int", "func("} {
		if _, err := parseSignature(bad); err == nil {
			t.Errorf("parseSignature(%q) accepted it", bad)
		}
	}
}

func TestComment(t *testing.T) {
	text := strings.Repeat("word ", 40) + "\n\nSecond paragraph."
	got := comment(text)
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	for _, l := range lines {
		if len(l) > width {
			t.Errorf("line of %d > %d: %q", len(l), width, l)
		}
		if !strings.HasPrefix(l, "//") {
			t.Errorf("not a comment line: %q", l)
		}
	}
	if !strings.Contains(got, "word\n//\n// Second paragraph.\n") {
		t.Errorf("paragraphs not kept apart:\n%s", got)
	}
	if n := strings.Count(got, "word"); n != 40 {
		t.Errorf("%d words, want 40", n)
	}
}
