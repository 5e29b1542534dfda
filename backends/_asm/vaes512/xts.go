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

// xtsWidth is the XTS loop's batch in registers (model: xtsWidth): 15
// registers of round keys, 8 of blocks, 8 of their tweaks and one for the
// last round's key plus tweak.
const xtsWidth = 8

// xtsStepWidths are the widths, in registers, that the XTS kernels step
// down through after their loop (model: xtsStepWidths).
var xtsStepWidths = []int{4, 2, 1}

// xtsKernel emits xtsEncrypt or xtsDecrypt (model: xtsEncryptModel,
// xtsDecryptModel, xtsModel): 32 blocks per iteration with their tweaks in
// 8 registers, steps of 16, 8 and 4 blocks, the last 1..3 blocks through
// masks, and the tweak after the last block stored back.
func xtsKernel(name string, d direction, verb string) {
	api.Kernel(name, "func(keys *[15][16]byte, rounds int, tweak *[16]byte, dst, src []byte)")
	Doc(name+" "+verb+" the len(src)/16 whole blocks of src into dst in XTS",
		"mode with the given round keys, tweak the encrypted tweak of src's first",
		"block, and leaves in tweak the tweak of the block after src's last.",
		"len(src) is a multiple of 16, len(dst) >= len(src), dst is src or does",
		"not overlap it, rounds is 10, 12 or 14.")
	s := emit.LoadSchedule(Param("keys"), Param("rounds"))
	tweak := emit.LoadGP(Param("tweak"))
	dst := emit.LoadGP(Param("dst").Base())
	src := emit.LoadGP(Param("src").Base())
	n := emit.LoadGP(Param("src").Len())

	done := emit.NewLabel("xtsDone")
	TESTQ(n, n)
	JZ(LabelRef(done))
	loadConsts()
	k := loadRoundKeys(s)
	tw := xtsTweaks(tweak)

	loop, steps := emit.NewLabel("xtsLoop"), emit.NewLabel("xtsSteps")
	Commentf("%d blocks at a time.", 4*xtsWidth)
	Label(loop)
	CMPQ(n, U32(64*xtsWidth))
	JB(LabelRef(steps))
	xtsBatch(d, k, tw, dst, src, n)
	more := emit.NewLabel("xtsMore")
	TESTQ(n, n)
	JNZ(LabelRef(more))
	xtsEndTweak(tw[0], tweak)
	VZEROUPPER()
	RET()
	Label(more)
	xtsNext(tw)
	JMP(LabelRef(loop))

	Label(steps)
	for _, width := range xtsStepWidths {
		next := emit.NewLabel(fmt.Sprintf("xtsSkip%d", width))
		CMPQ(n, U32(64*width))
		JB(LabelRef(next))
		xtsBatch(d, k, tw[:width], dst, src, n)
		xtsShift(tw, width)
		Label(next)
	}

	last := emit.NewLabel("xtsLast")
	TESTQ(n, n)
	JZ(LabelRef(last))
	xtsTail(d, k, tw[0], dst, src, n)
	Label(last)
	xtsStoreTweak(tw[0], n, tweak)
	Label(done)
	VZEROUPPER()
	RET()
}

// xtsPoly is the operand of tables.XTSPoly in every lane (model: xtsPoly).
func xtsPoly() Mem { return repeated("xtsPoly", tables.XTSPoly) }

// xtsStride is the operand of x^32 in every lane (model: xtsStride).
func xtsStride() Mem { return repeated("xtsStride", tables.XTSPower(4*xtsWidth)) }

// xtsPowers returns the operand of register i of the first batch's
// multipliers, lane l holding x^(4i+l) (model: xtsPowers). They are read
// once per call, so they live in a global of their own rather than in
// loopConsts' aligned slots.
func xtsPowers(i int) Mem {
	var blocks [][16]byte
	for j := range 4 * xtsWidth {
		blocks = append(blocks, tables.XTSPower(j))
	}
	return emit.Data("xtsPowers", blocks...).Offset(64 * i)
}

// mulXPowers sets x to each lane of x times the lane's x^k in the low half
// of c, k < 57 (model: mulXPowers): the high half's product first, since
// the low half's is computed in place.
func mulXPowers(x VecVirtual, c Mem) {
	hi, fold := ZMM(), ZMM()
	VPCLMULQDQ(U8(0x01), c, x, hi)            // x.hi · 2^k
	VPCLMULQDQ(U8(0x00), c, x, x)             // x.lo · 2^k
	VPCLMULQDQ(U8(0x01), xtsPoly(), hi, fold) // the bits from 128 up, times 0x87
	VPSLLDQ(U8(8), hi, hi)                    // x.hi · 2^k · 2^64
	xor3(x, hi, fold)
}

// xtsTweaks returns the first batch's tweaks (model: xtsTweaks): T_0
// broadcast, times each register's powers.
func xtsTweaks(tweak GPVirtual) []VecVirtual {
	Comment("xtsTweaks: T_0 in every lane, times x^(4i+l) in lane l of register i.")
	t := ZMM()
	VBROADCASTI32X4(Mem{Base: tweak}, t)
	tw := newBlocks(xtsWidth)
	for i, r := range tw {
		VMOVDQA64(t, r)
		mulXPowers(r, xtsPowers(i))
	}
	return tw
}

// xtsNext steps every tweak by the 32 blocks of a batch (model: xtsNext).
func xtsNext(tw []VecVirtual) {
	Comment("xtsNext: every tweak times x^32.")
	for _, r := range tw {
		mulXPowers(r, xtsStride())
	}
}

// xtsEndTweak stores the tweak after a batch that ends the data, lane 0 of
// t stepped by x^32, without stepping the other registers (model:
// xtsEndTweak).
func xtsEndTweak(t VecVirtual, tweak GPVirtual) {
	Comment("xtsEndTweak: the batch ended the data; only the next tweak is needed.")
	mulXPowers(t, xtsStride())
	VMOVDQU64(t.AsX(), Mem{Base: tweak})
}

// xtsShift moves the tweaks after a step of width registers down to the
// first (model: xtsShift).
func xtsShift(tw []VecVirtual, width int) {
	Commentf("xtsShift: the tweaks of registers %d.. move to 0..", width)
	for i := range width {
		if width+i < len(tw) {
			VMOVDQA64(tw[width+i], tw[i])
		}
	}
}

// tweakedLast is d whose last round, for the i-th register of blocks it
// meets, adds tw[i] to the last round key first (model: tweakedLast). Only
// one of the sums is live at a time: avo gives them the one register left.
func tweakedLast(d direction, tw []VecVirtual) direction {
	i := 0
	return direction{
		round: d.round,
		last: func(key, block, result Op) {
			t := ZMM()
			VPXORD(tw[i], key, t)
			d.last(t, block, result)
			i++
		},
	}
}

// xtsWhiten adds each register's tweaks and round key 0 to it, one
// VPTERNLOGD each (model: xtsWhitenQuad, xtsWhitenQuads and
// xtsWhitenOne).
func xtsWhiten(blocks, tw []VecVirtual, k *roundKeys) {
	for i, b := range blocks {
		xor3(b, tw[i], k.first)
	}
}

// xtsBatch runs XTS over len(tw) registers of blocks and advances the
// pointers (model: xtsBatch).
func xtsBatch(d direction, k *roundKeys, tw []VecVirtual, dst, src, n GPVirtual) {
	Commentf("xtsBatch: %d registers.", len(tw))
	blocks := loadBlocks(Mem{Base: src}, len(tw))
	xtsWhiten(blocks, tw, k)
	k.rounds(tweakedLast(d, tw), blocks, nil)
	storeBlocks(blocks, Mem{Base: dst})
	advance(64*len(tw), src, dst)
	SUBQ(U32(64*len(tw)), n)
}

// xtsTail runs XTS over the last n bytes, 1..3 blocks, in one register
// through masked loads and stores, which take the bytes that end with the
// data where a register would cross a page (model: xtsTail).
func xtsTail(d direction, k *roundKeys, t VecVirtual, dst, src, n GPVirtual) {
	Comment("xtsTail: the last 1..3 blocks, through masks.")
	mask := byteMask(n)
	x := loadMasked(Mem{Base: src}, n, mask)
	xtsWhiten([]VecVirtual{x}, []VecVirtual{t}, k)
	k.rounds(tweakedLast(d, []VecVirtual{t}), []VecVirtual{x}, nil)
	storeMasked(x, mask, Mem{Base: dst}, n)
}

// xtsStoreTweak stores lane n/16 of t, the tweak of the block after the
// last, to the tweak argument (model: xtsStoreTweak): VPCOMPRESSQ writes
// the two 64-bit halves its mask selects, and only them, to memory.
func xtsStoreTweak(t VecVirtual, n, tweak GPVirtual) {
	Comment("xtsStoreTweak: lane n/16 of the first tweak register is the next tweak.")
	bits := GP64()
	MOVL(U32(3), bits.As32())
	SHRQ(U8(3), n)
	SHLXQ(n, bits, bits)
	mask := K()
	KMOVW(bits.As32(), mask)
	VPCOMPRESSQ(t, mask, Mem{Base: tweak})
}
