package vec

import (
	"fmt"
	"testing"
)

func TestPermute(t *testing.T) {
	ref := func(i int, x, idx []uint8) uint8 { return x[int(idx[i])%len(x)] }
	checkBinary[Uint8x16, uint8](t, "Uint8x16.Permute", Uint8x16.Permute, ref)
	checkBinary[Uint8x32, uint8](t, "Uint8x32.Permute", Uint8x32.Permute, ref)
	checkBinary[Uint8x64, uint8](t, "Uint8x64.Permute", Uint8x64.Permute, ref)

	checkShuffle[Uint8x16, Int8x16](t, "Uint8x16.PermuteOrZero", Uint8x16.PermuteOrZero)
	checkShuffle[Uint8x32, Int8x32](t, "Uint8x32.PermuteOrZeroGrouped", Uint8x32.PermuteOrZeroGrouped)
	checkShuffle[Uint8x64, Int8x64](t, "Uint8x64.PermuteOrZeroGrouped", Uint8x64.PermuteOrZeroGrouped)
}

// checkShuffle checks a PSHUFB-style operation: byte i of the result is byte
// idx[i]&15 of i's 16-byte group, or zero when idx[i] is negative.
func checkShuffle[V, I any, P lanesOf[V, uint8], Q lanesOf[I, int8]](t *testing.T, name string, op func(V, I) V) {
	r := newRand(name)
	for range iters {
		x, idx := rnd[V, uint8, P](r), rnd[I, int8, Q](r)
		xs, is := lanesCopy[V, uint8, P](x), lanesCopy[I, int8, Q](idx)
		want := make([]uint8, len(xs))
		for i := range want {
			if is[i] >= 0 {
				want[i] = xs[i&^15+int(is[i])&15]
			}
		}
		checkLanes(t, name, lanesCopy[V, uint8, P](op(x, idx)), want)
	}
}

// shifts are the byte counts the byte-shift checks try: all that matter and
// a few past the end.
var shifts = []uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 20, 24, 31, 32, 33, 100, 255}

func TestByteShifts(t *testing.T) {
	for _, s := range shifts {
		// Only the low 8 bits of a count matter, as in the instructions'
		// immediates: the bits above s here change nothing.
		count := uint64(s) | 0x7700
		// The group of x sits above the group of y; the window starts s
		// bytes up.
		align := func(i int, x, y []uint8) uint8 {
			g, k := i&^15, i&15+int(s)
			switch {
			case k < 16:
				return y[g+k]
			case k < 32:
				return x[g+k-16]
			}
			return 0
		}
		checkBinary[Uint8x16, uint8](t, fmt.Sprintf("Uint8x16.ConcatShiftBytesRight(%#x)", count),
			func(x, y Uint8x16) Uint8x16 { return x.ConcatShiftBytesRight(y, count) }, align)
		checkBinary[Uint8x32, uint8](t, fmt.Sprintf("Uint8x32.ConcatShiftBytesRightGrouped(%#x)", count),
			func(x, y Uint8x32) Uint8x32 { return x.ConcatShiftBytesRightGrouped(y, count) }, align)
		checkBinary[Uint8x64, uint8](t, fmt.Sprintf("Uint8x64.ConcatShiftBytesRightGrouped(%#x)", count),
			func(x, y Uint8x64) Uint8x64 { return x.ConcatShiftBytesRightGrouped(y, count) }, align)

		left := func(i int, x []uint8) uint8 {
			if k := i&15 - int(s); k >= 0 {
				return x[i&^15+k]
			}
			return 0
		}
		right := func(i int, x []uint8) uint8 {
			if k := i&15 + int(s); k < 16 {
				return x[i&^15+k]
			}
			return 0
		}
		checkUnary[Uint8x16, uint8](t, fmt.Sprintf("Uint8x16.ShiftBytesLeft(%#x)", count),
			func(x Uint8x16) Uint8x16 { return x.ShiftBytesLeft(count) }, left)
		checkUnary[Uint8x32, uint8](t, fmt.Sprintf("Uint8x32.ShiftBytesLeftGrouped(%#x)", count),
			func(x Uint8x32) Uint8x32 { return x.ShiftBytesLeftGrouped(count) }, left)
		checkUnary[Uint8x64, uint8](t, fmt.Sprintf("Uint8x64.ShiftBytesLeftGrouped(%#x)", count),
			func(x Uint8x64) Uint8x64 { return x.ShiftBytesLeftGrouped(count) }, left)
		checkUnary[Uint8x16, uint8](t, fmt.Sprintf("Uint8x16.ShiftBytesRight(%#x)", count),
			func(x Uint8x16) Uint8x16 { return x.ShiftBytesRight(count) }, right)
		checkUnary[Uint8x32, uint8](t, fmt.Sprintf("Uint8x32.ShiftBytesRightGrouped(%#x)", count),
			func(x Uint8x32) Uint8x32 { return x.ShiftBytesRightGrouped(count) }, right)
		checkUnary[Uint8x64, uint8](t, fmt.Sprintf("Uint8x64.ShiftBytesRightGrouped(%#x)", count),
			func(x Uint8x64) Uint8x64 { return x.ShiftBytesRightGrouped(count) }, right)
	}
}

// selectors are the immediate values the lane-selection checks try.
var selectors = [][4]uint8{
	{0, 1, 2, 3}, {3, 2, 1, 0}, {0, 0, 0, 0}, {1, 4, 6, 7}, {7, 5, 2, 0}, {4, 5, 6, 7},
	{8, 9, 10, 11}, {255, 128, 13, 6}, {2, 3, 5, 7}, {6, 7, 0, 1},
}

func TestLaneShuffles(t *testing.T) {
	for _, s := range selectors {
		a, b, c, d := s[0], s[1], s[2], s[3]
		// Lane i of a 4-lane group takes selector i.
		pick4 := func(i int) uint8 { return s[i&3] }
		scalars := func(i int, x []uint32) uint32 { return x[i&^3+int(pick4(i)&3)] }
		name := fmt.Sprint(s)
		checkUnary[Uint32x4, uint32](t, "Uint32x4.PermuteScalars"+name,
			func(x Uint32x4) Uint32x4 { return x.PermuteScalars(a, b, c, d) }, scalars)
		checkUnary[Uint32x8, uint32](t, "Uint32x8.PermuteScalarsGrouped"+name,
			func(x Uint32x8) Uint32x8 { return x.PermuteScalarsGrouped(a, b, c, d) }, scalars)
		checkUnary[Uint32x16, uint32](t, "Uint32x16.PermuteScalarsGrouped"+name,
			func(x Uint32x16) Uint32x16 { return x.PermuteScalarsGrouped(a, b, c, d) }, scalars)

		fromPair4 := func(i int, x, y []uint32) uint32 {
			sel := int(pick4(i) & 7)
			if sel < 4 {
				return x[i&^3+sel]
			}
			return y[i&^3+sel-4]
		}
		checkBinary[Uint32x4, uint32](t, "Uint32x4.ConcatPermuteScalars"+name,
			func(x, y Uint32x4) Uint32x4 { return x.ConcatPermuteScalars(a, b, c, d, y) }, fromPair4)
		checkBinary[Uint32x8, uint32](t, "Uint32x8.ConcatPermuteScalarsGrouped"+name,
			func(x, y Uint32x8) Uint32x8 { return x.ConcatPermuteScalarsGrouped(a, b, c, d, y) }, fromPair4)
		checkBinary[Uint32x16, uint32](t, "Uint32x16.ConcatPermuteScalarsGrouped"+name,
			func(x, y Uint32x16) Uint32x16 { return x.ConcatPermuteScalarsGrouped(a, b, c, d, y) }, fromPair4)

		fromPair2 := func(i int, x, y []uint64) uint64 {
			sel := int(s[i&1] & 3)
			if sel < 2 {
				return x[i&^1+sel]
			}
			return y[i&^1+sel-2]
		}
		checkBinary[Uint64x2, uint64](t, "Uint64x2.ConcatPermuteScalars"+name,
			func(x, y Uint64x2) Uint64x2 { return x.ConcatPermuteScalars(a, b, y) }, fromPair2)
		checkBinary[Uint64x4, uint64](t, "Uint64x4.ConcatPermuteScalarsGrouped"+name,
			func(x, y Uint64x4) Uint64x4 { return x.ConcatPermuteScalarsGrouped(a, b, y) }, fromPair2)
		checkBinary[Uint64x8, uint64](t, "Uint64x8.ConcatPermuteScalarsGrouped"+name,
			func(x, y Uint64x8) Uint64x8 { return x.ConcatPermuteScalarsGrouped(a, b, y) }, fromPair2)
	}

	for lo := range uint8(5) {
		for hi := range uint8(5) {
			name := fmt.Sprintf("ConcatPermute128Scalars(%d, %d)", lo, hi)
			if lo > 3 || hi > 3 {
				if !panics(func() { Uint8x32{}.ConcatPermute128Scalars(lo, hi, Uint8x32{}) }) ||
					!panics(func() { Uint32x8{}.ConcatPermute128Scalars(lo, hi, Uint32x8{}) }) ||
					!panics(func() { Uint64x4{}.ConcatPermute128Scalars(lo, hi, Uint64x4{}) }) {
					t.Errorf("%s did not panic", name)
				}
				continue
			}
			checkBinary[Uint8x32, uint8](t, "Uint8x32."+name,
				func(x, y Uint8x32) Uint8x32 { return x.ConcatPermute128Scalars(lo, hi, y) }, select128Ref[uint8](lo, hi))
			checkBinary[Uint32x8, uint32](t, "Uint32x8."+name,
				func(x, y Uint32x8) Uint32x8 { return x.ConcatPermute128Scalars(lo, hi, y) }, select128Ref[uint32](lo, hi))
			checkBinary[Uint64x4, uint64](t, "Uint64x4."+name,
				func(x, y Uint64x4) Uint64x4 { return x.ConcatPermute128Scalars(lo, hi, y) }, select128Ref[uint64](lo, hi))
		}
	}

	interleave := func(high bool) func(i int, x, y []uint32) uint32 {
		return func(i int, x, y []uint32) uint32 {
			g, k := i&^3, i&3
			src := x
			if k&1 == 1 {
				src = y
			}
			j := k / 2
			if high {
				j += 2
			}
			return src[g+j]
		}
	}
	checkBinary[Uint32x4, uint32](t, "Uint32x4.InterleaveLo", Uint32x4.InterleaveLo, interleave(false))
	checkBinary[Uint32x4, uint32](t, "Uint32x4.InterleaveHi", Uint32x4.InterleaveHi, interleave(true))
	checkBinary[Uint32x8, uint32](t, "Uint32x8.InterleaveLoGrouped", Uint32x8.InterleaveLoGrouped, interleave(false))
	checkBinary[Uint32x8, uint32](t, "Uint32x8.InterleaveHiGrouped", Uint32x8.InterleaveHiGrouped, interleave(true))
	checkBinary[Uint32x16, uint32](t, "Uint32x16.InterleaveLoGrouped", Uint32x16.InterleaveLoGrouped, interleave(false))
	checkBinary[Uint32x16, uint32](t, "Uint32x16.InterleaveHiGrouped", Uint32x16.InterleaveHiGrouped, interleave(true))

	interleave2 := func(high bool) func(i int, x, y []uint64) uint64 {
		return func(i int, x, y []uint64) uint64 {
			src := x
			if i&1 == 1 {
				src = y
			}
			if high {
				return src[i&^1+1]
			}
			return src[i&^1]
		}
	}
	checkBinary[Uint64x2, uint64](t, "Uint64x2.InterleaveLo", Uint64x2.InterleaveLo, interleave2(false))
	checkBinary[Uint64x2, uint64](t, "Uint64x2.InterleaveHi", Uint64x2.InterleaveHi, interleave2(true))
	checkBinary[Uint64x4, uint64](t, "Uint64x4.InterleaveLoGrouped", Uint64x4.InterleaveLoGrouped, interleave2(false))
	checkBinary[Uint64x4, uint64](t, "Uint64x4.InterleaveHiGrouped", Uint64x4.InterleaveHiGrouped, interleave2(true))
	checkBinary[Uint64x8, uint64](t, "Uint64x8.InterleaveLoGrouped", Uint64x8.InterleaveLoGrouped, interleave2(false))
	checkBinary[Uint64x8, uint64](t, "Uint64x8.InterleaveHiGrouped", Uint64x8.InterleaveHiGrouped, interleave2(true))
}

// select128Ref: of the four 128-bit groups x0, x1, y0, y1, the result's low
// half is group lo and its high half group hi.
func select128Ref[E elem](lo, hi uint8) func(i int, x, y []E) E {
	return func(i int, x, y []E) E {
		g := len(x) / 2
		sel := lo
		if i >= g {
			sel = hi
		}
		all := append(append([]E{}, x...), y...)
		return all[int(sel)*g+i%g]
	}
}

// clmulRef is the schoolbook carry-less product, one bit at a time.
func clmulRef(a, b uint64) (hi, lo uint64) {
	for i := range 64 {
		for j := range 64 {
			if a>>i&1 == 1 && b>>j&1 == 1 {
				if k := i + j; k < 64 {
					lo ^= 1 << k
				} else {
					hi ^= 1 << (k - 64)
				}
			}
		}
	}
	return hi, lo
}

func TestCarrylessMultiply(t *testing.T) {
	forms := []struct {
		name string
		a, b int // the lanes of x and y multiplied, in each group
		op2  func(x, y Uint64x2) Uint64x2
		op4  func(x, y Uint64x4) Uint64x4
		op8  func(x, y Uint64x8) Uint64x8
	}{
		{"Even", 0, 0, Uint64x2.CarrylessMultiplyEven, Uint64x4.CarrylessMultiplyEven, Uint64x8.CarrylessMultiplyEven},
		{"Odd", 1, 1, Uint64x2.CarrylessMultiplyOdd, Uint64x4.CarrylessMultiplyOdd, Uint64x8.CarrylessMultiplyOdd},
		{"EvenOdd", 0, 1, Uint64x2.CarrylessMultiplyEvenOdd, Uint64x4.CarrylessMultiplyEvenOdd, Uint64x8.CarrylessMultiplyEvenOdd},
		{"OddEven", 1, 0, Uint64x2.CarrylessMultiplyOddEven, Uint64x4.CarrylessMultiplyOddEven, Uint64x8.CarrylessMultiplyOddEven},
	}
	for _, f := range forms {
		ref := func(i int, x, y []uint64) uint64 {
			g := i &^ 1
			hi, lo := clmulRef(x[g+f.a], y[g+f.b])
			if i&1 == 1 {
				return hi
			}
			return lo
		}
		checkBinary[Uint64x2, uint64](t, "Uint64x2.CarrylessMultiply"+f.name, f.op2, ref)
		checkBinary[Uint64x4, uint64](t, "Uint64x4.CarrylessMultiply"+f.name, f.op4, ref)
		checkBinary[Uint64x8, uint64](t, "Uint64x8.CarrylessMultiply"+f.name, f.op8, ref)
	}
}
