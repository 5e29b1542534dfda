//go:build goexperiment.simd && amd64 && go1.27 && vec_emulate

package vec

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"path/filepath"
	"simd/archsimd"
	"strings"
	"testing"
)

// These tests run every vec operation and the real instruction, through
// simd/archsimd, on the same random inputs and require identical results.
// An operation is skipped only when this CPU lacks the feature archsimd needs
// for it, and the skip names the feature.
//
// vec/internal/gen writes the comparisons of the operations archsimd also
// has into archsimd_gen_test.go, from the declarations it generates vec
// from: each is a call of one of the harnesses below, chosen by the
// operation's signature. This file holds the harnesses and the comparisons
// of the operations archsimd lacks, each with the archsimd sequence that
// computes the same.

// TestArchsimd compares every operation, group by group, and then checks
// that no exported function or method of the package went unchecked.
func TestArchsimd(t *testing.T) {
	archsimdGenerated(t)
	t.Run("lacking", archsimdLacking)
	t.Run("Coverage", func(t *testing.T) {
		if strings.Contains(flag.Lookup("test.run").Value.String(), "/") {
			t.Skip("a -run pattern chose some groups only")
		}
		for _, name := range exportedAPI(t) {
			if !checked[name] {
				t.Errorf("%s is not compared with archsimd", name)
			}
		}
	})
}

// checked holds the names of the operations compared so far.
var checked = map[string]bool{}

// covers records that the operations named are compared.
func covers(names ...string) {
	for _, n := range names {
		checked[n] = true
	}
}

// exportedAPI lists the package's exported functions and methods, the
// methods as Type.Method, from its source.
func exportedAPI(t *testing.T) []string {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || !fn.Name.IsExported() {
				continue
			}
			name := fn.Name.Name
			if fn.Recv != nil {
				name = fn.Recv.List[0].Type.(*ast.Ident).Name + "." + name
			}
			names = append(names, name)
		}
	}
	if len(names) < 300 {
		t.Fatalf("found only %d exported functions; is the working directory the package?", len(names))
	}
	return names
}

// hwIters is the number of random inputs each operation gets.
const hwIters = 10000

// feature is a CPU feature an archsimd operation needs.
type feature struct {
	name string
	has  bool
}

// The features that vec/internal/gen's testFeature maps the CPU features of
// the doc comments to. archsimd names AVX2 for the 256-bit carry-less multiplies, but VPCLMULQDQ
// on a YMM register needs the VPCLMULQDQ feature too, which archsimd reports
// only as part of AVX512VPCLMULQDQ, so they need fCLMUL512.
var (
	fAVX      = feature{"AVX", archsimd.X86.AVX()}
	fAVX2     = feature{"AVX2", archsimd.X86.AVX2()}
	fAVX512   = feature{"AVX512", archsimd.X86.AVX512()}
	fAVXAES   = feature{"AVXAES", archsimd.X86.AVXAES()}
	fVAES     = feature{"VAES", archsimd.X86.VAES()}
	fVAES512  = feature{"AVX512VAES", archsimd.X86.AVX512VAES()}
	fCLMUL512 = feature{"AVX512VPCLMULQDQ", archsimd.X86.AVX512VPCLMULQDQ()}
	fVBMI     = feature{"AVX512VBMI", archsimd.X86.AVX512VBMI()}
	fVBMI2    = feature{"AVX512VBMI2", archsimd.X86.AVX512VBMI2()}
)

// hwRun runs trial hwIters times; each trial returns vec's result,
// archsimd's result and the inputs, for the failure message.
func hwRun(t *testing.T, name string, f feature, trial func(r *rand.Rand) (emu, hw, in any)) {
	t.Helper()
	covers(name)
	t.Run(name, func(t *testing.T) {
		if !f.has {
			t.Skipf("this CPU lacks %s, which archsimd needs for %s", f.name, name)
		}
		r := newRand(name)
		for i := range hwIters {
			emu, hw, in := trial(r)
			if emu != hw {
				t.Fatalf("trial %d, inputs %v:\nvec      %v\narchsimd %v", i, in, emu, hw)
			}
		}
	})
}

// outcome runs f and returns its result, or a marker if it panicked, so that
// panics can be compared too.
func outcome(f func() any) (r any) {
	defer func() {
		if recover() != nil {
			r = "panic"
		}
	}()
	return f()
}

// The harnesses. Each takes vec's operation and archsimd's as functions of
// vec values (archsimd_conv_test.go moves the lanes between the two), draws
// the inputs and hands them to hwRun.

func hw1[V comparable, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, emu, hw func(V) V) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x := rnd[V, E, P](r)
		return emu(x), hw(x), x
	})
}

func hw2[V comparable, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, emu, hw func(x, y V) V) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x, y := rnd[V, E, P](r), rnd[V, E, P](r)
		return emu(x, y), hw(x, y), []V{x, y}
	})
}

// hw1i draws an immediate in [0, 256) for each trial.
func hw1i[V comparable, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, emu, hw func(V, uint8) V) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x, i := rnd[V, E, P](r), uint8(r.Uint32())
		return outcome(func() any { return emu(x, i) }), outcome(func() any { return hw(x, i) }), []any{x, i}
	})
}

// hwConv compares conversions and other operations from one vec type to
// another type.
func hwConv[V comparable, E elem, W comparable, P lanesOf[V, E]](t *testing.T, name string, f feature, emu, hw func(V) W) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x := rnd[V, E, P](r)
		return emu(x), hw(x), x
	})
}

// hwPair compares an operation of a vector and a vector of another type:
// the AES rounds (a key), PermuteOrZero (indices), SetLo and SetHi (a half).
func hwPair[V, W comparable, E, F elem, P lanesOf[V, E], Q lanesOf[W, F]](t *testing.T, name string, f feature, emu, hw func(V, W) V) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x, y := rnd[V, E, P](r), rnd[W, F, Q](r)
		return emu(x, y), hw(x, y), []any{x, y}
	})
}

// hwShift and hwShift2 compare shifts by a count that count makes of a
// random byte (shiftCount or byteCount).
func hwShift[V comparable, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, count func(uint8) uint64, emu, hw func(V, uint64) V) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x, i := rnd[V, E, P](r), uint8(r.Uint32())
		return outcome(func() any { return emu(x, count(i)) }), outcome(func() any { return hw(x, count(i)) }), []any{x, i}
	})
}

func hwShift2[V comparable, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, count func(uint8) uint64, emu, hw func(x, y V, shift uint64) V) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x, y, i := rnd[V, E, P](r), rnd[V, E, P](r), uint8(r.Uint32())
		return outcome(func() any { return emu(x, y, count(i)) }), outcome(func() any { return hw(x, y, count(i)) }), []any{x, y, i}
	})
}

// shiftCount spreads a random byte over the counts that matter for a lane
// shift: 0 to 127 as they are, the rest as huge counts.
func shiftCount(i uint8) uint64 {
	if i < 128 {
		return uint64(i)
	}
	return uint64(i) << 40
}

// byteCount widens a random byte into a byte-shift count with the same low
// 8 bits and others above them, which neither side may use.
func byteCount(i uint8) uint64 { return uint64(i) | uint64(i)<<16 | 1<<40 }

// hwGetElem and hwSetElem compare GetElem and SetElem, panics included:
// archsimd panics on an index past the last lane.
func hwGetElem[V comparable, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, emu, hw func(V, uint8) E) {
	t.Helper()
	n := len(P(new(V)).lanes())
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x, i := rnd[V, E, P](r), elemIndex(r, n)
		return outcome(func() any { return emu(x, i) }), outcome(func() any { return hw(x, i) }), []any{x, i}
	})
}

func hwSetElem[V comparable, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, emu, hw func(V, uint8, E) V) {
	t.Helper()
	n := len(P(new(V)).lanes())
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x, i, v := rnd[V, E, P](r), elemIndex(r, n), E(r.Uint64())
		return outcome(func() any { return emu(x, i, v) }), outcome(func() any { return hw(x, i, v) }), []any{x, i, v}
	})
}

// elemIndex returns a lane index below n three times in four, else any byte.
func elemIndex(r *rand.Rand, n int) uint8 {
	if r.IntN(4) == 0 {
		return uint8(r.Uint32())
	}
	return uint8(r.IntN(n))
}

// The lane shuffles take their selectors from the bytes of one random word
// (hwSelect4, hwConcatSelect4) or from one random byte.

// hwSelect4 compares PermuteScalars, whose four selectors count modulo 4.
func hwSelect4[V comparable, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, emu, hw func(x V, a, b, c, d uint8) V) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x, i := rnd[V, E, P](r), r.Uint32()
		a, b, c, d := uint8(i), uint8(i>>8), uint8(i>>16), uint8(i>>24)
		return emu(x, a, b, c, d), hw(x, a, b, c, d), []any{x, i}
	})
}

// hwConcatSelect4 compares the 32-bit ConcatPermuteScalars, with selectors
// 0 to 7 only: archsimd does not define larger ones.
func hwConcatSelect4[V comparable, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, emu, hw func(x V, a, b, c, d uint8, y V) V) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x, y, i := rnd[V, E, P](r), rnd[V, E, P](r), r.Uint32()
		a, b, c, d := uint8(i)&7, uint8(i>>8)&7, uint8(i>>16)&7, uint8(i>>24)&7
		return emu(x, a, b, c, d, y), hw(x, a, b, c, d, y), []any{x, y, i}
	})
}

// hwConcatSelect2 compares the 64-bit ConcatPermuteScalars, whose two
// selectors count modulo 4; each is drawn from 0 to 15.
func hwConcatSelect2[V comparable, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, emu, hw func(x V, a, b uint8, y V) V) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x, y, i := rnd[V, E, P](r), rnd[V, E, P](r), uint8(r.Uint32())
		return outcome(func() any { return emu(x, i&15, i>>4, y) }), outcome(func() any { return hw(x, i&15, i>>4, y) }), []any{x, y, i}
	})
}

// hwConcatSelect128 compares ConcatPermute128Scalars with selectors 0 to 4
// for each half, so that the panic on 4 is compared too.
func hwConcatSelect128[V comparable, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, emu, hw func(x V, lo, hi uint8, y V) V) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x, y, i := rnd[V, E, P](r), rnd[V, E, P](r), uint8(r.Uint32())
		return outcome(func() any { return emu(x, i%5, i/5%5, y) }), outcome(func() any { return hw(x, i%5, i/5%5, y) }), []any{x, y, i}
	})
}

// memIn returns random memory of n+3 elements, n the lanes of V, and a
// random length for the slice forms, from a little short of n to a little
// past it.
func memIn[V any, E elem, P lanesOf[V, E]](r *rand.Rand) ([]E, int) {
	n := len(P(new(V)).lanes())
	mem := append(lanesCopy[V, E, P](rnd[V, E, P](r)), E(r.Uint64()), E(r.Uint64()), E(r.Uint64()))
	return mem, r.IntN(n + 4)
}

// hwLoad compares a load from the whole of memIn's memory (the Array forms)
// or from a prefix of it, panics included.
func hwLoad[V any, E elem, P lanesOf[V, E], R any](t *testing.T, name string, f feature, whole bool, emu, hw func([]E) R) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		mem, k := memIn[V, E, P](r)
		if whole {
			k = len(mem)
		}
		s := mem[:k]
		return outcome(func() any { return emu(s) }), outcome(func() any { return hw(s) }), s
	})
}

// pair makes the two results of a LoadTPart one comparable value.
func pair[V any](v V, n int) [2]any { return [2]any{v, n} }

// hwStore compares a store into copies of memIn's memory: into a prefix
// of it or, when whole (the Array forms), its first n elements.
func hwStore[V any, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, whole bool, emu, hw func(V, []E)) {
	t.Helper()
	hwStores[V, E, P](t, name, f, whole,
		func(x V, s []E) int { emu(x, s); return 0 },
		func(x V, s []E) int { hw(x, s); return 0 })
}

// hwStorePart is hwStore for StorePart, which returns a count.
func hwStorePart[V any, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, emu, hw func(V, []E) int) {
	t.Helper()
	hwStores[V, E, P](t, name, f, false, emu, hw)
}

// hwStores runs the trials of hwStore and hwStorePart. The results are
// the whole memory and the store's count (or its panic), as strings so they
// compare with !=.
func hwStores[V any, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, whole bool, emu, hw func(V, []E) int) {
	t.Helper()
	n := len(P(new(V)).lanes())
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x := rnd[V, E, P](r)
		mem, k := memIn[V, E, P](r)
		if whole {
			k = n
		}
		m1, m2 := append([]E{}, mem...), append([]E{}, mem...)
		p1 := outcome(func() any { return emu(x, m1[:k]) })
		p2 := outcome(func() any { return hw(x, m2[:k]) })
		return fmt.Sprint(p1, m1), fmt.Sprint(p2, m2), []any{x, k}
	})
}

func hwBroadcast[V comparable, E elem](t *testing.T, name string, f feature, emu, hw func(E) V) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		v := E(r.Uint64())
		return emu(v), hw(v), v
	})
}

// hwMask compares the masks that FromBits builds of two random bitmaps,
// through their bitmaps and those of their combinations. Masks come from
// FromBits, which archsimd has only with AVX-512.
func hwMask[B uint8 | uint16 | uint32 | uint64, R comparable](t *testing.T, name string, f feature, emu, hw func(b, c B) R) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		b, c := B(r.Uint64()), B(r.Uint64())
		return emu(b, c), hw(b, c), []B{b, c}
	})
}

// hwStoreMasked compares a masked store of a random vector into a random
// one, under a random mask or one that a tail loop builds.
func hwStoreMasked[V comparable, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, emu, hw func(x, mem V, bits uint64) V) {
	t.Helper()
	n := len(P(new(V)).lanes())
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x, mem, b := rnd[V, E, P](r), rnd[V, E, P](r), tailOrRandom(r, n)
		return emu(x, mem, b), hw(x, mem, b), []any{x, b}
	})
}

// tailOrRandom returns a random bitmap, or half the time the mask of the
// first k of n lanes for a random k, as a tail loop builds it.
func tailOrRandom(r *rand.Rand, n int) uint64 {
	if r.IntN(2) == 0 {
		return r.Uint64()
	}
	return ^uint64(0) >> (64 - n) >> r.IntN(n+1)
}

// archsimdLacking compares the operations archsimd lacks, whose doc
// comments say so, with the archsimd sequences that compute the same.
func archsimdLacking(t *testing.T) {
	// ZeroUpper is archsimd's ClearAVXUpperBits under another name, and
	// has no result: the values of both sides must come through it
	// whole, an archsimd vector held across the instruction included.
	t.Run("ZeroUpper", func(t *testing.T) {
		var b [64]byte
		for i := range b {
			b[i] = byte(3*i + 1)
		}
		hw := archsimd.LoadUint8x64Array(&b)
		x := LoadUint8x64Array(&b)
		ZeroUpper()
		archsimd.ClearAVXUpperBits()
		var got, want [64]byte
		hw.Store(got[:])
		x.StoreArray(&want)
		if got != b || want != b {
			t.Errorf("values across ZeroUpper: archsimd %x, vec %x, want %x", got, want, b)
		}
		covers("ZeroUpper")
	})
	// archsimd has no 128-bit group broadcast; SetLo and SetHi build one.
	hwConv[Uint8x16, uint8](t, "BroadcastUint8x16ToUint8x32", fAVX2, BroadcastUint8x16ToUint8x32, func(x Uint8x16) Uint8x32 {
		h := toU8x16(x)
		return ofU8x32(archsimd.Uint8x32{}.SetLo(h).SetHi(h))
	})
	hwConv[Uint8x16, uint8](t, "BroadcastUint8x16ToUint8x64", fAVX512, BroadcastUint8x16ToUint8x64, func(x Uint8x16) Uint8x64 {
		h := toU8x16(x)
		h2 := archsimd.Uint8x32{}.SetLo(h).SetHi(h)
		return ofU8x64(archsimd.Uint8x64{}.SetLo(h2).SetHi(h2))
	})
	hwConv[Uint32x4, uint32](t, "BroadcastUint32x4ToUint32x8", fAVX2, BroadcastUint32x4ToUint32x8, func(x Uint32x4) Uint32x8 {
		h := toU32x4(x)
		return ofU32x8(archsimd.Uint32x8{}.SetLo(h).SetHi(h))
	})
	hwConv[Uint32x4, uint32](t, "BroadcastUint32x4ToUint32x16", fAVX512, BroadcastUint32x4ToUint32x16, func(x Uint32x4) Uint32x16 {
		h := toU32x4(x)
		h2 := archsimd.Uint32x8{}.SetLo(h).SetHi(h)
		return ofU32x16(archsimd.Uint32x16{}.SetLo(h2).SetHi(h2))
	})
	hwConv[Uint64x2, uint64](t, "BroadcastUint64x2ToUint64x4", fAVX2, BroadcastUint64x2ToUint64x4, func(x Uint64x2) Uint64x4 {
		h := toU64x2(x)
		return ofU64x4(archsimd.Uint64x4{}.SetLo(h).SetHi(h))
	})
	hwConv[Uint64x2, uint64](t, "BroadcastUint64x2ToUint64x8", fAVX512, BroadcastUint64x2ToUint64x8, func(x Uint64x2) Uint64x8 {
		h := toU64x2(x)
		h2 := archsimd.Uint64x4{}.SetLo(h).SetHi(h)
		return ofU64x8(archsimd.Uint64x8{}.SetLo(h2).SetHi(h2))
	})

	// archsimd has no masked load: a load and Masked compute the same.
	hwLoadMasked[Uint8x64, uint8](t, "LoadUint8x64ArrayMasked", fAVX512, func(m Uint8x64, b uint64) Uint8x64 {
		return LoadUint8x64ArrayMasked(&m.a, Mask8x64FromBits(b))
	}, func(m Uint8x64, b uint64) Uint8x64 {
		return ofU8x64(archsimd.LoadUint8x64Array(&m.a).Masked(archsimd.Mask8x64FromBits(b)))
	})
	hwLoadMasked[Uint32x4, uint32](t, "LoadUint32x4ArrayMasked", fAVX512, func(m Uint32x4, b uint64) Uint32x4 {
		return LoadUint32x4ArrayMasked(&m.a, Mask32x4FromBits(uint8(b)))
	}, func(m Uint32x4, b uint64) Uint32x4 {
		return ofU32x4(archsimd.LoadUint32x4Array(&m.a).Masked(archsimd.Mask32x4FromBits(uint8(b))))
	})
	hwLoadMasked[Uint32x8, uint32](t, "LoadUint32x8ArrayMasked", fAVX512, func(m Uint32x8, b uint64) Uint32x8 {
		return LoadUint32x8ArrayMasked(&m.a, Mask32x8FromBits(uint8(b)))
	}, func(m Uint32x8, b uint64) Uint32x8 {
		return ofU32x8(archsimd.LoadUint32x8Array(&m.a).Masked(archsimd.Mask32x8FromBits(uint8(b))))
	})
	hwLoadMasked[Uint32x16, uint32](t, "LoadUint32x16ArrayMasked", fAVX512, func(m Uint32x16, b uint64) Uint32x16 {
		return LoadUint32x16ArrayMasked(&m.a, Mask32x16FromBits(uint16(b)))
	}, func(m Uint32x16, b uint64) Uint32x16 {
		return ofU32x16(archsimd.LoadUint32x16Array(&m.a).Masked(archsimd.Mask32x16FromBits(uint16(b))))
	})
	hwLoadMasked[Uint64x2, uint64](t, "LoadUint64x2ArrayMasked", fAVX512, func(m Uint64x2, b uint64) Uint64x2 {
		return LoadUint64x2ArrayMasked(&m.a, Mask64x2FromBits(uint8(b)))
	}, func(m Uint64x2, b uint64) Uint64x2 {
		return ofU64x2(archsimd.LoadUint64x2Array(&m.a).Masked(archsimd.Mask64x2FromBits(uint8(b))))
	})
	hwLoadMasked[Uint64x4, uint64](t, "LoadUint64x4ArrayMasked", fAVX512, func(m Uint64x4, b uint64) Uint64x4 {
		return LoadUint64x4ArrayMasked(&m.a, Mask64x4FromBits(uint8(b)))
	}, func(m Uint64x4, b uint64) Uint64x4 {
		return ofU64x4(archsimd.LoadUint64x4Array(&m.a).Masked(archsimd.Mask64x4FromBits(uint8(b))))
	})
	hwLoadMasked[Uint64x8, uint64](t, "LoadUint64x8ArrayMasked", fAVX512, func(m Uint64x8, b uint64) Uint64x8 {
		return LoadUint64x8ArrayMasked(&m.a, Mask64x8FromBits(uint8(b)))
	}, func(m Uint64x8, b uint64) Uint64x8 {
		return ofU64x8(archsimd.LoadUint64x8Array(&m.a).Masked(archsimd.Mask64x8FromBits(uint8(b))))
	})
	// Nor does it have byte-masked loads and stores below 512 bits; the
	// 512-bit ones restricted to the low 16 or 32 bytes do the same.
	hwRun(t, "LoadUint8x16ArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint8x64, uint8](r), tailOrRandom(r, 16)
		lo := [16]uint8(mem.a[:16])
		full := ofU8x64(archsimd.LoadUint8x64Array(&mem.a).Masked(archsimd.Mask8x64FromBits(b)))
		return LoadUint8x16ArrayMasked(&lo, Mask8x16FromBits(uint16(b))), LoadUint8x16Array((*[16]uint8)(full.a[:16])), []any{lo, b}
	})
	hwRun(t, "Uint8x16.StoreArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, mem, b := rnd[Uint8x16, uint8](r), rnd[Uint8x64, uint8](r), tailOrRandom(r, 16)
		got := [16]uint8(mem.a[:16])
		x.StoreArrayMasked(&got, Mask8x16FromBits(uint16(b)))
		var wide Uint8x64
		copy(wide.a[:], x.a[:])
		toU8x64(wide).StoreArrayMasked(&mem.a, archsimd.Mask8x64FromBits(b))
		return got, [16]uint8(mem.a[:16]), []any{x, b}
	})
	hwRun(t, "LoadUint8x32ArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint8x64, uint8](r), tailOrRandom(r, 32)
		lo := [32]uint8(mem.a[:32])
		full := ofU8x64(archsimd.LoadUint8x64Array(&mem.a).Masked(archsimd.Mask8x64FromBits(b)))
		return LoadUint8x32ArrayMasked(&lo, Mask8x32FromBits(uint32(b))), LoadUint8x32Array((*[32]uint8)(full.a[:32])), []any{lo, b}
	})
	hwRun(t, "Uint8x32.StoreArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, mem, b := rnd[Uint8x32, uint8](r), rnd[Uint8x64, uint8](r), tailOrRandom(r, 32)
		got := [32]uint8(mem.a[:32])
		x.StoreArrayMasked(&got, Mask8x32FromBits(uint32(b)))
		var wide Uint8x64
		copy(wide.a[:], x.a[:])
		toU8x64(wide).StoreArrayMasked(&mem.a, archsimd.Mask8x64FromBits(b))
		return got, [32]uint8(mem.a[:32]), []any{x, b}
	})

	// archsimd has no PSLLDQ or PSRLDQ; ConcatShiftBytesRight with a zero
	// operand is the same. Left shifts draw counts from 0..31 so the edge
	// at 16 is crossed often.
	hw1i[Uint8x16, uint8](t, "Uint8x16.ShiftBytesLeft", fAVX,
		func(x Uint8x16, i uint8) Uint8x16 { return x.ShiftBytesLeft(byteCount(i & 31)) },
		func(x Uint8x16, i uint8) Uint8x16 { return ofU8x16(byteShiftLeft16(toU8x16(x), i&31)) })
	hw1i[Uint8x32, uint8](t, "Uint8x32.ShiftBytesLeftGrouped", fAVX2,
		func(x Uint8x32, i uint8) Uint8x32 { return x.ShiftBytesLeftGrouped(byteCount(i & 31)) },
		func(x Uint8x32, i uint8) Uint8x32 {
			h := toU8x32(x)
			return ofU8x32(archsimd.Uint8x32{}.SetLo(byteShiftLeft16(h.GetLo(), i&31)).SetHi(byteShiftLeft16(h.GetHi(), i&31)))
		})
	hw1i[Uint8x64, uint8](t, "Uint8x64.ShiftBytesLeftGrouped", fAVX512,
		func(x Uint8x64, i uint8) Uint8x64 { return x.ShiftBytesLeftGrouped(byteCount(i & 31)) },
		func(x Uint8x64, i uint8) Uint8x64 {
			zero := archsimd.Uint8x64{}
			if i&31 > 16 {
				return ofU8x64(zero)
			}
			return ofU8x64(toU8x64(x).ConcatShiftBytesRightGrouped(zero, uint64(16-i&31)))
		})
	hwShift[Uint8x16, uint8](t, "Uint8x16.ShiftBytesRight", fAVX, byteCount, Uint8x16.ShiftBytesRight,
		func(x Uint8x16, s uint64) Uint8x16 {
			return ofU8x16(archsimd.Uint8x16{}.ConcatShiftBytesRight(toU8x16(x), s))
		})
	hwShift[Uint8x32, uint8](t, "Uint8x32.ShiftBytesRightGrouped", fAVX2, byteCount, Uint8x32.ShiftBytesRightGrouped,
		func(x Uint8x32, s uint64) Uint8x32 {
			return ofU8x32(archsimd.Uint8x32{}.ConcatShiftBytesRightGrouped(toU8x32(x), s))
		})
	hwShift[Uint8x64, uint8](t, "Uint8x64.ShiftBytesRightGrouped", fAVX512, byteCount, Uint8x64.ShiftBytesRightGrouped,
		func(x Uint8x64, s uint64) Uint8x64 {
			return ofU8x64(archsimd.Uint8x64{}.ConcatShiftBytesRightGrouped(toU8x64(x), s))
		})
}

// hwLoadMasked compares a masked load from random memory, under a random
// mask or one that a tail loop builds.
func hwLoadMasked[V comparable, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, emu, hw func(mem V, bits uint64) V) {
	t.Helper()
	n := len(P(new(V)).lanes())
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[V, E, P](r), tailOrRandom(r, n)
		return emu(mem, b), hw(mem, b), []any{mem, b}
	})
}

// byteShiftLeft16 is PSLLDQ by n from archsimd operations.
func byteShiftLeft16(x archsimd.Uint8x16, n uint8) archsimd.Uint8x16 {
	if n > 16 {
		return archsimd.Uint8x16{}
	}
	return x.ConcatShiftBytesRight(archsimd.Uint8x16{}, uint64(16-n))
}
