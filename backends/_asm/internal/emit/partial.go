package emit

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// The partial last block of a message (1..15 bytes) must be read and
// written without touching a byte past the end of the slice. These emitters
// move it in pieces of 8, 4, 2 and 1 bytes, one for each bit set in the
// length, so the branches depend only on the length, never on the data.

// CopyPartial copies the n%16 bytes at src to dst: the model's
// copy(dst, src[:n%16]). src and dst are addresses without an index
// register; n is not changed.
func CopyPartial(dst, src Mem, n reg.GPVirtual) {
	pieces(n, func(size int, off reg.GPVirtual) {
		t := piece(size)
		mov(size, src.Idx(off, 1), t)
		mov(size, t, dst.Idx(off, 1))
	})
}

// XORPartial stores the XOR of the n%16 bytes at a and at b to dst: the
// model's "for i := range n % 16 { dst[i] = a[i] ^ b[i] }". dst may equal
// a or b; n is not changed.
func XORPartial(dst, a, b Mem, n reg.GPVirtual) {
	pieces(n, func(size int, off reg.GPVirtual) {
		t := piece(size)
		mov(size, a.Idx(off, 1), t)
		xor(size, b.Idx(off, 1), t)
		mov(size, t, dst.Idx(off, 1))
	})
}

// pieces calls body once for each of the sizes 8, 4, 2, 1 whose bit is set
// in n, with off the offset of that piece from the start of the block.
func pieces(n reg.GPVirtual, body func(size int, off reg.GPVirtual)) {
	off := GP64()
	XORQ(off, off)
	for _, size := range []int{8, 4, 2, 1} {
		skip := NewLabel("partialSkip")
		TESTQ(U32(size), n)
		JZ(LabelRef(skip))
		body(size, off)
		if size > 1 {
			ADDQ(U8(size), off)
		}
		Label(skip)
	}
}

// piece returns a general-purpose register of size bytes.
func piece(size int) reg.Register {
	switch size {
	case 8:
		return GP64()
	case 4:
		return GP32()
	case 2:
		return GP16()
	}
	return GP8()
}

func mov(size int, src, dst Op) {
	switch size {
	case 8:
		MOVQ(src, dst)
	case 4:
		MOVL(src, dst)
	case 2:
		MOVW(src, dst)
	default:
		MOVB(src, dst)
	}
}

func xor(size int, src, dst Op) {
	switch size {
	case 8:
		XORQ(src, dst)
	case 4:
		XORL(src, dst)
	case 2:
		XORW(src, dst)
	default:
		XORB(src, dst)
	}
}
