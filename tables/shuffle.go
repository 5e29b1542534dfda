package tables

// The masks below are PSHUFB/VPSHUFB index vectors: the result's byte i is
// the source's byte mask[i]. In Go, out[i] = in[mask[i]].

// ByteReverse reverses the 16 bytes of a block. GHASH code applies it to
// turn GCM's big-endian blocks into the little-endian 128-bit integers the
// carry-less multiply works on, and CTR code applies it to turn the
// big-endian counter into lane-addable little-endian form (see CounterAdd).
var ByteReverse = [16]byte{15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}

// ShiftRows is AES's ShiftRows step as a byte permutation: row r of the
// state rotates left by r columns, so the byte at row r, column c comes from
// row r, column (c+r) mod 4, that is ShiftRows[4c+r] = 4((c+r) mod 4)+r.
// Because SubBytes works byte by byte, AESENCLAST's ShiftRows can be undone
// with InvShiftRows, leaving SubBytes alone (and likewise for decryption).
var ShiftRows = [16]byte{0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11}

// InvShiftRows is the inverse permutation of ShiftRows:
// InvShiftRows[4c+r] = 4((c-r) mod 4)+r.
var InvShiftRows = [16]byte{0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3}
