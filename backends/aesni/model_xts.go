package aesni

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
// The kernels run the ECB loop's 8 blocks per iteration (then 4 once,
// then one at a time). Eight blocks and the round key take 9 of the 16
// registers, so the tweaks cannot stay in registers from round key 0 to
// the last round as on the VAES backends: each is computed in a register,
// XORed into its block with round key 0, and parked in a 16-byte slot of
// the frame until the last round, where it is XORed into the last round
// key:
//
//	AESENCLAST(state, lastKey) ^ T = AESENCLAST(state, lastKey ^ T)
//
// The tweaks of a batch are T_0 times x^j, each computed from T_0 on its
// own (mulXPowers: three PCLMULQDQ, a byte shift and two XORs), so none
// waits for another; T_0 then steps by x^8 (x^4, x for the narrower
// loops).

// xtsWidths are the batches of the XTS kernels: 8 blocks while 8 remain,
// then 4 once, then one at a time.
var xtsWidths = []int{8, 4, 1}

// xtsEncryptModel is xtsEncrypt (asm: xtsKernel).
func xtsEncryptModel(keys *[15][16]byte, rounds int, tweak *[16]byte, dst, src []byte) {
	xtsModel(encryption, keys, rounds, tweak, dst, src)
}

// xtsDecryptModel is xtsDecrypt (asm: xtsKernel).
func xtsDecryptModel(keys *[15][16]byte, rounds int, tweak *[16]byte, dst, src []byte) {
	xtsModel(decryption, keys, rounds, tweak, dst, src)
}

// xtsModel runs the batches of xtsWidths over src, stepping T_0 by each
// batch's blocks, and stores the tweak of the block after the last.
func xtsModel(d direction, keys *[15][16]byte, rounds int, tweak *[16]byte, dst, src []byte) {
	t := vec.LoadUint8x16Array(tweak).AsUint64x2()
	for _, width := range xtsWidths {
		for len(src) >= 16*width {
			xtsBatch(d, keys, rounds, t, width, dst, src)
			t = mulXPowers(t, xtsPower(width))
			src, dst = src[16*width:], dst[16*width:]
		}
	}
	t.AsUint8x16().StoreArray(tweak)
}

// xtsPoly is tables.XTSPoly (asm: the constant xtsPoly).
var xtsPoly = vec.LoadUint8x16Array(&tables.XTSPoly).AsUint64x2()

// xtsPower returns x^k (asm: the constant xtsPowers, entry k).
func xtsPower(k int) vec.Uint64x2 {
	p := tables.XTSPower(k)
	return vec.LoadUint8x16Array(&p).AsUint64x2()
}

// mulXPowers returns x times x^k held in the low half of c, k < 57 (asm:
// mulXPowers): the products of x's two halves by 2^k, the bits from 128
// up folded back by a third product with 0x87.
func mulXPowers(x, c vec.Uint64x2) vec.Uint64x2 {
	hi := x.CarrylessMultiplyOddEven(c)                  // PCLMULQDQ $0x01: x.hi · 2^k
	lo := x.CarrylessMultiplyEven(c)                     // PCLMULQDQ $0x00: x.lo · 2^k
	fold := hi.CarrylessMultiplyOddEven(xtsPoly)         // PCLMULQDQ $0x01: bits 128.. times 0x87
	up := hi.AsUint8x16().ShiftBytesLeft(8).AsUint64x2() // PSLLDQ $8: x.hi · 2^k · 2^64
	return lo.Xor(up).Xor(fold)                          // two PXOR
}

// xtsBatch runs XTS over width blocks of src (asm: xtsBatch): block j's
// tweak T_0·x^j is computed, parked in frame slot j, and XORed into the
// block with round key 0; the last round takes the last round key XOR the
// slot.
func xtsBatch(d direction, keys *[15][16]byte, rounds int, t vec.Uint64x2, width int, dst, src []byte) {
	var frame [8]vec.Uint64x2
	var regs [8]vec.Uint8x16 // width <= 8; an array, so that nothing is allocated
	blocks := regs[:width]
	loadBlocks(blocks, src)
	k0 := roundKey(keys, 0).AsUint8x16()
	for j := range blocks {
		frame[j] = t
		if j > 0 {
			frame[j] = mulXPowers(t, xtsPower(j))
		}
		blocks[j] = blocks[j].Xor(frame[j].AsUint8x16()).Xor(k0)
	}
	j := 0
	parked := direction{
		round: d.round,
		last: func(b vec.Uint8x16, key vec.Uint32x4) vec.Uint8x16 {
			k := key.AsUint64x2().Xor(frame[j])
			j++
			return d.last(b, k.AsUint32x4())
		},
	}
	parked.rounds(blocks, keys, rounds, nil)
	storeBlocks(blocks, dst)
}
