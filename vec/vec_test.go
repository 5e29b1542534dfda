package vec

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// memOps are one type's loads, stores and scalar broadcast, with the array
// forms wrapped to take slices.
type memOps[V any, E elem] struct {
	load       func([]E) V
	loadSlice  func([]E) V
	loadPart   func([]E) (V, int)
	store      func(V, []E)
	storeSlice func(V, []E)
	storePart  func(V, []E) int
	broadcast  func(E) V
	length     func(V) int
	str        func(V) string
}

func TestLoadStore(t *testing.T) {
	testMem(t, "Uint8x16", memOps[Uint8x16, uint8]{
		func(s []uint8) Uint8x16 { return LoadUint8x16Array((*[16]uint8)(s)) }, LoadUint8x16, LoadUint8x16Part,
		func(v Uint8x16, s []uint8) { v.StoreArray((*[16]uint8)(s)) }, Uint8x16.Store, Uint8x16.StorePart,
		BroadcastUint8x16, Uint8x16.Len, Uint8x16.String})
	testMem(t, "Uint8x32", memOps[Uint8x32, uint8]{
		func(s []uint8) Uint8x32 { return LoadUint8x32Array((*[32]uint8)(s)) }, LoadUint8x32, LoadUint8x32Part,
		func(v Uint8x32, s []uint8) { v.StoreArray((*[32]uint8)(s)) }, Uint8x32.Store, Uint8x32.StorePart,
		BroadcastUint8x32, Uint8x32.Len, Uint8x32.String})
	testMem(t, "Uint8x64", memOps[Uint8x64, uint8]{
		func(s []uint8) Uint8x64 { return LoadUint8x64Array((*[64]uint8)(s)) }, LoadUint8x64, LoadUint8x64Part,
		func(v Uint8x64, s []uint8) { v.StoreArray((*[64]uint8)(s)) }, Uint8x64.Store, Uint8x64.StorePart,
		BroadcastUint8x64, Uint8x64.Len, Uint8x64.String})
	testMem(t, "Int8x16", memOps[Int8x16, int8]{
		func(s []int8) Int8x16 { return LoadInt8x16Array((*[16]int8)(s)) }, LoadInt8x16, LoadInt8x16Part,
		func(v Int8x16, s []int8) { v.StoreArray((*[16]int8)(s)) }, Int8x16.Store, Int8x16.StorePart,
		BroadcastInt8x16, Int8x16.Len, Int8x16.String})
	testMem(t, "Int8x32", memOps[Int8x32, int8]{
		func(s []int8) Int8x32 { return LoadInt8x32Array((*[32]int8)(s)) }, LoadInt8x32, LoadInt8x32Part,
		func(v Int8x32, s []int8) { v.StoreArray((*[32]int8)(s)) }, Int8x32.Store, Int8x32.StorePart,
		BroadcastInt8x32, Int8x32.Len, Int8x32.String})
	testMem(t, "Int8x64", memOps[Int8x64, int8]{
		func(s []int8) Int8x64 { return LoadInt8x64Array((*[64]int8)(s)) }, LoadInt8x64, LoadInt8x64Part,
		func(v Int8x64, s []int8) { v.StoreArray((*[64]int8)(s)) }, Int8x64.Store, Int8x64.StorePart,
		BroadcastInt8x64, Int8x64.Len, Int8x64.String})
	testMem(t, "Uint32x4", memOps[Uint32x4, uint32]{
		func(s []uint32) Uint32x4 { return LoadUint32x4Array((*[4]uint32)(s)) }, LoadUint32x4, LoadUint32x4Part,
		func(v Uint32x4, s []uint32) { v.StoreArray((*[4]uint32)(s)) }, Uint32x4.Store, Uint32x4.StorePart,
		BroadcastUint32x4, Uint32x4.Len, Uint32x4.String})
	testMem(t, "Uint32x8", memOps[Uint32x8, uint32]{
		func(s []uint32) Uint32x8 { return LoadUint32x8Array((*[8]uint32)(s)) }, LoadUint32x8, LoadUint32x8Part,
		func(v Uint32x8, s []uint32) { v.StoreArray((*[8]uint32)(s)) }, Uint32x8.Store, Uint32x8.StorePart,
		BroadcastUint32x8, Uint32x8.Len, Uint32x8.String})
	testMem(t, "Uint32x16", memOps[Uint32x16, uint32]{
		func(s []uint32) Uint32x16 { return LoadUint32x16Array((*[16]uint32)(s)) }, LoadUint32x16, LoadUint32x16Part,
		func(v Uint32x16, s []uint32) { v.StoreArray((*[16]uint32)(s)) }, Uint32x16.Store, Uint32x16.StorePart,
		BroadcastUint32x16, Uint32x16.Len, Uint32x16.String})
	testMem(t, "Uint64x2", memOps[Uint64x2, uint64]{
		func(s []uint64) Uint64x2 { return LoadUint64x2Array((*[2]uint64)(s)) }, LoadUint64x2, LoadUint64x2Part,
		func(v Uint64x2, s []uint64) { v.StoreArray((*[2]uint64)(s)) }, Uint64x2.Store, Uint64x2.StorePart,
		BroadcastUint64x2, Uint64x2.Len, Uint64x2.String})
	testMem(t, "Uint64x4", memOps[Uint64x4, uint64]{
		func(s []uint64) Uint64x4 { return LoadUint64x4Array((*[4]uint64)(s)) }, LoadUint64x4, LoadUint64x4Part,
		func(v Uint64x4, s []uint64) { v.StoreArray((*[4]uint64)(s)) }, Uint64x4.Store, Uint64x4.StorePart,
		BroadcastUint64x4, Uint64x4.Len, Uint64x4.String})
	testMem(t, "Uint64x8", memOps[Uint64x8, uint64]{
		func(s []uint64) Uint64x8 { return LoadUint64x8Array((*[8]uint64)(s)) }, LoadUint64x8, LoadUint64x8Part,
		func(v Uint64x8, s []uint64) { v.StoreArray((*[8]uint64)(s)) }, Uint64x8.Store, Uint64x8.StorePart,
		BroadcastUint64x8, Uint64x8.Len, Uint64x8.String})
}

func testMem[V any, E elem, P lanesOf[V, E]](t *testing.T, name string, o memOps[V, E]) {
	t.Run(name, func(t *testing.T) {
		r := newRand(name)
		n := len(P(new(V)).lanes())
		for range iters {
			src := lanesCopy[V, E, P](rnd[V, E, P](r))
			v := o.load(src)
			checkLanes(t, "LoadArray", lanesCopy[V, E, P](v), src)
			if o.length(v) != n {
				t.Fatalf("Len = %d, want %d", o.length(v), n)
			}

			// A longer slice loads its first n elements.
			long := append(append([]E{}, src...), E(r.Uint64()))
			checkLanes(t, "Load (slice)", lanesCopy[V, E, P](o.loadSlice(long)), src)

			// Part zero-fills; the stores write exactly what fits.
			for k := 0; k <= n+1; k++ {
				part := long[:min(k, len(long))]
				want := make([]E, n)
				copy(want, part)
				got, loaded := o.loadPart(part)
				checkLanes(t, fmt.Sprintf("LoadPart(len %d)", k), lanesCopy[V, E, P](got), want)
				if loaded != min(k, n) {
					t.Fatalf("LoadPart(len %d) loaded %d lanes, want %d", k, loaded, min(k, n))
				}

				dst := make([]E, k+1)
				sentinel := E(0x5a)
				for i := range dst {
					dst[i] = sentinel
				}
				if stored := o.storePart(v, dst[:k]); stored != min(k, n) {
					t.Fatalf("StorePart(len %d) stored %d lanes, want %d", k, stored, min(k, n))
				}
				for i := range dst {
					w := sentinel
					if i < min(k, n) {
						w = src[i]
					}
					if dst[i] != w {
						t.Fatalf("StorePart(len %d): element %d = %#x, want %#x", k, i, dst[i], w)
					}
				}
			}

			dst := make([]E, n)
			o.store(v, dst)
			checkLanes(t, "StoreArray", dst, src)
			dst = make([]E, n+1)
			o.storeSlice(v, dst)
			checkLanes(t, "Store (slice)", dst[:n], src)
			if dst[n] != 0 {
				t.Fatalf("Store wrote past %d elements", n)
			}

			b := src[r.IntN(n)]
			checkLanes(t, "Broadcast", lanesCopy[V, E, P](o.broadcast(b)), repeat(b, n))

			var parts []string
			for _, l := range src {
				if s, ok := any(l).(int8); ok {
					parts = append(parts, strconv.FormatInt(int64(s), 10))
				} else {
					parts = append(parts, strconv.FormatUint(uint64(l), 10))
				}
			}
			if got, want := o.str(v), "{"+strings.Join(parts, ",")+"}"; got != want {
				t.Fatalf("String = %q, want %q", got, want)
			}
		}
		if !panics(func() { o.loadSlice(make([]E, n-1)) }) {
			t.Errorf("Load of %d elements did not panic", n-1)
		}
		if !panics(func() { o.storeSlice(*new(V), make([]E, n-1)) }) {
			t.Errorf("Store to %d elements did not panic", n-1)
		}
	})
}

func repeat[E elem](v E, n int) []E {
	s := make([]E, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// maskOps are one shape's mask constructors and masked memory operations.
type maskOps[V any, E elem, M any] struct {
	fromBits func(uint64) M
	toBits   func(M) uint64
	and, or  func(M, M) M
	load     func([]E, M) V
	store    func(V, []E, M)
}

func TestMasked(t *testing.T) {
	testMasked(t, "8x16", maskOps[Uint8x16, uint8, Mask8x16]{
		func(b uint64) Mask8x16 { return Mask8x16FromBits(uint16(b)) }, func(m Mask8x16) uint64 { return uint64(m.ToBits()) },
		Mask8x16.And, Mask8x16.Or,
		func(s []uint8, m Mask8x16) Uint8x16 { return LoadUint8x16ArrayMasked((*[16]uint8)(s), m) },
		func(v Uint8x16, s []uint8, m Mask8x16) { v.StoreArrayMasked((*[16]uint8)(s), m) }})
	testMasked(t, "8x32", maskOps[Uint8x32, uint8, Mask8x32]{
		func(b uint64) Mask8x32 { return Mask8x32FromBits(uint32(b)) }, func(m Mask8x32) uint64 { return uint64(m.ToBits()) },
		Mask8x32.And, Mask8x32.Or,
		func(s []uint8, m Mask8x32) Uint8x32 { return LoadUint8x32ArrayMasked((*[32]uint8)(s), m) },
		func(v Uint8x32, s []uint8, m Mask8x32) { v.StoreArrayMasked((*[32]uint8)(s), m) }})
	testMasked(t, "8x64", maskOps[Uint8x64, uint8, Mask8x64]{
		func(b uint64) Mask8x64 { return Mask8x64FromBits(b) }, func(m Mask8x64) uint64 { return m.ToBits() },
		Mask8x64.And, Mask8x64.Or,
		func(s []uint8, m Mask8x64) Uint8x64 { return LoadUint8x64ArrayMasked((*[64]uint8)(s), m) },
		func(v Uint8x64, s []uint8, m Mask8x64) { v.StoreArrayMasked((*[64]uint8)(s), m) }})
	testMasked(t, "32x4", maskOps[Uint32x4, uint32, Mask32x4]{
		func(b uint64) Mask32x4 { return Mask32x4FromBits(uint8(b)) }, func(m Mask32x4) uint64 { return uint64(m.ToBits()) },
		Mask32x4.And, Mask32x4.Or,
		func(s []uint32, m Mask32x4) Uint32x4 { return LoadUint32x4ArrayMasked((*[4]uint32)(s), m) },
		func(v Uint32x4, s []uint32, m Mask32x4) { v.StoreArrayMasked((*[4]uint32)(s), m) }})
	testMasked(t, "32x8", maskOps[Uint32x8, uint32, Mask32x8]{
		func(b uint64) Mask32x8 { return Mask32x8FromBits(uint8(b)) }, func(m Mask32x8) uint64 { return uint64(m.ToBits()) },
		Mask32x8.And, Mask32x8.Or,
		func(s []uint32, m Mask32x8) Uint32x8 { return LoadUint32x8ArrayMasked((*[8]uint32)(s), m) },
		func(v Uint32x8, s []uint32, m Mask32x8) { v.StoreArrayMasked((*[8]uint32)(s), m) }})
	testMasked(t, "32x16", maskOps[Uint32x16, uint32, Mask32x16]{
		func(b uint64) Mask32x16 { return Mask32x16FromBits(uint16(b)) }, func(m Mask32x16) uint64 { return uint64(m.ToBits()) },
		Mask32x16.And, Mask32x16.Or,
		func(s []uint32, m Mask32x16) Uint32x16 { return LoadUint32x16ArrayMasked((*[16]uint32)(s), m) },
		func(v Uint32x16, s []uint32, m Mask32x16) { v.StoreArrayMasked((*[16]uint32)(s), m) }})
	testMasked(t, "64x2", maskOps[Uint64x2, uint64, Mask64x2]{
		func(b uint64) Mask64x2 { return Mask64x2FromBits(uint8(b)) }, func(m Mask64x2) uint64 { return uint64(m.ToBits()) },
		Mask64x2.And, Mask64x2.Or,
		func(s []uint64, m Mask64x2) Uint64x2 { return LoadUint64x2ArrayMasked((*[2]uint64)(s), m) },
		func(v Uint64x2, s []uint64, m Mask64x2) { v.StoreArrayMasked((*[2]uint64)(s), m) }})
	testMasked(t, "64x4", maskOps[Uint64x4, uint64, Mask64x4]{
		func(b uint64) Mask64x4 { return Mask64x4FromBits(uint8(b)) }, func(m Mask64x4) uint64 { return uint64(m.ToBits()) },
		Mask64x4.And, Mask64x4.Or,
		func(s []uint64, m Mask64x4) Uint64x4 { return LoadUint64x4ArrayMasked((*[4]uint64)(s), m) },
		func(v Uint64x4, s []uint64, m Mask64x4) { v.StoreArrayMasked((*[4]uint64)(s), m) }})
	testMasked(t, "64x8", maskOps[Uint64x8, uint64, Mask64x8]{
		func(b uint64) Mask64x8 { return Mask64x8FromBits(uint8(b)) }, func(m Mask64x8) uint64 { return uint64(m.ToBits()) },
		Mask64x8.And, Mask64x8.Or,
		func(s []uint64, m Mask64x8) Uint64x8 { return LoadUint64x8ArrayMasked((*[8]uint64)(s), m) },
		func(v Uint64x8, s []uint64, m Mask64x8) { v.StoreArrayMasked((*[8]uint64)(s), m) }})
}

func testMasked[V any, E elem, M any, P lanesOf[V, E]](t *testing.T, name string, o maskOps[V, E, M]) {
	t.Run(name, func(t *testing.T) {
		r := newRand(name)
		n := len(P(new(V)).lanes())
		valid := ^uint64(0) >> (64 - n)
		for range iters {
			b1, b2 := r.Uint64(), r.Uint64()
			if r.IntN(4) == 0 {
				b1 = valid >> r.IntN(n+1) // a tail mask, as a kernel builds one
			}
			// FromBits keeps only the bits that have lanes (and that fit
			// the argument type, which is n bits wide or wider).
			m1, m2 := o.fromBits(b1), o.fromBits(b2)
			if got := o.toBits(m1); got != b1&valid {
				t.Fatalf("FromBits(%#x).ToBits() = %#x, want %#x", b1, got, b1&valid)
			}
			if got := o.toBits(o.and(m1, m2)); got != b1&b2&valid {
				t.Fatalf("And: %#x, want %#x", got, b1&b2&valid)
			}
			if got := o.toBits(o.or(m1, m2)); got != (b1|b2)&valid {
				t.Fatalf("Or: %#x, want %#x", got, (b1|b2)&valid)
			}

			mem := lanesCopy[V, E, P](rnd[V, E, P](r))
			want := make([]E, n)
			for i := range want {
				if b1>>i&1 != 0 {
					want[i] = mem[i]
				}
			}
			checkLanes(t, "LoadArrayMasked", lanesCopy[V, E, P](o.load(mem, m1)), want)

			x := rnd[V, E, P](r)
			xs := lanesCopy[V, E, P](x)
			dst := append([]E{}, mem...)
			for i := range want {
				want[i] = mem[i]
				if b1>>i&1 != 0 {
					want[i] = xs[i]
				}
			}
			o.store(x, dst, m1)
			checkLanes(t, "StoreArrayMasked", dst, want)
		}
	})
}

type bitwiseOps[V any] struct {
	and, or, xor, andNot func(V, V) V
	not                  func(V) V
}

func TestBitwise(t *testing.T) {
	testBitwise[Uint8x16, uint8](t, "Uint8x16", bitwiseOps[Uint8x16]{Uint8x16.And, Uint8x16.Or, Uint8x16.Xor, Uint8x16.AndNot, Uint8x16.Not})
	testBitwise[Uint8x32, uint8](t, "Uint8x32", bitwiseOps[Uint8x32]{Uint8x32.And, Uint8x32.Or, Uint8x32.Xor, Uint8x32.AndNot, Uint8x32.Not})
	testBitwise[Uint8x64, uint8](t, "Uint8x64", bitwiseOps[Uint8x64]{Uint8x64.And, Uint8x64.Or, Uint8x64.Xor, Uint8x64.AndNot, Uint8x64.Not})
	testBitwise[Uint32x4, uint32](t, "Uint32x4", bitwiseOps[Uint32x4]{Uint32x4.And, Uint32x4.Or, Uint32x4.Xor, Uint32x4.AndNot, Uint32x4.Not})
	testBitwise[Uint32x8, uint32](t, "Uint32x8", bitwiseOps[Uint32x8]{Uint32x8.And, Uint32x8.Or, Uint32x8.Xor, Uint32x8.AndNot, Uint32x8.Not})
	testBitwise[Uint32x16, uint32](t, "Uint32x16", bitwiseOps[Uint32x16]{Uint32x16.And, Uint32x16.Or, Uint32x16.Xor, Uint32x16.AndNot, Uint32x16.Not})
	testBitwise[Uint64x2, uint64](t, "Uint64x2", bitwiseOps[Uint64x2]{Uint64x2.And, Uint64x2.Or, Uint64x2.Xor, Uint64x2.AndNot, Uint64x2.Not})
	testBitwise[Uint64x4, uint64](t, "Uint64x4", bitwiseOps[Uint64x4]{Uint64x4.And, Uint64x4.Or, Uint64x4.Xor, Uint64x4.AndNot, Uint64x4.Not})
	testBitwise[Uint64x8, uint64](t, "Uint64x8", bitwiseOps[Uint64x8]{Uint64x8.And, Uint64x8.Or, Uint64x8.Xor, Uint64x8.AndNot, Uint64x8.Not})
}

func testBitwise[V any, E elem, P lanesOf[V, E]](t *testing.T, name string, o bitwiseOps[V]) {
	checkBinary[V, E, P](t, name+".And", o.and, func(i int, x, y []E) E { return x[i] & y[i] })
	checkBinary[V, E, P](t, name+".Or", o.or, func(i int, x, y []E) E { return x[i] | y[i] })
	checkBinary[V, E, P](t, name+".Xor", o.xor, func(i int, x, y []E) E { return x[i] ^ y[i] })
	checkBinary[V, E, P](t, name+".AndNot", o.andNot, func(i int, x, y []E) E { return x[i] &^ y[i] })
	checkUnary[V, E, P](t, name+".Not", o.not, func(i int, x []E) E { return ^x[i] })
}

type arithOps[V any] struct {
	add                  func(V, V) V
	shl, shr             func(V, uint64) V
	shlConcat, shrConcat func(V, V, uint64) V
}

func TestArith(t *testing.T) {
	testArith[Uint32x4, uint32](t, "Uint32x4", arithOps[Uint32x4]{Uint32x4.Add, Uint32x4.ShiftAllLeft, Uint32x4.ShiftAllRight, Uint32x4.ShiftAllLeftConcatMod32, Uint32x4.ShiftAllRightConcatMod32})
	testArith[Uint32x8, uint32](t, "Uint32x8", arithOps[Uint32x8]{Uint32x8.Add, Uint32x8.ShiftAllLeft, Uint32x8.ShiftAllRight, Uint32x8.ShiftAllLeftConcatMod32, Uint32x8.ShiftAllRightConcatMod32})
	testArith[Uint32x16, uint32](t, "Uint32x16", arithOps[Uint32x16]{Uint32x16.Add, Uint32x16.ShiftAllLeft, Uint32x16.ShiftAllRight, Uint32x16.ShiftAllLeftConcatMod32, Uint32x16.ShiftAllRightConcatMod32})
	testArith[Uint64x2, uint64](t, "Uint64x2", arithOps[Uint64x2]{Uint64x2.Add, Uint64x2.ShiftAllLeft, Uint64x2.ShiftAllRight, Uint64x2.ShiftAllLeftConcatMod64, Uint64x2.ShiftAllRightConcatMod64})
	testArith[Uint64x4, uint64](t, "Uint64x4", arithOps[Uint64x4]{Uint64x4.Add, Uint64x4.ShiftAllLeft, Uint64x4.ShiftAllRight, Uint64x4.ShiftAllLeftConcatMod64, Uint64x4.ShiftAllRightConcatMod64})
	testArith[Uint64x8, uint64](t, "Uint64x8", arithOps[Uint64x8]{Uint64x8.Add, Uint64x8.ShiftAllLeft, Uint64x8.ShiftAllRight, Uint64x8.ShiftAllLeftConcatMod64, Uint64x8.ShiftAllRightConcatMod64})
}

// testArith checks the lane arithmetic against bit-by-bit references.
func testArith[V any, E uint32 | uint64, P lanesOf[V, E]](t *testing.T, name string, o arithOps[V]) {
	bits := 8 * elemSize[E]()
	checkBinary[V, E, P](t, name+".Add", o.add, func(i int, x, y []E) E { return x[i] + y[i] })
	// bit returns bit k of v, or 0 when k is outside the lane.
	bit := func(v E, k int) E {
		if k < 0 || k >= bits {
			return 0
		}
		return v >> k & 1
	}
	counts := []uint64{0, 1, 7, uint64(bits) - 1, uint64(bits), uint64(bits) + 1, 64, 65, 255, 1 << 32, ^uint64(0)}
	for _, c := range counts {
		shl := func(i int, x []E) E {
			var r E
			for k := range bits {
				r |= bit(x[i], k-int(min(c, 1000))) << k
			}
			return r
		}
		shr := func(i int, x []E) E {
			var r E
			for k := range bits {
				r |= bit(x[i], k+int(min(c, 1000))) << k
			}
			return r
		}
		checkUnary[V, E, P](t, fmt.Sprintf("%s.ShiftAllLeft(%d)", name, c), func(x V) V { return o.shl(x, c) }, shl)
		checkUnary[V, E, P](t, fmt.Sprintf("%s.ShiftAllRight(%d)", name, c), func(x V) V { return o.shr(x, c) }, shr)
	}
	for s := range 256 {
		sh := s % bits
		// The double-width value x:y (x high) shifted, then its high
		// (left) or low (right, with y:x) half.
		left := func(i int, x, y []E) E {
			var r E
			for k := range bits {
				if j := k - sh; j >= 0 {
					r |= bit(x[i], j) << k
				} else {
					r |= bit(y[i], j+bits) << k
				}
			}
			return r
		}
		right := func(i int, x, y []E) E {
			var r E
			for k := range bits {
				if j := k + sh; j < bits {
					r |= bit(x[i], j) << k
				} else {
					r |= bit(y[i], j-bits) << k
				}
			}
			return r
		}
		// The count is taken modulo the lane width, so bits above it,
		// here s again at bit 32, change nothing.
		count := uint64(s)<<32 | uint64(s)
		checkBinary[V, E, P](t, fmt.Sprintf("%s.ShiftAllLeftConcatMod%d(%#x)", name, bits, count), func(x, y V) V { return o.shlConcat(x, y, count) }, left)
		checkBinary[V, E, P](t, fmt.Sprintf("%s.ShiftAllRightConcatMod%d(%#x)", name, bits, count), func(x, y V) V { return o.shrConcat(x, y, count) }, right)
	}
}

// checkAs checks that a conversion keeps the memory image.
func checkAs[E, F elem, V, W any, P lanesOf[V, E], Q lanesOf[W, F]](t *testing.T, name string, conv func(V) W) {
	t.Helper()
	r := newRand(name)
	for range iters {
		x := rnd[V, E, P](r)
		got, want := leBytes(lanesCopy[W, F, Q](conv(x))), leBytes(lanesCopy[V, E, P](x))
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: memory image %x, want %x", name, got, want)
		}
	}
}

func TestConversions(t *testing.T) {
	checkAs[uint8, int8](t, "Uint8x16.AsInt8x16", Uint8x16.AsInt8x16)
	checkAs[uint8, uint32](t, "Uint8x16.AsUint32x4", Uint8x16.AsUint32x4)
	checkAs[uint8, uint64](t, "Uint8x16.AsUint64x2", Uint8x16.AsUint64x2)
	checkAs[int8, uint8](t, "Int8x16.AsUint8x16", Int8x16.AsUint8x16)
	checkAs[int8, uint32](t, "Int8x16.AsUint32x4", Int8x16.AsUint32x4)
	checkAs[int8, uint64](t, "Int8x16.AsUint64x2", Int8x16.AsUint64x2)
	checkAs[uint32, uint8](t, "Uint32x4.AsUint8x16", Uint32x4.AsUint8x16)
	checkAs[uint32, int8](t, "Uint32x4.AsInt8x16", Uint32x4.AsInt8x16)
	checkAs[uint32, uint64](t, "Uint32x4.AsUint64x2", Uint32x4.AsUint64x2)
	checkAs[uint64, uint8](t, "Uint64x2.AsUint8x16", Uint64x2.AsUint8x16)
	checkAs[uint64, int8](t, "Uint64x2.AsInt8x16", Uint64x2.AsInt8x16)
	checkAs[uint64, uint32](t, "Uint64x2.AsUint32x4", Uint64x2.AsUint32x4)

	checkAs[uint8, int8](t, "Uint8x32.AsInt8x32", Uint8x32.AsInt8x32)
	checkAs[uint8, uint32](t, "Uint8x32.AsUint32x8", Uint8x32.AsUint32x8)
	checkAs[uint8, uint64](t, "Uint8x32.AsUint64x4", Uint8x32.AsUint64x4)
	checkAs[int8, uint8](t, "Int8x32.AsUint8x32", Int8x32.AsUint8x32)
	checkAs[int8, uint32](t, "Int8x32.AsUint32x8", Int8x32.AsUint32x8)
	checkAs[int8, uint64](t, "Int8x32.AsUint64x4", Int8x32.AsUint64x4)
	checkAs[uint32, uint8](t, "Uint32x8.AsUint8x32", Uint32x8.AsUint8x32)
	checkAs[uint32, int8](t, "Uint32x8.AsInt8x32", Uint32x8.AsInt8x32)
	checkAs[uint32, uint64](t, "Uint32x8.AsUint64x4", Uint32x8.AsUint64x4)
	checkAs[uint64, uint8](t, "Uint64x4.AsUint8x32", Uint64x4.AsUint8x32)
	checkAs[uint64, int8](t, "Uint64x4.AsInt8x32", Uint64x4.AsInt8x32)
	checkAs[uint64, uint32](t, "Uint64x4.AsUint32x8", Uint64x4.AsUint32x8)

	checkAs[uint8, int8](t, "Uint8x64.AsInt8x64", Uint8x64.AsInt8x64)
	checkAs[uint8, uint32](t, "Uint8x64.AsUint32x16", Uint8x64.AsUint32x16)
	checkAs[uint8, uint64](t, "Uint8x64.AsUint64x8", Uint8x64.AsUint64x8)
	checkAs[int8, uint8](t, "Int8x64.AsUint8x64", Int8x64.AsUint8x64)
	checkAs[int8, uint32](t, "Int8x64.AsUint32x16", Int8x64.AsUint32x16)
	checkAs[int8, uint64](t, "Int8x64.AsUint64x8", Int8x64.AsUint64x8)
	checkAs[uint32, uint8](t, "Uint32x16.AsUint8x64", Uint32x16.AsUint8x64)
	checkAs[uint32, int8](t, "Uint32x16.AsInt8x64", Uint32x16.AsInt8x64)
	checkAs[uint32, uint64](t, "Uint32x16.AsUint64x8", Uint32x16.AsUint64x8)
	checkAs[uint64, uint8](t, "Uint64x8.AsUint8x64", Uint64x8.AsUint8x64)
	checkAs[uint64, int8](t, "Uint64x8.AsInt8x64", Uint64x8.AsInt8x64)
	checkAs[uint64, uint32](t, "Uint64x8.AsUint32x16", Uint64x8.AsUint32x16)
}

// checkHalves checks GetLo, GetHi, SetLo and SetHi of one type.
func checkHalves[E elem, V, H any, P lanesOf[V, E], Q lanesOf[H, E]](t *testing.T, name string,
	getLo, getHi func(V) H, setLo, setHi func(V, H) V) {
	r := newRand(name)
	for range iters {
		x, h := rnd[V, E, P](r), rnd[H, E, Q](r)
		xs, hs := lanesCopy[V, E, P](x), lanesCopy[H, E, Q](h)
		n := len(xs) / 2
		checkLanes(t, name+".GetLo", lanesCopy[H, E, Q](getLo(x)), xs[:n])
		checkLanes(t, name+".GetHi", lanesCopy[H, E, Q](getHi(x)), xs[n:])
		checkLanes(t, name+".SetLo", lanesCopy[V, E, P](setLo(x, h)), append(append([]E{}, hs...), xs[n:]...))
		checkLanes(t, name+".SetHi", lanesCopy[V, E, P](setHi(x, h)), append(append([]E{}, xs[:n]...), hs...))
	}
}

func TestHalves(t *testing.T) {
	checkHalves[uint8](t, "Uint8x32", Uint8x32.GetLo, Uint8x32.GetHi, Uint8x32.SetLo, Uint8x32.SetHi)
	checkHalves[uint8](t, "Uint8x64", Uint8x64.GetLo, Uint8x64.GetHi, Uint8x64.SetLo, Uint8x64.SetHi)
	checkHalves[uint32](t, "Uint32x8", Uint32x8.GetLo, Uint32x8.GetHi, Uint32x8.SetLo, Uint32x8.SetHi)
	checkHalves[uint32](t, "Uint32x16", Uint32x16.GetLo, Uint32x16.GetHi, Uint32x16.SetLo, Uint32x16.SetHi)
	checkHalves[uint64](t, "Uint64x4", Uint64x4.GetLo, Uint64x4.GetHi, Uint64x4.SetLo, Uint64x4.SetHi)
	checkHalves[uint64](t, "Uint64x8", Uint64x8.GetLo, Uint64x8.GetHi, Uint64x8.SetLo, Uint64x8.SetHi)
}

// checkWiden checks an operation from a 128-bit vector to a vector of the
// same lane type, lane i of the result given by ref from the input lanes.
func checkWiden[E elem, V, W any, P lanesOf[V, E], Q lanesOf[W, E]](t *testing.T, name string, op func(V) W, ref func(i int, x []E) E) {
	t.Helper()
	r := newRand(name)
	for range iters {
		x := rnd[V, E, P](r)
		xs := lanesCopy[V, E, P](x)
		got := lanesCopy[W, E, Q](op(x))
		want := make([]E, len(got))
		for i := range want {
			want[i] = ref(i, xs)
		}
		checkLanes(t, name, got, want)
	}
}

func TestBroadcasts(t *testing.T) {
	// A 128-bit group repeated: lane i is lane i mod (lanes per group).
	checkWiden[uint8](t, "BroadcastUint8x16ToUint8x32", BroadcastUint8x16ToUint8x32, func(i int, x []uint8) uint8 { return x[i%16] })
	checkWiden[uint8](t, "BroadcastUint8x16ToUint8x64", BroadcastUint8x16ToUint8x64, func(i int, x []uint8) uint8 { return x[i%16] })
	checkWiden[uint32](t, "BroadcastUint32x4ToUint32x8", BroadcastUint32x4ToUint32x8, func(i int, x []uint32) uint32 { return x[i%4] })
	checkWiden[uint32](t, "BroadcastUint32x4ToUint32x16", BroadcastUint32x4ToUint32x16, func(i int, x []uint32) uint32 { return x[i%4] })
	checkWiden[uint64](t, "BroadcastUint64x2ToUint64x4", BroadcastUint64x2ToUint64x4, func(i int, x []uint64) uint64 { return x[i%2] })
	checkWiden[uint64](t, "BroadcastUint64x2ToUint64x8", BroadcastUint64x2ToUint64x8, func(i int, x []uint64) uint64 { return x[i%2] })
}

func TestElems(t *testing.T) {
	testElems[Uint8x16, uint8](t, "Uint8x16", Uint8x16.GetElem, Uint8x16.SetElem)
	testElems[Uint32x4, uint32](t, "Uint32x4", Uint32x4.GetElem, Uint32x4.SetElem)
	testElems[Uint64x2, uint64](t, "Uint64x2", Uint64x2.GetElem, Uint64x2.SetElem)
}

func testElems[V any, E elem, P lanesOf[V, E]](t *testing.T, name string, get func(V, uint8) E, set func(V, uint8, E) V) {
	r := newRand(name)
	for range iters {
		x := rnd[V, E, P](r)
		xs := lanesCopy[V, E, P](x)
		n := len(xs)
		for index := range 256 {
			if index >= n {
				if !panics(func() { get(x, uint8(index)) }) || !panics(func() { set(x, uint8(index), 0) }) {
					t.Fatalf("%s.GetElem or SetElem(%d) did not panic", name, index)
				}
				continue
			}
			if got := get(x, uint8(index)); got != xs[index] {
				t.Fatalf("%s.GetElem(%d) = %#x, want %#x", name, index, got, xs[index])
			}
		}
		index, v := uint8(r.IntN(n)), E(r.Uint64())
		want := append([]E{}, xs...)
		want[index] = v
		checkLanes(t, fmt.Sprintf("%s.SetElem(%d)", name, index), lanesCopy[V, E, P](set(x, index, v)), want)
	}
}

// TestNoAllocs checks that the operations a kernel runs in its loop keep
// everything on the stack.
func TestNoAllocs(t *testing.T) {
	buf := make([]byte, 256)
	x, k := LoadUint8x64(buf), BroadcastUint32x16(3)
	y := BroadcastUint64x8(5)
	idx := BroadcastInt8x64(15)
	ops := map[string]func(){
		"AESEncryptOneRound":           func() { x = x.AESEncryptOneRound(k) },
		"AESDecryptLastRound":          func() { x = x.AESDecryptLastRound(k) },
		"Xor":                          func() { x = x.Xor(x) },
		"CarrylessMultiplyEvenOdd":     func() { y = y.CarrylessMultiplyEvenOdd(y) },
		"PermuteOrZeroGrouped":         func() { x = x.PermuteOrZeroGrouped(idx) },
		"LoadUint8x64":                 func() { x = LoadUint8x64(buf[64:]) },
		"Store":                        func() { x.Store(buf[128:]) },
		"LoadUint8x64Part":             func() { x, _ = LoadUint8x64Part(buf[200:]) },
		"AsUint64x8":                   func() { y = x.AsUint64x8() },
		"BroadcastUint32x4ToUint32x16": func() { k = BroadcastUint32x4ToUint32x16(k.GetLo().GetLo()) },
		"AESRoundKeyGenAssist":         func() { k = k.SetLo(k.GetLo().SetLo(k.GetLo().GetLo().AESRoundKeyGenAssist(1))) },
	}
	for name, op := range ops {
		if n := testing.AllocsPerRun(100, op); n != 0 {
			t.Errorf("%s: %v allocations per run, want 0", name, n)
		}
	}
}
