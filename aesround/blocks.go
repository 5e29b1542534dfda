package aesround

import "encoding/binary"

// EncKeys holds the encryption round keys of a Schedule bitsliced, each key
// repeated for the four blocks of the layout in slice.go, so that Encrypt4
// runs the cipher without transposing keys. The zero value is not usable;
// call Init.
type EncKeys struct {
	rk     [15][8]uint64
	rounds int
}

// Init fills k from s.Enc.
func (k *EncKeys) Init(s *Schedule) {
	k.rounds = s.Rounds
	for i := 0; i <= s.Rounds; i++ {
		sliceKey(&k.rk[i], &s.Enc[i])
	}
}

// Encrypt4 encrypts the four blocks of src into dst. dst and src may be the
// same array.
func (k *EncKeys) Encrypt4(dst, src *[64]byte) {
	var q [8]uint64
	load(&q, src)
	addRoundKey(&q, &k.rk[0])
	for i := 1; i < k.rounds; i++ {
		shiftRows(&q)
		subBytes(&q)
		mixColumns(&q)
		addRoundKey(&q, &k.rk[i])
	}
	shiftRows(&q)
	subBytes(&q)
	addRoundKey(&q, &k.rk[k.rounds])
	store(dst, &q)
}

// DecKeys holds the decryption round keys of a Schedule (s.Dec) bitsliced,
// for Decrypt4. The zero value is not usable; call Init.
type DecKeys struct {
	rk     [15][8]uint64
	rounds int
}

// Init fills k from s.Dec.
func (k *DecKeys) Init(s *Schedule) {
	k.rounds = s.Rounds
	for i := 0; i <= s.Rounds; i++ {
		sliceKey(&k.rk[i], &s.Dec[i])
	}
}

// Decrypt4 decrypts the four blocks of src into dst with the equivalent
// inverse cipher (AESDEC with the keys of s.Dec). dst and src may be the
// same array.
func (k *DecKeys) Decrypt4(dst, src *[64]byte) {
	var q [8]uint64
	load(&q, src)
	addRoundKey(&q, &k.rk[0])
	for i := 1; i < k.rounds; i++ {
		invShiftRows(&q)
		invSubBytes(&q)
		invMixColumns(&q)
		addRoundKey(&q, &k.rk[i])
	}
	invShiftRows(&q)
	invSubBytes(&q)
	addRoundKey(&q, &k.rk[k.rounds])
	store(dst, &q)
}

// EncryptBlocks4 encrypts the four blocks of src into dst with s. dst and
// src may be the same array. It bitslices each round key as it goes; to
// encrypt many groups of blocks with one key, Init an EncKeys once and call
// its Encrypt4, which skips that work.
func EncryptBlocks4(s *Schedule, dst, src *[64]byte) {
	var q [8]uint64
	load(&q, src)
	addKey(&q, &s.Enc[0])
	for i := 1; i < s.Rounds; i++ {
		shiftRows(&q)
		subBytes(&q)
		mixColumns(&q)
		addKey(&q, &s.Enc[i])
	}
	shiftRows(&q)
	subBytes(&q)
	addKey(&q, &s.Enc[s.Rounds])
	store(dst, &q)
}

// DecryptBlocks4 decrypts the four blocks of src into dst with s (AESDEC
// with the keys of s.Dec). dst and src may be the same array. Like
// EncryptBlocks4, it bitslices each round key as it goes; DecKeys saves that.
func DecryptBlocks4(s *Schedule, dst, src *[64]byte) {
	var q [8]uint64
	load(&q, src)
	addKey(&q, &s.Dec[0])
	for i := 1; i < s.Rounds; i++ {
		invShiftRows(&q)
		invSubBytes(&q)
		invMixColumns(&q)
		addKey(&q, &s.Dec[i])
	}
	invShiftRows(&q)
	invSubBytes(&q)
	addKey(&q, &s.Dec[s.Rounds])
	store(dst, &q)
}

// sliceKey bitslices the round key rk into the four block positions of k,
// giving what load would produce from four copies of rk.
func sliceKey(k *[8]uint64, rk *[16]byte) {
	*k = [8]uint64{}
	addKey(k, rk)
}

// addKey XORs the round key rk, bitsliced into all four block positions,
// into q. After zip (as in load), byte b of even holds row b/2 of column
// 2·(b mod 2) and byte b of odd the next column, so bit i of those bytes
// belongs at bits 8b and 8b+4 of plane i for block 0; two shift-and-ORs copy
// each such bit into the three bits above it, the same key bit for blocks 1,
// 2 and 3.
func addKey(q *[8]uint64, rk *[16]byte) {
	const lsb = 0x0101010101010101
	c01 := binary.LittleEndian.Uint64(rk[0:])
	c23 := binary.LittleEndian.Uint64(rk[8:])
	even := zip(c01&0xffffffff | c23<<32)
	odd := zip(c01>>32 | c23&0xffffffff00000000)
	for i := range q {
		k := even>>i&lsb | (odd>>i&lsb)<<4
		k |= k << 1
		q[i] ^= k | k<<2
	}
}
