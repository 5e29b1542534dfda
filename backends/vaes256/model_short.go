package vaes256

import (
	"github.com/vaesgo/vaes/tables"
	"github.com/vaesgo/vaes/vec"
)

// Messages of at most one block take short paths on XMM registers, in VEX
// encodings: a GCM record of a few bytes, its lengths block, its J0 block
// encrypted through EncryptBlocks. They are bound by latency, not
// throughput, and the short paths leave out every step one block does not
// need: no round key is broadcast (VAESENC reads each from memory), no
// counter pair is built, no lanes are summed, and a whole block is moved
// with plain 16-byte loads and stores, which the CPU forwards from and to
// neighbouring code. A partial block moves as in the tails, through
// general-purpose registers (emit.LoadPartialAVX, StorePartialAVX).

// shortBytes is the longest input of the short paths (asm: shortBytes).
const shortBytes = 16

// roundKey16 returns round key i as VAESENC's 16-byte memory operand.
func roundKey16(keys *[15][16]byte, i int) vec.Uint32x4 {
	return vec.LoadUint8x16Array(&keys[i]).AsUint32x4()
}

// rounds16 runs the whole cipher on one block, round keys read from memory
// (asm: rounds16).
func rounds16(enc bool, x vec.Uint8x16, keys *[15][16]byte, nr int) vec.Uint8x16 {
	x = x.Xor(roundKey16(keys, 0).AsUint8x16())
	// The direction tested once, not a method value per round: the
	// compiler cannot inline a call through a function value.
	mid := keys[1:nr]
	if !enc {
		for r := range mid {
			x = x.AESDecryptOneRound(vec.LoadUint8x16Array(&mid[r]).AsUint32x4())
		}
		return x.AESDecryptLastRound(roundKey16(keys, nr))
	}
	for r := range mid {
		x = x.AESEncryptOneRound(vec.LoadUint8x16Array(&mid[r]).AsUint32x4())
	}
	return x.AESEncryptLastRound(roundKey16(keys, nr))
}

// loadShort loads s, 1 <= len(s) <= 16, zero-padded (asm: loadShort): a
// plain 16-byte load for a whole block, else a partial load.
func loadShort(s []byte) vec.Uint8x16 {
	if len(s) == 16 {
		return vec.LoadUint8x16(s)
	}
	part, _ := vec.LoadUint8x16Part(s)
	return part
}

// storeShort stores the first len(s) bytes of x to s, 1 <= len(s) <= 16
// (asm: storeShort): a plain 16-byte store for a whole block, else a
// partial store.
func storeShort(x vec.Uint8x16, s []byte) {
	if len(s) == 16 {
		x.Store(s)
		return
	}
	x.StorePart(s)
}

// keepMask is 32 bytes of ones, then 32 of zeros (asm: keepMask): the
// bytes at 32-n enable the first n of those loaded from there.
var keepMask = func() (m [64]byte) {
	for i := range 32 {
		m[i] = 0xff
	}
	return m
}()

// keepShort zeroes the bytes of x from n on, 1 <= n <= 16 (asm:
// keepShort): AVX2 has no byte mask, so x is ANDed with the 16 bytes of
// keepMask at 32-n, an address that depends on the length alone.
func keepShort(x vec.Uint8x16, n int) vec.Uint8x16 {
	return x.And(vec.LoadUint8x16(keepMask[32-n : 48-n]))
}

// blocksShort is the blocks kernels on exactly one block (asm:
// blocksShort).
func blocksShort(enc bool, keys *[15][16]byte, rounds int, dst, src []byte) {
	rounds16(enc, vec.LoadUint8x16(src), keys, rounds).Store(dst)
}

// ctrShort is the counter kernels on 1..16 bytes (asm: ctrShort): the
// counter block is its own keystream input, unreversed; the counter
// advances by one.
func ctrShort(add increment, keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte) {
	c := vec.LoadUint8x16Array(ctr)
	storeShort(loadShort(src).Xor(rounds16(true, c, keys, rounds)), dst[:len(src)])
	storeCounter16(add, c, ctr)
}

// storeCounter16 stores the counter block c advanced by one (asm:
// storeCounter16): reversed, stepped by add in its XMM register, reversed
// back.
func storeCounter16(add increment, c vec.Uint8x16, ctr *[16]byte) {
	t := add.narrow(reverse128(c), vec.LoadUint8x16Array(&counterAdd1))
	reverse128(t).StoreArray(ctr)
}

// counterAdd1 is tables.CounterAdd(1), the high lane of pairStart (asm:
// emit.PairStart at offset 16).
var counterAdd1 = tables.CounterAdd(1)

// fold16 is fold on one lane (asm: mulShort's last fold, foldPowers).
func fold16(x, y vec.Uint64x2) vec.Uint64x2 {
	poly := vec.LoadUint8x16Array(&tables.ReflectedPoly).AsUint64x2()
	t := x.CarrylessMultiplyEvenOdd(poly) // x.lo·(0xC2<<56)
	return y.Xor(t).Xor(x.AsUint32x4().PermuteScalars(2, 3, 0, 1).AsUint64x2())
}

// foldPowers returns the folded power h·x^-64 of the key form h (asm:
// foldPowers): fold16(h, 0). It depends on the table alone.
func foldPowers(h vec.Uint64x2) vec.Uint64x2 { return fold16(h, vec.Uint64x2{}) }

// mulShort returns x·h reduced, with hf = foldPowers(h) (asm: mulShort):
// x.lo·hf ^ x.hi·h, whose two parts lie 64 bits apart, and one fold where
// the Karatsuba product needs two.
func mulShort(x, h, hf vec.Uint64x2) vec.Uint64x2 {
	mid := x.CarrylessMultiplyEven(hf).Xor(x.CarrylessMultiplyOddEven(h))
	hi := x.CarrylessMultiplyEvenOdd(hf).Xor(x.CarrylessMultiplyOdd(h))
	return fold16(mid, hi)
}

// ghashShort absorbs one block x, in GCM's block order and zero-padded,
// into the GHASH value y, both in memory form (asm: ghashShort): y ^ x
// reversed once, multiplied by H^1, the key form in slot 15.
func ghashShort(t *[32][16]byte, y *[16]byte, x vec.Uint8x16) {
	h := vec.LoadUint8x16Array(&t[powers-1]).AsUint64x2()
	hf := foldPowers(h)
	v := reverse128(vec.LoadUint8x16Array(y).Xor(x)).AsUint64x2()
	reverse128(mulShort(v, h, hf).AsUint8x16()).StoreArray(y)
}

// ghashUpdateShort is ghashUpdate on 1..16 bytes (asm: ghashUpdate's short
// path).
func ghashUpdateShort(t *[32][16]byte, y *[16]byte, data []byte) {
	ghashShort(t, y, loadShort(data))
}

// sealShort is seal on 1..16 bytes (asm: gcmKernel.sealShort).
func sealShort(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	c := vec.LoadUint8x16Array(ctr)
	x := loadShort(src).Xor(rounds16(true, c, keys, rounds))
	storeShort(x, dst[:len(src)])
	ghashShort(t, y, keepShort(x, len(src)))
	storeCounter16(inc32, c, ctr)
}

// openShort is open on 1..16 bytes (asm: gcmKernel.openShort): the hash of
// the ciphertext runs while the block is encrypted.
func openShort(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	c := vec.LoadUint8x16Array(ctr)
	x := loadShort(src)
	ghashShort(t, y, x)
	storeShort(x.Xor(rounds16(true, c, keys, rounds)), dst[:len(src)])
	storeCounter16(inc32, c, ctr)
}
