package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
	"github.com/mmcloughlin/avo/x86"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
	"github.com/vaesgo/vaes/tables"
)

// xtsWidth is the XTS loop's batch in registers (model: xtsWidth): 7 of
// blocks, 7 of their tweaks, the round key's and the one for the last
// round key plus tweaks.
const xtsWidth = 7

// xtsStepWidths are the widths, in registers, that the XTS kernels step
// down through after their loop (model: xtsStepWidths).
var xtsStepWidths = []int{4, 2, 1}

// xtsKernel emits xtsEncrypt or xtsDecrypt (model: xtsEncryptModel,
// xtsDecryptModel, xtsModel): 14 blocks per iteration with their tweaks in
// 7 registers, steps of 8, 4 and 2 blocks, a last odd block in a
// register's low lane, and the tweak after the last block stored back.
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
	tw := xtsTweaks(tweak)

	loop, steps := emit.NewLabel("xtsLoop"), emit.NewLabel("xtsSteps")
	Commentf("%d blocks at a time.", 2*xtsWidth)
	Label(loop)
	CMPQ(n, U32(32*xtsWidth))
	JB(LabelRef(steps))
	xtsBatch(d, s, tw, dst, src, n, false)
	xtsNext(tw)
	JMP(LabelRef(loop))

	Label(steps)
	for _, width := range xtsStepWidths {
		next := emit.NewLabel(fmt.Sprintf("xtsSkip%d", width))
		CMPQ(n, U32(32*width))
		JB(LabelRef(next))
		xtsBatch(d, s, tw[:width], dst, src, n, false)
		xtsShift(tw, width)
		Label(next)
	}

	even := emit.NewLabel("xtsEven")
	TESTQ(n, n)
	JZ(LabelRef(even))
	Comment("A last odd block, in the low lane.")
	xtsBatch(d, s, tw[:1], dst, src, n, true)
	xtsStoreTweak(tw[0], 1, tweak)
	VZEROUPPER()
	RET()
	Label(even)
	xtsStoreTweak(tw[0], 0, tweak)
	Label(done)
	VZEROUPPER()
	RET()
}

// xtsPoly is the operand of tables.XTSPoly in both lanes (model: xtsPoly).
func xtsPoly() Mem { return emit.Repeated("xtsPoly2", tables.XTSPoly, 2) }

// xtsStride is the operand of x^14 in both lanes (model: xtsStride).
func xtsStride() Mem {
	return emit.Repeated("xtsStride14", tables.XTSPower(2*xtsWidth), 2)
}

// xtsPowers returns the operand of register i of the first batch's
// multipliers, lane l holding x^(2i+l) (model: xtsPowers).
func xtsPowers(i int) Mem {
	var blocks [][16]byte
	for j := range 2 * xtsWidth {
		blocks = append(blocks, tables.XTSPower(j))
	}
	return emit.Data("xtsPowers14", blocks...).Offset(32 * i)
}

// mulXPowers sets x to each lane of x times the lane's x^k in the low half
// of c, k < 57 (model: mulXPowers): the high half's product first, since
// the low half's is computed in place.
func mulXPowers(x VecVirtual, c Mem) {
	hi, fold := YMM(), YMM()
	VPCLMULQDQ(U8(0x01), c, x, hi)            // x.hi · 2^k
	VPCLMULQDQ(U8(0x00), c, x, x)             // x.lo · 2^k
	VPCLMULQDQ(U8(0x01), xtsPoly(), hi, fold) // the bits from 128 up, times 0x87
	VPSLLDQ(U8(8), hi, hi)                    // x.hi · 2^k · 2^64
	VPXOR(hi, x, x)
	VPXOR(fold, x, x)
}

// xtsTweaks returns the first batch's tweaks (model: xtsTweaks): T_0 in
// both lanes, times each register's powers.
func xtsTweaks(tweak GPVirtual) []VecVirtual {
	Comment("xtsTweaks: T_0 in both lanes, times x^(2i+l) in lane l of register i.")
	t := YMM()
	VBROADCASTI128(Mem{Base: tweak}, t)
	tw := make([]VecVirtual, xtsWidth)
	for i := range tw {
		tw[i] = YMM()
		VMOVDQA(t, tw[i])
		mulXPowers(tw[i], xtsPowers(i))
	}
	return tw
}

// xtsNext steps every tweak by the 14 blocks of a batch (model: xtsNext).
func xtsNext(tw []VecVirtual) {
	Comment("xtsNext: every tweak times x^14.")
	for _, r := range tw {
		mulXPowers(r, xtsStride())
	}
}

// xtsShift moves the tweaks after a step of width registers down to the
// first (model: xtsShift).
func xtsShift(tw []VecVirtual, width int) {
	Commentf("xtsShift: the tweaks of registers %d.. move to 0..", width)
	for i := range width {
		if width+i < len(tw) {
			VMOVDQA(tw[width+i], tw[i])
		}
	}
}

// tweakedLast is d whose last round, for the j-th register of blocks it
// meets, adds tw[j] to the last round key first (model: tweakedLast).
func tweakedLast(d direction, tw []VecVirtual) direction {
	j := 0
	return direction{
		round: d.round,
		last: func(key, block, dst Op) {
			t := YMM()
			VPXOR(tw[j], key, t)
			d.last(t, block, dst)
			j++
		},
	}
}

// xtsBatch runs XTS over len(tw) registers of blocks, or over one block in
// the low lane of one register if odd, and advances the pointers (model:
// xtsBatch). Each register starts as round key 0 XOR its tweaks, into
// which the blocks are XORed from memory.
func xtsBatch(d direction, s emit.Schedule, tw []VecVirtual, dst, src, n GPVirtual, odd bool) {
	Commentf("xtsBatch: %d registers.", len(tw))
	k := YMM()
	VBROADCASTI128(s.Key(0), k)
	pairs := make([]VecVirtual, len(tw))
	for j := range pairs {
		pairs[j] = YMM()
		VPXOR(tw[j], k, pairs[j])
		if odd {
			x := XMM()
			emit.ZeroUpper(x86.VMOVDQU(Mem{Base: src}, x))
			VPXOR(x.AsY(), pairs[j], pairs[j])
		} else {
			VPXOR(Mem{Base: src, Disp: 32 * j}, pairs[j], pairs[j])
		}
	}
	tweakedLast(d, tw).rounds(s, pairs, nil)
	if odd {
		VMOVDQU(pairs[0].AsX(), Mem{Base: dst})
		return
	}
	for j, p := range pairs {
		VMOVDQU(p, Mem{Base: dst, Disp: 32 * j})
	}
	advance(32*len(tw), src, dst)
	SUBQ(U32(32*len(tw)), n)
}

// xtsStoreTweak stores lane l of t, the tweak of the block after the last,
// to the tweak argument (model: xtsStoreTweak).
func xtsStoreTweak(t VecVirtual, l int, tweak GPVirtual) {
	Commentf("xtsStoreTweak: lane %d of the first tweak register is the next tweak.", l)
	if l == 0 {
		VMOVDQU(t.AsX(), Mem{Base: tweak})
		return
	}
	VEXTRACTI128(U8(1), t, Mem{Base: tweak})
}
