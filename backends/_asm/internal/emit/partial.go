package emit

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// The partial last block of a message (1..15 bytes) must be read and
// written without touching a byte past the end of the slice. These emitters
// move it through general-purpose registers in pieces of 8, 4, 2 and 1
// bytes, one for each bit set in the length, so the branches depend only on
// the length, never on the data, and no stack buffer is involved (a vector
// load of bytes just stored piece by piece would wait for the stores).

// LoadPartial returns a new XMM register holding the n%16 bytes at p,
// zero-padded: the model's vec.LoadUint8x16Part(p[:n%16]). p and n are
// not changed.
func LoadPartial(p, n reg.GPVirtual) reg.VecVirtual {
	Comment("LoadPartial: the n%16 bytes at p, zero-padded.")
	end, rest, t := GP64(), GP64(), GP64()
	MOVQ(n, end)
	ANDQ(U8(15), end)
	ADDQ(p, end)
	XORQ(rest, rest)
	Comment("rest = the last n%8 bytes, read walking back from the end.")
	for _, size := range []int{1, 2, 4} {
		skip := NewLabel("loadSkip")
		TESTQ(U32(size), n)
		JZ(LabelRef(skip))
		SUBQ(U8(size), end)
		SHLQ(U8(8*size), rest)
		loadZeroExtended(size, Mem{Base: end}, t)
		ORQ(t, rest)
		Label(skip)
	}

	Comment("The first 8 bytes, if n%16 >= 8, go below rest.")
	x := XMM()
	short, done := NewLabel("loadShort"), NewLabel("loadDone")
	TESTQ(U32(8), n)
	JZ(LabelRef(short))
	hi := XMM()
	MOVQ(Mem{Base: p}, x)
	MOVQ(rest, hi)
	PUNPCKLQDQ(hi, x)
	JMP(LabelRef(done))
	Label(short)
	MOVQ(rest, x)
	Label(done)
	return x
}

// StorePartial stores the first n%16 bytes of x to p: the model's
// x.StorePart(p[:n%16]). x, p and n are not changed.
func StorePartial(x reg.VecVirtual, p, n reg.GPVirtual) {
	Comment("StorePartial: the first n%16 bytes of x to p.")
	q, word := GP64(), GP64()
	MOVQ(p, q)
	MOVQ(x, word)
	skip8 := NewLabel("storeSkip")
	TESTQ(U32(8), n)
	JZ(LabelRef(skip8))
	MOVQ(word, Mem{Base: q})
	hi := XMM()
	PSHUFD(U8(0x4e), x, hi)
	MOVQ(hi, word)
	ADDQ(U8(8), q)
	Label(skip8)
	for _, size := range []int{4, 2, 1} {
		skip := NewLabel("storeSkip")
		TESTQ(U32(size), n)
		JZ(LabelRef(skip))
		storeLow(size, word, Mem{Base: q})
		if size > 1 {
			SHRQ(U8(8*size), word)
			ADDQ(U8(size), q)
		}
		Label(skip)
	}
}

// loadZeroExtended loads size (1, 2 or 4) bytes at m into r, zero-extended.
func loadZeroExtended(size int, m Mem, r reg.GPVirtual) {
	switch size {
	case 1:
		MOVBQZX(m, r)
	case 2:
		MOVWQZX(m, r)
	default:
		MOVL(m, r.As32())
	}
}

// storeLow stores the low size (1, 2 or 4) bytes of r to m.
func storeLow(size int, r reg.GPVirtual, m Mem) {
	switch size {
	case 1:
		MOVB(r.As8(), m)
	case 2:
		MOVW(r.As16(), m)
	default:
		MOVL(r.As32(), m)
	}
}
