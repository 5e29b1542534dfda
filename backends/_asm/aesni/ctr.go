package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

// increment is how a byte-reversed counter advances: PADDD steps GCM's
// 32-bit counter (the low 32-bit lane wraps by itself), PADDQ steps the
// low 64 bits of a 128-bit counter (the Go caller splits a call where those
// would wrap, so no carry into the high half is ever needed here).
type increment func(mx, x Op)

var (
	inc32 increment = PADDD
	inc64 increment = PADDQ
)

// counter is a counter block held byte-reversed in a register, so that one
// lane-wise add advances it (model: counter).
type counter struct {
	reg VecVirtual
	add increment
}

// loadCounter loads the big-endian counter block at ptr and reverses its
// bytes (model: loadCounter).
func loadCounter(ptr GPVirtual, add increment) counter {
	c := counter{reg: XMM(), add: add}
	MOVOU(Mem{Base: ptr}, c.reg)
	PSHUFB(emit.ByteReverse(), c.reg)
	return c
}

// store writes the counter back to ptr in big-endian form (model:
// storeCounter).
func (c counter) store(ptr GPVirtual) {
	PSHUFB(emit.ByteReverse(), c.reg)
	MOVOU(c.reg, Mem{Base: ptr})
}

// blocks returns the n counter blocks c, c+1, ..., c+n-1, back in the
// block's own byte order and so ready for round key 0; one PSHUFB per block
// before the rounds is the whole cost of keeping the counter reversed
// (model: counterBlocks).
func (c counter) blocks(n int) []VecVirtual {
	adds := emit.CounterAdds(8)
	blocks := make([]VecVirtual, n)
	for i := range blocks {
		blocks[i] = XMM()
		MOVO(c.reg, blocks[i])
		if i > 0 {
			c.add(adds.Offset(16*(i-1)), blocks[i])
		}
		PSHUFB(emit.ByteReverse(), blocks[i])
	}
	return blocks
}

// advance adds n to the counter (model: counter.advance).
func (c counter) advance(n int) {
	c.add(emit.CounterAdds(8).Offset(16*(n-1)), c.reg)
}

// ctrKernel emits ctr32 or ctr64 (model: ctr32Model, ctr64Model).
func ctrKernel(name string, add increment) {
	TEXT(name, NOSPLIT, "func(keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte)")
	Pragma("noescape")
	if name == "ctr32" {
		Doc("ctr32 XORs src with the keystream E(ctr), E(ctr+1), ... into dst,",
			"stepping the counter in the low 32 bits of the block, big-endian,",
			"modulo 2^32. Any length; on return ctr has advanced by the number of",
			"blocks used.")
	} else {
		Doc("ctr64 is ctr32 with the counter in the low 64 bits of the block. The",
			"caller makes sure they do not wrap within one call.")
	}
	s := emit.LoadSchedule(Param("keys"), Param("rounds"))
	ctr := emit.LoadGP(Param("ctr"))
	dst := emit.LoadGP(Param("dst").Base())
	src := emit.LoadGP(Param("src").Base())
	n := emit.LoadGP(Param("src").Len())
	buf := AllocLocal(128)

	c := loadCounter(ctr, add)
	loop, tail := emit.NewLabel("ctr8"), emit.NewLabel("ctrTail")
	Comment("8 blocks at a time.")
	Label(loop)
	CMPQ(n, U32(128))
	JB(LabelRef(tail))
	blocks := c.blocks(8)
	c.advance(8)
	whiten(s, blocks)
	encryption.rounds(s, blocks, nil)
	xorBlocks(blocks, Mem{Base: src})
	storeBlocks(blocks, Mem{Base: dst})
	advance(128, src, dst)
	SUBQ(U32(128), n)
	JMP(LabelRef(loop))

	Label(tail)
	ctrTail(s, c, dst, src, n, buf)
	c.store(ctr)
	RET()
}

// ctrTail encrypts the last n < 128 bytes (model: ctrTail). It makes the
// keystream for the m = ceil(n/16) blocks left, 8, 4 or 1 blocks wide, in
// the 128-byte stack buffer buf; XORs whole blocks with vector
// instructions and the partial block piece by piece, so nothing past
// src+n is read and nothing past dst+n is written; advances the counter by
// m; and clears buf, which held keystream the next call could use.
func ctrTail(s emit.Schedule, c counter, dst, src, n GPVirtual, buf Mem) {
	done, xor := emit.NewLabel("ctrTailDone"), emit.NewLabel("ctrTailXOR")
	Comment("ctrTail: the last n < 128 bytes.")
	TESTQ(n, n)
	JZ(LabelRef(done))
	widths := []int{8, 4, 1}
	for i, width := range widths {
		next := emit.NewLabel("ctrTailNarrower")
		if width > 1 {
			narrower := widths[i+1]
			CMPQ(n, U32(16*narrower))
			JBE(LabelRef(next))
		}
		Commentf("Keystream for at most %d blocks.", width)
		blocks := c.blocks(width)
		whiten(s, blocks)
		encryption.rounds(s, blocks, nil)
		storeBlocks(blocks, buf)
		if width > 1 {
			JMP(LabelRef(xor))
			Label(next)
		}
	}

	Label(xor)
	Comment("Advance the counter by ceil(n/16).")
	m, step := GP64(), XMM()
	MOVQ(n, m)
	ADDQ(U8(15), m)
	SHRQ(U8(4), m)
	MOVQ(m, step)
	c.add(step, c.reg)

	Comment("XOR the whole blocks, then the partial one.")
	d, sp, kp, whole := GP64(), GP64(), GP64(), GP64()
	MOVQ(dst, d)
	MOVQ(src, sp)
	LEAQ(buf, kp)
	MOVQ(n, whole)
	SHRQ(U8(4), whole)
	loop, partial := emit.NewLabel("ctrTailBlock"), emit.NewLabel("ctrTailPartial")
	Label(loop)
	TESTQ(whole, whole)
	JZ(LabelRef(partial))
	x, k := XMM(), XMM()
	MOVOU(Mem{Base: sp}, x)
	MOVOU(Mem{Base: kp}, k)
	PXOR(k, x)
	MOVOU(x, Mem{Base: d})
	advance(16, d, sp, kp)
	DECQ(whole)
	JMP(LabelRef(loop))
	Label(partial)
	emit.XORPartial(Mem{Base: d}, Mem{Base: sp}, Mem{Base: kp}, n)

	Comment("Clear the keystream from the stack.")
	zero := XMM()
	PXOR(zero, zero)
	for i := 0; i < 8; i++ {
		MOVOU(zero, buf.Offset(16*i))
	}
	Label(done)
}
