package aesround

import "encoding/binary"

// Bitsliced layout.
//
// Four blocks (64 bytes) are held in eight uint64 planes q[0..7]: q[i] holds
// bit i of every byte. Byte 4c+r of block k (row r, column c) sits at bit
//
//	16·r + 4·c + k
//
// of each plane. So each row fills 16 bits, each column 4 bits within its
// row, one bit per block. ShiftRows then rotates the 16 bits of a row by
// whole columns, and MixColumns, which combines rows of the same column, is
// a 64-bit rotation by multiples of 16.
//
// load gets there in two steps:
//
//  1. Rearrange bytes into eight words w[0..7]. Word 4·(c mod 2)+k holds
//     two columns of block k, c mod 2 and c mod 2 + 2, interleaved row by
//     row: row r of column c is its byte 2·r + c/2 (c/2 rounded down).
//  2. Transpose the 8×8 bit matrices: three rounds of swap-moves exchange
//     the word index with the bit index inside each byte, so that plane i
//     gets bit i of every byte, and byte b of word j lands at bit 8·b + j.
//
// With b = 2·r + c/2 and j = 4·(c mod 2) + k, bit 8·b + j is 16·r + 4·c + k.
// store runs the same steps backwards.

// swapMove exchanges the bits of a selected by mask<<n with the bits of b
// selected by mask.
func swapMove(a, b, mask uint64, n uint) (uint64, uint64) {
	t := (a>>n ^ b) & mask
	return a ^ t<<n, b ^ t
}

// transpose transposes the eight 8×8 bit matrices formed by byte b of each
// of the eight words, for b = 0..7: bit i of byte b of word j trades places
// with bit j of byte b of word i. Each round of swap-moves exchanges one bit
// of the word index with the same bit of the bit index. It is its own
// inverse.
func transpose(w *[8]uint64) {
	const m1, m2, m4 = 0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f
	w0, w1, w2, w3, w4, w5, w6, w7 := w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]
	w0, w1 = swapMove(w0, w1, m1, 1)
	w2, w3 = swapMove(w2, w3, m1, 1)
	w4, w5 = swapMove(w4, w5, m1, 1)
	w6, w7 = swapMove(w6, w7, m1, 1)
	w0, w2 = swapMove(w0, w2, m2, 2)
	w1, w3 = swapMove(w1, w3, m2, 2)
	w4, w6 = swapMove(w4, w6, m2, 2)
	w5, w7 = swapMove(w5, w7, m2, 2)
	w0, w4 = swapMove(w0, w4, m4, 4)
	w1, w5 = swapMove(w1, w5, m4, 4)
	w2, w6 = swapMove(w2, w6, m4, 4)
	w3, w7 = swapMove(w3, w7, m4, 4)
	*w = [8]uint64{w0, w1, w2, w3, w4, w5, w6, w7}
}

// deltaSwap exchanges the bits of x selected by mask with those n places
// above them.
func deltaSwap(x, mask uint64, n uint) uint64 {
	t := (x ^ x>>n) & mask
	return x ^ t ^ t<<n
}

// zip interleaves the bytes of the two halves of x: bytes 0..7 of the
// result are bytes 0, 4, 1, 5, 2, 6, 3, 7 of x.
func zip(x uint64) uint64 {
	x = deltaSwap(x, 0x00000000ffff0000, 16) // 0 1 4 5 2 3 6 7
	return deltaSwap(x, 0x0000ff000000ff00, 8)
}

// unzip is the inverse of zip.
func unzip(x uint64) uint64 {
	x = deltaSwap(x, 0x0000ff000000ff00, 8)
	return deltaSwap(x, 0x00000000ffff0000, 16)
}

// load bitslices the four blocks of b into q.
func load(q *[8]uint64, b *[64]byte) {
	for k := range 4 {
		c01 := binary.LittleEndian.Uint64(b[16*k:])    // columns 0, 1
		c23 := binary.LittleEndian.Uint64(b[16*k+8:])  // columns 2, 3
		q[k] = zip(c01&0xffffffff | c23<<32)           // columns 0, 2
		q[4+k] = zip(c01>>32 | c23&0xffffffff00000000) // columns 1, 3
	}
	transpose(q)
}

// store writes the four blocks bitsliced in q to b.
func store(b *[64]byte, q *[8]uint64) {
	w := *q
	transpose(&w)
	for k := range 4 {
		c02 := unzip(w[k])
		c13 := unzip(w[4+k])
		binary.LittleEndian.PutUint64(b[16*k:], c02&0xffffffff|c13<<32)
		binary.LittleEndian.PutUint64(b[16*k+8:], c02>>32|c13&0xffffffff00000000)
	}
}
