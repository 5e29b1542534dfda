package vaes512

import (
	"encoding/binary"

	"github.com/vaesgo/vaes/tables"
	"github.com/vaesgo/vaes/vec"
)

// XTS (IEEE 1619) over whole blocks: block j is
//
//	C_j = E(P_j ^ T_j) ^ T_j,  T_j = T_0·x^j
//
// in GF(2^128) with IEEE 1619's bit order: the 16 bytes little-endian, bit
// i the coefficient of x^i, reduced by x^128 = x^7 + x^2 + x + 1. The
// kernel gets T_0, already encrypted, and leaves the tweak of the block
// after its last.
//
// Every block is independent once its tweak is known, so the kernel runs
// the ECB loop's rounds over a batch of 8 registers (32 blocks) and keeps
// the batch's tweaks in 8 more registers, one tweak per lane, in the
// blocks' own order. A tweak enters twice: XORed into the block with round
// key 0 (xor3, one VPTERNLOGD), and XORed into the last round key, since
//
//	VAESENCLAST(state, lastKey) ^ T = VAESENCLAST(state, lastKey ^ T)
//
// (the same for VAESDECLAST), so the XOR after the cipher runs beside the
// rounds, as CBC decryption's does.
//
// The tweaks are computed in the registers, never in memory, by carry-less
// multiplication (mulXPowers): multiplying a lane by x^k, k < 57, takes
// the 192-bit product of the lane's two halves by 2^k and folds the bits
// from 128 up back in, three VPCLMULQDQ, a byte shift and a three-way XOR
// (see the package documentation for why not shifts). The first batch's 8
// registers come from T_0 in every lane times the constants x^(4i+l)
// (register i, lane l), all at once; each batch after that multiplies
// every register by x^32, the 32 blocks of a batch.

// xtsWidth is the batch of the XTS loop in registers: 8 registers of
// blocks and 8 of their tweaks beside the 15 of round keys, and the one
// left for the last round's key plus tweak, make the 32.
const xtsWidth = 8

// xtsStepWidths are the widths, in registers, that the XTS kernels step
// down through after their 8-register loop, each at most once.
var xtsStepWidths = []int{4, 2, 1}

// xtsEncryptModel is xtsEncrypt (asm: xtsKernel).
func xtsEncryptModel(keys *[15][16]byte, rounds int, tweak *[16]byte, dst, src []byte) {
	defer vec.ZeroUpper()
	xtsModel(encryption, keys, rounds, tweak, dst, src)
}

// xtsDecryptModel is xtsDecrypt (asm: xtsKernel).
func xtsDecryptModel(keys *[15][16]byte, rounds int, tweak *[16]byte, dst, src []byte) {
	defer vec.ZeroUpper()
	xtsModel(decryption, keys, rounds, tweak, dst, src)
}

// xtsModel runs 32 blocks (8 registers) per iteration while 32 remain,
// then 16, 8 and 4 blocks once each if that many remain, then the last
// 1..3 blocks in one register through masked loads and stores, and stores
// the tweak of the block after the last (xtsEndTweak when a batch ends the
// data). The tweaks are an array in the frame (the assembly's 8 registers),
// the batches quads (see quad).
func xtsModel(d direction, keys *[15][16]byte, rounds int, tweak *[16]byte, dst, src []byte) {
	if len(src) == 0 {
		return
	}
	var k roundKeys
	loadRoundKeys(&k, keys, rounds)
	var tw [xtsWidth]vec.Uint8x64
	xtsTweaks(&tw, tweak)
	for len(src) >= 64*xtsWidth {
		xtsBatch(d, &k, tw[:], dst, src)
		src, dst = src[64*xtsWidth:], dst[64*xtsWidth:]
		if len(src) == 0 {
			xtsEndTweak(tw[0], tweak)
			return
		}
		xtsNext(&tw)
	}
	for _, width := range xtsStepWidths {
		if len(src) >= 64*width {
			xtsBatch(d, &k, tw[:width], dst, src)
			xtsShift(&tw, width)
			src, dst = src[64*width:], dst[64*width:]
		}
	}
	if n := len(src); n > 0 {
		xtsTail(d, &k, tw[0], dst, src, n)
	}
	xtsStoreTweak(tw[0], len(src)/16, tweak)
}

// xtsPoly is tables.XTSPoly, x^128 = x^7 + x^2 + x + 1, in every lane
// (asm: the constant xtsPoly).
var xtsPoly = lanes(tables.XTSPoly, tables.XTSPoly, tables.XTSPoly, tables.XTSPoly).AsUint64x8()

// xtsPowers are the first batch's multipliers: lane l of register i holds
// x^(4i+l), the power that takes T_0 to the tweak of block 4i+l (asm: the
// constant xtsPowers).
var xtsPowers = func() (p [xtsWidth]vec.Uint64x8) {
	for i := range p {
		j := 4 * i
		p[i] = lanes(tables.XTSPower(j), tables.XTSPower(j+1), tables.XTSPower(j+2), tables.XTSPower(j+3)).AsUint64x8()
	}
	return p
}()

// xtsStride is x^32 in every lane, the step from one batch's tweaks to the
// next's (asm: the constant xtsStride).
var xtsStride = func() vec.Uint64x8 {
	s := tables.XTSPower(4 * xtsWidth)
	return lanes(s, s, s, s).AsUint64x8()
}()

// mulXPowers returns each lane of x times the lane's x^k held in the low
// half of c, k < 57 (asm: mulXPowers). Of the product of x's low half by
// 2^k (up to 64+k bits) and of its high half (worth 2^64 more), the bits
// from 128 up are the high half's top k, which times x^128 = 0x87 fit in
// k+8 bits of the low half.
func mulXPowers(x, c vec.Uint64x8) vec.Uint64x8 {
	hi := x.CarrylessMultiplyOddEven(c)                         // VPCLMULQDQ $0x01: x.hi · 2^k
	lo := x.CarrylessMultiplyEven(c)                            // VPCLMULQDQ $0x00: x.lo · 2^k
	fold := hi.CarrylessMultiplyOddEven(xtsPoly)                // VPCLMULQDQ $0x01: bits 128.. times 0x87
	up := hi.AsUint8x64().ShiftBytesLeftGrouped(8).AsUint64x8() // VPSLLDQ $8: x.hi · 2^k · 2^64
	return xor3(lo, up, fold)
}

// xtsTweaks sets tw to the first batch's tweaks: T_0 in every lane, times
// xtsPowers (asm: xtsTweaks).
func xtsTweaks(tw *[xtsWidth]vec.Uint8x64, tweak *[16]byte) {
	t := vec.BroadcastUint8x16ToUint8x64(vec.LoadUint8x16Array(tweak)).AsUint64x8() // VBROADCASTI32X4
	for i := range tw {
		tw[i] = mulXPowers(t, xtsPowers[i]).AsUint8x64()
	}
}

// xtsNext steps every tweak by the 32 blocks of a batch (asm: xtsNext).
func xtsNext(tw *[xtsWidth]vec.Uint8x64) {
	for i := range tw {
		tw[i] = mulXPowers(tw[i].AsUint64x8(), xtsStride).AsUint8x64()
	}
}

// xtsEndTweak stores the tweak after a batch that ends the data, lane 0 of
// the next batch's first register, stepping only that register (asm:
// xtsEndTweak: mulXPowers, then a 16-byte store of the XMM part). Data
// units of whole batches, 512-byte and 4 KiB sectors among them, so skip
// the seven other registers' steps, which nothing would read.
func xtsEndTweak(t vec.Uint8x64, tweak *[16]byte) {
	mulXPowers(t.AsUint64x8(), xtsStride).AsUint8x64().GetLo().GetLo().StoreArray(tweak)
}

// xtsShift moves the tweaks of the registers after a step of width
// registers down to the first (asm: xtsShift, VMOVDQA64): the steps after
// it use at most width registers.
func xtsShift(tw *[xtsWidth]vec.Uint8x64, width int) {
	copy(tw[:width], tw[width:2*width])
}

// tweakedLast is d whose last round, for register i of a batch, takes the
// last round key plus tw[i] (asm: tweakedLast: a VPXORD of the key and the
// tweaks, then VAESENCLAST or VAESDECLAST).
func tweakedLast(d direction, tw []vec.Uint8x64) direction {
	return direction{decrypt: d.decrypt, chain: tw}
}

// xtsWhitenQuad adds the tweaks of registers 0..3 and round key 0 to the
// four registers of q (asm: xtsWhiten, one VPTERNLOGD each).
func xtsWhitenQuad(q quad, tw []vec.Uint8x64, k *roundKeys) quad {
	k0 := k.key(0).AsUint64x8()
	t := tw[:4]
	return quad{xtsWhitenOne(q.b0, t[0], k0), xtsWhitenOne(q.b1, t[1], k0),
		xtsWhitenOne(q.b2, t[2], k0), xtsWhitenOne(q.b3, t[3], k0)}
}

// xtsWhitenQuads is xtsWhitenQuad on two quads, registers 0..7 (see
// roundsQuads for why the steps on two quads take both).
func xtsWhitenQuads(q, p quad, tw []vec.Uint8x64, k *roundKeys) (quad, quad) {
	k0 := k.key(0).AsUint64x8()
	t := tw[:8]
	return quad{xtsWhitenOne(q.b0, t[0], k0), xtsWhitenOne(q.b1, t[1], k0),
			xtsWhitenOne(q.b2, t[2], k0), xtsWhitenOne(q.b3, t[3], k0)},
		quad{xtsWhitenOne(p.b0, t[4], k0), xtsWhitenOne(p.b1, t[5], k0),
			xtsWhitenOne(p.b2, t[6], k0), xtsWhitenOne(p.b3, t[7], k0)}
}

// xtsWhitenOne adds the tweaks t and round key 0, k0, to one register
// (asm: xtsWhiten, one VPTERNLOGD).
func xtsWhitenOne(x, t vec.Uint8x64, k0 vec.Uint64x8) vec.Uint8x64 {
	return xor3(x.AsUint64x8(), t.AsUint64x8(), k0).AsUint8x64()
}

// xtsBatch runs XTS over len(tw) registers of blocks (asm: xtsBatch): the
// 8 of the loop as two quads, 4 as one, 2 and 1 a register at a time.
func xtsBatch(d direction, k *roundKeys, tw []vec.Uint8x64, dst, src []byte) {
	t := tweakedLast(d, tw)
	switch width := len(tw); width {
	case 8:
		q, p := loadQuad(src), loadQuad(src[256:])
		q, p = xtsWhitenQuads(q, p, tw, k)
		q, p = t.roundsQuads(0, q, p, k)
		storeQuad(q, dst)
		storeQuad(p, dst[256:])
	case 4:
		q := loadQuad(src)
		q = xtsWhitenQuad(q, tw, k)
		q = t.roundsQuad(0, q, k)
		storeQuad(q, dst)
	default:
		k0 := k.key(0).AsUint64x8()
		for i := range width {
			x := vec.LoadUint8x64(src[64*i:]) // asm: loadBlocks
			x = xtsWhitenOne(x, tw[i], k0)
			x = t.roundsOne(i, x, k)
			x.Store(dst[64*i:]) // asm: storeBlocks
		}
	}
}

// xtsTail runs XTS over the last n bytes, 1..3 blocks, in one register
// through masked loads and stores (asm: xtsTail).
func xtsTail(d direction, k *roundKeys, t vec.Uint8x64, dst, src []byte, n int) {
	tw := [1]vec.Uint8x64{t}
	x := loadMasked(src, n)
	x = xtsWhitenOne(x, t, k.key(0).AsUint64x8())
	x = tweakedLast(d, tw[:]).roundsOne(0, x, k)
	storeMasked(x, dst, n)
}

// xtsStoreTweak stores lane l of t, the tweak of the block after the
// last, to tweak (asm: xtsStoreTweak, VPCOMPRESSQ to memory under the mask
// of the lane's two halves).
func xtsStoreTweak(t vec.Uint8x64, l int, tweak *[16]byte) {
	var a [8]uint64
	t.AsUint64x8().StoreArray(&a)
	binary.LittleEndian.PutUint64(tweak[:8], a[2*l])
	binary.LittleEndian.PutUint64(tweak[8:], a[2*l+1])
}
