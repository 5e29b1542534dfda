// Package generic is the plainest backend: pure Go, constant time, running on
// every architecture and in purego builds. It is the reference the assembly
// backends' models are read against, so it favours the obvious over the fast.
//
// It works on four blocks at a time, one vec.Uint8x64, because that is how
// many the bitsliced S-box in package aesround handles in one pass (64 bytes,
// one bit plane per 64-bit word). Every round key is broadcast to the four
// 128-bit lanes once per call, the way the VAES backends broadcast theirs.
// A tail of one to three blocks, or a partial block, is copied into a
// 64-byte buffer and run as a whole vector; nothing is read past src or
// written past dst.
//
// GHASH multiplies one block at a time by H with package ghash's
// constant-time Karatsuba multiply and reduction.
//
// Constant time: no branch and no memory address depends on key or data; loop
// trip counts depend only on lengths.
package generic

import (
	"encoding/binary"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/vec"
)

// lanes is the number of blocks in one vector.
const lanes = 4

// roundKeys is a key schedule with every round key broadcast to all four
// 128-bit lanes of a 512-bit vector.
type roundKeys [15]vec.Uint32x16

// broadcast fills rk from keys, the first rounds+1 of them.
func broadcast(rk *roundKeys, keys *[15][16]byte, rounds int) {
	var buf [64]byte
	for i := 0; i <= rounds; i++ {
		for lane := 0; lane < lanes; lane++ {
			copy(buf[16*lane:], keys[i][:])
		}
		rk[i] = vec.LoadUint8x64(&buf).AsUint32x16()
	}
}

// encrypt4 runs the cipher on four blocks.
func encrypt4(rk *roundKeys, rounds int, x vec.Uint8x64) vec.Uint8x64 {
	x = x.Xor(rk[0].AsUint8x64())
	for i := 1; i < rounds; i++ {
		x = x.AESEncryptOneRound(rk[i])
	}
	return x.AESEncryptLastRound(rk[rounds])
}

// decrypt4 runs the equivalent inverse cipher on four blocks; rk holds the
// decryption schedule.
func decrypt4(rk *roundKeys, rounds int, x vec.Uint8x64) vec.Uint8x64 {
	x = x.Xor(rk[0].AsUint8x64())
	for i := 1; i < rounds; i++ {
		x = x.AESDecryptOneRound(rk[i])
	}
	return x.AESDecryptLastRound(rk[rounds])
}

func checkBlocks(dst, src []byte) {
	if len(src)%16 != 0 {
		panic("generic: input not full blocks")
	}
	if len(dst) < len(src) {
		panic("generic: output smaller than input")
	}
}

// EncryptBlocks encrypts len(src)/16 whole blocks of src into dst.
func EncryptBlocks(ks *aesround.Schedule, dst, src []byte) {
	checkBlocks(dst, src)
	var rk roundKeys
	broadcast(&rk, &ks.Enc, ks.Rounds)
	for len(src) > 0 {
		n := min(len(src), 16*lanes)
		encrypt4(&rk, ks.Rounds, vec.LoadUint8x64SlicePart(src[:n])).StoreSlicePart(dst[:n])
		src, dst = src[n:], dst[n:]
	}
}

// DecryptBlocks decrypts len(src)/16 whole blocks of src into dst.
func DecryptBlocks(ks *aesround.Schedule, dst, src []byte) {
	checkBlocks(dst, src)
	var rk roundKeys
	broadcast(&rk, &ks.Dec, ks.Rounds)
	for len(src) > 0 {
		n := min(len(src), 16*lanes)
		decrypt4(&rk, ks.Rounds, vec.LoadUint8x64SlicePart(src[:n])).StoreSlicePart(dst[:n])
		src, dst = src[n:], dst[n:]
	}
}

// CTR32 XORs src with the keystream of the counter blocks ctr, ctr+1, ...,
// where only the low 32 bits (big-endian) count, wrapping without carry.
// On return ctr has advanced by one per block, a partial block included.
func CTR32(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte) {
	ctrXOR(ks, ctr, dst, src, false)
}

// CTR128 is CTR32 with the whole block as a 128-bit big-endian counter.
func CTR128(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte) {
	ctrXOR(ks, ctr, dst, src, true)
}

func inc32(ctr *[16]byte) {
	binary.BigEndian.PutUint32(ctr[12:], binary.BigEndian.Uint32(ctr[12:])+1)
}

func inc128(ctr *[16]byte) {
	lo := binary.BigEndian.Uint64(ctr[8:]) + 1
	binary.BigEndian.PutUint64(ctr[8:], lo)
	// Add the carry into the high half without a branch on the counter.
	hi := binary.BigEndian.Uint64(ctr[:8]) + uint64(1-((lo|-lo)>>63))
	binary.BigEndian.PutUint64(ctr[:8], hi)
}

// ctrXOR is CTR32, or CTR128 when wide is set. (A flag rather than the
// increment as a function value: calling through a function value would make
// ctr escape to the heap, and every caller would allocate.)
func ctrXOR(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte, wide bool) {
	if len(dst) < len(src) {
		panic("generic: output smaller than input")
	}
	var rk roundKeys
	broadcast(&rk, &ks.Enc, ks.Rounds)
	var counters [16 * lanes]byte
	for len(src) > 0 {
		// Up to four counter blocks (one per block of data, a partial one
		// included), then their keystream XORed into the data. Lanes past
		// the end of a short final group are encrypted and discarded.
		n := min(len(src), 16*lanes)
		for lane := 0; lane < (n+15)/16; lane++ {
			copy(counters[16*lane:], ctr[:])
			if wide {
				inc128(ctr)
			} else {
				inc32(ctr)
			}
		}
		keystream := encrypt4(&rk, ks.Rounds, vec.LoadUint8x64(&counters))
		keystream.Xor(vec.LoadUint8x64SlicePart(src[:n])).StoreSlicePart(dst[:n])
		src, dst = src[n:], dst[n:]
	}
}
