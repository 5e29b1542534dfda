//go:build !(goexperiment.simd && amd64 && go1.27) || vec_emulate

package vec

import "github.com/vaesgo/vaes/aesround"

// The four round operations of every width are in aes_gen.go; they hand the
// whole register, 16, 32 or 64 bytes, to aesround in one call, so its
// bitsliced S-box works on up to four blocks at once.

// AESInvMixColumns returns InvMixColumns (FIPS 197) of the AES state in x,
// whose byte 4c+r is row r, column c. It turns an encryption round key into
// the round key AESDecryptOneRound expects.
//
// Asm: VAESIMC, CPU Feature: AVXAES
func (x Uint32x4) AESInvMixColumns() Uint32x4 {
	b := x.AsUint8x16()
	aesround.InvMixColumns(b.a[:])
	return b.AsUint32x4()
}

// AESRoundKeyGenAssist computes the S-box part of one step of the AES key
// expansion (FIPS 197) from lanes 1 and 3 of x, with rconVal the round
// constant:
//
//	result[0] = SubWord(x[1])
//	result[1] = RotWord(SubWord(x[1])) ^ rconVal
//	result[2] = SubWord(x[3])
//	result[3] = RotWord(SubWord(x[3])) ^ rconVal
//
// Here words are little-endian lanes, so RotWord rotates a lane right by 8
// bits, and rconVal lands in the lane's low byte. Lanes 0 and 2 of x are
// ignored.
//
// Asm: VAESKEYGENASSIST, CPU Feature: AVXAES
func (x Uint32x4) AESRoundKeyGenAssist(rconVal uint8) Uint32x4 {
	src := x.AsUint8x16()
	var dst Uint8x16
	aesround.KeyGenAssist(&dst.a, &src.a, rconVal)
	return dst.AsUint32x4()
}
