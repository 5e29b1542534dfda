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

// xtsWidths are the XTS kernels' batches (model: xtsWidths): 8 blocks
// while 8 remain, then 4 once, then one at a time.
var xtsWidths = []int{8, 4, 1}

// xtsKernel emits xtsEncrypt or xtsDecrypt (model: xtsEncryptModel,
// xtsDecryptModel, xtsModel): ECB's batches, each block's tweak computed
// from the batch's first and parked in the frame for the last round, and
// the tweak after the last block stored back.
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
	frame := AllocLocal(16 * 8)

	t := XMM()
	MOVOU(Mem{Base: tweak}, t)
	for _, width := range xtsWidths {
		loop, next := emit.NewLabel(fmt.Sprintf("xts%d", width)), emit.NewLabel(fmt.Sprintf("xtsAfter%d", width))
		Commentf("%d blocks at a time.", width)
		Label(loop)
		CMPQ(n, U32(16*width))
		JB(LabelRef(next))
		xtsBatch(d, s, t, width, frame, dst, src)
		Commentf("T_0 times x^%d: the next batch's first tweak.", width)
		mulXPowers(t, xtsPower(width))
		advance(16*width, src, dst)
		SUBQ(U32(16*width), n)
		if width != 4 { // after the 8-block loop, fewer than 8 blocks remain
			JMP(LabelRef(loop))
		}
		Label(next)
	}
	MOVOU(t, Mem{Base: tweak})
	RET()
}

// xtsPoly is the operand of tables.XTSPoly (model: xtsPoly).
func xtsPoly() Mem { return emit.Data("xtsPoly", tables.XTSPoly) }

// xtsPower returns the operand of x^k, k < 8 (model: xtsPower): entry k of
// xtsPowers, 16-byte aligned as PCLMULQDQ's memory operand must be.
func xtsPower(k int) Mem {
	var blocks [][16]byte
	for j := range 9 {
		blocks = append(blocks, tables.XTSPower(j))
	}
	return emit.Data("xtsPowers", blocks...).Offset(16 * k)
}

// mulXPowers sets x to x times x^k held in the low half of c, k < 57
// (model: mulXPowers).
func mulXPowers(x VecVirtual, c Mem) {
	hi, fold := XMM(), XMM()
	MOVO(x, hi)
	PCLMULQDQ(U8(0x01), c, hi) // x.hi · 2^k
	PCLMULQDQ(U8(0x00), c, x)  // x.lo · 2^k
	MOVO(hi, fold)
	PCLMULQDQ(U8(0x01), xtsPoly(), fold) // the bits from 128 up, times 0x87
	PSLLDQ(U8(8), hi)                    // x.hi · 2^k · 2^64
	PXOR(hi, x)
	PXOR(fold, x)
}

// xtsBatch runs XTS over width blocks (model: xtsBatch): block j's tweak,
// T_0·x^j, computed from t, parked in frame slot j and XORed into the
// block with round key 0; the last round key XOR the slot in the last
// round.
func xtsBatch(d direction, s emit.Schedule, t VecVirtual, width int, frame Mem, dst, src GPVirtual) {
	Commentf("xtsBatch: %d blocks.", width)
	blocks := loadBlocks(Mem{Base: src}, width)
	k0 := XMM()
	MOVOU(s.Key(0), k0)
	for j, b := range blocks {
		tw := t
		if j > 0 {
			tw = XMM()
			MOVO(t, tw)
			mulXPowers(tw, xtsPower(j))
		}
		MOVOU(tw, frame.Offset(16*j))
		PXOR(tw, b)
		PXOR(k0, b)
	}
	j := 0
	parked := direction{
		round: d.round,
		last: func(key, block Op) {
			k := XMM()
			MOVOU(frame.Offset(16*j), k)
			PXOR(key, k)
			d.last(k, block)
			j++
		},
	}
	parked.rounds(s, blocks, nil)
	storeBlocks(blocks, Mem{Base: dst})
}
