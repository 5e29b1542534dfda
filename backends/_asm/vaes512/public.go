package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
	"github.com/vaesgo/vaes/tables"
)

// gcmCounter is what the GCM loops need of a counter (model: gcmCounter):
// counter for any counter block, publicCounter for a public one.
type gcmCounter interface {
	blocks(n int) []VecVirtual
	tailCounter(t VecVirtual)
}

// publicCounter is the counter of sealPublic and openPublic (model:
// publicCounter): the blocks ctr..ctr+3 in their own byte order, one per
// lane, and the 32-bit counter of lane 0 as an integer. Its blocks branch
// on the counter's last byte, so only kernels whose counter is public may
// use it: GCM with a 12-byte nonce, whose J0 is nonce || 0^31 || 1.
type publicCounter struct {
	be  VecVirtual
	low GPVirtual
}

// loadPublicCounter loads the counter block at ptr into c's registers
// (model: loadPublicCounter): the low 32 bits into low and the four lanes
// ctr+i, big-endian, into be, through the byte-reversed form.
func loadPublicCounter(c publicCounter, ptr GPVirtual) {
	Comment("loadPublicCounter: lane i = ctr+i, big-endian; low = the last four bytes.")
	MOVL(Mem{Base: ptr, Disp: 12}, c.low.As32())
	BSWAPL(c.low.As32())
	VBROADCASTI32X4(Mem{Base: ptr}, c.be)
	VPSHUFB(byteReverse(), c.be, c.be)
	VPADDD(laneOffsets(), c.be, c.be)
	VPSHUFB(byteReverse(), c.be, c.be)
}

// beStep adds k to the last byte of every block in every lane (model:
// beStep). It names itself in a comment before the instruction that reads
// it, which TestCounterBranch looks for.
func beStep(k int) Mem {
	var b [16]byte
	b[15] = byte(k)
	Commentf("beStep%d.", k)
	return repeated(fmt.Sprintf("beStep%d", k), b)
}

// laneAdd is tables.CounterAdd(k) in every lane (model: laneAdd).
func laneAdd(k int) Mem {
	return repeated(fmt.Sprintf("laneAdd%d", k), tables.CounterAdd(uint32(k)))
}

// blocks returns the next n registers of counter blocks and advances the
// counter by 4n (model: publicCounter.quad). While the last byte of the
// blocks, and of the next four that be holds afterwards, does not wrap,
// each register is one VPADDD of be; in the call where it wraps, the blocks
// go through the byte-reversed form, whose lane-wise add carries. The
// branch is on the counter, which is public.
func (c publicCounter) blocks(n int) []VecVirtual {
	Commentf("publicCounter.blocks: the next %d counter blocks.", 4*n)
	blocks := newBlocks(n)
	carry, join := emit.NewLabel("counterCarry"), emit.NewLabel("counterDone")
	CMPB(c.low.As8(), U8(0xff-(4*n+3)))
	JA(LabelRef(carry))
	Comment("No last byte wraps: add to it in big-endian form.")
	VMOVDQA64(c.be, blocks[0])
	for r := 1; r < n; r++ {
		VPADDD(beStep(4*r), c.be, blocks[r])
	}
	VPADDD(beStep(4*n), c.be, c.be)
	JMP(LabelRef(join))

	Label(carry)
	Comment("A last byte wraps: add in the byte-reversed form.")
	le := ZMM()
	VPSHUFB(byteReverse(), c.be, le)
	VMOVDQA64(c.be, blocks[0])
	for r := 1; r < n; r++ {
		VPADDD(laneAdd(4*r), le, blocks[r])
		VPSHUFB(byteReverse(), blocks[r], blocks[r])
	}
	VPADDD(laneAdd(4*n), le, le)
	VPSHUFB(byteReverse(), le, c.be)

	Label(join)
	ADDL(U8(4*n), c.low.As32())
	return blocks
}

// tailCounter writes the counter's blocks, byte-reversed, into t, the
// tail's own counter, which steps alike for any counter (model:
// gcmCounter.tailCounter): one VPSHUFB.
func (c publicCounter) tailCounter(t VecVirtual) {
	Comment("tailCounter: byte-reversed.")
	VPSHUFB(byteReverse(), c.be, t)
}
