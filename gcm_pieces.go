package vaes

import (
	"math"

	"github.com/vaesgo/vaes/internal/alias"
)

// SealPieces is Seal of the concatenation of pieces, without copying them
// into one buffer first: TLS 1.3, for example, seals a record's payload
// followed by its one-byte content type. The result is exactly
// Seal(dst, nonce, concatenated pieces, additionalData).
//
// Seal's rules apply to each piece: a piece may be where its own ciphertext
// goes (to encrypt in place), and must not overlap the output anywhere else;
// the output must not overlap additionalData.
func (g *GCM) SealPieces(dst, nonce []byte, pieces [][]byte, additionalData []byte) []byte {
	if len(nonce) != g.nonceSize {
		panic("crypto/cipher: incorrect nonce length given to GCM")
	}
	var total uint64
	for _, p := range pieces {
		total += uint64(len(p))
		// (The second test matters where int is 32 bits: pieces may
		// share memory, so their lengths can add up past what a slice
		// can hold.)
		if total > gcmMaxPlaintext || total > uint64(math.MaxInt-g.tagSize) {
			panic("crypto/cipher: message too large for GCM")
		}
	}
	ret, out := sliceForAppend(dst, int(total)+g.tagSize)
	off := 0
	for _, p := range pieces {
		if alias.AnyOverlap(out, p) && &out[off] != &p[0] {
			panic("crypto/cipher: invalid buffer overlap of output and input")
		}
		off += len(p)
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("crypto/cipher: invalid buffer overlap of output and additional data")
	}

	k := g.kernels(nonce)
	var ctr, tagMask, y [BlockSize]byte
	g.counter(k, &ctr, &tagMask, nonce)
	ghashUpdate(k.b, k.t, &y, additionalData)

	// Whole blocks of each piece go straight through the bulk kernel. A
	// block that straddles pieces is gathered in carry and sealed on its
	// own; only the very last block of the message may be partial, which
	// is what the kernel's GHASH padding expects.
	var carry [BlockSize]byte
	nc, pos := 0, 0 // bytes in carry; where carry's first byte goes in out
	for _, p := range pieces {
		if nc > 0 {
			taken := copy(carry[nc:], p)
			nc, p = nc+taken, p[taken:]
			if nc < BlockSize {
				continue
			}
			gcmSeal(k.b, &g.key.ks, k.t, &ctr, &y, carry[:], carry[:], k.public)
			copy(out[pos:], carry[:])
			pos, nc = pos+BlockSize, 0
		}
		if m := len(p) &^ (BlockSize - 1); m > 0 {
			gcmSeal(k.b, &g.key.ks, k.t, &ctr, &y, out[pos:pos+m], p[:m], k.public)
			pos, p = pos+m, p[m:]
		}
		nc = copy(carry[:], p)
	}
	if nc > 0 {
		gcmSeal(k.b, &g.key.ks, k.t, &ctr, &y, carry[:nc], carry[:nc], k.public)
		copy(out[pos:], carry[:nc])
	}
	g.finish(k, &y, &tagMask, len(additionalData), total)
	copy(out[total:], y[:g.tagSize])
	return ret
}
