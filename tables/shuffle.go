package tables

// ByteReverse reverses the 16 bytes of a block. It is a PSHUFB (VPSHUFB)
// index vector: the result's byte i is the source's byte ByteReverse[i], in
// Go out[i] = in[ByteReverse[i]]. GHASH code applies it to turn GCM's
// big-endian blocks into the little-endian 128-bit integers the carry-less
// multiply works on, and CTR code applies it to turn the big-endian counter
// into lane-addable little-endian form (see CounterAdd).
var ByteReverse = [16]byte{15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}
