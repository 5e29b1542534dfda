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
// for it, and the skip names the feature. Operations archsimd lacks are
// compared with the archsimd sequence that computes the same thing.

// TestArchsimd compares every operation, group by group, and then checks
// that no exported function or method of the package went unchecked.
func TestArchsimd(t *testing.T) {
	t.Run("Memory", archsimdMemory)
	t.Run("Masks", archsimdMasks)
	t.Run("Bitwise", archsimdBitwise)
	t.Run("Arith", archsimdArith)
	t.Run("Conversions", archsimdConversions)
	t.Run("Halves", archsimdHalves)
	t.Run("Broadcasts", archsimdBroadcasts)
	t.Run("Elems", archsimdElems)
	t.Run("AES", archsimdAES)
	t.Run("CarrylessMultiply", archsimdCarrylessMultiply)
	t.Run("Permute", archsimdPermute)
	t.Run("ByteShifts", archsimdByteShifts)
	t.Run("LaneShuffles", archsimdLaneShuffles)
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

// both is the conjunction of two features.
func both(a, b feature) feature { return feature{a.name + "+" + b.name, a.has && b.has} }

// width returns the plain feature archsimd requires at a vector width.
func width(bits int) feature {
	return map[int]feature{128: fAVX, 256: fAVX2, 512: fAVX512}[bits]
}

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

// hw1i and hw2i draw an immediate in [0, 256) for each trial.
func hw1i[V comparable, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, emu, hw func(V, uint8) V) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x, i := rnd[V, E, P](r), uint8(r.Uint32())
		return outcome(func() any { return emu(x, i) }), outcome(func() any { return hw(x, i) }), []any{x, i}
	})
}

func hw2i[V comparable, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, emu, hw func(x, y V, i uint8) V) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x, y, i := rnd[V, E, P](r), rnd[V, E, P](r), uint8(r.Uint32())
		return outcome(func() any { return emu(x, y, i) }), outcome(func() any { return hw(x, y, i) }), []any{x, y, i}
	})
}

// hwConv compares conversions and other operations from one vec type to
// another.
func hwConv[E elem, V, W comparable, P lanesOf[V, E]](t *testing.T, name string, f feature, emu, hw func(V) W) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x := rnd[V, E, P](r)
		return emu(x), hw(x), x
	})
}

// hwKey compares an operation of a byte vector and a key vector: the AES
// rounds.
func hwKey[V, K comparable, P lanesOf[V, uint8], Q lanesOf[K, uint32]](t *testing.T, name string, f feature, emu, hw func(V, K) V) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x, k := rnd[V, uint8, P](r), rnd[K, uint32, Q](r)
		return emu(x, k), hw(x, k), []any{x, k}
	})
}

// hwIdx compares a byte shuffle whose indices are an Int8 vector.
func hwIdx[V, I comparable, P lanesOf[V, uint8], Q lanesOf[I, int8]](t *testing.T, name string, f feature, emu, hw func(V, I) V) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x, idx := rnd[V, uint8, P](r), rnd[I, int8, Q](r)
		return emu(x, idx), hw(x, idx), []any{x, idx}
	})
}

// hwHalf compares an operation that joins a vector and its half type.
func hwHalf[E elem, V, H comparable, P lanesOf[V, E], Q lanesOf[H, E]](t *testing.T, name string, f feature, emu, hw func(V, H) V) {
	t.Helper()
	hwRun(t, name, f, func(r *rand.Rand) (any, any, any) {
		x, h := rnd[V, E, P](r), rnd[H, E, Q](r)
		return emu(x, h), hw(x, h), []any{x, h}
	})
}

// TestArchsimdMemory pairs each type's loads, stores, broadcast, Len and
// String with archsimd's.
func archsimdMemory(t *testing.T) {
	hwMem(t, "Uint8x16", width(128),
		memOps[Uint8x16, uint8]{
			func(s []uint8) Uint8x16 { return LoadUint8x16Array((*[16]uint8)(s)) }, LoadUint8x16, LoadUint8x16Part,
			func(v Uint8x16, s []uint8) { v.StoreArray((*[16]uint8)(s)) }, Uint8x16.Store, Uint8x16.StorePart,
			BroadcastUint8x16, Uint8x16.Len, Uint8x16.String},
		memOps[Uint8x16, uint8]{
			func(s []uint8) Uint8x16 { return ofU8x16(archsimd.LoadUint8x16Array((*[16]uint8)(s))) },
			func(s []uint8) Uint8x16 { return ofU8x16(archsimd.LoadUint8x16(s)) },
			func(s []uint8) (Uint8x16, int) {
				v, n := archsimd.LoadUint8x16Part(s)
				return ofU8x16(v), n
			},
			func(v Uint8x16, s []uint8) { toU8x16(v).StoreArray((*[16]uint8)(s)) },
			func(v Uint8x16, s []uint8) { toU8x16(v).Store(s) },
			func(v Uint8x16, s []uint8) int { return toU8x16(v).StorePart(s) },
			func(x uint8) Uint8x16 { return ofU8x16(archsimd.BroadcastUint8x16(x)) },
			func(v Uint8x16) int { return toU8x16(v).Len() },
			func(v Uint8x16) string { return toU8x16(v).String() }})
	hwMem(t, "Uint8x32", width(256),
		memOps[Uint8x32, uint8]{
			func(s []uint8) Uint8x32 { return LoadUint8x32Array((*[32]uint8)(s)) }, LoadUint8x32, LoadUint8x32Part,
			func(v Uint8x32, s []uint8) { v.StoreArray((*[32]uint8)(s)) }, Uint8x32.Store, Uint8x32.StorePart,
			BroadcastUint8x32, Uint8x32.Len, Uint8x32.String},
		memOps[Uint8x32, uint8]{
			func(s []uint8) Uint8x32 { return ofU8x32(archsimd.LoadUint8x32Array((*[32]uint8)(s))) },
			func(s []uint8) Uint8x32 { return ofU8x32(archsimd.LoadUint8x32(s)) },
			func(s []uint8) (Uint8x32, int) {
				v, n := archsimd.LoadUint8x32Part(s)
				return ofU8x32(v), n
			},
			func(v Uint8x32, s []uint8) { toU8x32(v).StoreArray((*[32]uint8)(s)) },
			func(v Uint8x32, s []uint8) { toU8x32(v).Store(s) },
			func(v Uint8x32, s []uint8) int { return toU8x32(v).StorePart(s) },
			func(x uint8) Uint8x32 { return ofU8x32(archsimd.BroadcastUint8x32(x)) },
			func(v Uint8x32) int { return toU8x32(v).Len() },
			func(v Uint8x32) string { return toU8x32(v).String() }})
	hwMem(t, "Uint8x64", width(512),
		memOps[Uint8x64, uint8]{
			func(s []uint8) Uint8x64 { return LoadUint8x64Array((*[64]uint8)(s)) }, LoadUint8x64, LoadUint8x64Part,
			func(v Uint8x64, s []uint8) { v.StoreArray((*[64]uint8)(s)) }, Uint8x64.Store, Uint8x64.StorePart,
			BroadcastUint8x64, Uint8x64.Len, Uint8x64.String},
		memOps[Uint8x64, uint8]{
			func(s []uint8) Uint8x64 { return ofU8x64(archsimd.LoadUint8x64Array((*[64]uint8)(s))) },
			func(s []uint8) Uint8x64 { return ofU8x64(archsimd.LoadUint8x64(s)) },
			func(s []uint8) (Uint8x64, int) {
				v, n := archsimd.LoadUint8x64Part(s)
				return ofU8x64(v), n
			},
			func(v Uint8x64, s []uint8) { toU8x64(v).StoreArray((*[64]uint8)(s)) },
			func(v Uint8x64, s []uint8) { toU8x64(v).Store(s) },
			func(v Uint8x64, s []uint8) int { return toU8x64(v).StorePart(s) },
			func(x uint8) Uint8x64 { return ofU8x64(archsimd.BroadcastUint8x64(x)) },
			func(v Uint8x64) int { return toU8x64(v).Len() },
			func(v Uint8x64) string { return toU8x64(v).String() }})
	hwMem(t, "Int8x16", width(128),
		memOps[Int8x16, int8]{
			func(s []int8) Int8x16 { return LoadInt8x16Array((*[16]int8)(s)) }, LoadInt8x16, LoadInt8x16Part,
			func(v Int8x16, s []int8) { v.StoreArray((*[16]int8)(s)) }, Int8x16.Store, Int8x16.StorePart,
			BroadcastInt8x16, Int8x16.Len, Int8x16.String},
		memOps[Int8x16, int8]{
			func(s []int8) Int8x16 { return ofI8x16(archsimd.LoadInt8x16Array((*[16]int8)(s))) },
			func(s []int8) Int8x16 { return ofI8x16(archsimd.LoadInt8x16(s)) },
			func(s []int8) (Int8x16, int) {
				v, n := archsimd.LoadInt8x16Part(s)
				return ofI8x16(v), n
			},
			func(v Int8x16, s []int8) { toI8x16(v).StoreArray((*[16]int8)(s)) },
			func(v Int8x16, s []int8) { toI8x16(v).Store(s) },
			func(v Int8x16, s []int8) int { return toI8x16(v).StorePart(s) },
			func(x int8) Int8x16 { return ofI8x16(archsimd.BroadcastInt8x16(x)) },
			func(v Int8x16) int { return toI8x16(v).Len() },
			func(v Int8x16) string { return toI8x16(v).String() }})
	hwMem(t, "Int8x32", width(256),
		memOps[Int8x32, int8]{
			func(s []int8) Int8x32 { return LoadInt8x32Array((*[32]int8)(s)) }, LoadInt8x32, LoadInt8x32Part,
			func(v Int8x32, s []int8) { v.StoreArray((*[32]int8)(s)) }, Int8x32.Store, Int8x32.StorePart,
			BroadcastInt8x32, Int8x32.Len, Int8x32.String},
		memOps[Int8x32, int8]{
			func(s []int8) Int8x32 { return ofI8x32(archsimd.LoadInt8x32Array((*[32]int8)(s))) },
			func(s []int8) Int8x32 { return ofI8x32(archsimd.LoadInt8x32(s)) },
			func(s []int8) (Int8x32, int) {
				v, n := archsimd.LoadInt8x32Part(s)
				return ofI8x32(v), n
			},
			func(v Int8x32, s []int8) { toI8x32(v).StoreArray((*[32]int8)(s)) },
			func(v Int8x32, s []int8) { toI8x32(v).Store(s) },
			func(v Int8x32, s []int8) int { return toI8x32(v).StorePart(s) },
			func(x int8) Int8x32 { return ofI8x32(archsimd.BroadcastInt8x32(x)) },
			func(v Int8x32) int { return toI8x32(v).Len() },
			func(v Int8x32) string { return toI8x32(v).String() }})
	hwMem(t, "Int8x64", width(512),
		memOps[Int8x64, int8]{
			func(s []int8) Int8x64 { return LoadInt8x64Array((*[64]int8)(s)) }, LoadInt8x64, LoadInt8x64Part,
			func(v Int8x64, s []int8) { v.StoreArray((*[64]int8)(s)) }, Int8x64.Store, Int8x64.StorePart,
			BroadcastInt8x64, Int8x64.Len, Int8x64.String},
		memOps[Int8x64, int8]{
			func(s []int8) Int8x64 { return ofI8x64(archsimd.LoadInt8x64Array((*[64]int8)(s))) },
			func(s []int8) Int8x64 { return ofI8x64(archsimd.LoadInt8x64(s)) },
			func(s []int8) (Int8x64, int) {
				v, n := archsimd.LoadInt8x64Part(s)
				return ofI8x64(v), n
			},
			func(v Int8x64, s []int8) { toI8x64(v).StoreArray((*[64]int8)(s)) },
			func(v Int8x64, s []int8) { toI8x64(v).Store(s) },
			func(v Int8x64, s []int8) int { return toI8x64(v).StorePart(s) },
			func(x int8) Int8x64 { return ofI8x64(archsimd.BroadcastInt8x64(x)) },
			func(v Int8x64) int { return toI8x64(v).Len() },
			func(v Int8x64) string { return toI8x64(v).String() }})
	hwMem(t, "Uint32x4", width(128),
		memOps[Uint32x4, uint32]{
			func(s []uint32) Uint32x4 { return LoadUint32x4Array((*[4]uint32)(s)) }, LoadUint32x4, LoadUint32x4Part,
			func(v Uint32x4, s []uint32) { v.StoreArray((*[4]uint32)(s)) }, Uint32x4.Store, Uint32x4.StorePart,
			BroadcastUint32x4, Uint32x4.Len, Uint32x4.String},
		memOps[Uint32x4, uint32]{
			func(s []uint32) Uint32x4 { return ofU32x4(archsimd.LoadUint32x4Array((*[4]uint32)(s))) },
			func(s []uint32) Uint32x4 { return ofU32x4(archsimd.LoadUint32x4(s)) },
			func(s []uint32) (Uint32x4, int) {
				v, n := archsimd.LoadUint32x4Part(s)
				return ofU32x4(v), n
			},
			func(v Uint32x4, s []uint32) { toU32x4(v).StoreArray((*[4]uint32)(s)) },
			func(v Uint32x4, s []uint32) { toU32x4(v).Store(s) },
			func(v Uint32x4, s []uint32) int { return toU32x4(v).StorePart(s) },
			func(x uint32) Uint32x4 { return ofU32x4(archsimd.BroadcastUint32x4(x)) },
			func(v Uint32x4) int { return toU32x4(v).Len() },
			func(v Uint32x4) string { return toU32x4(v).String() }})
	hwMem(t, "Uint32x8", width(256),
		memOps[Uint32x8, uint32]{
			func(s []uint32) Uint32x8 { return LoadUint32x8Array((*[8]uint32)(s)) }, LoadUint32x8, LoadUint32x8Part,
			func(v Uint32x8, s []uint32) { v.StoreArray((*[8]uint32)(s)) }, Uint32x8.Store, Uint32x8.StorePart,
			BroadcastUint32x8, Uint32x8.Len, Uint32x8.String},
		memOps[Uint32x8, uint32]{
			func(s []uint32) Uint32x8 { return ofU32x8(archsimd.LoadUint32x8Array((*[8]uint32)(s))) },
			func(s []uint32) Uint32x8 { return ofU32x8(archsimd.LoadUint32x8(s)) },
			func(s []uint32) (Uint32x8, int) {
				v, n := archsimd.LoadUint32x8Part(s)
				return ofU32x8(v), n
			},
			func(v Uint32x8, s []uint32) { toU32x8(v).StoreArray((*[8]uint32)(s)) },
			func(v Uint32x8, s []uint32) { toU32x8(v).Store(s) },
			func(v Uint32x8, s []uint32) int { return toU32x8(v).StorePart(s) },
			func(x uint32) Uint32x8 { return ofU32x8(archsimd.BroadcastUint32x8(x)) },
			func(v Uint32x8) int { return toU32x8(v).Len() },
			func(v Uint32x8) string { return toU32x8(v).String() }})
	hwMem(t, "Uint32x16", width(512),
		memOps[Uint32x16, uint32]{
			func(s []uint32) Uint32x16 { return LoadUint32x16Array((*[16]uint32)(s)) }, LoadUint32x16, LoadUint32x16Part,
			func(v Uint32x16, s []uint32) { v.StoreArray((*[16]uint32)(s)) }, Uint32x16.Store, Uint32x16.StorePart,
			BroadcastUint32x16, Uint32x16.Len, Uint32x16.String},
		memOps[Uint32x16, uint32]{
			func(s []uint32) Uint32x16 { return ofU32x16(archsimd.LoadUint32x16Array((*[16]uint32)(s))) },
			func(s []uint32) Uint32x16 { return ofU32x16(archsimd.LoadUint32x16(s)) },
			func(s []uint32) (Uint32x16, int) {
				v, n := archsimd.LoadUint32x16Part(s)
				return ofU32x16(v), n
			},
			func(v Uint32x16, s []uint32) { toU32x16(v).StoreArray((*[16]uint32)(s)) },
			func(v Uint32x16, s []uint32) { toU32x16(v).Store(s) },
			func(v Uint32x16, s []uint32) int { return toU32x16(v).StorePart(s) },
			func(x uint32) Uint32x16 { return ofU32x16(archsimd.BroadcastUint32x16(x)) },
			func(v Uint32x16) int { return toU32x16(v).Len() },
			func(v Uint32x16) string { return toU32x16(v).String() }})
	hwMem(t, "Uint64x2", width(128),
		memOps[Uint64x2, uint64]{
			func(s []uint64) Uint64x2 { return LoadUint64x2Array((*[2]uint64)(s)) }, LoadUint64x2, LoadUint64x2Part,
			func(v Uint64x2, s []uint64) { v.StoreArray((*[2]uint64)(s)) }, Uint64x2.Store, Uint64x2.StorePart,
			BroadcastUint64x2, Uint64x2.Len, Uint64x2.String},
		memOps[Uint64x2, uint64]{
			func(s []uint64) Uint64x2 { return ofU64x2(archsimd.LoadUint64x2Array((*[2]uint64)(s))) },
			func(s []uint64) Uint64x2 { return ofU64x2(archsimd.LoadUint64x2(s)) },
			func(s []uint64) (Uint64x2, int) {
				v, n := archsimd.LoadUint64x2Part(s)
				return ofU64x2(v), n
			},
			func(v Uint64x2, s []uint64) { toU64x2(v).StoreArray((*[2]uint64)(s)) },
			func(v Uint64x2, s []uint64) { toU64x2(v).Store(s) },
			func(v Uint64x2, s []uint64) int { return toU64x2(v).StorePart(s) },
			func(x uint64) Uint64x2 { return ofU64x2(archsimd.BroadcastUint64x2(x)) },
			func(v Uint64x2) int { return toU64x2(v).Len() },
			func(v Uint64x2) string { return toU64x2(v).String() }})
	hwMem(t, "Uint64x4", width(256),
		memOps[Uint64x4, uint64]{
			func(s []uint64) Uint64x4 { return LoadUint64x4Array((*[4]uint64)(s)) }, LoadUint64x4, LoadUint64x4Part,
			func(v Uint64x4, s []uint64) { v.StoreArray((*[4]uint64)(s)) }, Uint64x4.Store, Uint64x4.StorePart,
			BroadcastUint64x4, Uint64x4.Len, Uint64x4.String},
		memOps[Uint64x4, uint64]{
			func(s []uint64) Uint64x4 { return ofU64x4(archsimd.LoadUint64x4Array((*[4]uint64)(s))) },
			func(s []uint64) Uint64x4 { return ofU64x4(archsimd.LoadUint64x4(s)) },
			func(s []uint64) (Uint64x4, int) {
				v, n := archsimd.LoadUint64x4Part(s)
				return ofU64x4(v), n
			},
			func(v Uint64x4, s []uint64) { toU64x4(v).StoreArray((*[4]uint64)(s)) },
			func(v Uint64x4, s []uint64) { toU64x4(v).Store(s) },
			func(v Uint64x4, s []uint64) int { return toU64x4(v).StorePart(s) },
			func(x uint64) Uint64x4 { return ofU64x4(archsimd.BroadcastUint64x4(x)) },
			func(v Uint64x4) int { return toU64x4(v).Len() },
			func(v Uint64x4) string { return toU64x4(v).String() }})
	hwMem(t, "Uint64x8", width(512),
		memOps[Uint64x8, uint64]{
			func(s []uint64) Uint64x8 { return LoadUint64x8Array((*[8]uint64)(s)) }, LoadUint64x8, LoadUint64x8Part,
			func(v Uint64x8, s []uint64) { v.StoreArray((*[8]uint64)(s)) }, Uint64x8.Store, Uint64x8.StorePart,
			BroadcastUint64x8, Uint64x8.Len, Uint64x8.String},
		memOps[Uint64x8, uint64]{
			func(s []uint64) Uint64x8 { return ofU64x8(archsimd.LoadUint64x8Array((*[8]uint64)(s))) },
			func(s []uint64) Uint64x8 { return ofU64x8(archsimd.LoadUint64x8(s)) },
			func(s []uint64) (Uint64x8, int) {
				v, n := archsimd.LoadUint64x8Part(s)
				return ofU64x8(v), n
			},
			func(v Uint64x8, s []uint64) { toU64x8(v).StoreArray((*[8]uint64)(s)) },
			func(v Uint64x8, s []uint64) { toU64x8(v).Store(s) },
			func(v Uint64x8, s []uint64) int { return toU64x8(v).StorePart(s) },
			func(x uint64) Uint64x8 { return ofU64x8(archsimd.BroadcastUint64x8(x)) },
			func(v Uint64x8) int { return toU64x8(v).Len() },
			func(v Uint64x8) string { return toU64x8(v).String() }})
}

func hwMem[V comparable, E elem, P lanesOf[V, E]](t *testing.T, name string, f feature, emu, hw memOps[V, E]) {
	n := len(P(new(V)).lanes())
	// in returns random memory of n+3 elements and a random length for the
	// slice forms, from a little short of n to a little past it.
	in := func(r *rand.Rand) ([]E, int) {
		mem := append(lanesCopy[V, E, P](rnd[V, E, P](r)), E(r.Uint64()), E(r.Uint64()), E(r.Uint64()))
		return mem, r.IntN(n + 4)
	}
	hwRun(t, "Load"+name+"Array", f, func(r *rand.Rand) (any, any, any) {
		mem, _ := in(r)
		return emu.load(mem), hw.load(mem), mem
	})
	hwRun(t, "Load"+name, f, func(r *rand.Rand) (any, any, any) {
		mem, k := in(r)
		return outcome(func() any { return emu.loadSlice(mem[:k]) }), outcome(func() any { return hw.loadSlice(mem[:k]) }), mem[:k]
	})
	hwRun(t, "Load"+name+"Part", f, func(r *rand.Rand) (any, any, any) {
		mem, k := in(r)
		return pair(emu.loadPart(mem[:k])), pair(hw.loadPart(mem[:k])), mem[:k]
	})
	// The stores write into copies of the same random memory; the results
	// are the whole memory and StorePart's count, as strings so they
	// compare with !=.
	stores := []struct {
		op       string
		emu, hw  func(V, []E) int
		fullSize bool
	}{
		{"StoreArray", func(v V, s []E) int { emu.store(v, s); return 0 }, func(v V, s []E) int { hw.store(v, s); return 0 }, true},
		{"Store", func(v V, s []E) int { emu.storeSlice(v, s); return 0 }, func(v V, s []E) int { hw.storeSlice(v, s); return 0 }, false},
		{"StorePart", emu.storePart, hw.storePart, false},
	}
	for _, s := range stores {
		hwRun(t, name+"."+s.op, f, func(r *rand.Rand) (any, any, any) {
			x := rnd[V, E, P](r)
			mem, k := in(r)
			if s.fullSize {
				k = n
			}
			m1, m2 := append([]E{}, mem...), append([]E{}, mem...)
			p1 := outcome(func() any { return s.emu(x, m1[:k]) })
			p2 := outcome(func() any { return s.hw(x, m2[:k]) })
			return formatAny(p1, m1), formatAny(p2, m2), []any{x, k}
		})
	}
	hwRun(t, "Broadcast"+name, f, func(r *rand.Rand) (any, any, any) {
		v := E(r.Uint64())
		return emu.broadcast(v), hw.broadcast(v), v
	})
	hwRun(t, name+".Len", f, func(r *rand.Rand) (any, any, any) {
		x := rnd[V, E, P](r)
		return emu.length(x), hw.length(x), x
	})
	hwRun(t, name+".String", f, func(r *rand.Rand) (any, any, any) {
		x := rnd[V, E, P](r)
		return emu.str(x), hw.str(x), x
	})
}

func formatAny(a ...any) string { return fmt.Sprint(a...) }

// pair makes the two results of a LoadTPart one comparable value.
func pair[V any](v V, n int) [2]any { return [2]any{v, n} }

// archsimdMasks compares the mask constructors and the masked loads and
// stores. Masks come from FromBits, which archsimd has only with AVX-512.
// archsimd has no masked load; LoadTArray(y).Masked(mask) is the same.
func archsimdMasks(t *testing.T) {
	covers("Mask8x16.ToBits", "Mask8x16.And", "Mask8x16.Or")
	hwRun(t, "Mask8x16FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint16(r.Uint64()), uint16(r.Uint64())
		x, y := Mask8x16FromBits(b), Mask8x16FromBits(c)
		hx, hy := archsimd.Mask8x16FromBits(b), archsimd.Mask8x16FromBits(c)
		return [3]uint16{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint16{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint16{b, c}
	})
	// archsimd has no masked load: a load and Masked compute the same. It
	// has no Uint8x16 byte-masked store; the 512-bit one restricted to the
	// low 16 bytes does the same.
	hwRun(t, "LoadUint8x16ArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint8x64, uint8](r), tailOrRandom(r, 16)
		var lo [16]uint8
		copy(lo[:], mem.a[:])
		got := LoadUint8x16ArrayMasked(&lo, Mask8x16FromBits(uint16(b)))
		var want Uint8x16
		full := ofU8x64(archsimd.LoadUint8x64Array(&mem.a).Masked(archsimd.Mask8x64FromBits(b)))
		copy(want.a[:], full.a[:])
		return got, want, []any{lo, b}
	})
	hwRun(t, "Uint8x16.StoreArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, mem, b := rnd[Uint8x16, uint8](r), rnd[Uint8x64, uint8](r), tailOrRandom(r, 16)
		var got [16]uint8
		copy(got[:], mem.a[:])
		x.StoreArrayMasked(&got, Mask8x16FromBits(uint16(b)))
		var wide Uint8x64
		copy(wide.a[:], x.a[:])
		toU8x64(wide).StoreArrayMasked(&mem.a, archsimd.Mask8x64FromBits(b))
		return got, [16]uint8(mem.a[:16]), []any{x, b}
	})
	covers("Mask8x32.ToBits", "Mask8x32.And", "Mask8x32.Or")
	hwRun(t, "Mask8x32FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint32(r.Uint64()), uint32(r.Uint64())
		x, y := Mask8x32FromBits(b), Mask8x32FromBits(c)
		hx, hy := archsimd.Mask8x32FromBits(b), archsimd.Mask8x32FromBits(c)
		return [3]uint32{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint32{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint32{b, c}
	})
	// Likewise for Uint8x32.
	hwRun(t, "LoadUint8x32ArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint8x64, uint8](r), tailOrRandom(r, 32)
		var lo [32]uint8
		copy(lo[:], mem.a[:])
		got := LoadUint8x32ArrayMasked(&lo, Mask8x32FromBits(uint32(b)))
		var want Uint8x32
		full := ofU8x64(archsimd.LoadUint8x64Array(&mem.a).Masked(archsimd.Mask8x64FromBits(b)))
		copy(want.a[:], full.a[:])
		return got, want, []any{lo, b}
	})
	hwRun(t, "Uint8x32.StoreArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, mem, b := rnd[Uint8x32, uint8](r), rnd[Uint8x64, uint8](r), tailOrRandom(r, 32)
		var got [32]uint8
		copy(got[:], mem.a[:])
		x.StoreArrayMasked(&got, Mask8x32FromBits(uint32(b)))
		var wide Uint8x64
		copy(wide.a[:], x.a[:])
		toU8x64(wide).StoreArrayMasked(&mem.a, archsimd.Mask8x64FromBits(b))
		return got, [32]uint8(mem.a[:32]), []any{x, b}
	})
	covers("Mask8x64.ToBits", "Mask8x64.And", "Mask8x64.Or")
	hwRun(t, "Mask8x64FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint64(r.Uint64()), uint64(r.Uint64())
		x, y := Mask8x64FromBits(b), Mask8x64FromBits(c)
		hx, hy := archsimd.Mask8x64FromBits(b), archsimd.Mask8x64FromBits(c)
		return [3]uint64{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint64{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint64{b, c}
	})
	hwRun(t, "LoadUint8x64ArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint8x64, uint8](r), uint64(tailOrRandom(r, 64))
		return LoadUint8x64ArrayMasked(&mem.a, Mask8x64FromBits(b)), ofU8x64(archsimd.LoadUint8x64Array(&mem.a).Masked(archsimd.Mask8x64FromBits(b))), []any{mem, b}
	})
	hwRun(t, "Uint8x64.StoreArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, got, b := rnd[Uint8x64, uint8](r), rnd[Uint8x64, uint8](r), uint64(tailOrRandom(r, 64))
		want := got
		x.StoreArrayMasked(&got.a, Mask8x64FromBits(b))
		toU8x64(x).StoreArrayMasked(&want.a, archsimd.Mask8x64FromBits(b))
		return got, want, []any{x, b}
	})
	covers("Mask32x4.ToBits", "Mask32x4.And", "Mask32x4.Or")
	hwRun(t, "Mask32x4FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint8(r.Uint64()), uint8(r.Uint64())
		x, y := Mask32x4FromBits(b), Mask32x4FromBits(c)
		hx, hy := archsimd.Mask32x4FromBits(b), archsimd.Mask32x4FromBits(c)
		return [3]uint8{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint8{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint8{b, c}
	})
	hwRun(t, "LoadUint32x4ArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint32x4, uint32](r), uint8(tailOrRandom(r, 4))
		return LoadUint32x4ArrayMasked(&mem.a, Mask32x4FromBits(b)), ofU32x4(archsimd.LoadUint32x4Array(&mem.a).Masked(archsimd.Mask32x4FromBits(b))), []any{mem, b}
	})
	hwRun(t, "Uint32x4.StoreArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, got, b := rnd[Uint32x4, uint32](r), rnd[Uint32x4, uint32](r), uint8(tailOrRandom(r, 4))
		want := got
		x.StoreArrayMasked(&got.a, Mask32x4FromBits(b))
		toU32x4(x).StoreArrayMasked(&want.a, archsimd.Mask32x4FromBits(b))
		return got, want, []any{x, b}
	})
	covers("Mask32x8.ToBits", "Mask32x8.And", "Mask32x8.Or")
	hwRun(t, "Mask32x8FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint8(r.Uint64()), uint8(r.Uint64())
		x, y := Mask32x8FromBits(b), Mask32x8FromBits(c)
		hx, hy := archsimd.Mask32x8FromBits(b), archsimd.Mask32x8FromBits(c)
		return [3]uint8{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint8{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint8{b, c}
	})
	hwRun(t, "LoadUint32x8ArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint32x8, uint32](r), uint8(tailOrRandom(r, 8))
		return LoadUint32x8ArrayMasked(&mem.a, Mask32x8FromBits(b)), ofU32x8(archsimd.LoadUint32x8Array(&mem.a).Masked(archsimd.Mask32x8FromBits(b))), []any{mem, b}
	})
	hwRun(t, "Uint32x8.StoreArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, got, b := rnd[Uint32x8, uint32](r), rnd[Uint32x8, uint32](r), uint8(tailOrRandom(r, 8))
		want := got
		x.StoreArrayMasked(&got.a, Mask32x8FromBits(b))
		toU32x8(x).StoreArrayMasked(&want.a, archsimd.Mask32x8FromBits(b))
		return got, want, []any{x, b}
	})
	covers("Mask32x16.ToBits", "Mask32x16.And", "Mask32x16.Or")
	hwRun(t, "Mask32x16FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint16(r.Uint64()), uint16(r.Uint64())
		x, y := Mask32x16FromBits(b), Mask32x16FromBits(c)
		hx, hy := archsimd.Mask32x16FromBits(b), archsimd.Mask32x16FromBits(c)
		return [3]uint16{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint16{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint16{b, c}
	})
	hwRun(t, "LoadUint32x16ArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint32x16, uint32](r), uint16(tailOrRandom(r, 16))
		return LoadUint32x16ArrayMasked(&mem.a, Mask32x16FromBits(b)), ofU32x16(archsimd.LoadUint32x16Array(&mem.a).Masked(archsimd.Mask32x16FromBits(b))), []any{mem, b}
	})
	hwRun(t, "Uint32x16.StoreArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, got, b := rnd[Uint32x16, uint32](r), rnd[Uint32x16, uint32](r), uint16(tailOrRandom(r, 16))
		want := got
		x.StoreArrayMasked(&got.a, Mask32x16FromBits(b))
		toU32x16(x).StoreArrayMasked(&want.a, archsimd.Mask32x16FromBits(b))
		return got, want, []any{x, b}
	})
	covers("Mask64x2.ToBits", "Mask64x2.And", "Mask64x2.Or")
	hwRun(t, "Mask64x2FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint8(r.Uint64()), uint8(r.Uint64())
		x, y := Mask64x2FromBits(b), Mask64x2FromBits(c)
		hx, hy := archsimd.Mask64x2FromBits(b), archsimd.Mask64x2FromBits(c)
		return [3]uint8{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint8{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint8{b, c}
	})
	hwRun(t, "LoadUint64x2ArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint64x2, uint64](r), uint8(tailOrRandom(r, 2))
		return LoadUint64x2ArrayMasked(&mem.a, Mask64x2FromBits(b)), ofU64x2(archsimd.LoadUint64x2Array(&mem.a).Masked(archsimd.Mask64x2FromBits(b))), []any{mem, b}
	})
	hwRun(t, "Uint64x2.StoreArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, got, b := rnd[Uint64x2, uint64](r), rnd[Uint64x2, uint64](r), uint8(tailOrRandom(r, 2))
		want := got
		x.StoreArrayMasked(&got.a, Mask64x2FromBits(b))
		toU64x2(x).StoreArrayMasked(&want.a, archsimd.Mask64x2FromBits(b))
		return got, want, []any{x, b}
	})
	covers("Mask64x4.ToBits", "Mask64x4.And", "Mask64x4.Or")
	hwRun(t, "Mask64x4FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint8(r.Uint64()), uint8(r.Uint64())
		x, y := Mask64x4FromBits(b), Mask64x4FromBits(c)
		hx, hy := archsimd.Mask64x4FromBits(b), archsimd.Mask64x4FromBits(c)
		return [3]uint8{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint8{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint8{b, c}
	})
	hwRun(t, "LoadUint64x4ArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint64x4, uint64](r), uint8(tailOrRandom(r, 4))
		return LoadUint64x4ArrayMasked(&mem.a, Mask64x4FromBits(b)), ofU64x4(archsimd.LoadUint64x4Array(&mem.a).Masked(archsimd.Mask64x4FromBits(b))), []any{mem, b}
	})
	hwRun(t, "Uint64x4.StoreArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, got, b := rnd[Uint64x4, uint64](r), rnd[Uint64x4, uint64](r), uint8(tailOrRandom(r, 4))
		want := got
		x.StoreArrayMasked(&got.a, Mask64x4FromBits(b))
		toU64x4(x).StoreArrayMasked(&want.a, archsimd.Mask64x4FromBits(b))
		return got, want, []any{x, b}
	})
	covers("Mask64x8.ToBits", "Mask64x8.And", "Mask64x8.Or")
	hwRun(t, "Mask64x8FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint8(r.Uint64()), uint8(r.Uint64())
		x, y := Mask64x8FromBits(b), Mask64x8FromBits(c)
		hx, hy := archsimd.Mask64x8FromBits(b), archsimd.Mask64x8FromBits(c)
		return [3]uint8{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint8{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint8{b, c}
	})
	hwRun(t, "LoadUint64x8ArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint64x8, uint64](r), uint8(tailOrRandom(r, 8))
		return LoadUint64x8ArrayMasked(&mem.a, Mask64x8FromBits(b)), ofU64x8(archsimd.LoadUint64x8Array(&mem.a).Masked(archsimd.Mask64x8FromBits(b))), []any{mem, b}
	})
	hwRun(t, "Uint64x8.StoreArrayMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, got, b := rnd[Uint64x8, uint64](r), rnd[Uint64x8, uint64](r), uint8(tailOrRandom(r, 8))
		want := got
		x.StoreArrayMasked(&got.a, Mask64x8FromBits(b))
		toU64x8(x).StoreArrayMasked(&want.a, archsimd.Mask64x8FromBits(b))
		return got, want, []any{x, b}
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

func archsimdBitwise(t *testing.T) {
	hw2[Uint8x16, uint8](t, "Uint8x16.And", width(128), Uint8x16.And, hw2U8x16(archsimd.Uint8x16.And))
	hw2[Uint8x16, uint8](t, "Uint8x16.Or", width(128), Uint8x16.Or, hw2U8x16(archsimd.Uint8x16.Or))
	hw2[Uint8x16, uint8](t, "Uint8x16.Xor", width(128), Uint8x16.Xor, hw2U8x16(archsimd.Uint8x16.Xor))
	hw2[Uint8x16, uint8](t, "Uint8x16.AndNot", width(128), Uint8x16.AndNot, hw2U8x16(archsimd.Uint8x16.AndNot))
	hw1[Uint8x16, uint8](t, "Uint8x16.Not", width(128), Uint8x16.Not, hw1U8x16(archsimd.Uint8x16.Not))
	hw2[Uint8x32, uint8](t, "Uint8x32.And", width(256), Uint8x32.And, hw2U8x32(archsimd.Uint8x32.And))
	hw2[Uint8x32, uint8](t, "Uint8x32.Or", width(256), Uint8x32.Or, hw2U8x32(archsimd.Uint8x32.Or))
	hw2[Uint8x32, uint8](t, "Uint8x32.Xor", width(256), Uint8x32.Xor, hw2U8x32(archsimd.Uint8x32.Xor))
	hw2[Uint8x32, uint8](t, "Uint8x32.AndNot", width(256), Uint8x32.AndNot, hw2U8x32(archsimd.Uint8x32.AndNot))
	hw1[Uint8x32, uint8](t, "Uint8x32.Not", width(256), Uint8x32.Not, hw1U8x32(archsimd.Uint8x32.Not))
	hw2[Uint8x64, uint8](t, "Uint8x64.And", width(512), Uint8x64.And, hw2U8x64(archsimd.Uint8x64.And))
	hw2[Uint8x64, uint8](t, "Uint8x64.Or", width(512), Uint8x64.Or, hw2U8x64(archsimd.Uint8x64.Or))
	hw2[Uint8x64, uint8](t, "Uint8x64.Xor", width(512), Uint8x64.Xor, hw2U8x64(archsimd.Uint8x64.Xor))
	hw2[Uint8x64, uint8](t, "Uint8x64.AndNot", width(512), Uint8x64.AndNot, hw2U8x64(archsimd.Uint8x64.AndNot))
	hw1[Uint8x64, uint8](t, "Uint8x64.Not", width(512), Uint8x64.Not, hw1U8x64(archsimd.Uint8x64.Not))
	hw2[Uint32x4, uint32](t, "Uint32x4.And", width(128), Uint32x4.And, hw2U32x4(archsimd.Uint32x4.And))
	hw2[Uint32x4, uint32](t, "Uint32x4.Or", width(128), Uint32x4.Or, hw2U32x4(archsimd.Uint32x4.Or))
	hw2[Uint32x4, uint32](t, "Uint32x4.Xor", width(128), Uint32x4.Xor, hw2U32x4(archsimd.Uint32x4.Xor))
	hw2[Uint32x4, uint32](t, "Uint32x4.AndNot", width(128), Uint32x4.AndNot, hw2U32x4(archsimd.Uint32x4.AndNot))
	hw1[Uint32x4, uint32](t, "Uint32x4.Not", width(128), Uint32x4.Not, hw1U32x4(archsimd.Uint32x4.Not))
	hw2[Uint32x8, uint32](t, "Uint32x8.And", width(256), Uint32x8.And, hw2U32x8(archsimd.Uint32x8.And))
	hw2[Uint32x8, uint32](t, "Uint32x8.Or", width(256), Uint32x8.Or, hw2U32x8(archsimd.Uint32x8.Or))
	hw2[Uint32x8, uint32](t, "Uint32x8.Xor", width(256), Uint32x8.Xor, hw2U32x8(archsimd.Uint32x8.Xor))
	hw2[Uint32x8, uint32](t, "Uint32x8.AndNot", width(256), Uint32x8.AndNot, hw2U32x8(archsimd.Uint32x8.AndNot))
	hw1[Uint32x8, uint32](t, "Uint32x8.Not", width(256), Uint32x8.Not, hw1U32x8(archsimd.Uint32x8.Not))
	hw2[Uint32x16, uint32](t, "Uint32x16.And", width(512), Uint32x16.And, hw2U32x16(archsimd.Uint32x16.And))
	hw2[Uint32x16, uint32](t, "Uint32x16.Or", width(512), Uint32x16.Or, hw2U32x16(archsimd.Uint32x16.Or))
	hw2[Uint32x16, uint32](t, "Uint32x16.Xor", width(512), Uint32x16.Xor, hw2U32x16(archsimd.Uint32x16.Xor))
	hw2[Uint32x16, uint32](t, "Uint32x16.AndNot", width(512), Uint32x16.AndNot, hw2U32x16(archsimd.Uint32x16.AndNot))
	hw1[Uint32x16, uint32](t, "Uint32x16.Not", width(512), Uint32x16.Not, hw1U32x16(archsimd.Uint32x16.Not))
	hw2[Uint64x2, uint64](t, "Uint64x2.And", width(128), Uint64x2.And, hw2U64x2(archsimd.Uint64x2.And))
	hw2[Uint64x2, uint64](t, "Uint64x2.Or", width(128), Uint64x2.Or, hw2U64x2(archsimd.Uint64x2.Or))
	hw2[Uint64x2, uint64](t, "Uint64x2.Xor", width(128), Uint64x2.Xor, hw2U64x2(archsimd.Uint64x2.Xor))
	hw2[Uint64x2, uint64](t, "Uint64x2.AndNot", width(128), Uint64x2.AndNot, hw2U64x2(archsimd.Uint64x2.AndNot))
	hw1[Uint64x2, uint64](t, "Uint64x2.Not", width(128), Uint64x2.Not, hw1U64x2(archsimd.Uint64x2.Not))
	hw2[Uint64x4, uint64](t, "Uint64x4.And", width(256), Uint64x4.And, hw2U64x4(archsimd.Uint64x4.And))
	hw2[Uint64x4, uint64](t, "Uint64x4.Or", width(256), Uint64x4.Or, hw2U64x4(archsimd.Uint64x4.Or))
	hw2[Uint64x4, uint64](t, "Uint64x4.Xor", width(256), Uint64x4.Xor, hw2U64x4(archsimd.Uint64x4.Xor))
	hw2[Uint64x4, uint64](t, "Uint64x4.AndNot", width(256), Uint64x4.AndNot, hw2U64x4(archsimd.Uint64x4.AndNot))
	hw1[Uint64x4, uint64](t, "Uint64x4.Not", width(256), Uint64x4.Not, hw1U64x4(archsimd.Uint64x4.Not))
	hw2[Uint64x8, uint64](t, "Uint64x8.And", width(512), Uint64x8.And, hw2U64x8(archsimd.Uint64x8.And))
	hw2[Uint64x8, uint64](t, "Uint64x8.Or", width(512), Uint64x8.Or, hw2U64x8(archsimd.Uint64x8.Or))
	hw2[Uint64x8, uint64](t, "Uint64x8.Xor", width(512), Uint64x8.Xor, hw2U64x8(archsimd.Uint64x8.Xor))
	hw2[Uint64x8, uint64](t, "Uint64x8.AndNot", width(512), Uint64x8.AndNot, hw2U64x8(archsimd.Uint64x8.AndNot))
	hw1[Uint64x8, uint64](t, "Uint64x8.Not", width(512), Uint64x8.Not, hw1U64x8(archsimd.Uint64x8.Not))
}

func archsimdArith(t *testing.T) {
	hw2[Uint32x4, uint32](t, "Uint32x4.Add", width(128), Uint32x4.Add, hw2U32x4(archsimd.Uint32x4.Add))
	hw1i[Uint32x4, uint32](t, "Uint32x4.ShiftAllLeft", width(128),
		func(x Uint32x4, i uint8) Uint32x4 { return x.ShiftAllLeft(shiftCount(i)) },
		func(x Uint32x4, i uint8) Uint32x4 { return ofU32x4(toU32x4(x).ShiftAllLeft(shiftCount(i))) })
	hw1i[Uint32x4, uint32](t, "Uint32x4.ShiftAllRight", width(128),
		func(x Uint32x4, i uint8) Uint32x4 { return x.ShiftAllRight(shiftCount(i)) },
		func(x Uint32x4, i uint8) Uint32x4 { return ofU32x4(toU32x4(x).ShiftAllRight(shiftCount(i))) })
	hw2i[Uint32x4, uint32](t, "Uint32x4.ShiftAllLeftConcatMod32", fVBMI2,
		func(x, y Uint32x4, i uint8) Uint32x4 { return x.ShiftAllLeftConcatMod32(y, shiftCount(i)) },
		func(x, y Uint32x4, i uint8) Uint32x4 {
			return ofU32x4(toU32x4(x).ShiftAllLeftConcatMod32(toU32x4(y), shiftCount(i)))
		})
	hw2i[Uint32x4, uint32](t, "Uint32x4.ShiftAllRightConcatMod32", fVBMI2,
		func(x, y Uint32x4, i uint8) Uint32x4 { return x.ShiftAllRightConcatMod32(y, shiftCount(i)) },
		func(x, y Uint32x4, i uint8) Uint32x4 {
			return ofU32x4(toU32x4(x).ShiftAllRightConcatMod32(toU32x4(y), shiftCount(i)))
		})
	hw2[Uint32x8, uint32](t, "Uint32x8.Add", width(256), Uint32x8.Add, hw2U32x8(archsimd.Uint32x8.Add))
	hw1i[Uint32x8, uint32](t, "Uint32x8.ShiftAllLeft", width(256),
		func(x Uint32x8, i uint8) Uint32x8 { return x.ShiftAllLeft(shiftCount(i)) },
		func(x Uint32x8, i uint8) Uint32x8 { return ofU32x8(toU32x8(x).ShiftAllLeft(shiftCount(i))) })
	hw1i[Uint32x8, uint32](t, "Uint32x8.ShiftAllRight", width(256),
		func(x Uint32x8, i uint8) Uint32x8 { return x.ShiftAllRight(shiftCount(i)) },
		func(x Uint32x8, i uint8) Uint32x8 { return ofU32x8(toU32x8(x).ShiftAllRight(shiftCount(i))) })
	hw2i[Uint32x8, uint32](t, "Uint32x8.ShiftAllLeftConcatMod32", fVBMI2,
		func(x, y Uint32x8, i uint8) Uint32x8 { return x.ShiftAllLeftConcatMod32(y, shiftCount(i)) },
		func(x, y Uint32x8, i uint8) Uint32x8 {
			return ofU32x8(toU32x8(x).ShiftAllLeftConcatMod32(toU32x8(y), shiftCount(i)))
		})
	hw2i[Uint32x8, uint32](t, "Uint32x8.ShiftAllRightConcatMod32", fVBMI2,
		func(x, y Uint32x8, i uint8) Uint32x8 { return x.ShiftAllRightConcatMod32(y, shiftCount(i)) },
		func(x, y Uint32x8, i uint8) Uint32x8 {
			return ofU32x8(toU32x8(x).ShiftAllRightConcatMod32(toU32x8(y), shiftCount(i)))
		})
	hw2[Uint32x16, uint32](t, "Uint32x16.Add", width(512), Uint32x16.Add, hw2U32x16(archsimd.Uint32x16.Add))
	hw1i[Uint32x16, uint32](t, "Uint32x16.ShiftAllLeft", width(512),
		func(x Uint32x16, i uint8) Uint32x16 { return x.ShiftAllLeft(shiftCount(i)) },
		func(x Uint32x16, i uint8) Uint32x16 { return ofU32x16(toU32x16(x).ShiftAllLeft(shiftCount(i))) })
	hw1i[Uint32x16, uint32](t, "Uint32x16.ShiftAllRight", width(512),
		func(x Uint32x16, i uint8) Uint32x16 { return x.ShiftAllRight(shiftCount(i)) },
		func(x Uint32x16, i uint8) Uint32x16 { return ofU32x16(toU32x16(x).ShiftAllRight(shiftCount(i))) })
	hw2i[Uint32x16, uint32](t, "Uint32x16.ShiftAllLeftConcatMod32", fVBMI2,
		func(x, y Uint32x16, i uint8) Uint32x16 { return x.ShiftAllLeftConcatMod32(y, shiftCount(i)) },
		func(x, y Uint32x16, i uint8) Uint32x16 {
			return ofU32x16(toU32x16(x).ShiftAllLeftConcatMod32(toU32x16(y), shiftCount(i)))
		})
	hw2i[Uint32x16, uint32](t, "Uint32x16.ShiftAllRightConcatMod32", fVBMI2,
		func(x, y Uint32x16, i uint8) Uint32x16 { return x.ShiftAllRightConcatMod32(y, shiftCount(i)) },
		func(x, y Uint32x16, i uint8) Uint32x16 {
			return ofU32x16(toU32x16(x).ShiftAllRightConcatMod32(toU32x16(y), shiftCount(i)))
		})
	hw2[Uint64x2, uint64](t, "Uint64x2.Add", width(128), Uint64x2.Add, hw2U64x2(archsimd.Uint64x2.Add))
	hw1i[Uint64x2, uint64](t, "Uint64x2.ShiftAllLeft", width(128),
		func(x Uint64x2, i uint8) Uint64x2 { return x.ShiftAllLeft(shiftCount(i)) },
		func(x Uint64x2, i uint8) Uint64x2 { return ofU64x2(toU64x2(x).ShiftAllLeft(shiftCount(i))) })
	hw1i[Uint64x2, uint64](t, "Uint64x2.ShiftAllRight", width(128),
		func(x Uint64x2, i uint8) Uint64x2 { return x.ShiftAllRight(shiftCount(i)) },
		func(x Uint64x2, i uint8) Uint64x2 { return ofU64x2(toU64x2(x).ShiftAllRight(shiftCount(i))) })
	hw2i[Uint64x2, uint64](t, "Uint64x2.ShiftAllLeftConcatMod64", fVBMI2,
		func(x, y Uint64x2, i uint8) Uint64x2 { return x.ShiftAllLeftConcatMod64(y, shiftCount(i)) },
		func(x, y Uint64x2, i uint8) Uint64x2 {
			return ofU64x2(toU64x2(x).ShiftAllLeftConcatMod64(toU64x2(y), shiftCount(i)))
		})
	hw2i[Uint64x2, uint64](t, "Uint64x2.ShiftAllRightConcatMod64", fVBMI2,
		func(x, y Uint64x2, i uint8) Uint64x2 { return x.ShiftAllRightConcatMod64(y, shiftCount(i)) },
		func(x, y Uint64x2, i uint8) Uint64x2 {
			return ofU64x2(toU64x2(x).ShiftAllRightConcatMod64(toU64x2(y), shiftCount(i)))
		})
	hw2[Uint64x4, uint64](t, "Uint64x4.Add", width(256), Uint64x4.Add, hw2U64x4(archsimd.Uint64x4.Add))
	hw1i[Uint64x4, uint64](t, "Uint64x4.ShiftAllLeft", width(256),
		func(x Uint64x4, i uint8) Uint64x4 { return x.ShiftAllLeft(shiftCount(i)) },
		func(x Uint64x4, i uint8) Uint64x4 { return ofU64x4(toU64x4(x).ShiftAllLeft(shiftCount(i))) })
	hw1i[Uint64x4, uint64](t, "Uint64x4.ShiftAllRight", width(256),
		func(x Uint64x4, i uint8) Uint64x4 { return x.ShiftAllRight(shiftCount(i)) },
		func(x Uint64x4, i uint8) Uint64x4 { return ofU64x4(toU64x4(x).ShiftAllRight(shiftCount(i))) })
	hw2i[Uint64x4, uint64](t, "Uint64x4.ShiftAllLeftConcatMod64", fVBMI2,
		func(x, y Uint64x4, i uint8) Uint64x4 { return x.ShiftAllLeftConcatMod64(y, shiftCount(i)) },
		func(x, y Uint64x4, i uint8) Uint64x4 {
			return ofU64x4(toU64x4(x).ShiftAllLeftConcatMod64(toU64x4(y), shiftCount(i)))
		})
	hw2i[Uint64x4, uint64](t, "Uint64x4.ShiftAllRightConcatMod64", fVBMI2,
		func(x, y Uint64x4, i uint8) Uint64x4 { return x.ShiftAllRightConcatMod64(y, shiftCount(i)) },
		func(x, y Uint64x4, i uint8) Uint64x4 {
			return ofU64x4(toU64x4(x).ShiftAllRightConcatMod64(toU64x4(y), shiftCount(i)))
		})
	hw2[Uint64x8, uint64](t, "Uint64x8.Add", width(512), Uint64x8.Add, hw2U64x8(archsimd.Uint64x8.Add))
	hw1i[Uint64x8, uint64](t, "Uint64x8.ShiftAllLeft", width(512),
		func(x Uint64x8, i uint8) Uint64x8 { return x.ShiftAllLeft(shiftCount(i)) },
		func(x Uint64x8, i uint8) Uint64x8 { return ofU64x8(toU64x8(x).ShiftAllLeft(shiftCount(i))) })
	hw1i[Uint64x8, uint64](t, "Uint64x8.ShiftAllRight", width(512),
		func(x Uint64x8, i uint8) Uint64x8 { return x.ShiftAllRight(shiftCount(i)) },
		func(x Uint64x8, i uint8) Uint64x8 { return ofU64x8(toU64x8(x).ShiftAllRight(shiftCount(i))) })
	hw2i[Uint64x8, uint64](t, "Uint64x8.ShiftAllLeftConcatMod64", fVBMI2,
		func(x, y Uint64x8, i uint8) Uint64x8 { return x.ShiftAllLeftConcatMod64(y, shiftCount(i)) },
		func(x, y Uint64x8, i uint8) Uint64x8 {
			return ofU64x8(toU64x8(x).ShiftAllLeftConcatMod64(toU64x8(y), shiftCount(i)))
		})
	hw2i[Uint64x8, uint64](t, "Uint64x8.ShiftAllRightConcatMod64", fVBMI2,
		func(x, y Uint64x8, i uint8) Uint64x8 { return x.ShiftAllRightConcatMod64(y, shiftCount(i)) },
		func(x, y Uint64x8, i uint8) Uint64x8 {
			return ofU64x8(toU64x8(x).ShiftAllRightConcatMod64(toU64x8(y), shiftCount(i)))
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

func archsimdConversions(t *testing.T) {
	hwConv[uint8](t, "Uint8x16.AsInt8x16", width(128), Uint8x16.AsInt8x16, func(x Uint8x16) Int8x16 { return ofI8x16(toU8x16(x).AsInt8x16()) })
	hwConv[uint8](t, "Uint8x16.AsUint32x4", width(128), Uint8x16.AsUint32x4, func(x Uint8x16) Uint32x4 { return ofU32x4(toU8x16(x).AsUint32x4()) })
	hwConv[uint8](t, "Uint8x16.AsUint64x2", width(128), Uint8x16.AsUint64x2, func(x Uint8x16) Uint64x2 { return ofU64x2(toU8x16(x).AsUint64x2()) })
	hwConv[int8](t, "Int8x16.AsUint8x16", width(128), Int8x16.AsUint8x16, func(x Int8x16) Uint8x16 { return ofU8x16(toI8x16(x).AsUint8x16()) })
	hwConv[int8](t, "Int8x16.AsUint32x4", width(128), Int8x16.AsUint32x4, func(x Int8x16) Uint32x4 { return ofU32x4(toI8x16(x).AsUint32x4()) })
	hwConv[int8](t, "Int8x16.AsUint64x2", width(128), Int8x16.AsUint64x2, func(x Int8x16) Uint64x2 { return ofU64x2(toI8x16(x).AsUint64x2()) })
	hwConv[uint32](t, "Uint32x4.AsUint8x16", width(128), Uint32x4.AsUint8x16, func(x Uint32x4) Uint8x16 { return ofU8x16(toU32x4(x).AsUint8x16()) })
	hwConv[uint32](t, "Uint32x4.AsInt8x16", width(128), Uint32x4.AsInt8x16, func(x Uint32x4) Int8x16 { return ofI8x16(toU32x4(x).AsInt8x16()) })
	hwConv[uint32](t, "Uint32x4.AsUint64x2", width(128), Uint32x4.AsUint64x2, func(x Uint32x4) Uint64x2 { return ofU64x2(toU32x4(x).AsUint64x2()) })
	hwConv[uint64](t, "Uint64x2.AsUint8x16", width(128), Uint64x2.AsUint8x16, func(x Uint64x2) Uint8x16 { return ofU8x16(toU64x2(x).AsUint8x16()) })
	hwConv[uint64](t, "Uint64x2.AsInt8x16", width(128), Uint64x2.AsInt8x16, func(x Uint64x2) Int8x16 { return ofI8x16(toU64x2(x).AsInt8x16()) })
	hwConv[uint64](t, "Uint64x2.AsUint32x4", width(128), Uint64x2.AsUint32x4, func(x Uint64x2) Uint32x4 { return ofU32x4(toU64x2(x).AsUint32x4()) })
	hwConv[uint8](t, "Uint8x32.AsInt8x32", width(256), Uint8x32.AsInt8x32, func(x Uint8x32) Int8x32 { return ofI8x32(toU8x32(x).AsInt8x32()) })
	hwConv[uint8](t, "Uint8x32.AsUint32x8", width(256), Uint8x32.AsUint32x8, func(x Uint8x32) Uint32x8 { return ofU32x8(toU8x32(x).AsUint32x8()) })
	hwConv[uint8](t, "Uint8x32.AsUint64x4", width(256), Uint8x32.AsUint64x4, func(x Uint8x32) Uint64x4 { return ofU64x4(toU8x32(x).AsUint64x4()) })
	hwConv[int8](t, "Int8x32.AsUint8x32", width(256), Int8x32.AsUint8x32, func(x Int8x32) Uint8x32 { return ofU8x32(toI8x32(x).AsUint8x32()) })
	hwConv[int8](t, "Int8x32.AsUint32x8", width(256), Int8x32.AsUint32x8, func(x Int8x32) Uint32x8 { return ofU32x8(toI8x32(x).AsUint32x8()) })
	hwConv[int8](t, "Int8x32.AsUint64x4", width(256), Int8x32.AsUint64x4, func(x Int8x32) Uint64x4 { return ofU64x4(toI8x32(x).AsUint64x4()) })
	hwConv[uint32](t, "Uint32x8.AsUint8x32", width(256), Uint32x8.AsUint8x32, func(x Uint32x8) Uint8x32 { return ofU8x32(toU32x8(x).AsUint8x32()) })
	hwConv[uint32](t, "Uint32x8.AsInt8x32", width(256), Uint32x8.AsInt8x32, func(x Uint32x8) Int8x32 { return ofI8x32(toU32x8(x).AsInt8x32()) })
	hwConv[uint32](t, "Uint32x8.AsUint64x4", width(256), Uint32x8.AsUint64x4, func(x Uint32x8) Uint64x4 { return ofU64x4(toU32x8(x).AsUint64x4()) })
	hwConv[uint64](t, "Uint64x4.AsUint8x32", width(256), Uint64x4.AsUint8x32, func(x Uint64x4) Uint8x32 { return ofU8x32(toU64x4(x).AsUint8x32()) })
	hwConv[uint64](t, "Uint64x4.AsInt8x32", width(256), Uint64x4.AsInt8x32, func(x Uint64x4) Int8x32 { return ofI8x32(toU64x4(x).AsInt8x32()) })
	hwConv[uint64](t, "Uint64x4.AsUint32x8", width(256), Uint64x4.AsUint32x8, func(x Uint64x4) Uint32x8 { return ofU32x8(toU64x4(x).AsUint32x8()) })
	hwConv[uint8](t, "Uint8x64.AsInt8x64", width(512), Uint8x64.AsInt8x64, func(x Uint8x64) Int8x64 { return ofI8x64(toU8x64(x).AsInt8x64()) })
	hwConv[uint8](t, "Uint8x64.AsUint32x16", width(512), Uint8x64.AsUint32x16, func(x Uint8x64) Uint32x16 { return ofU32x16(toU8x64(x).AsUint32x16()) })
	hwConv[uint8](t, "Uint8x64.AsUint64x8", width(512), Uint8x64.AsUint64x8, func(x Uint8x64) Uint64x8 { return ofU64x8(toU8x64(x).AsUint64x8()) })
	hwConv[int8](t, "Int8x64.AsUint8x64", width(512), Int8x64.AsUint8x64, func(x Int8x64) Uint8x64 { return ofU8x64(toI8x64(x).AsUint8x64()) })
	hwConv[int8](t, "Int8x64.AsUint32x16", width(512), Int8x64.AsUint32x16, func(x Int8x64) Uint32x16 { return ofU32x16(toI8x64(x).AsUint32x16()) })
	hwConv[int8](t, "Int8x64.AsUint64x8", width(512), Int8x64.AsUint64x8, func(x Int8x64) Uint64x8 { return ofU64x8(toI8x64(x).AsUint64x8()) })
	hwConv[uint32](t, "Uint32x16.AsUint8x64", width(512), Uint32x16.AsUint8x64, func(x Uint32x16) Uint8x64 { return ofU8x64(toU32x16(x).AsUint8x64()) })
	hwConv[uint32](t, "Uint32x16.AsInt8x64", width(512), Uint32x16.AsInt8x64, func(x Uint32x16) Int8x64 { return ofI8x64(toU32x16(x).AsInt8x64()) })
	hwConv[uint32](t, "Uint32x16.AsUint64x8", width(512), Uint32x16.AsUint64x8, func(x Uint32x16) Uint64x8 { return ofU64x8(toU32x16(x).AsUint64x8()) })
	hwConv[uint64](t, "Uint64x8.AsUint8x64", width(512), Uint64x8.AsUint8x64, func(x Uint64x8) Uint8x64 { return ofU8x64(toU64x8(x).AsUint8x64()) })
	hwConv[uint64](t, "Uint64x8.AsInt8x64", width(512), Uint64x8.AsInt8x64, func(x Uint64x8) Int8x64 { return ofI8x64(toU64x8(x).AsInt8x64()) })
	hwConv[uint64](t, "Uint64x8.AsUint32x16", width(512), Uint64x8.AsUint32x16, func(x Uint64x8) Uint32x16 { return ofU32x16(toU64x8(x).AsUint32x16()) })
}

func archsimdHalves(t *testing.T) {
	hwConv[uint8](t, "Uint8x32.GetLo", width(256), Uint8x32.GetLo, func(x Uint8x32) Uint8x16 { return ofU8x16(toU8x32(x).GetLo()) })
	hwConv[uint8](t, "Uint8x32.GetHi", width(256), Uint8x32.GetHi, func(x Uint8x32) Uint8x16 { return ofU8x16(toU8x32(x).GetHi()) })
	hwHalf[uint8](t, "Uint8x32.SetLo", width(256), Uint8x32.SetLo, func(x Uint8x32, h Uint8x16) Uint8x32 { return ofU8x32(toU8x32(x).SetLo(toU8x16(h))) })
	hwHalf[uint8](t, "Uint8x32.SetHi", width(256), Uint8x32.SetHi, func(x Uint8x32, h Uint8x16) Uint8x32 { return ofU8x32(toU8x32(x).SetHi(toU8x16(h))) })
	hwConv[uint8](t, "Uint8x64.GetLo", width(512), Uint8x64.GetLo, func(x Uint8x64) Uint8x32 { return ofU8x32(toU8x64(x).GetLo()) })
	hwConv[uint8](t, "Uint8x64.GetHi", width(512), Uint8x64.GetHi, func(x Uint8x64) Uint8x32 { return ofU8x32(toU8x64(x).GetHi()) })
	hwHalf[uint8](t, "Uint8x64.SetLo", width(512), Uint8x64.SetLo, func(x Uint8x64, h Uint8x32) Uint8x64 { return ofU8x64(toU8x64(x).SetLo(toU8x32(h))) })
	hwHalf[uint8](t, "Uint8x64.SetHi", width(512), Uint8x64.SetHi, func(x Uint8x64, h Uint8x32) Uint8x64 { return ofU8x64(toU8x64(x).SetHi(toU8x32(h))) })
	hwConv[uint32](t, "Uint32x8.GetLo", width(256), Uint32x8.GetLo, func(x Uint32x8) Uint32x4 { return ofU32x4(toU32x8(x).GetLo()) })
	hwConv[uint32](t, "Uint32x8.GetHi", width(256), Uint32x8.GetHi, func(x Uint32x8) Uint32x4 { return ofU32x4(toU32x8(x).GetHi()) })
	hwHalf[uint32](t, "Uint32x8.SetLo", width(256), Uint32x8.SetLo, func(x Uint32x8, h Uint32x4) Uint32x8 { return ofU32x8(toU32x8(x).SetLo(toU32x4(h))) })
	hwHalf[uint32](t, "Uint32x8.SetHi", width(256), Uint32x8.SetHi, func(x Uint32x8, h Uint32x4) Uint32x8 { return ofU32x8(toU32x8(x).SetHi(toU32x4(h))) })
	hwConv[uint32](t, "Uint32x16.GetLo", width(512), Uint32x16.GetLo, func(x Uint32x16) Uint32x8 { return ofU32x8(toU32x16(x).GetLo()) })
	hwConv[uint32](t, "Uint32x16.GetHi", width(512), Uint32x16.GetHi, func(x Uint32x16) Uint32x8 { return ofU32x8(toU32x16(x).GetHi()) })
	hwHalf[uint32](t, "Uint32x16.SetLo", width(512), Uint32x16.SetLo, func(x Uint32x16, h Uint32x8) Uint32x16 { return ofU32x16(toU32x16(x).SetLo(toU32x8(h))) })
	hwHalf[uint32](t, "Uint32x16.SetHi", width(512), Uint32x16.SetHi, func(x Uint32x16, h Uint32x8) Uint32x16 { return ofU32x16(toU32x16(x).SetHi(toU32x8(h))) })
	hwConv[uint64](t, "Uint64x4.GetLo", width(256), Uint64x4.GetLo, func(x Uint64x4) Uint64x2 { return ofU64x2(toU64x4(x).GetLo()) })
	hwConv[uint64](t, "Uint64x4.GetHi", width(256), Uint64x4.GetHi, func(x Uint64x4) Uint64x2 { return ofU64x2(toU64x4(x).GetHi()) })
	hwHalf[uint64](t, "Uint64x4.SetLo", width(256), Uint64x4.SetLo, func(x Uint64x4, h Uint64x2) Uint64x4 { return ofU64x4(toU64x4(x).SetLo(toU64x2(h))) })
	hwHalf[uint64](t, "Uint64x4.SetHi", width(256), Uint64x4.SetHi, func(x Uint64x4, h Uint64x2) Uint64x4 { return ofU64x4(toU64x4(x).SetHi(toU64x2(h))) })
	hwConv[uint64](t, "Uint64x8.GetLo", width(512), Uint64x8.GetLo, func(x Uint64x8) Uint64x4 { return ofU64x4(toU64x8(x).GetLo()) })
	hwConv[uint64](t, "Uint64x8.GetHi", width(512), Uint64x8.GetHi, func(x Uint64x8) Uint64x4 { return ofU64x4(toU64x8(x).GetHi()) })
	hwHalf[uint64](t, "Uint64x8.SetLo", width(512), Uint64x8.SetLo, func(x Uint64x8, h Uint64x4) Uint64x8 { return ofU64x8(toU64x8(x).SetLo(toU64x4(h))) })
	hwHalf[uint64](t, "Uint64x8.SetHi", width(512), Uint64x8.SetHi, func(x Uint64x8, h Uint64x4) Uint64x8 { return ofU64x8(toU64x8(x).SetHi(toU64x4(h))) })
}

func archsimdBroadcasts(t *testing.T) {
	// archsimd has no 128-bit group broadcast; SetLo and SetHi build one.
	hwConv[uint8](t, "BroadcastUint8x16ToUint8x32", fAVX2, BroadcastUint8x16ToUint8x32, func(x Uint8x16) Uint8x32 {
		h := toU8x16(x)
		return ofU8x32(archsimd.Uint8x32{}.SetLo(h).SetHi(h))
	})
	hwConv[uint8](t, "BroadcastUint8x16ToUint8x64", fAVX512, BroadcastUint8x16ToUint8x64, func(x Uint8x16) Uint8x64 {
		h := toU8x16(x)
		h2 := archsimd.Uint8x32{}.SetLo(h).SetHi(h)
		return ofU8x64(archsimd.Uint8x64{}.SetLo(h2).SetHi(h2))
	})
	// archsimd has no 128-bit group broadcast; SetLo and SetHi build one.
	hwConv[uint32](t, "BroadcastUint32x4ToUint32x8", fAVX2, BroadcastUint32x4ToUint32x8, func(x Uint32x4) Uint32x8 {
		h := toU32x4(x)
		return ofU32x8(archsimd.Uint32x8{}.SetLo(h).SetHi(h))
	})
	hwConv[uint32](t, "BroadcastUint32x4ToUint32x16", fAVX512, BroadcastUint32x4ToUint32x16, func(x Uint32x4) Uint32x16 {
		h := toU32x4(x)
		h2 := archsimd.Uint32x8{}.SetLo(h).SetHi(h)
		return ofU32x16(archsimd.Uint32x16{}.SetLo(h2).SetHi(h2))
	})
	// archsimd has no 128-bit group broadcast; SetLo and SetHi build one.
	hwConv[uint64](t, "BroadcastUint64x2ToUint64x4", fAVX2, BroadcastUint64x2ToUint64x4, func(x Uint64x2) Uint64x4 {
		h := toU64x2(x)
		return ofU64x4(archsimd.Uint64x4{}.SetLo(h).SetHi(h))
	})
	hwConv[uint64](t, "BroadcastUint64x2ToUint64x8", fAVX512, BroadcastUint64x2ToUint64x8, func(x Uint64x2) Uint64x8 {
		h := toU64x2(x)
		h2 := archsimd.Uint64x4{}.SetLo(h).SetHi(h)
		return ofU64x8(archsimd.Uint64x8{}.SetLo(h2).SetHi(h2))
	})
}

// archsimdElems compares GetElem and SetElem, panics included: archsimd
// panics on an index past the last lane.
func archsimdElems(t *testing.T) {
	hwRun(t, "Uint8x16.GetElem", fAVX, func(r *rand.Rand) (any, any, any) {
		x, i := rnd[Uint8x16, uint8](r), elemIndex(r, 16)
		return outcome(func() any { return x.GetElem(i) }), outcome(func() any { return toU8x16(x).GetElem(i) }), []any{x, i}
	})
	hwRun(t, "Uint8x16.SetElem", fAVX, func(r *rand.Rand) (any, any, any) {
		x, i, v := rnd[Uint8x16, uint8](r), elemIndex(r, 16), uint8(r.Uint64())
		return outcome(func() any { return x.SetElem(i, v) }), outcome(func() any { return ofU8x16(toU8x16(x).SetElem(i, v)) }), []any{x, i, v}
	})
	hwRun(t, "Uint32x4.GetElem", fAVX, func(r *rand.Rand) (any, any, any) {
		x, i := rnd[Uint32x4, uint32](r), elemIndex(r, 4)
		return outcome(func() any { return x.GetElem(i) }), outcome(func() any { return toU32x4(x).GetElem(i) }), []any{x, i}
	})
	hwRun(t, "Uint32x4.SetElem", fAVX, func(r *rand.Rand) (any, any, any) {
		x, i, v := rnd[Uint32x4, uint32](r), elemIndex(r, 4), uint32(r.Uint64())
		return outcome(func() any { return x.SetElem(i, v) }), outcome(func() any { return ofU32x4(toU32x4(x).SetElem(i, v)) }), []any{x, i, v}
	})
	hwRun(t, "Uint64x2.GetElem", fAVX, func(r *rand.Rand) (any, any, any) {
		x, i := rnd[Uint64x2, uint64](r), elemIndex(r, 2)
		return outcome(func() any { return x.GetElem(i) }), outcome(func() any { return toU64x2(x).GetElem(i) }), []any{x, i}
	})
	hwRun(t, "Uint64x2.SetElem", fAVX, func(r *rand.Rand) (any, any, any) {
		x, i, v := rnd[Uint64x2, uint64](r), elemIndex(r, 2), uint64(r.Uint64())
		return outcome(func() any { return x.SetElem(i, v) }), outcome(func() any { return ofU64x2(toU64x2(x).SetElem(i, v)) }), []any{x, i, v}
	})
}

// elemIndex returns a lane index below n three times in four, else any byte.
func elemIndex(r *rand.Rand, n int) uint8 {
	if r.IntN(4) == 0 {
		return uint8(r.Uint32())
	}
	return uint8(r.IntN(n))
}

func archsimdAES(t *testing.T) {
	hwKey[Uint8x16, Uint32x4](t, "Uint8x16.AESEncryptOneRound", fAVXAES, Uint8x16.AESEncryptOneRound, func(x Uint8x16, k Uint32x4) Uint8x16 { return ofU8x16(toU8x16(x).AESEncryptOneRound(toU32x4(k))) })
	hwKey[Uint8x16, Uint32x4](t, "Uint8x16.AESEncryptLastRound", fAVXAES, Uint8x16.AESEncryptLastRound, func(x Uint8x16, k Uint32x4) Uint8x16 { return ofU8x16(toU8x16(x).AESEncryptLastRound(toU32x4(k))) })
	hwKey[Uint8x16, Uint32x4](t, "Uint8x16.AESDecryptOneRound", fAVXAES, Uint8x16.AESDecryptOneRound, func(x Uint8x16, k Uint32x4) Uint8x16 { return ofU8x16(toU8x16(x).AESDecryptOneRound(toU32x4(k))) })
	hwKey[Uint8x16, Uint32x4](t, "Uint8x16.AESDecryptLastRound", fAVXAES, Uint8x16.AESDecryptLastRound, func(x Uint8x16, k Uint32x4) Uint8x16 { return ofU8x16(toU8x16(x).AESDecryptLastRound(toU32x4(k))) })
	hwKey[Uint8x32, Uint32x8](t, "Uint8x32.AESEncryptOneRound", fVAES, Uint8x32.AESEncryptOneRound, func(x Uint8x32, k Uint32x8) Uint8x32 { return ofU8x32(toU8x32(x).AESEncryptOneRound(toU32x8(k))) })
	hwKey[Uint8x32, Uint32x8](t, "Uint8x32.AESEncryptLastRound", fVAES, Uint8x32.AESEncryptLastRound, func(x Uint8x32, k Uint32x8) Uint8x32 { return ofU8x32(toU8x32(x).AESEncryptLastRound(toU32x8(k))) })
	hwKey[Uint8x32, Uint32x8](t, "Uint8x32.AESDecryptOneRound", fVAES, Uint8x32.AESDecryptOneRound, func(x Uint8x32, k Uint32x8) Uint8x32 { return ofU8x32(toU8x32(x).AESDecryptOneRound(toU32x8(k))) })
	hwKey[Uint8x32, Uint32x8](t, "Uint8x32.AESDecryptLastRound", fVAES, Uint8x32.AESDecryptLastRound, func(x Uint8x32, k Uint32x8) Uint8x32 { return ofU8x32(toU8x32(x).AESDecryptLastRound(toU32x8(k))) })
	hwKey[Uint8x64, Uint32x16](t, "Uint8x64.AESEncryptOneRound", fVAES512, Uint8x64.AESEncryptOneRound, func(x Uint8x64, k Uint32x16) Uint8x64 { return ofU8x64(toU8x64(x).AESEncryptOneRound(toU32x16(k))) })
	hwKey[Uint8x64, Uint32x16](t, "Uint8x64.AESEncryptLastRound", fVAES512, Uint8x64.AESEncryptLastRound, func(x Uint8x64, k Uint32x16) Uint8x64 { return ofU8x64(toU8x64(x).AESEncryptLastRound(toU32x16(k))) })
	hwKey[Uint8x64, Uint32x16](t, "Uint8x64.AESDecryptOneRound", fVAES512, Uint8x64.AESDecryptOneRound, func(x Uint8x64, k Uint32x16) Uint8x64 { return ofU8x64(toU8x64(x).AESDecryptOneRound(toU32x16(k))) })
	hwKey[Uint8x64, Uint32x16](t, "Uint8x64.AESDecryptLastRound", fVAES512, Uint8x64.AESDecryptLastRound, func(x Uint8x64, k Uint32x16) Uint8x64 { return ofU8x64(toU8x64(x).AESDecryptLastRound(toU32x16(k))) })
	hw1[Uint32x4, uint32](t, "Uint32x4.AESInvMixColumns", fAVXAES, Uint32x4.AESInvMixColumns, hw1U32x4(archsimd.Uint32x4.AESInvMixColumns))
	hw1i[Uint32x4, uint32](t, "Uint32x4.AESRoundKeyGenAssist", fAVXAES, Uint32x4.AESRoundKeyGenAssist,
		func(x Uint32x4, rcon uint8) Uint32x4 { return ofU32x4(toU32x4(x).AESRoundKeyGenAssist(rcon)) })
}

func archsimdCarrylessMultiply(t *testing.T) {
	hw2[Uint64x2, uint64](t, "Uint64x2.CarrylessMultiplyEven", fAVX, Uint64x2.CarrylessMultiplyEven, hw2U64x2(archsimd.Uint64x2.CarrylessMultiplyEven))
	hw2[Uint64x2, uint64](t, "Uint64x2.CarrylessMultiplyOdd", fAVX, Uint64x2.CarrylessMultiplyOdd, hw2U64x2(archsimd.Uint64x2.CarrylessMultiplyOdd))
	hw2[Uint64x2, uint64](t, "Uint64x2.CarrylessMultiplyEvenOdd", fAVX, Uint64x2.CarrylessMultiplyEvenOdd, hw2U64x2(archsimd.Uint64x2.CarrylessMultiplyEvenOdd))
	hw2[Uint64x2, uint64](t, "Uint64x2.CarrylessMultiplyOddEven", fAVX, Uint64x2.CarrylessMultiplyOddEven, hw2U64x2(archsimd.Uint64x2.CarrylessMultiplyOddEven))
	// archsimd names AVX2 for the 256-bit forms, but VPCLMULQDQ on a YMM
	// register needs the VPCLMULQDQ feature too, which archsimd reports only
	// as part of AVX512VPCLMULQDQ.
	hw2[Uint64x4, uint64](t, "Uint64x4.CarrylessMultiplyEven", fCLMUL512, Uint64x4.CarrylessMultiplyEven, hw2U64x4(archsimd.Uint64x4.CarrylessMultiplyEven))
	hw2[Uint64x4, uint64](t, "Uint64x4.CarrylessMultiplyOdd", fCLMUL512, Uint64x4.CarrylessMultiplyOdd, hw2U64x4(archsimd.Uint64x4.CarrylessMultiplyOdd))
	hw2[Uint64x4, uint64](t, "Uint64x4.CarrylessMultiplyEvenOdd", fCLMUL512, Uint64x4.CarrylessMultiplyEvenOdd, hw2U64x4(archsimd.Uint64x4.CarrylessMultiplyEvenOdd))
	hw2[Uint64x4, uint64](t, "Uint64x4.CarrylessMultiplyOddEven", fCLMUL512, Uint64x4.CarrylessMultiplyOddEven, hw2U64x4(archsimd.Uint64x4.CarrylessMultiplyOddEven))
	hw2[Uint64x8, uint64](t, "Uint64x8.CarrylessMultiplyEven", fCLMUL512, Uint64x8.CarrylessMultiplyEven, hw2U64x8(archsimd.Uint64x8.CarrylessMultiplyEven))
	hw2[Uint64x8, uint64](t, "Uint64x8.CarrylessMultiplyOdd", fCLMUL512, Uint64x8.CarrylessMultiplyOdd, hw2U64x8(archsimd.Uint64x8.CarrylessMultiplyOdd))
	hw2[Uint64x8, uint64](t, "Uint64x8.CarrylessMultiplyEvenOdd", fCLMUL512, Uint64x8.CarrylessMultiplyEvenOdd, hw2U64x8(archsimd.Uint64x8.CarrylessMultiplyEvenOdd))
	hw2[Uint64x8, uint64](t, "Uint64x8.CarrylessMultiplyOddEven", fCLMUL512, Uint64x8.CarrylessMultiplyOddEven, hw2U64x8(archsimd.Uint64x8.CarrylessMultiplyOddEven))
}

func archsimdPermute(t *testing.T) {
	hw2[Uint8x16, uint8](t, "Uint8x16.Permute", fVBMI, Uint8x16.Permute, hw2U8x16(archsimd.Uint8x16.Permute))
	hw2[Uint8x32, uint8](t, "Uint8x32.Permute", fVBMI, Uint8x32.Permute, hw2U8x32(archsimd.Uint8x32.Permute))
	hw2[Uint8x64, uint8](t, "Uint8x64.Permute", fVBMI, Uint8x64.Permute, hw2U8x64(archsimd.Uint8x64.Permute))
	hwIdx[Uint8x16, Int8x16](t, "Uint8x16.PermuteOrZero", fAVX, Uint8x16.PermuteOrZero,
		func(x Uint8x16, i Int8x16) Uint8x16 { return ofU8x16(toU8x16(x).PermuteOrZero(toI8x16(i))) })
	hwIdx[Uint8x32, Int8x32](t, "Uint8x32.PermuteOrZeroGrouped", fAVX2, Uint8x32.PermuteOrZeroGrouped,
		func(x Uint8x32, i Int8x32) Uint8x32 { return ofU8x32(toU8x32(x).PermuteOrZeroGrouped(toI8x32(i))) })
	hwIdx[Uint8x64, Int8x64](t, "Uint8x64.PermuteOrZeroGrouped", fAVX512, Uint8x64.PermuteOrZeroGrouped,
		func(x Uint8x64, i Int8x64) Uint8x64 { return ofU8x64(toU8x64(x).PermuteOrZeroGrouped(toI8x64(i))) })
}

func archsimdByteShifts(t *testing.T) {
	// Counts carry bits above the low 8 (byteCount), which neither side
	// may use.
	hw2i[Uint8x16, uint8](t, "Uint8x16.ConcatShiftBytesRight", fAVX,
		func(x, y Uint8x16, i uint8) Uint8x16 { return x.ConcatShiftBytesRight(y, byteCount(i)) },
		func(x, y Uint8x16, i uint8) Uint8x16 {
			return ofU8x16(toU8x16(x).ConcatShiftBytesRight(toU8x16(y), byteCount(i)))
		})
	hw2i[Uint8x32, uint8](t, "Uint8x32.ConcatShiftBytesRightGrouped", fAVX2,
		func(x, y Uint8x32, i uint8) Uint8x32 { return x.ConcatShiftBytesRightGrouped(y, byteCount(i)) },
		func(x, y Uint8x32, i uint8) Uint8x32 {
			return ofU8x32(toU8x32(x).ConcatShiftBytesRightGrouped(toU8x32(y), byteCount(i)))
		})
	hw2i[Uint8x64, uint8](t, "Uint8x64.ConcatShiftBytesRightGrouped", fAVX512,
		func(x, y Uint8x64, i uint8) Uint8x64 { return x.ConcatShiftBytesRightGrouped(y, byteCount(i)) },
		func(x, y Uint8x64, i uint8) Uint8x64 {
			return ofU8x64(toU8x64(x).ConcatShiftBytesRightGrouped(toU8x64(y), byteCount(i)))
		})

	// archsimd has no PSLLDQ or PSRLDQ; ConcatShiftBytesRight with a zero
	// operand is the same. Counts are drawn from 0..31 so the edge at 16 is
	// crossed often.
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
	hw1i[Uint8x16, uint8](t, "Uint8x16.ShiftBytesRight", fAVX,
		func(x Uint8x16, i uint8) Uint8x16 { return x.ShiftBytesRight(byteCount(i)) },
		func(x Uint8x16, i uint8) Uint8x16 {
			return ofU8x16(archsimd.Uint8x16{}.ConcatShiftBytesRight(toU8x16(x), uint64(i)))
		})
	hw1i[Uint8x32, uint8](t, "Uint8x32.ShiftBytesRightGrouped", fAVX2,
		func(x Uint8x32, i uint8) Uint8x32 { return x.ShiftBytesRightGrouped(byteCount(i)) },
		func(x Uint8x32, i uint8) Uint8x32 {
			return ofU8x32(archsimd.Uint8x32{}.ConcatShiftBytesRightGrouped(toU8x32(x), uint64(i)))
		})
	hw1i[Uint8x64, uint8](t, "Uint8x64.ShiftBytesRightGrouped", fAVX512,
		func(x Uint8x64, i uint8) Uint8x64 { return x.ShiftBytesRightGrouped(byteCount(i)) },
		func(x Uint8x64, i uint8) Uint8x64 {
			return ofU8x64(archsimd.Uint8x64{}.ConcatShiftBytesRightGrouped(toU8x64(x), uint64(i)))
		})
}

// byteCount widens a random byte into a byte-shift count with the same low
// 8 bits and others above them.
func byteCount(i uint8) uint64 { return uint64(i) | uint64(i)<<16 | 1<<40 }

// byteShiftLeft16 is PSLLDQ by n from archsimd operations.
func byteShiftLeft16(x archsimd.Uint8x16, n uint8) archsimd.Uint8x16 {
	if n > 16 {
		return archsimd.Uint8x16{}
	}
	return x.ConcatShiftBytesRight(archsimd.Uint8x16{}, uint64(16-n))
}

func archsimdLaneShuffles(t *testing.T) {
	// The four selectors come from the bytes of one random word.
	sel := func(i uint32, k int) uint8 { return uint8(i >> (8 * k)) }
	hwRun(t, "Uint32x4.PermuteScalars", fAVX, func(r *rand.Rand) (any, any, any) {
		x, i := rnd[Uint32x4, uint32](r), r.Uint32()
		a, b, c, d := sel(i, 0), sel(i, 1), sel(i, 2), sel(i, 3)
		return x.PermuteScalars(a, b, c, d), ofU32x4(toU32x4(x).PermuteScalars(a, b, c, d)), []any{x, i}
	})
	hwRun(t, "Uint32x8.PermuteScalarsGrouped", fAVX2, func(r *rand.Rand) (any, any, any) {
		x, i := rnd[Uint32x8, uint32](r), r.Uint32()
		a, b, c, d := sel(i, 0), sel(i, 1), sel(i, 2), sel(i, 3)
		return x.PermuteScalarsGrouped(a, b, c, d), ofU32x8(toU32x8(x).PermuteScalarsGrouped(a, b, c, d)), []any{x, i}
	})
	hwRun(t, "Uint32x16.PermuteScalarsGrouped", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, i := rnd[Uint32x16, uint32](r), r.Uint32()
		a, b, c, d := sel(i, 0), sel(i, 1), sel(i, 2), sel(i, 3)
		return x.PermuteScalarsGrouped(a, b, c, d), ofU32x16(toU32x16(x).PermuteScalarsGrouped(a, b, c, d)), []any{x, i}
	})
	// archsimd defines ConcatPermuteScalars only for selectors 0 to 7.
	hwRun(t, "Uint32x4.ConcatPermuteScalars", fAVX, func(r *rand.Rand) (any, any, any) {
		x, y, i := rnd[Uint32x4, uint32](r), rnd[Uint32x4, uint32](r), r.Uint32()
		a, b, c, d := sel(i, 0)&7, sel(i, 1)&7, sel(i, 2)&7, sel(i, 3)&7
		return x.ConcatPermuteScalars(a, b, c, d, y), ofU32x4(toU32x4(x).ConcatPermuteScalars(a, b, c, d, toU32x4(y))), []any{x, y, i}
	})
	hwRun(t, "Uint32x8.ConcatPermuteScalarsGrouped", fAVX, func(r *rand.Rand) (any, any, any) {
		x, y, i := rnd[Uint32x8, uint32](r), rnd[Uint32x8, uint32](r), r.Uint32()
		a, b, c, d := sel(i, 0)&7, sel(i, 1)&7, sel(i, 2)&7, sel(i, 3)&7
		return x.ConcatPermuteScalarsGrouped(a, b, c, d, y), ofU32x8(toU32x8(x).ConcatPermuteScalarsGrouped(a, b, c, d, toU32x8(y))), []any{x, y, i}
	})
	hwRun(t, "Uint32x16.ConcatPermuteScalarsGrouped", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, y, i := rnd[Uint32x16, uint32](r), rnd[Uint32x16, uint32](r), r.Uint32()
		a, b, c, d := sel(i, 0)&7, sel(i, 1)&7, sel(i, 2)&7, sel(i, 3)&7
		return x.ConcatPermuteScalarsGrouped(a, b, c, d, y), ofU32x16(toU32x16(x).ConcatPermuteScalarsGrouped(a, b, c, d, toU32x16(y))), []any{x, y, i}
	})
	hw2i[Uint64x2, uint64](t, "Uint64x2.ConcatPermuteScalars", fAVX,
		func(x, y Uint64x2, i uint8) Uint64x2 { return x.ConcatPermuteScalars(i&15, i>>4, y) },
		func(x, y Uint64x2, i uint8) Uint64x2 {
			return ofU64x2(toU64x2(x).ConcatPermuteScalars(i&15, i>>4, toU64x2(y)))
		})
	hw2i[Uint64x4, uint64](t, "Uint64x4.ConcatPermuteScalarsGrouped", fAVX,
		func(x, y Uint64x4, i uint8) Uint64x4 { return x.ConcatPermuteScalarsGrouped(i&15, i>>4, y) },
		func(x, y Uint64x4, i uint8) Uint64x4 {
			return ofU64x4(toU64x4(x).ConcatPermuteScalarsGrouped(i&15, i>>4, toU64x4(y)))
		})
	hw2i[Uint64x8, uint64](t, "Uint64x8.ConcatPermuteScalarsGrouped", fAVX512,
		func(x, y Uint64x8, i uint8) Uint64x8 { return x.ConcatPermuteScalarsGrouped(i&15, i>>4, y) },
		func(x, y Uint64x8, i uint8) Uint64x8 {
			return ofU64x8(toU64x8(x).ConcatPermuteScalarsGrouped(i&15, i>>4, toU64x8(y)))
		})

	// Selectors 0..4 for each half, so that the panic on 4 is compared too.
	hw2i[Uint8x32, uint8](t, "Uint8x32.ConcatPermute128Scalars", fAVX2,
		func(x, y Uint8x32, i uint8) Uint8x32 { return x.ConcatPermute128Scalars(i%5, i/5%5, y) },
		func(x, y Uint8x32, i uint8) Uint8x32 {
			return ofU8x32(toU8x32(x).ConcatPermute128Scalars(i%5, i/5%5, toU8x32(y)))
		})
	hw2i[Uint32x8, uint32](t, "Uint32x8.ConcatPermute128Scalars", fAVX2,
		func(x, y Uint32x8, i uint8) Uint32x8 { return x.ConcatPermute128Scalars(i%5, i/5%5, y) },
		func(x, y Uint32x8, i uint8) Uint32x8 {
			return ofU32x8(toU32x8(x).ConcatPermute128Scalars(i%5, i/5%5, toU32x8(y)))
		})
	hw2i[Uint64x4, uint64](t, "Uint64x4.ConcatPermute128Scalars", fAVX2,
		func(x, y Uint64x4, i uint8) Uint64x4 { return x.ConcatPermute128Scalars(i%5, i/5%5, y) },
		func(x, y Uint64x4, i uint8) Uint64x4 {
			return ofU64x4(toU64x4(x).ConcatPermute128Scalars(i%5, i/5%5, toU64x4(y)))
		})

	hw2[Uint32x4, uint32](t, "Uint32x4.InterleaveLo", fAVX, Uint32x4.InterleaveLo, hw2U32x4(archsimd.Uint32x4.InterleaveLo))
	hw2[Uint32x4, uint32](t, "Uint32x4.InterleaveHi", fAVX, Uint32x4.InterleaveHi, hw2U32x4(archsimd.Uint32x4.InterleaveHi))
	hw2[Uint32x8, uint32](t, "Uint32x8.InterleaveLoGrouped", fAVX2, Uint32x8.InterleaveLoGrouped, hw2U32x8(archsimd.Uint32x8.InterleaveLoGrouped))
	hw2[Uint32x8, uint32](t, "Uint32x8.InterleaveHiGrouped", fAVX2, Uint32x8.InterleaveHiGrouped, hw2U32x8(archsimd.Uint32x8.InterleaveHiGrouped))
	hw2[Uint32x16, uint32](t, "Uint32x16.InterleaveLoGrouped", fAVX512, Uint32x16.InterleaveLoGrouped, hw2U32x16(archsimd.Uint32x16.InterleaveLoGrouped))
	hw2[Uint32x16, uint32](t, "Uint32x16.InterleaveHiGrouped", fAVX512, Uint32x16.InterleaveHiGrouped, hw2U32x16(archsimd.Uint32x16.InterleaveHiGrouped))
	hw2[Uint64x2, uint64](t, "Uint64x2.InterleaveLo", fAVX, Uint64x2.InterleaveLo, hw2U64x2(archsimd.Uint64x2.InterleaveLo))
	hw2[Uint64x2, uint64](t, "Uint64x2.InterleaveHi", fAVX, Uint64x2.InterleaveHi, hw2U64x2(archsimd.Uint64x2.InterleaveHi))
	hw2[Uint64x4, uint64](t, "Uint64x4.InterleaveLoGrouped", fAVX2, Uint64x4.InterleaveLoGrouped, hw2U64x4(archsimd.Uint64x4.InterleaveLoGrouped))
	hw2[Uint64x4, uint64](t, "Uint64x4.InterleaveHiGrouped", fAVX2, Uint64x4.InterleaveHiGrouped, hw2U64x4(archsimd.Uint64x4.InterleaveHiGrouped))
	hw2[Uint64x8, uint64](t, "Uint64x8.InterleaveLoGrouped", fAVX512, Uint64x8.InterleaveLoGrouped, hw2U64x8(archsimd.Uint64x8.InterleaveLoGrouped))
	hw2[Uint64x8, uint64](t, "Uint64x8.InterleaveHiGrouped", fAVX512, Uint64x8.InterleaveHiGrouped, hw2U64x8(archsimd.Uint64x8.InterleaveHiGrouped))
}
