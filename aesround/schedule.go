package aesround

// Schedule is an expanded AES key, laid out the way every backend reads it.
//
// Enc[i] is round key i of the cipher, as the 16 bytes an AESENC instruction
// takes (FIPS 197 byte order). Dec holds the keys of the equivalent inverse
// cipher, in the order AESDEC uses them:
//
//	Dec[0]  = Enc[Rounds]
//	Dec[i]  = InvMixColumns(Enc[Rounds-i])   for 0 < i < Rounds
//	Dec[Rounds] = Enc[0]
//
// The assembly reads the fields at fixed offsets: Enc at 0, Dec at 240,
// Rounds at 480. Do not reorder them.
type Schedule struct {
	Enc    [15][16]byte
	Dec    [15][16]byte
	Rounds int // 10, 12 or 14
}
