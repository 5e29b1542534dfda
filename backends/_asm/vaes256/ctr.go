package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

// increment is how a byte-reversed counter advances: VPADDD steps GCM's
// 32-bit counter (the low 32-bit lane of each block wraps by itself),
// VPADDQ steps the low 64 bits of a 128-bit counter (the Go caller splits a
// call where those would wrap, so no carry into the high half is ever
// needed here).
type increment func(step, c, dst Op)

var (
	inc32 increment = func(step, c, dst Op) { VPADDD(step, c, dst) }
	inc64 increment = func(step, c, dst Op) { VPADDQ(step, c, dst) }
)

// counter is the pair of counter blocks c, c+1, byte-reversed, one per lane
// (model: counter). The loops need all sixteen registers for blocks and the
// round key, so between batches the pair lives in a 32-byte slot of the
// frame: the only thing the kernels keep on the stack, and public (the
// counter comes from the nonce).
type counter struct {
	slot Mem
	add  increment
	reg  VecVirtual // the pair, from blocks to advance
}

// loadCounter loads the big-endian counter block at ptr into both lanes,
// reverses its bytes, adds 0 and 1 and saves the pair (model:
// loadCounter).
func loadCounter(ptr GPVirtual, add increment) *counter {
	Comment("loadCounter: the pair c, c+1, byte-reversed, to the frame.")
	c := &counter{slot: AllocLocal(32), add: add}
	p := YMM()
	VBROADCASTI128(Mem{Base: ptr}, p)
	VPSHUFB(emit.ByteReverse2(), p, p)
	add(emit.PairStart(), p, p)
	VMOVDQU(p, c.slot)
	return c
}

// blocks returns w registers of counter blocks, c+2j and c+2j+1 in
// register j, back in the block's own byte order and so ready for round
// key 0 (model: counter.blocks). The pair stays in a register for advance.
func (c *counter) blocks(w int) []VecVirtual {
	Commentf("counter.blocks: %d registers of counter blocks.", w)
	c.reg = YMM()
	VMOVDQU(c.slot, c.reg)
	adds := emit.PairAdds(15)
	pairs := make([]VecVirtual, w)
	for j := range pairs {
		pairs[j] = YMM()
		if j == 0 {
			VPSHUFB(emit.ByteReverse2(), c.reg, pairs[j])
			continue
		}
		c.add(adds.Offset(32*(j-1)), c.reg, pairs[j])
		VPSHUFB(emit.ByteReverse2(), pairs[j], pairs[j])
	}
	return pairs
}

// advance adds n (even, at most 30) to both counters of the pair that
// blocks loaded, and saves it (model: counter.advance).
func (c *counter) advance(n int) {
	c.add(emit.PairAdds(15).Offset(32*(n/2-1)), c.reg, c.reg)
	VMOVDQU(c.reg, c.slot)
}

// advanceLow adds m, a general-purpose register, to the low lane's counter,
// the one store writes back (model: counter.advanceLow).
func (c *counter) advanceLow(m GPVirtual) {
	p, step := XMM(), XMM()
	VMOVDQU(c.slot.Offset(0), p)
	VMOVQ(m, step)
	c.add(step, p, p)
	VMOVDQU(p, c.slot)
}

// store writes the low lane's counter back to ptr in big-endian form
// (model: counter.store).
func (c *counter) store(ptr GPVirtual) {
	p := XMM()
	VMOVDQU(c.slot, p)
	VPSHUFB(emit.ByteReverse(), p, p)
	VMOVDQU(p, Mem{Base: ptr})
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

	c := loadCounter(ctr, add)
	loop, tail := emit.NewLabel("ctr30"), emit.NewLabel("ctrTail")
	Comment("30 blocks at a time.")
	Label(loop)
	CMPQ(n, U32(batchBytes))
	JB(LabelRef(tail))
	pairs := c.blocks(15)
	c.advance(30)
	whiten(s, pairs)
	encryption.rounds(s, pairs, nil)
	xorStore(pairs, src, dst)
	advance(batchBytes, src, dst)
	SUBQ(U32(batchBytes), n)
	JMP(LabelRef(loop))

	Label(tail)
	ctrTail(s, c, blockWidths, dst, src, n)
	c.store(ctr)
	VZEROUPPER()
	RET()
}

// ctrTail encrypts the last n bytes, fewer than the widest of widths holds
// (model: ctrTail): the keystream for the m = ceil(n/16) blocks left in one
// pass of the narrowest width that holds them; the whole blocks XORed and
// stored as in a batch; the keystream block of the partial one moved to a
// fixed register and XORed with the partial block through LoadPartialAVX
// and StorePartialAVX, so nothing past src+n is read and nothing past
// dst+n is written. The counter advances by m.
func ctrTail(s emit.Schedule, c *counter, widths []int, dst, src, n GPVirtual) {
	done, partial, finish := emit.NewLabel("ctrTailDone"), emit.NewLabel("ctrTailPartial"), emit.NewLabel("ctrTailFinish")
	Commentf("ctrTail: the last n < %d bytes.", 32*widths[0])
	TESTQ(n, n)
	JZ(LabelRef(done))

	last := XMM() // the keystream block of the partial block
	tailWidths(n, widths, func(w, from int) {
		pairs := c.blocks(w)
		whiten(s, pairs)
		encryption.rounds(s, pairs, nil)
		Comment("xorPairs, storePairs: the whole registers.")
		for j := 0; j < from; j++ {
			VPXOR(Mem{Base: src, Disp: 32 * j}, pairs[j], pairs[j])
			VMOVDQU(pairs[j], Mem{Base: dst, Disp: 32 * j})
		}
		exits := make([]string, w)
		for j := from; j < w; j++ {
			exits[j] = emit.NewLabel(fmt.Sprintf("ctrTailExit%d", j))
			CMPQ(n, U32(32*(j+1)))
			JB(LabelRef(exits[j]))
			VPXOR(Mem{Base: src, Disp: 32 * j}, pairs[j], pairs[j])
			VMOVDQU(pairs[j], Mem{Base: dst, Disp: 32 * j})
		}
		JMP(LabelRef(finish))
		for j := from; j < w; j++ {
			Label(exits[j])
			low := emit.NewLabel("ctrTailLow")
			CMPQ(n, U32(32*j+16))
			JB(LabelRef(low))
			Comment("A whole block in the low lane; the partial one, if any, in the high lane.")
			VEXTRACTI128(U8(1), pairs[j], last)
			VPXOR(Mem{Base: src, Disp: 32 * j}, pairs[j].AsX(), pairs[j].AsX())
			VMOVDQU(pairs[j].AsX(), Mem{Base: dst, Disp: 32 * j})
			JMP(LabelRef(partial))
			Label(low)
			Comment("The partial block, if any, in the low lane.")
			VMOVDQU(pairs[j].AsX(), last)
			JMP(LabelRef(partial))
		}
	})

	Label(partial)
	TESTQ(U32(15), n)
	JZ(LabelRef(finish))
	whole := GP64()
	MOVQ(n, whole)
	ANDQ(I8(-16), whole)
	sp, dp := GP64(), GP64()
	LEAQ(Mem{Base: src, Index: whole, Scale: 1}, sp)
	LEAQ(Mem{Base: dst, Index: whole, Scale: 1}, dp)
	x := XMM()
	emit.LoadPartialAVX(x, sp, n)
	VPXOR(last, x, x)
	emit.StorePartialAVX(x, dp, n)

	Label(finish)
	Comment("counter.advanceLow: by m = ceil(n/16).")
	m := GP64()
	MOVQ(n, m)
	ADDQ(U8(15), m)
	SHRQ(U8(4), m)
	c.advanceLow(m)
	Label(done)
}
