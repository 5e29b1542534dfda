//go:build goexperiment.simd && amd64 && go1.27

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
			func(s []uint8) Uint8x16 { return LoadUint8x16((*[16]uint8)(s)) }, LoadUint8x16Slice, LoadUint8x16SlicePart,
			func(v Uint8x16, s []uint8) { v.Store((*[16]uint8)(s)) }, Uint8x16.StoreSlice, Uint8x16.StoreSlicePart,
			BroadcastUint8x16, Uint8x16.Len, Uint8x16.String},
		memOps[Uint8x16, uint8]{
			func(s []uint8) Uint8x16 { return ofU8x16(archsimd.LoadUint8x16((*[16]uint8)(s))) },
			func(s []uint8) Uint8x16 { return ofU8x16(archsimd.LoadUint8x16Slice(s)) },
			func(s []uint8) Uint8x16 { return ofU8x16(archsimd.LoadUint8x16SlicePart(s)) },
			func(v Uint8x16, s []uint8) { toU8x16(v).Store((*[16]uint8)(s)) },
			func(v Uint8x16, s []uint8) { toU8x16(v).StoreSlice(s) },
			func(v Uint8x16, s []uint8) { toU8x16(v).StoreSlicePart(s) },
			func(x uint8) Uint8x16 { return ofU8x16(archsimd.BroadcastUint8x16(x)) },
			func(v Uint8x16) int { return toU8x16(v).Len() },
			func(v Uint8x16) string { return toU8x16(v).String() }})
	hwMem(t, "Uint8x32", width(256),
		memOps[Uint8x32, uint8]{
			func(s []uint8) Uint8x32 { return LoadUint8x32((*[32]uint8)(s)) }, LoadUint8x32Slice, LoadUint8x32SlicePart,
			func(v Uint8x32, s []uint8) { v.Store((*[32]uint8)(s)) }, Uint8x32.StoreSlice, Uint8x32.StoreSlicePart,
			BroadcastUint8x32, Uint8x32.Len, Uint8x32.String},
		memOps[Uint8x32, uint8]{
			func(s []uint8) Uint8x32 { return ofU8x32(archsimd.LoadUint8x32((*[32]uint8)(s))) },
			func(s []uint8) Uint8x32 { return ofU8x32(archsimd.LoadUint8x32Slice(s)) },
			func(s []uint8) Uint8x32 { return ofU8x32(archsimd.LoadUint8x32SlicePart(s)) },
			func(v Uint8x32, s []uint8) { toU8x32(v).Store((*[32]uint8)(s)) },
			func(v Uint8x32, s []uint8) { toU8x32(v).StoreSlice(s) },
			func(v Uint8x32, s []uint8) { toU8x32(v).StoreSlicePart(s) },
			func(x uint8) Uint8x32 { return ofU8x32(archsimd.BroadcastUint8x32(x)) },
			func(v Uint8x32) int { return toU8x32(v).Len() },
			func(v Uint8x32) string { return toU8x32(v).String() }})
	hwMem(t, "Uint8x64", width(512),
		memOps[Uint8x64, uint8]{
			func(s []uint8) Uint8x64 { return LoadUint8x64((*[64]uint8)(s)) }, LoadUint8x64Slice, LoadUint8x64SlicePart,
			func(v Uint8x64, s []uint8) { v.Store((*[64]uint8)(s)) }, Uint8x64.StoreSlice, Uint8x64.StoreSlicePart,
			BroadcastUint8x64, Uint8x64.Len, Uint8x64.String},
		memOps[Uint8x64, uint8]{
			func(s []uint8) Uint8x64 { return ofU8x64(archsimd.LoadUint8x64((*[64]uint8)(s))) },
			func(s []uint8) Uint8x64 { return ofU8x64(archsimd.LoadUint8x64Slice(s)) },
			func(s []uint8) Uint8x64 { return ofU8x64(archsimd.LoadUint8x64SlicePart(s)) },
			func(v Uint8x64, s []uint8) { toU8x64(v).Store((*[64]uint8)(s)) },
			func(v Uint8x64, s []uint8) { toU8x64(v).StoreSlice(s) },
			func(v Uint8x64, s []uint8) { toU8x64(v).StoreSlicePart(s) },
			func(x uint8) Uint8x64 { return ofU8x64(archsimd.BroadcastUint8x64(x)) },
			func(v Uint8x64) int { return toU8x64(v).Len() },
			func(v Uint8x64) string { return toU8x64(v).String() }})
	hwMem(t, "Int8x16", width(128),
		memOps[Int8x16, int8]{
			func(s []int8) Int8x16 { return LoadInt8x16((*[16]int8)(s)) }, LoadInt8x16Slice, LoadInt8x16SlicePart,
			func(v Int8x16, s []int8) { v.Store((*[16]int8)(s)) }, Int8x16.StoreSlice, Int8x16.StoreSlicePart,
			BroadcastInt8x16, Int8x16.Len, Int8x16.String},
		memOps[Int8x16, int8]{
			func(s []int8) Int8x16 { return ofI8x16(archsimd.LoadInt8x16((*[16]int8)(s))) },
			func(s []int8) Int8x16 { return ofI8x16(archsimd.LoadInt8x16Slice(s)) },
			func(s []int8) Int8x16 { return ofI8x16(archsimd.LoadInt8x16SlicePart(s)) },
			func(v Int8x16, s []int8) { toI8x16(v).Store((*[16]int8)(s)) },
			func(v Int8x16, s []int8) { toI8x16(v).StoreSlice(s) },
			func(v Int8x16, s []int8) { toI8x16(v).StoreSlicePart(s) },
			func(x int8) Int8x16 { return ofI8x16(archsimd.BroadcastInt8x16(x)) },
			func(v Int8x16) int { return toI8x16(v).Len() },
			func(v Int8x16) string { return toI8x16(v).String() }})
	hwMem(t, "Int8x32", width(256),
		memOps[Int8x32, int8]{
			func(s []int8) Int8x32 { return LoadInt8x32((*[32]int8)(s)) }, LoadInt8x32Slice, LoadInt8x32SlicePart,
			func(v Int8x32, s []int8) { v.Store((*[32]int8)(s)) }, Int8x32.StoreSlice, Int8x32.StoreSlicePart,
			BroadcastInt8x32, Int8x32.Len, Int8x32.String},
		memOps[Int8x32, int8]{
			func(s []int8) Int8x32 { return ofI8x32(archsimd.LoadInt8x32((*[32]int8)(s))) },
			func(s []int8) Int8x32 { return ofI8x32(archsimd.LoadInt8x32Slice(s)) },
			func(s []int8) Int8x32 { return ofI8x32(archsimd.LoadInt8x32SlicePart(s)) },
			func(v Int8x32, s []int8) { toI8x32(v).Store((*[32]int8)(s)) },
			func(v Int8x32, s []int8) { toI8x32(v).StoreSlice(s) },
			func(v Int8x32, s []int8) { toI8x32(v).StoreSlicePart(s) },
			func(x int8) Int8x32 { return ofI8x32(archsimd.BroadcastInt8x32(x)) },
			func(v Int8x32) int { return toI8x32(v).Len() },
			func(v Int8x32) string { return toI8x32(v).String() }})
	hwMem(t, "Int8x64", width(512),
		memOps[Int8x64, int8]{
			func(s []int8) Int8x64 { return LoadInt8x64((*[64]int8)(s)) }, LoadInt8x64Slice, LoadInt8x64SlicePart,
			func(v Int8x64, s []int8) { v.Store((*[64]int8)(s)) }, Int8x64.StoreSlice, Int8x64.StoreSlicePart,
			BroadcastInt8x64, Int8x64.Len, Int8x64.String},
		memOps[Int8x64, int8]{
			func(s []int8) Int8x64 { return ofI8x64(archsimd.LoadInt8x64((*[64]int8)(s))) },
			func(s []int8) Int8x64 { return ofI8x64(archsimd.LoadInt8x64Slice(s)) },
			func(s []int8) Int8x64 { return ofI8x64(archsimd.LoadInt8x64SlicePart(s)) },
			func(v Int8x64, s []int8) { toI8x64(v).Store((*[64]int8)(s)) },
			func(v Int8x64, s []int8) { toI8x64(v).StoreSlice(s) },
			func(v Int8x64, s []int8) { toI8x64(v).StoreSlicePart(s) },
			func(x int8) Int8x64 { return ofI8x64(archsimd.BroadcastInt8x64(x)) },
			func(v Int8x64) int { return toI8x64(v).Len() },
			func(v Int8x64) string { return toI8x64(v).String() }})
	hwMem(t, "Uint32x4", width(128),
		memOps[Uint32x4, uint32]{
			func(s []uint32) Uint32x4 { return LoadUint32x4((*[4]uint32)(s)) }, LoadUint32x4Slice, LoadUint32x4SlicePart,
			func(v Uint32x4, s []uint32) { v.Store((*[4]uint32)(s)) }, Uint32x4.StoreSlice, Uint32x4.StoreSlicePart,
			BroadcastUint32x4, Uint32x4.Len, Uint32x4.String},
		memOps[Uint32x4, uint32]{
			func(s []uint32) Uint32x4 { return ofU32x4(archsimd.LoadUint32x4((*[4]uint32)(s))) },
			func(s []uint32) Uint32x4 { return ofU32x4(archsimd.LoadUint32x4Slice(s)) },
			func(s []uint32) Uint32x4 { return ofU32x4(archsimd.LoadUint32x4SlicePart(s)) },
			func(v Uint32x4, s []uint32) { toU32x4(v).Store((*[4]uint32)(s)) },
			func(v Uint32x4, s []uint32) { toU32x4(v).StoreSlice(s) },
			func(v Uint32x4, s []uint32) { toU32x4(v).StoreSlicePart(s) },
			func(x uint32) Uint32x4 { return ofU32x4(archsimd.BroadcastUint32x4(x)) },
			func(v Uint32x4) int { return toU32x4(v).Len() },
			func(v Uint32x4) string { return toU32x4(v).String() }})
	hwMem(t, "Uint32x8", width(256),
		memOps[Uint32x8, uint32]{
			func(s []uint32) Uint32x8 { return LoadUint32x8((*[8]uint32)(s)) }, LoadUint32x8Slice, LoadUint32x8SlicePart,
			func(v Uint32x8, s []uint32) { v.Store((*[8]uint32)(s)) }, Uint32x8.StoreSlice, Uint32x8.StoreSlicePart,
			BroadcastUint32x8, Uint32x8.Len, Uint32x8.String},
		memOps[Uint32x8, uint32]{
			func(s []uint32) Uint32x8 { return ofU32x8(archsimd.LoadUint32x8((*[8]uint32)(s))) },
			func(s []uint32) Uint32x8 { return ofU32x8(archsimd.LoadUint32x8Slice(s)) },
			func(s []uint32) Uint32x8 { return ofU32x8(archsimd.LoadUint32x8SlicePart(s)) },
			func(v Uint32x8, s []uint32) { toU32x8(v).Store((*[8]uint32)(s)) },
			func(v Uint32x8, s []uint32) { toU32x8(v).StoreSlice(s) },
			func(v Uint32x8, s []uint32) { toU32x8(v).StoreSlicePart(s) },
			func(x uint32) Uint32x8 { return ofU32x8(archsimd.BroadcastUint32x8(x)) },
			func(v Uint32x8) int { return toU32x8(v).Len() },
			func(v Uint32x8) string { return toU32x8(v).String() }})
	hwMem(t, "Uint32x16", width(512),
		memOps[Uint32x16, uint32]{
			func(s []uint32) Uint32x16 { return LoadUint32x16((*[16]uint32)(s)) }, LoadUint32x16Slice, LoadUint32x16SlicePart,
			func(v Uint32x16, s []uint32) { v.Store((*[16]uint32)(s)) }, Uint32x16.StoreSlice, Uint32x16.StoreSlicePart,
			BroadcastUint32x16, Uint32x16.Len, Uint32x16.String},
		memOps[Uint32x16, uint32]{
			func(s []uint32) Uint32x16 { return ofU32x16(archsimd.LoadUint32x16((*[16]uint32)(s))) },
			func(s []uint32) Uint32x16 { return ofU32x16(archsimd.LoadUint32x16Slice(s)) },
			func(s []uint32) Uint32x16 { return ofU32x16(archsimd.LoadUint32x16SlicePart(s)) },
			func(v Uint32x16, s []uint32) { toU32x16(v).Store((*[16]uint32)(s)) },
			func(v Uint32x16, s []uint32) { toU32x16(v).StoreSlice(s) },
			func(v Uint32x16, s []uint32) { toU32x16(v).StoreSlicePart(s) },
			func(x uint32) Uint32x16 { return ofU32x16(archsimd.BroadcastUint32x16(x)) },
			func(v Uint32x16) int { return toU32x16(v).Len() },
			func(v Uint32x16) string { return toU32x16(v).String() }})
	hwMem(t, "Uint64x2", width(128),
		memOps[Uint64x2, uint64]{
			func(s []uint64) Uint64x2 { return LoadUint64x2((*[2]uint64)(s)) }, LoadUint64x2Slice, LoadUint64x2SlicePart,
			func(v Uint64x2, s []uint64) { v.Store((*[2]uint64)(s)) }, Uint64x2.StoreSlice, Uint64x2.StoreSlicePart,
			BroadcastUint64x2, Uint64x2.Len, Uint64x2.String},
		memOps[Uint64x2, uint64]{
			func(s []uint64) Uint64x2 { return ofU64x2(archsimd.LoadUint64x2((*[2]uint64)(s))) },
			func(s []uint64) Uint64x2 { return ofU64x2(archsimd.LoadUint64x2Slice(s)) },
			func(s []uint64) Uint64x2 { return ofU64x2(archsimd.LoadUint64x2SlicePart(s)) },
			func(v Uint64x2, s []uint64) { toU64x2(v).Store((*[2]uint64)(s)) },
			func(v Uint64x2, s []uint64) { toU64x2(v).StoreSlice(s) },
			func(v Uint64x2, s []uint64) { toU64x2(v).StoreSlicePart(s) },
			func(x uint64) Uint64x2 { return ofU64x2(archsimd.BroadcastUint64x2(x)) },
			func(v Uint64x2) int { return toU64x2(v).Len() },
			func(v Uint64x2) string { return toU64x2(v).String() }})
	hwMem(t, "Uint64x4", width(256),
		memOps[Uint64x4, uint64]{
			func(s []uint64) Uint64x4 { return LoadUint64x4((*[4]uint64)(s)) }, LoadUint64x4Slice, LoadUint64x4SlicePart,
			func(v Uint64x4, s []uint64) { v.Store((*[4]uint64)(s)) }, Uint64x4.StoreSlice, Uint64x4.StoreSlicePart,
			BroadcastUint64x4, Uint64x4.Len, Uint64x4.String},
		memOps[Uint64x4, uint64]{
			func(s []uint64) Uint64x4 { return ofU64x4(archsimd.LoadUint64x4((*[4]uint64)(s))) },
			func(s []uint64) Uint64x4 { return ofU64x4(archsimd.LoadUint64x4Slice(s)) },
			func(s []uint64) Uint64x4 { return ofU64x4(archsimd.LoadUint64x4SlicePart(s)) },
			func(v Uint64x4, s []uint64) { toU64x4(v).Store((*[4]uint64)(s)) },
			func(v Uint64x4, s []uint64) { toU64x4(v).StoreSlice(s) },
			func(v Uint64x4, s []uint64) { toU64x4(v).StoreSlicePart(s) },
			func(x uint64) Uint64x4 { return ofU64x4(archsimd.BroadcastUint64x4(x)) },
			func(v Uint64x4) int { return toU64x4(v).Len() },
			func(v Uint64x4) string { return toU64x4(v).String() }})
	hwMem(t, "Uint64x8", width(512),
		memOps[Uint64x8, uint64]{
			func(s []uint64) Uint64x8 { return LoadUint64x8((*[8]uint64)(s)) }, LoadUint64x8Slice, LoadUint64x8SlicePart,
			func(v Uint64x8, s []uint64) { v.Store((*[8]uint64)(s)) }, Uint64x8.StoreSlice, Uint64x8.StoreSlicePart,
			BroadcastUint64x8, Uint64x8.Len, Uint64x8.String},
		memOps[Uint64x8, uint64]{
			func(s []uint64) Uint64x8 { return ofU64x8(archsimd.LoadUint64x8((*[8]uint64)(s))) },
			func(s []uint64) Uint64x8 { return ofU64x8(archsimd.LoadUint64x8Slice(s)) },
			func(s []uint64) Uint64x8 { return ofU64x8(archsimd.LoadUint64x8SlicePart(s)) },
			func(v Uint64x8, s []uint64) { toU64x8(v).Store((*[8]uint64)(s)) },
			func(v Uint64x8, s []uint64) { toU64x8(v).StoreSlice(s) },
			func(v Uint64x8, s []uint64) { toU64x8(v).StoreSlicePart(s) },
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
	hwRun(t, "Load"+name, f, func(r *rand.Rand) (any, any, any) {
		mem, _ := in(r)
		return emu.load(mem), hw.load(mem), mem
	})
	hwRun(t, "Load"+name+"Slice", f, func(r *rand.Rand) (any, any, any) {
		mem, k := in(r)
		return outcome(func() any { return emu.loadSlice(mem[:k]) }), outcome(func() any { return hw.loadSlice(mem[:k]) }), mem[:k]
	})
	hwRun(t, "Load"+name+"SlicePart", f, func(r *rand.Rand) (any, any, any) {
		mem, k := in(r)
		return emu.loadPart(mem[:k]), hw.loadPart(mem[:k]), mem[:k]
	})
	// The stores write into copies of the same random memory; the results
	// are the whole memory, as strings so they compare with !=.
	stores := []struct {
		op       string
		emu, hw  func(V, []E)
		fullSize bool
	}{
		{"Store", emu.store, hw.store, true},
		{"StoreSlice", emu.storeSlice, hw.storeSlice, false},
		{"StoreSlicePart", emu.storePart, hw.storePart, false},
	}
	for _, s := range stores {
		hwRun(t, name+"."+s.op, f, func(r *rand.Rand) (any, any, any) {
			x := rnd[V, E, P](r)
			mem, k := in(r)
			if s.fullSize {
				k = n
			}
			m1, m2 := append([]E{}, mem...), append([]E{}, mem...)
			p1 := outcome(func() any { s.emu(x, m1[:k]); return nil })
			p2 := outcome(func() any { s.hw(x, m2[:k]); return nil })
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

// TestArchsimdMasks compares the mask constructors and the masked loads and
// stores. Masks come from FromBits, which archsimd has only with AVX-512.
func archsimdMasks(t *testing.T) {
	covers("Mask8x16.ToBits", "Mask8x16.And", "Mask8x16.Or")
	hwRun(t, "Mask8x16FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint16(r.Uint64()), uint16(r.Uint64())
		x, y := Mask8x16FromBits(b), Mask8x16FromBits(c)
		hx, hy := archsimd.Mask8x16FromBits(b), archsimd.Mask8x16FromBits(c)
		return [3]uint16{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint16{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint16{b, c}
	})
	// archsimd has no Uint8x16 byte-masked load or store; the 512-bit one
	// restricted to the low 16 bytes does the same.
	hwRun(t, "LoadMaskedUint8x16", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint8x64, uint8](r), tailOrRandom(r, 16)
		var lo [16]uint8
		copy(lo[:], mem.a[:])
		got := LoadMaskedUint8x16(&lo, Mask8x16FromBits(uint16(b)))
		var want Uint8x16
		full := ofU8x64(archsimd.LoadMaskedUint8x64(&mem.a, archsimd.Mask8x64FromBits(b)))
		copy(want.a[:], full.a[:])
		return got, want, []any{lo, b}
	})
	hwRun(t, "Uint8x16.StoreMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, mem, b := rnd[Uint8x16, uint8](r), rnd[Uint8x64, uint8](r), tailOrRandom(r, 16)
		var got [16]uint8
		copy(got[:], mem.a[:])
		x.StoreMasked(&got, Mask8x16FromBits(uint16(b)))
		var wide Uint8x64
		copy(wide.a[:], x.a[:])
		toU8x64(wide).StoreMasked(&mem.a, archsimd.Mask8x64FromBits(b))
		return got, [16]uint8(mem.a[:16]), []any{x, b}
	})
	covers("Mask8x32.ToBits", "Mask8x32.And", "Mask8x32.Or")
	hwRun(t, "Mask8x32FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint32(r.Uint64()), uint32(r.Uint64())
		x, y := Mask8x32FromBits(b), Mask8x32FromBits(c)
		hx, hy := archsimd.Mask8x32FromBits(b), archsimd.Mask8x32FromBits(c)
		return [3]uint32{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint32{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint32{b, c}
	})
	// archsimd has no Uint8x32 byte-masked load or store; the 512-bit one
	// restricted to the low 32 bytes does the same.
	hwRun(t, "LoadMaskedUint8x32", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint8x64, uint8](r), tailOrRandom(r, 32)
		var lo [32]uint8
		copy(lo[:], mem.a[:])
		got := LoadMaskedUint8x32(&lo, Mask8x32FromBits(uint32(b)))
		var want Uint8x32
		full := ofU8x64(archsimd.LoadMaskedUint8x64(&mem.a, archsimd.Mask8x64FromBits(b)))
		copy(want.a[:], full.a[:])
		return got, want, []any{lo, b}
	})
	hwRun(t, "Uint8x32.StoreMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, mem, b := rnd[Uint8x32, uint8](r), rnd[Uint8x64, uint8](r), tailOrRandom(r, 32)
		var got [32]uint8
		copy(got[:], mem.a[:])
		x.StoreMasked(&got, Mask8x32FromBits(uint32(b)))
		var wide Uint8x64
		copy(wide.a[:], x.a[:])
		toU8x64(wide).StoreMasked(&mem.a, archsimd.Mask8x64FromBits(b))
		return got, [32]uint8(mem.a[:32]), []any{x, b}
	})
	covers("Mask8x64.ToBits", "Mask8x64.And", "Mask8x64.Or")
	hwRun(t, "Mask8x64FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint64(r.Uint64()), uint64(r.Uint64())
		x, y := Mask8x64FromBits(b), Mask8x64FromBits(c)
		hx, hy := archsimd.Mask8x64FromBits(b), archsimd.Mask8x64FromBits(c)
		return [3]uint64{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint64{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint64{b, c}
	})
	hwRun(t, "LoadMaskedUint8x64", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint8x64, uint8](r), uint64(tailOrRandom(r, 64))
		return LoadMaskedUint8x64(&mem.a, Mask8x64FromBits(b)), ofU8x64(archsimd.LoadMaskedUint8x64(&mem.a, archsimd.Mask8x64FromBits(b))), []any{mem, b}
	})
	hwRun(t, "Uint8x64.StoreMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, got, b := rnd[Uint8x64, uint8](r), rnd[Uint8x64, uint8](r), uint64(tailOrRandom(r, 64))
		want := got
		x.StoreMasked(&got.a, Mask8x64FromBits(b))
		toU8x64(x).StoreMasked(&want.a, archsimd.Mask8x64FromBits(b))
		return got, want, []any{x, b}
	})
	covers("Mask32x4.ToBits", "Mask32x4.And", "Mask32x4.Or")
	hwRun(t, "Mask32x4FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint8(r.Uint64()), uint8(r.Uint64())
		x, y := Mask32x4FromBits(b), Mask32x4FromBits(c)
		hx, hy := archsimd.Mask32x4FromBits(b), archsimd.Mask32x4FromBits(c)
		return [3]uint8{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint8{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint8{b, c}
	})
	hwRun(t, "LoadMaskedUint32x4", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint32x4, uint32](r), uint8(tailOrRandom(r, 4))
		return LoadMaskedUint32x4(&mem.a, Mask32x4FromBits(b)), ofU32x4(archsimd.LoadMaskedUint32x4(&mem.a, archsimd.Mask32x4FromBits(b))), []any{mem, b}
	})
	hwRun(t, "Uint32x4.StoreMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, got, b := rnd[Uint32x4, uint32](r), rnd[Uint32x4, uint32](r), uint8(tailOrRandom(r, 4))
		want := got
		x.StoreMasked(&got.a, Mask32x4FromBits(b))
		toU32x4(x).StoreMasked(&want.a, archsimd.Mask32x4FromBits(b))
		return got, want, []any{x, b}
	})
	covers("Mask32x8.ToBits", "Mask32x8.And", "Mask32x8.Or")
	hwRun(t, "Mask32x8FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint8(r.Uint64()), uint8(r.Uint64())
		x, y := Mask32x8FromBits(b), Mask32x8FromBits(c)
		hx, hy := archsimd.Mask32x8FromBits(b), archsimd.Mask32x8FromBits(c)
		return [3]uint8{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint8{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint8{b, c}
	})
	hwRun(t, "LoadMaskedUint32x8", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint32x8, uint32](r), uint8(tailOrRandom(r, 8))
		return LoadMaskedUint32x8(&mem.a, Mask32x8FromBits(b)), ofU32x8(archsimd.LoadMaskedUint32x8(&mem.a, archsimd.Mask32x8FromBits(b))), []any{mem, b}
	})
	hwRun(t, "Uint32x8.StoreMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, got, b := rnd[Uint32x8, uint32](r), rnd[Uint32x8, uint32](r), uint8(tailOrRandom(r, 8))
		want := got
		x.StoreMasked(&got.a, Mask32x8FromBits(b))
		toU32x8(x).StoreMasked(&want.a, archsimd.Mask32x8FromBits(b))
		return got, want, []any{x, b}
	})
	covers("Mask32x16.ToBits", "Mask32x16.And", "Mask32x16.Or")
	hwRun(t, "Mask32x16FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint16(r.Uint64()), uint16(r.Uint64())
		x, y := Mask32x16FromBits(b), Mask32x16FromBits(c)
		hx, hy := archsimd.Mask32x16FromBits(b), archsimd.Mask32x16FromBits(c)
		return [3]uint16{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint16{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint16{b, c}
	})
	hwRun(t, "LoadMaskedUint32x16", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint32x16, uint32](r), uint16(tailOrRandom(r, 16))
		return LoadMaskedUint32x16(&mem.a, Mask32x16FromBits(b)), ofU32x16(archsimd.LoadMaskedUint32x16(&mem.a, archsimd.Mask32x16FromBits(b))), []any{mem, b}
	})
	hwRun(t, "Uint32x16.StoreMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, got, b := rnd[Uint32x16, uint32](r), rnd[Uint32x16, uint32](r), uint16(tailOrRandom(r, 16))
		want := got
		x.StoreMasked(&got.a, Mask32x16FromBits(b))
		toU32x16(x).StoreMasked(&want.a, archsimd.Mask32x16FromBits(b))
		return got, want, []any{x, b}
	})
	covers("Mask64x2.ToBits", "Mask64x2.And", "Mask64x2.Or")
	hwRun(t, "Mask64x2FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint8(r.Uint64()), uint8(r.Uint64())
		x, y := Mask64x2FromBits(b), Mask64x2FromBits(c)
		hx, hy := archsimd.Mask64x2FromBits(b), archsimd.Mask64x2FromBits(c)
		return [3]uint8{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint8{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint8{b, c}
	})
	hwRun(t, "LoadMaskedUint64x2", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint64x2, uint64](r), uint8(tailOrRandom(r, 2))
		return LoadMaskedUint64x2(&mem.a, Mask64x2FromBits(b)), ofU64x2(archsimd.LoadMaskedUint64x2(&mem.a, archsimd.Mask64x2FromBits(b))), []any{mem, b}
	})
	hwRun(t, "Uint64x2.StoreMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, got, b := rnd[Uint64x2, uint64](r), rnd[Uint64x2, uint64](r), uint8(tailOrRandom(r, 2))
		want := got
		x.StoreMasked(&got.a, Mask64x2FromBits(b))
		toU64x2(x).StoreMasked(&want.a, archsimd.Mask64x2FromBits(b))
		return got, want, []any{x, b}
	})
	covers("Mask64x4.ToBits", "Mask64x4.And", "Mask64x4.Or")
	hwRun(t, "Mask64x4FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint8(r.Uint64()), uint8(r.Uint64())
		x, y := Mask64x4FromBits(b), Mask64x4FromBits(c)
		hx, hy := archsimd.Mask64x4FromBits(b), archsimd.Mask64x4FromBits(c)
		return [3]uint8{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint8{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint8{b, c}
	})
	hwRun(t, "LoadMaskedUint64x4", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint64x4, uint64](r), uint8(tailOrRandom(r, 4))
		return LoadMaskedUint64x4(&mem.a, Mask64x4FromBits(b)), ofU64x4(archsimd.LoadMaskedUint64x4(&mem.a, archsimd.Mask64x4FromBits(b))), []any{mem, b}
	})
	hwRun(t, "Uint64x4.StoreMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, got, b := rnd[Uint64x4, uint64](r), rnd[Uint64x4, uint64](r), uint8(tailOrRandom(r, 4))
		want := got
		x.StoreMasked(&got.a, Mask64x4FromBits(b))
		toU64x4(x).StoreMasked(&want.a, archsimd.Mask64x4FromBits(b))
		return got, want, []any{x, b}
	})
	covers("Mask64x8.ToBits", "Mask64x8.And", "Mask64x8.Or")
	hwRun(t, "Mask64x8FromBits", fAVX512, func(r *rand.Rand) (any, any, any) {
		b, c := uint8(r.Uint64()), uint8(r.Uint64())
		x, y := Mask64x8FromBits(b), Mask64x8FromBits(c)
		hx, hy := archsimd.Mask64x8FromBits(b), archsimd.Mask64x8FromBits(c)
		return [3]uint8{x.ToBits(), x.And(y).ToBits(), x.Or(y).ToBits()}, [3]uint8{hx.ToBits(), hx.And(hy).ToBits(), hx.Or(hy).ToBits()}, []uint8{b, c}
	})
	hwRun(t, "LoadMaskedUint64x8", fAVX512, func(r *rand.Rand) (any, any, any) {
		mem, b := rnd[Uint64x8, uint64](r), uint8(tailOrRandom(r, 8))
		return LoadMaskedUint64x8(&mem.a, Mask64x8FromBits(b)), ofU64x8(archsimd.LoadMaskedUint64x8(&mem.a, archsimd.Mask64x8FromBits(b))), []any{mem, b}
	})
	hwRun(t, "Uint64x8.StoreMasked", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, got, b := rnd[Uint64x8, uint64](r), rnd[Uint64x8, uint64](r), uint8(tailOrRandom(r, 8))
		want := got
		x.StoreMasked(&got.a, Mask64x8FromBits(b))
		toU64x8(x).StoreMasked(&want.a, archsimd.Mask64x8FromBits(b))
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
	hw2i[Uint32x4, uint32](t, "Uint32x4.ShiftAllLeftConcat", fVBMI2,
		func(x, y Uint32x4, i uint8) Uint32x4 { return x.ShiftAllLeftConcat(i, y) },
		func(x, y Uint32x4, i uint8) Uint32x4 { return ofU32x4(toU32x4(x).ShiftAllLeftConcat(i, toU32x4(y))) })
	hw2i[Uint32x4, uint32](t, "Uint32x4.ShiftAllRightConcat", fVBMI2,
		func(x, y Uint32x4, i uint8) Uint32x4 { return x.ShiftAllRightConcat(i, y) },
		func(x, y Uint32x4, i uint8) Uint32x4 { return ofU32x4(toU32x4(x).ShiftAllRightConcat(i, toU32x4(y))) })
	hw2[Uint32x8, uint32](t, "Uint32x8.Add", width(256), Uint32x8.Add, hw2U32x8(archsimd.Uint32x8.Add))
	hw1i[Uint32x8, uint32](t, "Uint32x8.ShiftAllLeft", width(256),
		func(x Uint32x8, i uint8) Uint32x8 { return x.ShiftAllLeft(shiftCount(i)) },
		func(x Uint32x8, i uint8) Uint32x8 { return ofU32x8(toU32x8(x).ShiftAllLeft(shiftCount(i))) })
	hw1i[Uint32x8, uint32](t, "Uint32x8.ShiftAllRight", width(256),
		func(x Uint32x8, i uint8) Uint32x8 { return x.ShiftAllRight(shiftCount(i)) },
		func(x Uint32x8, i uint8) Uint32x8 { return ofU32x8(toU32x8(x).ShiftAllRight(shiftCount(i))) })
	hw2i[Uint32x8, uint32](t, "Uint32x8.ShiftAllLeftConcat", fVBMI2,
		func(x, y Uint32x8, i uint8) Uint32x8 { return x.ShiftAllLeftConcat(i, y) },
		func(x, y Uint32x8, i uint8) Uint32x8 { return ofU32x8(toU32x8(x).ShiftAllLeftConcat(i, toU32x8(y))) })
	hw2i[Uint32x8, uint32](t, "Uint32x8.ShiftAllRightConcat", fVBMI2,
		func(x, y Uint32x8, i uint8) Uint32x8 { return x.ShiftAllRightConcat(i, y) },
		func(x, y Uint32x8, i uint8) Uint32x8 { return ofU32x8(toU32x8(x).ShiftAllRightConcat(i, toU32x8(y))) })
	hw2[Uint32x16, uint32](t, "Uint32x16.Add", width(512), Uint32x16.Add, hw2U32x16(archsimd.Uint32x16.Add))
	hw1i[Uint32x16, uint32](t, "Uint32x16.ShiftAllLeft", width(512),
		func(x Uint32x16, i uint8) Uint32x16 { return x.ShiftAllLeft(shiftCount(i)) },
		func(x Uint32x16, i uint8) Uint32x16 { return ofU32x16(toU32x16(x).ShiftAllLeft(shiftCount(i))) })
	hw1i[Uint32x16, uint32](t, "Uint32x16.ShiftAllRight", width(512),
		func(x Uint32x16, i uint8) Uint32x16 { return x.ShiftAllRight(shiftCount(i)) },
		func(x Uint32x16, i uint8) Uint32x16 { return ofU32x16(toU32x16(x).ShiftAllRight(shiftCount(i))) })
	hw2i[Uint32x16, uint32](t, "Uint32x16.ShiftAllLeftConcat", fVBMI2,
		func(x, y Uint32x16, i uint8) Uint32x16 { return x.ShiftAllLeftConcat(i, y) },
		func(x, y Uint32x16, i uint8) Uint32x16 {
			return ofU32x16(toU32x16(x).ShiftAllLeftConcat(i, toU32x16(y)))
		})
	hw2i[Uint32x16, uint32](t, "Uint32x16.ShiftAllRightConcat", fVBMI2,
		func(x, y Uint32x16, i uint8) Uint32x16 { return x.ShiftAllRightConcat(i, y) },
		func(x, y Uint32x16, i uint8) Uint32x16 {
			return ofU32x16(toU32x16(x).ShiftAllRightConcat(i, toU32x16(y)))
		})
	hw2[Uint64x2, uint64](t, "Uint64x2.Add", width(128), Uint64x2.Add, hw2U64x2(archsimd.Uint64x2.Add))
	hw1i[Uint64x2, uint64](t, "Uint64x2.ShiftAllLeft", width(128),
		func(x Uint64x2, i uint8) Uint64x2 { return x.ShiftAllLeft(shiftCount(i)) },
		func(x Uint64x2, i uint8) Uint64x2 { return ofU64x2(toU64x2(x).ShiftAllLeft(shiftCount(i))) })
	hw1i[Uint64x2, uint64](t, "Uint64x2.ShiftAllRight", width(128),
		func(x Uint64x2, i uint8) Uint64x2 { return x.ShiftAllRight(shiftCount(i)) },
		func(x Uint64x2, i uint8) Uint64x2 { return ofU64x2(toU64x2(x).ShiftAllRight(shiftCount(i))) })
	hw2i[Uint64x2, uint64](t, "Uint64x2.ShiftAllLeftConcat", fVBMI2,
		func(x, y Uint64x2, i uint8) Uint64x2 { return x.ShiftAllLeftConcat(i, y) },
		func(x, y Uint64x2, i uint8) Uint64x2 { return ofU64x2(toU64x2(x).ShiftAllLeftConcat(i, toU64x2(y))) })
	hw2i[Uint64x2, uint64](t, "Uint64x2.ShiftAllRightConcat", fVBMI2,
		func(x, y Uint64x2, i uint8) Uint64x2 { return x.ShiftAllRightConcat(i, y) },
		func(x, y Uint64x2, i uint8) Uint64x2 { return ofU64x2(toU64x2(x).ShiftAllRightConcat(i, toU64x2(y))) })
	hw2[Uint64x4, uint64](t, "Uint64x4.Add", width(256), Uint64x4.Add, hw2U64x4(archsimd.Uint64x4.Add))
	hw1i[Uint64x4, uint64](t, "Uint64x4.ShiftAllLeft", width(256),
		func(x Uint64x4, i uint8) Uint64x4 { return x.ShiftAllLeft(shiftCount(i)) },
		func(x Uint64x4, i uint8) Uint64x4 { return ofU64x4(toU64x4(x).ShiftAllLeft(shiftCount(i))) })
	hw1i[Uint64x4, uint64](t, "Uint64x4.ShiftAllRight", width(256),
		func(x Uint64x4, i uint8) Uint64x4 { return x.ShiftAllRight(shiftCount(i)) },
		func(x Uint64x4, i uint8) Uint64x4 { return ofU64x4(toU64x4(x).ShiftAllRight(shiftCount(i))) })
	hw2i[Uint64x4, uint64](t, "Uint64x4.ShiftAllLeftConcat", fVBMI2,
		func(x, y Uint64x4, i uint8) Uint64x4 { return x.ShiftAllLeftConcat(i, y) },
		func(x, y Uint64x4, i uint8) Uint64x4 { return ofU64x4(toU64x4(x).ShiftAllLeftConcat(i, toU64x4(y))) })
	hw2i[Uint64x4, uint64](t, "Uint64x4.ShiftAllRightConcat", fVBMI2,
		func(x, y Uint64x4, i uint8) Uint64x4 { return x.ShiftAllRightConcat(i, y) },
		func(x, y Uint64x4, i uint8) Uint64x4 { return ofU64x4(toU64x4(x).ShiftAllRightConcat(i, toU64x4(y))) })
	hw2[Uint64x8, uint64](t, "Uint64x8.Add", width(512), Uint64x8.Add, hw2U64x8(archsimd.Uint64x8.Add))
	hw1i[Uint64x8, uint64](t, "Uint64x8.ShiftAllLeft", width(512),
		func(x Uint64x8, i uint8) Uint64x8 { return x.ShiftAllLeft(shiftCount(i)) },
		func(x Uint64x8, i uint8) Uint64x8 { return ofU64x8(toU64x8(x).ShiftAllLeft(shiftCount(i))) })
	hw1i[Uint64x8, uint64](t, "Uint64x8.ShiftAllRight", width(512),
		func(x Uint64x8, i uint8) Uint64x8 { return x.ShiftAllRight(shiftCount(i)) },
		func(x Uint64x8, i uint8) Uint64x8 { return ofU64x8(toU64x8(x).ShiftAllRight(shiftCount(i))) })
	hw2i[Uint64x8, uint64](t, "Uint64x8.ShiftAllLeftConcat", fVBMI2,
		func(x, y Uint64x8, i uint8) Uint64x8 { return x.ShiftAllLeftConcat(i, y) },
		func(x, y Uint64x8, i uint8) Uint64x8 { return ofU64x8(toU64x8(x).ShiftAllLeftConcat(i, toU64x8(y))) })
	hw2i[Uint64x8, uint64](t, "Uint64x8.ShiftAllRightConcat", fVBMI2,
		func(x, y Uint64x8, i uint8) Uint64x8 { return x.ShiftAllRightConcat(i, y) },
		func(x, y Uint64x8, i uint8) Uint64x8 { return ofU64x8(toU64x8(x).ShiftAllRightConcat(i, toU64x8(y))) })
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
	hwConv[uint8](t, "Uint8x16.Broadcast1To16", fAVX2, Uint8x16.Broadcast1To16, func(x Uint8x16) Uint8x16 { return ofU8x16(toU8x16(x).Broadcast1To16()) })
	hwConv[uint8](t, "Uint8x16.Broadcast1To32", fAVX2, Uint8x16.Broadcast1To32, func(x Uint8x16) Uint8x32 { return ofU8x32(toU8x16(x).Broadcast1To32()) })
	hwConv[uint8](t, "Uint8x16.Broadcast1To64", fAVX512, Uint8x16.Broadcast1To64, func(x Uint8x16) Uint8x64 { return ofU8x64(toU8x16(x).Broadcast1To64()) })
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
	hwConv[uint32](t, "Uint32x4.Broadcast1To4", fAVX2, Uint32x4.Broadcast1To4, func(x Uint32x4) Uint32x4 { return ofU32x4(toU32x4(x).Broadcast1To4()) })
	hwConv[uint32](t, "Uint32x4.Broadcast1To8", fAVX2, Uint32x4.Broadcast1To8, func(x Uint32x4) Uint32x8 { return ofU32x8(toU32x4(x).Broadcast1To8()) })
	hwConv[uint32](t, "Uint32x4.Broadcast1To16", fAVX512, Uint32x4.Broadcast1To16, func(x Uint32x4) Uint32x16 { return ofU32x16(toU32x4(x).Broadcast1To16()) })
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
	hwConv[uint64](t, "Uint64x2.Broadcast1To2", fAVX2, Uint64x2.Broadcast1To2, func(x Uint64x2) Uint64x2 { return ofU64x2(toU64x2(x).Broadcast1To2()) })
	hwConv[uint64](t, "Uint64x2.Broadcast1To4", fAVX2, Uint64x2.Broadcast1To4, func(x Uint64x2) Uint64x4 { return ofU64x4(toU64x2(x).Broadcast1To4()) })
	hwConv[uint64](t, "Uint64x2.Broadcast1To8", fAVX512, Uint64x2.Broadcast1To8, func(x Uint64x2) Uint64x8 { return ofU64x8(toU64x2(x).Broadcast1To8()) })
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

func archsimdElems(t *testing.T) {
	hwRun(t, "Uint8x16.GetElem", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, i := rnd[Uint8x16, uint8](r), uint8(r.Uint32())
		return x.GetElem(i), toU8x16(x).GetElem(i), []any{x, i}
	})
	hwRun(t, "Uint8x16.SetElem", fAVX, func(r *rand.Rand) (any, any, any) {
		x, i, v := rnd[Uint8x16, uint8](r), uint8(r.Uint32()), uint8(r.Uint64())
		return x.SetElem(i, v), ofU8x16(toU8x16(x).SetElem(i, v)), []any{x, i, v}
	})
	hwRun(t, "Uint32x4.GetElem", fAVX, func(r *rand.Rand) (any, any, any) {
		x, i := rnd[Uint32x4, uint32](r), uint8(r.Uint32())
		return x.GetElem(i), toU32x4(x).GetElem(i), []any{x, i}
	})
	hwRun(t, "Uint32x4.SetElem", fAVX, func(r *rand.Rand) (any, any, any) {
		x, i, v := rnd[Uint32x4, uint32](r), uint8(r.Uint32()), uint32(r.Uint64())
		return x.SetElem(i, v), ofU32x4(toU32x4(x).SetElem(i, v)), []any{x, i, v}
	})
	hwRun(t, "Uint64x2.GetElem", fAVX, func(r *rand.Rand) (any, any, any) {
		x, i := rnd[Uint64x2, uint64](r), uint8(r.Uint32())
		return x.GetElem(i), toU64x2(x).GetElem(i), []any{x, i}
	})
	hwRun(t, "Uint64x2.SetElem", fAVX, func(r *rand.Rand) (any, any, any) {
		x, i, v := rnd[Uint64x2, uint64](r), uint8(r.Uint32()), uint64(r.Uint64())
		return x.SetElem(i, v), ofU64x2(toU64x2(x).SetElem(i, v)), []any{x, i, v}
	})
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
	// a and b are drawn from 0..3 so that the unused high bits are tried.
	hw2i[Uint64x2, uint64](t, "Uint64x2.CarrylessMultiply", fAVX,
		func(x, y Uint64x2, i uint8) Uint64x2 { return x.CarrylessMultiply(i&3, i>>2&3, y) },
		func(x, y Uint64x2, i uint8) Uint64x2 {
			return ofU64x2(toU64x2(x).CarrylessMultiply(i&3, i>>2&3, toU64x2(y)))
		})
	hw2i[Uint64x4, uint64](t, "Uint64x4.CarrylessMultiplyGrouped", fCLMUL512,
		func(x, y Uint64x4, i uint8) Uint64x4 { return x.CarrylessMultiplyGrouped(i&3, i>>2&3, y) },
		func(x, y Uint64x4, i uint8) Uint64x4 {
			return ofU64x4(toU64x4(x).CarrylessMultiplyGrouped(i&3, i>>2&3, toU64x4(y)))
		})
	hw2i[Uint64x8, uint64](t, "Uint64x8.CarrylessMultiplyGrouped", fCLMUL512,
		func(x, y Uint64x8, i uint8) Uint64x8 { return x.CarrylessMultiplyGrouped(i&3, i>>2&3, y) },
		func(x, y Uint64x8, i uint8) Uint64x8 {
			return ofU64x8(toU64x8(x).CarrylessMultiplyGrouped(i&3, i>>2&3, toU64x8(y)))
		})
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
	hw2i[Uint8x16, uint8](t, "Uint8x16.ConcatShiftBytesRight", fAVX,
		func(x, y Uint8x16, i uint8) Uint8x16 { return x.ConcatShiftBytesRight(i, y) },
		func(x, y Uint8x16, i uint8) Uint8x16 { return ofU8x16(toU8x16(x).ConcatShiftBytesRight(i, toU8x16(y))) })
	hw2i[Uint8x32, uint8](t, "Uint8x32.ConcatShiftBytesRightGrouped", fAVX2,
		func(x, y Uint8x32, i uint8) Uint8x32 { return x.ConcatShiftBytesRightGrouped(i, y) },
		func(x, y Uint8x32, i uint8) Uint8x32 {
			return ofU8x32(toU8x32(x).ConcatShiftBytesRightGrouped(i, toU8x32(y)))
		})
	hw2i[Uint8x64, uint8](t, "Uint8x64.ConcatShiftBytesRightGrouped", fAVX512,
		func(x, y Uint8x64, i uint8) Uint8x64 { return x.ConcatShiftBytesRightGrouped(i, y) },
		func(x, y Uint8x64, i uint8) Uint8x64 {
			return ofU8x64(toU8x64(x).ConcatShiftBytesRightGrouped(i, toU8x64(y)))
		})

	// archsimd has no PSLLDQ or PSRLDQ; ConcatShiftBytesRight with a zero
	// operand is the same. Counts are drawn from 0..31 so the edge at 16 is
	// crossed often.
	hw1i[Uint8x16, uint8](t, "Uint8x16.ShiftBytesLeft", fAVX,
		func(x Uint8x16, i uint8) Uint8x16 { return x.ShiftBytesLeft(i & 31) },
		func(x Uint8x16, i uint8) Uint8x16 { return ofU8x16(byteShiftLeft16(toU8x16(x), i&31)) })
	hw1i[Uint8x32, uint8](t, "Uint8x32.ShiftBytesLeftGrouped", fAVX2,
		func(x Uint8x32, i uint8) Uint8x32 { return x.ShiftBytesLeftGrouped(i & 31) },
		func(x Uint8x32, i uint8) Uint8x32 {
			h := toU8x32(x)
			return ofU8x32(archsimd.Uint8x32{}.SetLo(byteShiftLeft16(h.GetLo(), i&31)).SetHi(byteShiftLeft16(h.GetHi(), i&31)))
		})
	hw1i[Uint8x64, uint8](t, "Uint8x64.ShiftBytesLeftGrouped", fAVX512,
		func(x Uint8x64, i uint8) Uint8x64 { return x.ShiftBytesLeftGrouped(i & 31) },
		func(x Uint8x64, i uint8) Uint8x64 {
			zero := archsimd.Uint8x64{}
			if i&31 > 16 {
				return ofU8x64(zero)
			}
			return ofU8x64(toU8x64(x).ConcatShiftBytesRightGrouped(16-i&31, zero))
		})
	hw1i[Uint8x16, uint8](t, "Uint8x16.ShiftBytesRight", fAVX,
		func(x Uint8x16, i uint8) Uint8x16 { return x.ShiftBytesRight(i) },
		func(x Uint8x16, i uint8) Uint8x16 {
			return ofU8x16(archsimd.Uint8x16{}.ConcatShiftBytesRight(i, toU8x16(x)))
		})
	hw1i[Uint8x32, uint8](t, "Uint8x32.ShiftBytesRightGrouped", fAVX2,
		func(x Uint8x32, i uint8) Uint8x32 { return x.ShiftBytesRightGrouped(i) },
		func(x Uint8x32, i uint8) Uint8x32 {
			return ofU8x32(archsimd.Uint8x32{}.ConcatShiftBytesRightGrouped(i, toU8x32(x)))
		})
	hw1i[Uint8x64, uint8](t, "Uint8x64.ShiftBytesRightGrouped", fAVX512,
		func(x Uint8x64, i uint8) Uint8x64 { return x.ShiftBytesRightGrouped(i) },
		func(x Uint8x64, i uint8) Uint8x64 {
			return ofU8x64(archsimd.Uint8x64{}.ConcatShiftBytesRightGrouped(i, toU8x64(x)))
		})
}

// byteShiftLeft16 is PSLLDQ by n from archsimd operations.
func byteShiftLeft16(x archsimd.Uint8x16, n uint8) archsimd.Uint8x16 {
	if n > 16 {
		return archsimd.Uint8x16{}
	}
	return x.ConcatShiftBytesRight(16-n, archsimd.Uint8x16{})
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
	// archsimd defines SelectFromPair only for selectors 0 to 7.
	hwRun(t, "Uint32x4.SelectFromPair", fAVX, func(r *rand.Rand) (any, any, any) {
		x, y, i := rnd[Uint32x4, uint32](r), rnd[Uint32x4, uint32](r), r.Uint32()
		a, b, c, d := sel(i, 0)&7, sel(i, 1)&7, sel(i, 2)&7, sel(i, 3)&7
		return x.SelectFromPair(a, b, c, d, y), ofU32x4(toU32x4(x).SelectFromPair(a, b, c, d, toU32x4(y))), []any{x, y, i}
	})
	hwRun(t, "Uint32x8.SelectFromPairGrouped", fAVX, func(r *rand.Rand) (any, any, any) {
		x, y, i := rnd[Uint32x8, uint32](r), rnd[Uint32x8, uint32](r), r.Uint32()
		a, b, c, d := sel(i, 0)&7, sel(i, 1)&7, sel(i, 2)&7, sel(i, 3)&7
		return x.SelectFromPairGrouped(a, b, c, d, y), ofU32x8(toU32x8(x).SelectFromPairGrouped(a, b, c, d, toU32x8(y))), []any{x, y, i}
	})
	hwRun(t, "Uint32x16.SelectFromPairGrouped", fAVX512, func(r *rand.Rand) (any, any, any) {
		x, y, i := rnd[Uint32x16, uint32](r), rnd[Uint32x16, uint32](r), r.Uint32()
		a, b, c, d := sel(i, 0)&7, sel(i, 1)&7, sel(i, 2)&7, sel(i, 3)&7
		return x.SelectFromPairGrouped(a, b, c, d, y), ofU32x16(toU32x16(x).SelectFromPairGrouped(a, b, c, d, toU32x16(y))), []any{x, y, i}
	})
	hw2i[Uint64x2, uint64](t, "Uint64x2.SelectFromPair", fAVX,
		func(x, y Uint64x2, i uint8) Uint64x2 { return x.SelectFromPair(i&15, i>>4, y) },
		func(x, y Uint64x2, i uint8) Uint64x2 {
			return ofU64x2(toU64x2(x).SelectFromPair(i&15, i>>4, toU64x2(y)))
		})
	hw2i[Uint64x4, uint64](t, "Uint64x4.SelectFromPairGrouped", fAVX,
		func(x, y Uint64x4, i uint8) Uint64x4 { return x.SelectFromPairGrouped(i&15, i>>4, y) },
		func(x, y Uint64x4, i uint8) Uint64x4 {
			return ofU64x4(toU64x4(x).SelectFromPairGrouped(i&15, i>>4, toU64x4(y)))
		})
	hw2i[Uint64x8, uint64](t, "Uint64x8.SelectFromPairGrouped", fAVX512,
		func(x, y Uint64x8, i uint8) Uint64x8 { return x.SelectFromPairGrouped(i&15, i>>4, y) },
		func(x, y Uint64x8, i uint8) Uint64x8 {
			return ofU64x8(toU64x8(x).SelectFromPairGrouped(i&15, i>>4, toU64x8(y)))
		})

	// Selectors 0..4 for each half, so that the panic on 4 is compared too.
	hw2i[Uint8x32, uint8](t, "Uint8x32.Select128FromPair", fAVX2,
		func(x, y Uint8x32, i uint8) Uint8x32 { return x.Select128FromPair(i%5, i/5%5, y) },
		func(x, y Uint8x32, i uint8) Uint8x32 {
			return ofU8x32(toU8x32(x).Select128FromPair(i%5, i/5%5, toU8x32(y)))
		})
	hw2i[Uint32x8, uint32](t, "Uint32x8.Select128FromPair", fAVX2,
		func(x, y Uint32x8, i uint8) Uint32x8 { return x.Select128FromPair(i%5, i/5%5, y) },
		func(x, y Uint32x8, i uint8) Uint32x8 {
			return ofU32x8(toU32x8(x).Select128FromPair(i%5, i/5%5, toU32x8(y)))
		})
	hw2i[Uint64x4, uint64](t, "Uint64x4.Select128FromPair", fAVX2,
		func(x, y Uint64x4, i uint8) Uint64x4 { return x.Select128FromPair(i%5, i/5%5, y) },
		func(x, y Uint64x4, i uint8) Uint64x4 {
			return ofU64x4(toU64x4(x).Select128FromPair(i%5, i/5%5, toU64x4(y)))
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
