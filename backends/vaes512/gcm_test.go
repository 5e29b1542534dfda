package vaes512

import (
	"crypto/aes"
	"crypto/cipher"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/ghash"
)

// gcmState is what a GCM built on this package's kernels keeps per key.
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

// seal is GCM encryption with a 12-byte nonce and a 16-byte tag on the
// kernels: what the root package's GCM.Seal does, without its checks.
func (g *gcmState) seal(dst, nonce, plaintext, aad []byte) {
	var j0, ctr, y, tag [16]byte
	copy(j0[:], nonce)
	j0[15] = 1
	ctr = j0
	ctr[15] = 2
	GHASH(&g.table, &y, aad)
	Seal(&g.ks, &g.table, &ctr, &y, dst, plaintext)
	g.finish(&y, &j0, len(aad), len(plaintext), &tag)
	copy(dst[len(plaintext):], tag[:])
}

// open is the matching decryption; it returns whether the tag matched.
func (g *gcmState) open(dst, nonce, ciphertext, aad []byte) bool {
	var j0, ctr, y, tag [16]byte
	copy(j0[:], nonce)
	j0[15] = 1
	ctr = j0
	ctr[15] = 2
	n := len(ciphertext) - 16
	GHASH(&g.table, &y, aad)
	Open(&g.ks, &g.table, &ctr, &y, dst, ciphertext[:n])
	g.finish(&y, &j0, len(aad), n, &tag)
	return [16]byte(ciphertext[n:]) == tag
}

// finish hashes the length block and encrypts the hash into the tag.
func (g *gcmState) finish(y, j0 *[16]byte, aadLen, textLen int, tag *[16]byte) {
	var lengths [16]byte
	putBits(lengths[:8], aadLen)
	putBits(lengths[8:], textLen)
	GHASH(&g.table, y, lengths[:])
	EncryptBlocks(&g.ks, tag[:], j0[:])
	for i := range tag {
		tag[i] ^= y[i]
	}
}

func putBits(b []byte, n int) {
	bits := uint64(n) * 8
	for i := range 8 {
		b[i] = byte(bits >> (56 - 8*i))
	}
}
