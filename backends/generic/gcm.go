package generic

import (
	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/ghash"
)

// hashPowers is how many powers of H the generic backend keeps: one. In Go,
// summing several products before one reduction saves nothing (the
// reduction is a few shifts; the three carry-less multiplies per block are
// the cost), so the plainest form, Horner's rule with H alone, is used.
const hashPowers = 1

// GHASHInit stores H, in the form ghash's multiply takes, in t.
func GHASHInit(t *ghash.Table, h *[16]byte) {
	ghash.InitTable(t, h, hashPowers)
}

// GHASH absorbs data into y: y = (y ^ X_i)·H for each 16-byte block X_i, the
// last partial block padded with zeros.
func GHASH(t *ghash.Table, y *[16]byte, data []byte) {
	ghash.UpdateTable(t, hashPowers, y, data)
}

// Seal encrypts src into dst with the 32-bit counter and absorbs the
// ciphertext into y. Written as the two steps it is; the assembly backends
// interleave them.
func Seal(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	if len(dst) < len(src) {
		panic("generic: output smaller than input")
	}
	CTR32(ks, ctr, dst, src)
	GHASH(t, y, dst[:len(src)])
}

// Open absorbs the ciphertext src into y, then decrypts it into dst. src and
// dst may be the same slice: the hash is taken before the data is replaced.
func Open(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	if len(dst) < len(src) {
		panic("generic: output smaller than input")
	}
	GHASH(t, y, src)
	CTR32(ks, ctr, dst, src)
}
