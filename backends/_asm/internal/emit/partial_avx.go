package emit

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
	"github.com/mmcloughlin/avo/x86"
)

// LoadPartialAVX and StorePartialAVX are LoadPartial and StorePartial in
// VEX encodings, for kernels that keep live values in the upper halves of
// YMM registers, where mixing in legacy SSE instructions would cost a
// transition on some cores. They move the partial block the same way:
// through general-purpose registers, in pieces of 8, 4, 2 and 1 bytes.

// LoadPartialAVX loads the n%16 bytes at p, zero-padded, into x (the
// model's vec.LoadUint8x16Part(p[:n%16])), and clears the upper half
// of x's YMM register. p and n are not changed.
func LoadPartialAVX(x reg.VecVirtual, p, n reg.GPVirtual) {
	Comment("LoadPartialAVX: the n%16 bytes at p, zero-padded.")
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
	short, done := NewLabel("loadShort"), NewLabel("loadDone")
	TESTQ(U32(8), n)
	JZ(LabelRef(short))
	ZeroUpper(x86.VMOVQ(Mem{Base: p}, x.AsX()))
	ZeroUpper(x86.VPINSRQ(U8(1), rest, x.AsX(), x.AsX()))
	JMP(LabelRef(done))
	Label(short)
	ZeroUpper(x86.VMOVQ(rest, x.AsX()))
	Label(done)
}

// StorePartialAVX stores the first n%16 bytes of x to p: the model's
// x.StorePart(p[:n%16]). x, p and n are not changed.
func StorePartialAVX(x reg.VecVirtual, p, n reg.GPVirtual) {
	Comment("StorePartialAVX: the first n%16 bytes of x to p.")
	q, word := GP64(), GP64()
	MOVQ(p, q)
	VMOVQ(x.AsX(), word)
	skip8 := NewLabel("storeSkip")
	TESTQ(U32(8), n)
	JZ(LabelRef(skip8))
	MOVQ(word, Mem{Base: q})
	VPEXTRQ(U8(1), x.AsX(), word)
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
