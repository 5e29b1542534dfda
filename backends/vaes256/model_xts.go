package vaes256

import (
	"github.com/vaesgo/vaes/tables"
	"github.com/vaesgo/vaes/vec"
)

// XTS (IEEE 1619) over whole blocks: block j is E(P_j ^ T_j) ^ T_j with
// T_j = T_0·x^j in GF(2^128), IEEE 1619's bit order (16 bytes
// little-endian, reduced by x^128 = x^7 + x^2 + x + 1). The kernel gets
// T_0, already encrypted, and leaves the tweak of the block after its
// last.
//
// The blocks are independent once their tweaks are known, so the kernel
// runs 14 blocks (7 registers) per iteration with their tweaks in 7 more
// registers, one per lane, in the blocks' order; with the register that
// takes each round key in turn and the one for the last round key plus a
// register's tweaks, that is all 16 (see the package documentation). A
// tweak enters with round key 0 and again in the last round, whose key it
// is XORed into:
//
//	VAESENCLAST(state, lastKey) ^ T = VAESENCLAST(state, lastKey ^ T)
//
// The tweaks are computed in the registers by carry-less multiplication
// (mulXPowers): a lane times x^k, k < 57, is the product of its two halves
// by 2^k with the bits from 128 up folded back by a third product with
// 0x87. The first batch's register i is T_0 in both lanes times x^(2i) and
// x^(2i+1); each batch after multiplies every register by x^14.

// xtsWidth is the XTS batch in registers: 7 of blocks and 7 of tweaks.
const xtsWidth = 7

// xtsStepWidths are the widths, in registers, that the XTS kernels step
// down through after their loop, each at most once; a last odd block
// takes one register's low lane.
var xtsStepWidths = []int{4, 2, 1}

// xtsEncryptModel is xtsEncrypt (asm: xtsKernel).
func xtsEncryptModel(keys *[15][16]byte, rounds int, tweak *[16]byte, dst, src []byte) {
	xtsModel(encryption, keys, rounds, tweak, dst, src)
}

// xtsDecryptModel is xtsDecrypt (asm: xtsKernel).
func xtsDecryptModel(keys *[15][16]byte, rounds int, tweak *[16]byte, dst, src []byte) {
	xtsModel(decryption, keys, rounds, tweak, dst, src)
}

// xtsModel runs 14 blocks (7 registers) per iteration while 14 remain,
// then 8, 4 and 2 blocks once each if that many remain, then a last odd
// block in one register's low lane, and stores the tweak of the block
// after the last.
func xtsModel(d direction, keys *[15][16]byte, rounds int, tweak *[16]byte, dst, src []byte) {
	if len(src) == 0 {
		return
	}
	tw := xtsTweaks(tweak)
	for len(src) >= 32*xtsWidth {
		xtsBatch(d, keys, rounds, tw, dst, src[:32*xtsWidth])
		xtsNext(tw)
		src, dst = src[32*xtsWidth:], dst[32*xtsWidth:]
	}
	for _, width := range xtsStepWidths {
		if len(src) >= 32*width {
			xtsBatch(d, keys, rounds, tw[:width], dst, src[:32*width])
			xtsShift(tw, width)
			src, dst = src[32*width:], dst[32*width:]
		}
	}
	if len(src) == 16 {
		xtsBatch(d, keys, rounds, tw[:1], dst, src)
	}
	xtsStoreTweak(tw[0], len(src)/16, tweak)
}

// xtsConst returns the register of the two blocks b0 and b1.
func xtsConst(b0, b1 [16]byte) vec.Uint64x4 {
	var w [32]byte
	copy(w[:], b0[:])
	copy(w[16:], b1[:])
	return vec.LoadUint8x32Array(&w).AsUint64x4()
}

// xtsPoly is tables.XTSPoly in both lanes (asm: the constant xtsPoly).
var xtsPoly = xtsConst(tables.XTSPoly, tables.XTSPoly)

// xtsPowers are the first batch's multipliers: lane l of register i holds
// x^(2i+l) (asm: the constant xtsPowers).
var xtsPowers = func() (p [xtsWidth]vec.Uint64x4) {
	for i := range p {
		p[i] = xtsConst(tables.XTSPower(2*i), tables.XTSPower(2*i+1))
	}
	return p
}()

// xtsStride is x^14 in both lanes, the step from one batch's tweaks to the
// next's (asm: the constant xtsStride).
var xtsStride = xtsConst(tables.XTSPower(2*xtsWidth), tables.XTSPower(2*xtsWidth))

// mulXPowers returns each lane of x times the lane's x^k held in the low
// half of c, k < 57 (asm: mulXPowers).
func mulXPowers(x, c vec.Uint64x4) vec.Uint64x4 {
	hi := x.CarrylessMultiplyOddEven(c)                         // VPCLMULQDQ $0x01: x.hi · 2^k
	lo := x.CarrylessMultiplyEven(c)                            // VPCLMULQDQ $0x00: x.lo · 2^k
	fold := hi.CarrylessMultiplyOddEven(xtsPoly)                // VPCLMULQDQ $0x01: bits 128.. times 0x87
	up := hi.AsUint8x32().ShiftBytesLeftGrouped(8).AsUint64x4() // VPSLLDQ $8: x.hi · 2^k · 2^64
	return lo.Xor(up).Xor(fold)                                 // two VPXOR
}

// xtsTweaks returns the first batch's tweaks: T_0 in both lanes, times
// xtsPowers (asm: xtsTweaks).
func xtsTweaks(tweak *[16]byte) []vec.Uint64x4 {
	t := vec.BroadcastUint8x16ToUint8x32(vec.LoadUint8x16Array(tweak)).AsUint64x4() // VBROADCASTI128
	tw := make([]vec.Uint64x4, xtsWidth)
	for i := range tw {
		tw[i] = mulXPowers(t, xtsPowers[i])
	}
	return tw
}

// xtsNext steps every tweak by the 14 blocks of a batch (asm: xtsNext).
func xtsNext(tw []vec.Uint64x4) {
	for i := range tw {
		tw[i] = mulXPowers(tw[i], xtsStride)
	}
}

// xtsShift moves the tweaks of the registers after a step of width
// registers down to the first (asm: xtsShift, VMOVDQA): the steps after it
// use no more than it left.
func xtsShift(tw []vec.Uint64x4, width int) {
	copy(tw[:width], tw[width:])
}

// tweakedLast is d whose last round, for the j-th register it meets, takes
// the last round key plus tw[j] (asm: tweakedLast: a VPXOR into the
// register left, then VAESENCLAST or VAESDECLAST).
func tweakedLast(d direction, tw []vec.Uint64x4) direction {
	chain := make([]vec.Uint8x32, len(tw))
	for j, t := range tw {
		chain[j] = t.AsUint8x32()
	}
	return direction{decrypt: d.decrypt, chain: chain}
}

// xtsBatch runs XTS over the whole blocks of src, at most two per
// register of tw (asm: xtsBatch): round key 0 and the tweaks are XORed
// together first and then into the blocks, as the assembly adds them to a
// memory operand.
func xtsBatch(d direction, keys *[15][16]byte, rounds int, tw []vec.Uint64x4, dst, src []byte) {
	pairs := loadPairs(new(registers), src, len(tw))
	k0 := roundKey(keys, 0).AsUint64x4()
	for j := range pairs {
		pairs[j] = k0.Xor(tw[j]).AsUint8x32().Xor(pairs[j])
	}
	tweakedLast(d, tw).rounds(pairs, keys, rounds, nil)
	storePairs(pairs, dst[:len(src)])
}

// xtsStoreTweak stores lane l of t, the tweak of the block after the last,
// to tweak (asm: xtsStoreTweak, a VMOVDQU of the low lane or a
// VEXTRACTI128 of the high one).
func xtsStoreTweak(t vec.Uint64x4, l int, tweak *[16]byte) {
	lane([]vec.Uint8x32{t.AsUint8x32()}, l).StoreArray(tweak)
}
