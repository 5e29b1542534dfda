package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
	"github.com/vaesgo/vaes/tables"
)

// byteReverse is tables.ByteReverse in all four lanes, the VPSHUFB mask that
// reverses the bytes of every block of a register; its first 16 bytes are
// the XMM mask (model: byteReverse).
func byteReverse() Mem { return repeated("byteReverse", tables.ByteReverse) }

// laneOffsets is tables.CounterAdd(i) in lane i (model: laneOffsets).
func laneOffsets() Mem {
	return emit.Data("laneOffsets", tables.CounterAdd(0), tables.CounterAdd(1), tables.CounterAdd(2), tables.CounterAdd(3))
}

// laneStep is tables.CounterAdd(4) in every lane (model: laneStep).
func laneStep() Mem { return repeated("laneStep", tables.CounterAdd(4)) }

// increment is how a byte-reversed counter advances (model: increment):
// VPADDD steps GCM's 32-bit counter (the low 32-bit lane of each block wraps
// by itself), VPADDQ the low 64 bits of a 128-bit counter (the Go caller
// splits a call where those would wrap). The same instruction serves the
// ZMM and the XMM form.
type increment func(step, c, result Op)

var (
	inc32 increment = func(step, c, result Op) { VPADDD(step, c, result) }
	inc64 increment = func(step, c, result Op) { VPADDQ(step, c, result) }
)

// counter holds four consecutive counter blocks, byte-reversed, one per
// lane (model: counter).
type counter struct {
	reg VecVirtual
	add increment
}

// loadCounter broadcasts the big-endian counter block at ptr to every lane,
// reverses its bytes and adds laneOffsets (model: loadCounter).
func loadCounter(ptr GPVirtual, add increment) counter {
	return loadCounterTo(ptr, add, 64)
}

// loadCounterTo is loadCounter into a register of w = 32 or 64 bytes: the
// first w/16 lanes.
func loadCounterTo(ptr GPVirtual, add increment, w int) counter {
	c := counter{reg: newVec(w), add: add}
	loadCounterInto(c.reg, ptr, add)
	return c
}

// loadCounterInto is loadCounter into the register r.
func loadCounterInto(r VecVirtual, ptr GPVirtual, add increment) {
	Comment("loadCounter: lane i = ctr+i, byte-reversed.")
	VBROADCASTI32X4(Mem{Base: ptr}, r)
	VPSHUFB(byteReverse(), r, r)
	add(laneOffsets(), r, r)
}

// tailBlocks returns a new register of w = 32 or 64 bytes of counter
// blocks from the tail's counter t, in their own byte order (model:
// tailBlocks): one VPSHUFB.
func tailBlocks(t VecVirtual, w int) VecVirtual {
	x := newVec(w)
	tailBlocksTo(x, t)
	return x
}

// tailBlocksTo is tailBlocks into the register x.
func tailBlocksTo(x, t VecVirtual) {
	VPSHUFB(byteReverse(), t, x)
}

// tailStep advances the tail's counter t past a register of w bytes
// (model: tailStep): one VPADDD. The last register's blocks leave t where
// it is, and the kernel's finish adds the blocks that register used.
func tailStep(t VecVirtual, w int) {
	VPADDD(laneAdd(w/16), t, t)
}

// blocks returns the next n registers of counter blocks, back in the
// blocks' byte order and so ready for round key 0, and advances the
// counter past them (model: counter.quad, counter.quads and counter.next).
func (c counter) blocks(n int) []VecVirtual {
	blocks := newBlocks(n)
	for _, b := range blocks {
		VPSHUFB(byteReverse(), c.reg, b)
		c.add(laneStep(), c.reg, c.reg)
	}
	return blocks
}

// tail returns the next n registers of counter blocks like blocks, leaving
// the counter where it is (model: counter.tailOne, for one register).
func (c counter) tail(n int) []VecVirtual {
	blocks := newBlocks(n)
	t := c.reg
	for i, b := range blocks {
		VPSHUFB(byteReverse(), t, b)
		if i+1 < n {
			next := ZMM()
			c.add(laneStep(), t, next)
			t = next
		}
	}
	return blocks
}

// tailCounter writes the counter's blocks, byte-reversed, into t, the
// tail's own counter (model: gcmCounter.tailCounter): a copy of the
// register.
func (c counter) tailCounter(t VecVirtual) {
	Comment("tailCounter: a copy.")
	VMOVDQA64(c.reg, t)
}

// store writes lane 0 of the counter, advanced by m blocks, to ptr in
// big-endian form (model: counter.store).
func (c counter) store(ptr, m GPVirtual) {
	Comment("counter.store: lane 0 plus m, big-endian.")
	x := XMM()
	VMOVQ(m, x)
	c.add(c.reg.AsX(), x, x)
	VPSHUFB(byteReverse(), x, x)
	VMOVDQU64(x, Mem{Base: ptr})
}

// blocksUsed returns a new register holding ceil(n/16), the number of
// counter blocks a tail of n bytes uses.
func blocksUsed(n GPVirtual) GPVirtual {
	m := GP64()
	MOVQ(n, m)
	ADDQ(U8(15), m)
	SHRQ(U8(4), m)
	return m
}

// ctrKernel emits ctr32 or ctr64 (model: ctr32Model, ctr64Model). The loop
// holds 16 registers of blocks, 15 of round keys and the counter: all 32.
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
	loadConsts()
	ctr := emit.LoadGP(Param("ctr"))
	dst := emit.LoadGP(Param("dst").Base())
	src := emit.LoadGP(Param("src").Base())
	n := emit.LoadGP(Param("src").Len())

	done := emit.NewLabel("ctrDone")
	long := shortPath(n, done)
	ctrShort(add, s, ctr, dst, src, n)
	JMP(LabelRef(done))

	Label(long)
	k := loadRoundKeys(s)
	c := loadCounter(ctr, add)

	loop, steps := emit.NewLabel("ctr16"), emit.NewLabel("ctrSteps")
	Comment("64 blocks at a time.")
	Label(loop)
	CMPQ(n, U32(64*16))
	JB(LabelRef(steps))
	ctrBatch(c, k, 16, dst, src, n)
	JMP(LabelRef(loop))

	Label(steps)
	for _, width := range stepWidths {
		skip := emit.NewLabel(fmt.Sprintf("ctrSkip%d", width))
		CMPQ(n, U32(64*width))
		JB(LabelRef(skip))
		ctrBatch(c, k, width, dst, src, n)
		Label(skip)
	}

	ctrTail(c, k, dst, src, n)
	c.store(ctr, blocksUsed(n))
	Label(done)
	VZEROUPPER()
	RET()
}

// ctrBatch encrypts the next width registers of counter blocks, XORs them
// into width·64 bytes of src and advances the pointers (model: ctrBatch).
func ctrBatch(c counter, k *roundKeys, width int, dst, src, n GPVirtual) {
	Commentf("ctrBatch: %d registers.", width)
	blocks := c.blocks(width)
	k.whiten(blocks)
	k.rounds(encryption, blocks, nil)
	xorBlocks(blocks, Mem{Base: src})
	storeBlocks(blocks, Mem{Base: dst})
	advance(64*width, src, dst)
	SUBQ(U32(64*width), n)
}

// ctrTail encrypts the last n < 64 bytes in one register, XORed with a
// masked load of src and stored through the same mask (model: ctrTail).
// The counter stays where it is; the caller's store adds ceil(n/16).
func ctrTail(c counter, k *roundKeys, dst, src, n GPVirtual) {
	done := emit.NewLabel("ctrTailDone")
	Comment("ctrTail: the last n < 64 bytes, through masks.")
	TESTQ(n, n)
	JZ(LabelRef(done))
	mask := byteMask(n)
	blocks := c.tail(1)
	k.whiten(blocks)
	k.rounds(encryption, blocks, nil)
	x := loadMasked(Mem{Base: src}, n, mask)
	VPXORD(blocks[0], x, x)
	storeMasked(x, mask, Mem{Base: dst}, n)
	Label(done)
}
