// Package generic is the plainest backend: pure Go, constant time, running on
// every architecture and in purego builds. It is the reference the assembly
// backends' models are read against, so it favours the obvious over the fast.
//
// It works on four blocks at a time, one vec.Uint8x64, because that is how
// many the bitsliced S-box in package aesround handles in one pass (64 bytes,
// one bit plane per 64-bit word). A tail of one to three blocks, or a partial
// block, is loaded with a partial load (the rest of the vector zero) and run
// as a whole vector; a partial store writes back only what is there, so
// nothing is read past src or written past dst.
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

// encrypt4 runs the cipher on the four blocks of x.
//
// The rounds could be written as x.AESEncryptOneRound(key) ten to fourteen
// times, with each round key broadcast to the four lanes, exactly as the
// VAES backends do. Each such call transposes the 64 bytes into bit planes
// and back, though, and aesround's EncKeys keeps the blocks and the keys in
// bit planes from the first round to the last: 2.5 times as fast, which is
// what makes this backend usable (AES-GCM at about 100 MB/s instead of 25).
func encrypt4(k *aesround.EncKeys, x vec.Uint8x64) vec.Uint8x64 {
	var in, out [16 * lanes]byte
	x.StoreArray(&in)
	k.Encrypt4(&out, &in)
	return vec.LoadUint8x64Array(&out)
}

// decrypt4 runs the inverse cipher on the four blocks of x.
func decrypt4(k *aesround.DecKeys, x vec.Uint8x64) vec.Uint8x64 {
	var in, out [16 * lanes]byte
	x.StoreArray(&in)
	k.Decrypt4(&out, &in)
	return vec.LoadUint8x64Array(&out)
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
	var k aesround.EncKeys
	k.Init(ks)
	for len(src) > 0 {
		n := min(len(src), 16*lanes)
		part, _ := vec.LoadUint8x64Part(src[:n])
		encrypt4(&k, part).StorePart(dst[:n])
		src, dst = src[n:], dst[n:]
	}
}

// DecryptBlocks decrypts len(src)/16 whole blocks of src into dst.
func DecryptBlocks(ks *aesround.Schedule, dst, src []byte) {
	checkBlocks(dst, src)
	var k aesround.DecKeys
	k.Init(ks)
	for len(src) > 0 {
		n := min(len(src), 16*lanes)
		part, _ := vec.LoadUint8x64Part(src[:n])
		decrypt4(&k, part).StorePart(dst[:n])
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
	var k aesround.EncKeys
	k.Init(ks)
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
		keystream := encrypt4(&k, vec.LoadUint8x64Array(&counters))
		part, _ := vec.LoadUint8x64Part(src[:n])
		keystream.Xor(part).StorePart(dst[:n])
		src, dst = src[n:], dst[n:]
	}
}
