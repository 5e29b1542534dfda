package emit

import (
	"fmt"

	. "github.com/mmcloughlin/avo/operand"

	"github.com/vaesgo/vaes/tables"
)

// The 256-bit constants of the kernels that hold two blocks per register,
// one per 128-bit lane: each is a 16-byte constant of package tables in
// both lanes (or, for PairStart, a different one in each), since VPSHUFB,
// VPADDD and VPCLMULQDQ work lane by lane.

// ByteReverse2 is tables.ByteReverse in both lanes: the VPSHUFB mask that
// reverses each of two blocks.
func ByteReverse2() Mem {
	return Data("byteReverse2", tables.ByteReverse, tables.ByteReverse)
}

// ReflectedPoly2 is tables.ReflectedPoly in both lanes, for folding two
// GHASH values at once.
func ReflectedPoly2() Mem {
	return Data("reflectedPoly2", tables.ReflectedPoly, tables.ReflectedPoly)
}

// PairStart is tables.CounterAdd(0) in the low lane and tables.CounterAdd(1)
// in the high lane: added to a byte-reversed counter c in both lanes it
// gives the pair c, c+1.
func PairStart() Mem {
	return Data("pairStart", tables.CounterAdd(0), tables.CounterAdd(1))
}

// PairAdds returns 32-byte entries j = 1..n, entry j at offset 32(j-1)
// holding tables.CounterAdd(2j) in both lanes: added to the pair c, c+1 it
// gives c+2j, c+2j+1.
func PairAdds(n int) Mem {
	blocks := make([][16]byte, 0, 2*n)
	for j := 1; j <= n; j++ {
		a := tables.CounterAdd(uint32(2 * j))
		blocks = append(blocks, a, a)
	}
	return Data(fmt.Sprintf("pairAdd%d", n), blocks...)
}

// LastByteAdds returns 32-byte entries j = 1..n, entry j at offset 32(j-1)
// holding 2j in byte 15 of both lanes and zero elsewhere: added with VPADDD
// to a pair of counter blocks in their own big-endian byte order it adds 2j
// to the last byte of each, which is the counter plus 2j as long as that
// byte does not overflow.
func LastByteAdds(n int) Mem {
	blocks := make([][16]byte, 0, 2*n)
	for j := 1; j <= n; j++ {
		var a [16]byte
		a[15] = byte(2 * j)
		blocks = append(blocks, a, a)
	}
	return Data(fmt.Sprintf("lastByteAdd%d", n), blocks...)
}
