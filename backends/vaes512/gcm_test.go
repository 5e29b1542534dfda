package vaes512

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/subtle"
	"encoding/binary"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/ghash"
)

// gcmState is what a GCM built on this package's kernels keeps per key. Its
// seal and open make the kernel calls the root package's GCM makes, in the
// same order, without its argument checks, so the benchmarks measure what a
// user of the root package gets.
type gcmState struct {
	ks    aesround.Schedule
	table ghash.Table
	block cipher.Block
}

func newGCMState(key []byte) *gcmState {
	g := new(gcmState)
	aesround.Expand(&g.ks, key)
	g.block, _ = aes.NewCipher(key)
	var h [16]byte
	EncryptBlocks(&g.ks, h[:], h[:])
	GHASHInit(&g.table, &h)
	return g
}

// counter sets ctr to J0+1 for a 12-byte nonce and tagMask to E(J0).
func (g *gcmState) counter(ctr, tagMask *[16]byte, nonce []byte) {
	copy(ctr[:], nonce)
	ctr[12], ctr[13], ctr[14], ctr[15] = 0, 0, 0, 1
	clear(tagMask[:])
	CTR32(&g.ks, ctr, tagMask[:], tagMask[:])
}

// seal is GCM encryption with a 12-byte nonce and a 16-byte tag: dst gets
// the ciphertext and the tag.
func (g *gcmState) seal(dst, nonce, plaintext, aad []byte) {
	var ctr, tagMask, y [16]byte
	g.counter(&ctr, &tagMask, nonce)
	GHASH(&g.table, &y, aad)
	Seal(&g.ks, &g.table, &ctr, &y, dst[:len(plaintext)], plaintext)
	g.finish(&y, &tagMask, len(aad), len(plaintext))
	copy(dst[len(plaintext):], y[:])
}

// open is the matching decryption; it returns whether the tag matched.
func (g *gcmState) open(dst, nonce, ciphertext, aad []byte) bool {
	n := len(ciphertext) - 16
	var ctr, tagMask, y [16]byte
	g.counter(&ctr, &tagMask, nonce)
	GHASH(&g.table, &y, aad)
	Open(&g.ks, &g.table, &ctr, &y, dst[:n], ciphertext[:n])
	g.finish(&y, &tagMask, len(aad), n)
	return subtle.ConstantTimeCompare(y[:], ciphertext[n:]) == 1
}

// finish hashes the length block and masks the hash into the tag.
func (g *gcmState) finish(y, tagMask *[16]byte, aadLen, textLen int) {
	var lengths [16]byte
	binary.BigEndian.PutUint64(lengths[:8], uint64(aadLen)*8)
	binary.BigEndian.PutUint64(lengths[8:], uint64(textLen)*8)
	GHASH(&g.table, y, lengths[:])
	subtle.XORBytes(y[:], y[:], tagMask[:])
}
