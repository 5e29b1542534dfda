package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
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
// counter.store).
func (c counter) store(ptr GPVirtual) {
	PSHUFB(emit.ByteReverse(), c.reg)
	MOVOU(c.reg, Mem{Base: ptr})
}

// blocks returns the n counter blocks c, c+1, ..., c+n-1, back in the
// block's own byte order and so ready for round key 0; one PSHUFB per block
// before the rounds is the whole cost of keeping the counter reversed
// (model: counter.blocks).
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
	api.Kernel(name, "func(keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte)")
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
	ctrTail(s, c, dst, src, n)
	c.store(ctr)
	RET()
}

// ctrTail encrypts the last n < 128 bytes (model: ctrTail): the
// keystream for the m = ceil(n/16) blocks left, 8, 4 or 1 blocks wide;
// the whole blocks XORed and stored as in a batch; the keystream block of
// the partial one moved to a fixed register and XORed with the partial
// block through LoadPartial and StorePartial, so nothing past src+n is read
// and nothing past dst+n is written. The counter advances by m.
func ctrTail(s emit.Schedule, c counter, dst, src, n GPVirtual) {
	done, partial, finish := emit.NewLabel("ctrTailDone"), emit.NewLabel("ctrTailPartial"), emit.NewLabel("ctrTailFinish")
	Comment("ctrTail: the last n < 128 bytes.")
	TESTQ(n, n)
	JZ(LabelRef(done))

	last := XMM() // the keystream block of the partial block
	widths := []int{8, 4, 1}
	for i, width := range widths {
		next := emit.NewLabel("ctrTailNarrower")
		if width > 1 {
			CMPQ(n, U32(16*widths[i+1]))
			JBE(LabelRef(next))
		}
		Commentf("At most %d blocks.", width)
		blocks := c.blocks(width)
		whiten(s, blocks)
		encryption.rounds(s, blocks, nil)
		exits := make([]string, width)
		for j, b := range blocks {
			exits[j] = emit.NewLabel("ctrTailExit")
			CMPQ(n, U32(16*(j+1)))
			JB(LabelRef(exits[j]))
			xorBlocks([]VecVirtual{b}, Mem{Base: src, Disp: 16 * j})
			storeBlocks([]VecVirtual{b}, Mem{Base: dst, Disp: 16 * j})
		}
		JMP(LabelRef(finish))
		for j, b := range blocks {
			Label(exits[j])
			MOVO(b, last)
			JMP(LabelRef(partial))
		}
		if width > 1 {
			Label(next)
		}
	}

	Label(partial)
	TESTQ(U32(15), n)
	JZ(LabelRef(finish))
	whole := GP64()
	MOVQ(n, whole)
	ANDQ(I8(-16), whole)
	sp, dp := GP64(), GP64()
	LEAQ(Mem{Base: src, Index: whole, Scale: 1}, sp)
	LEAQ(Mem{Base: dst, Index: whole, Scale: 1}, dp)
	x := emit.LoadPartial(sp, n)
	PXOR(last, x)
	emit.StorePartial(x, dp, n)

	Label(finish)
	Comment("Advance the counter by ceil(n/16).")
	m, step := GP64(), XMM()
	MOVQ(n, m)
	ADDQ(U8(15), m)
	SHRQ(U8(4), m)
	MOVQ(m, step)
	c.add(step, c.reg)
	Label(done)
}
