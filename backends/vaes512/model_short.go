package vaes512

import (
	"github.com/vaesgo/vaes/tables"
	"github.com/vaesgo/vaes/vec"
)

// Messages of at most one block take short paths on XMM registers: a GCM
// record of a few bytes, a lengths block, a single block encrypted through
// cipher.Block. They are bound by latency, not throughput, and the short
// paths leave out every step a single block does not need: no round key is
// broadcast (VAESENC reads each from memory), no lanes are summed, and an
// exact block is moved with plain 16-byte loads and stores, which the CPU
// forwards from and to neighbouring code (it does not forward a store to a
// masked load, nor a masked store to any load).

// shortBytes is the longest input of the short paths (asm: shortBytes).
const shortBytes = 16

// roundKey16 returns round key i as VAESENC's 16-byte memory operand.
func roundKey16(keys *[15][16]byte, i int) vec.Uint32x4 {
	return vec.LoadUint8x16Array(&keys[i]).AsUint32x4()
}

// rounds16 runs the whole cipher on one block, round keys read from memory
// (asm: rounds16).
// The direction is tested once, not through method values (an indirect
// call per round).
func rounds16(enc bool, x vec.Uint8x16, keys *[15][16]byte, nr int) vec.Uint8x16 {
	x = x.Xor(roundKey16(keys, 0).AsUint8x16())
	if !enc {
		for r := 1; r < nr; r++ {
			x = x.AESDecryptOneRound(roundKey16(keys, r))
		}
		return x.AESDecryptLastRound(roundKey16(keys, nr))
	}
	for r := 1; r < nr; r++ {
		x = x.AESEncryptOneRound(roundKey16(keys, r))
	}
	return x.AESEncryptLastRound(roundKey16(keys, nr))
}

// byteMask16 returns the mask that enables bytes 0..n-1 of an XMM
// register, 1 <= n <= 16 (asm: byteMask, whose low 16 bits are used).
func byteMask16(n int) vec.Mask8x16 { return vec.Mask8x16FromBits(uint16(1)<<n - 1) }

// loadShort loads s, 1 <= len(s) <= 16, zero-padded (asm: loadShort): a
// plain 16-byte load for a whole block, else a masked one (asm:
// loadMasked on an XMM register), which, as loadMasked does, takes the 16
// bytes that end with the data when its 16 bytes at s cross a page
// boundary.
func loadShort(s []byte) vec.Uint8x16 {
	n := len(s)
	if n == 16 {
		return vec.LoadUint8x16(s)
	}
	if pastPage(s, 16) {
		return loadEnd16(s)
	}
	var w [16]byte
	copy(w[:], s)
	return vec.LoadUint8x16ArrayMasked(&w, byteMask16(n))
}

// storeShort stores the first len(s) bytes of x to s, 1 <= len(s) <= 16
// (asm: storeShort): a plain 16-byte store for a whole block, else a
// masked one (asm: storeMasked on an XMM register), through the 16 bytes
// that end with the data when its 16 bytes at s cross a page boundary.
func storeShort(x vec.Uint8x16, s []byte) {
	n := len(s)
	if n == 16 {
		x.Store(s)
		return
	}
	if pastPage(s, 16) {
		storeEnd16(x, s)
		return
	}
	var w [16]byte
	copy(w[:], s)
	x.StoreArrayMasked(&w, byteMask16(n))
	copy(s, w[:n])
}

// loadEnd16 is loadEnd on an XMM register (asm: loadEnd): the 16 bytes
// that end with s, through endMask16, moved down by 16-len(s) with VPERMB
// under the zeroing mask of the first len(s) bytes.
func loadEnd16(s []byte) vec.Uint8x16 {
	n := len(s)
	var w [16]byte
	copy(w[16-n:], s)
	x := vec.LoadUint8x16ArrayMasked(&w, endMask16(n))
	return keepShort(x.Permute(ramp(16-n).GetLo().GetLo()), n)
}

// storeEnd16 is storeEnd on an XMM register (asm: storeEnd): x moved up by
// 16-len(s) with VPERMB (indexes n+i modulo 16), stored through the 16
// bytes that end with s under endMask16.
func storeEnd16(x vec.Uint8x16, s []byte) {
	n := len(s)
	var w [16]byte
	x.Permute(ramp(n).GetLo().GetLo()).StoreArrayMasked(&w, endMask16(n))
	copy(s, w[16-n:])
}

// endMask16 returns the mask of the last n of an XMM register's 16 bytes
// (asm: endMask, whose low 16 bits are used).
func endMask16(n int) vec.Mask8x16 { return vec.Mask8x16FromBits(uint16(0xffff) << (16 - n)) }

// keepShort zeroes the bytes of x from n on, 1 <= n <= 16 (asm:
// keepShort, a zeroing masked move; for a whole block the mask keeps all).
func keepShort(x vec.Uint8x16, n int) vec.Uint8x16 {
	var w [16]byte
	x.StoreArray(&w)
	return vec.LoadUint8x16ArrayMasked(&w, byteMask16(n))
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
	ks := rounds16(true, c, keys, rounds)
	storeShort(loadShort(src).Xor(ks), dst[:len(src)])
	storeCounter16(add, c, ctr)
}

// storeCounter16 stores the counter block c advanced by one (asm:
// storeCounter16).
func storeCounter16(add increment, c vec.Uint8x16, ctr *[16]byte) {
	one := tables.CounterAdd(1)
	reverse16(add.narrow(reverse16(c), vec.LoadUint8x16Array(&one))).StoreArray(ctr)
}

// mulShort returns x·h reduced, with h the key form of H^1 (asm:
// ghashShort's foldPowers, mulAccumulateFolded and reduceFolded on XMM
// registers): the folded power hf = fold(h, 0) = h·x^-64, then
// x.lo·hf ^ x.hi·h, which lies 64 bits up, and one fold.
func mulShort(x, h vec.Uint64x2) vec.Uint64x2 {
	poly := vec.LoadUint8x16Array(&tables.ReflectedPoly).AsUint64x2()
	fold16 := func(x, y vec.Uint64x2) vec.Uint64x2 {
		t := x.CarrylessMultiplyEvenOdd(poly)
		return y.Xor(t).Xor(x.AsUint32x4().PermuteScalars(2, 3, 0, 1).AsUint64x2())
	}
	hf := fold16(h, vec.Uint64x2{})
	mid := x.CarrylessMultiplyEven(hf).Xor(x.CarrylessMultiplyOddEven(h))
	hi := x.CarrylessMultiplyEvenOdd(hf).Xor(x.CarrylessMultiplyOdd(h))
	return fold16(mid, hi)
}

// keyH1 returns the key form of H^1, slot 15 of the table (asm: the memory
// operand keyPowers(table, 15) in its XMM size).
func keyH1(t *[32][16]byte) vec.Uint64x2 { return vec.LoadUint8x16Array(&t[powers-1]).AsUint64x2() }

// ghashShort absorbs one block x, in GCM's block order and zero-padded,
// into the GHASH value y, both in memory form (asm: ghashShort): y ^ x
// reversed once, multiplied by H.
func ghashShort(t *[32][16]byte, y *[16]byte, x vec.Uint8x16) {
	v := reverse16(vec.LoadUint8x16Array(y).Xor(x)).AsUint64x2()
	reverse16(mulShort(v, keyH1(t)).AsUint8x16()).StoreArray(y)
}

// ghashUpdateShort is ghashUpdate on 1..16 bytes (asm: ghashUpdate's short
// path).
func ghashUpdateShort(t *[32][16]byte, y *[16]byte, data []byte) {
	ghashShort(t, y, loadShort(data))
}

// sealShort is seal on 1..16 bytes (asm: sealShort).
func sealShort(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	c := vec.LoadUint8x16Array(ctr)
	x := loadShort(src).Xor(rounds16(true, c, keys, rounds))
	storeShort(x, dst[:len(src)])
	ghashShort(t, y, keepShort(x, len(src)))
	storeCounter16(inc32, c, ctr)
}

// openShort is open on 1..16 bytes (asm: openShort): the hash of the
// ciphertext runs while the block is encrypted.
func openShort(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	c := vec.LoadUint8x16Array(ctr)
	x := loadShort(src)
	ghashShort(t, y, x)
	storeShort(x.Xor(rounds16(true, c, keys, rounds)), dst[:len(src)])
	storeCounter16(inc32, c, ctr)
}
