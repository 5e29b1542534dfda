package aesround

import "math/bits"

// The linear steps of a round, on the bitsliced layout of slice.go: row r of
// every plane is bits 16r..16r+15, column c of a row is 4 bits at 4c.

// shiftRows rotates row r left by r columns: the new column c is the old
// column c+r (mod 4), so within row r's 16 bits the row moves right by 4r
// bits, with wraparound. It rotates rows 2 and 3 by two columns (swapping
// the bytes of their 16-bit fields), then rows 1 and 3 by one more.
func shiftRows(q *[8]uint64) {
	for i, x := range q {
		x = deltaSwap(x, 0x00ff00ff00000000, 8)
		q[i] = x&0x0000ffff0000ffff | x>>4&0x0fff00000fff0000 | x<<12&0xf0000000f0000000
	}
}

// invShiftRows rotates row r right by r columns: the new column c is the old
// column c-r (mod 4). Rows 2 and 3 rotate by two columns, then rows 1 and 3
// by one column the other way.
func invShiftRows(q *[8]uint64) {
	for i, x := range q {
		x = deltaSwap(x, 0x00ff00ff00000000, 8)
		q[i] = x&0x0000ffff0000ffff | x<<4&0xfff00000fff00000 | x>>12&0x000f0000000f0000
	}
}

// nextRow moves row r+1 (mod 4) of every column into row r.
func nextRow(x uint64) uint64 { return bits.RotateLeft64(x, -16) }

// rowPlus2 moves row r+2 (mod 4) of every column into row r.
func rowPlus2(x uint64) uint64 { return bits.RotateLeft64(x, 32) }

// mixColumns multiplies every column by the MixColumns matrix:
//
//	a'[r] = 2·a[r] + 3·a[r+1] + a[r+2] + a[r+3]
//	      = 2·t[r] + a[r+1] + t[r+2]       with t[r] = a[r] + a[r+1],
//
// computed plane by plane: n = a[r+1] (nextRow), t = a + n.
//
// Multiplying by 2 in GF(2^8) moves plane i to plane i+1 and adds plane 7
// into planes 0, 1, 3 and 4 (X^8 = X^4 + X^3 + X + 1).
func mixColumns(q *[8]uint64) {
	a0, a1, a2, a3, a4, a5, a6, a7 := q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7]
	n0, n1, n2, n3, n4, n5, n6, n7 := nextRow(a0), nextRow(a1), nextRow(a2), nextRow(a3), nextRow(a4), nextRow(a5), nextRow(a6), nextRow(a7)
	t0, t1, t2, t3, t4, t5, t6, t7 := a0^n0, a1^n1, a2^n2, a3^n3, a4^n4, a5^n5, a6^n6, a7^n7
	q[0] = t7 ^ n0 ^ rowPlus2(t0)
	q[1] = t0 ^ t7 ^ n1 ^ rowPlus2(t1)
	q[2] = t1 ^ n2 ^ rowPlus2(t2)
	q[3] = t2 ^ t7 ^ n3 ^ rowPlus2(t3)
	q[4] = t3 ^ t7 ^ n4 ^ rowPlus2(t4)
	q[5] = t4 ^ n5 ^ rowPlus2(t5)
	q[6] = t5 ^ n6 ^ rowPlus2(t6)
	q[7] = t6 ^ n7 ^ rowPlus2(t7)
}

// invMixColumns multiplies every column by the InvMixColumns matrix. As
// polynomials over GF(2^8) modulo x^4 + 1, InvMixColumns multiplies by
// 0B·x^3 + 0D·x^2 + 09·x + 0E, which is (03·x^3 + x^2 + x + 02)(04·x^2 + 05):
// MixColumns after a cheap step
//
//	a'[r] = 5·a[r] + 4·a[r+2] = a[r] + 4·(a[r] + a[r+2]).
//
// Multiplying by 4 = X^2 moves plane i to plane i+2 and folds planes 6 and
// 7 back with X^8 = X^4 + X^3 + X + 1 and X^9 = X^5 + X^4 + X^2 + X.
func invMixColumns(q *[8]uint64) {
	a0, a1, a2, a3, a4, a5, a6, a7 := q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7]
	u0, u1, u2, u3 := a0^rowPlus2(a0), a1^rowPlus2(a1), a2^rowPlus2(a2), a3^rowPlus2(a3)
	u4, u5, u6, u7 := a4^rowPlus2(a4), a5^rowPlus2(a5), a6^rowPlus2(a6), a7^rowPlus2(a7)
	q[0] = a0 ^ u6
	q[1] = a1 ^ u6 ^ u7
	q[2] = a2 ^ u0 ^ u7
	q[3] = a3 ^ u1 ^ u6
	q[4] = a4 ^ u2 ^ u6 ^ u7
	q[5] = a5 ^ u3 ^ u7
	q[6] = a6 ^ u4
	q[7] = a7 ^ u5
	mixColumns(q)
}

// addRoundKey XORs the bitsliced round key k into q.
func addRoundKey(q, k *[8]uint64) {
	for i := range q {
		q[i] ^= k[i]
	}
}
