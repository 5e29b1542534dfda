package vaes

import (
	"crypto/cipher"
	"crypto/fips140"

	"github.com/vaesgo/vaes/internal/alias"
	"github.com/vaesgo/vaes/internal/kernels"
)

// crypto/cipher looks for these methods on any cipher.Block that is not
// crypto/aes's own (its gcmAble, ctrAble, cbcEncAble and cbcDecAble
// interfaces), so cipher.NewGCM(c), cipher.NewCTR(c, iv),
// cipher.NewCBCEncrypter(c, iv) and the rest, given a *Cipher, return this
// package's implementations on c's expanded key, with no second key
// expansion. crypto/cipher checks some arguments before it calls them and
// some only after; each method makes the checks crypto/cipher makes for a
// crypto/aes block, with the same errors and panics, so that either way of
// building a mode behaves the same.

// NewGCM returns AES-GCM on c with the given nonce and tag sizes, as NewGCM,
// NewGCMWithNonceSize and NewGCMWithTagSize do on a key; the result is a
// *GCM. cipher.NewGCM, cipher.NewGCMWithNonceSize and
// cipher.NewGCMWithTagSize call it when given a *Cipher. Tag sizes of 12 to
// 16 bytes are allowed, and any nonce size but zero.
func (c *Cipher) NewGCM(nonceSize, tagSize int) (cipher.AEAD, error) {
	if fips140.Enforced() {
		return nil, errFIPSGCM
	}
	if err := checkGCMSizes(nonceSize, tagSize); err != nil {
		return nil, err
	}
	g := &GCM{b: c.b, nonceSize: nonceSize, tagSize: tagSize}
	if c.std != nil && tagSize == gcmTagSize {
		// As in newGCM: the standard library seals and opens, and the key
		// material for SealPieces, Sealer and Opener is made if they are
		// used.
		g.std = kernels.StdGCMOnBlock(c.std, nonceSize, tagSize)
		ks := c.ks
		g.prepare = func() { g.initSchedule(&ks) }
		return g, nil
	}
	g.initSchedule(&c.ks)
	return g, nil
}

// NewCTR returns a cipher.Stream that encrypts or decrypts with c in counter
// mode, as NewCTR does on a key. cipher.NewCTR calls it when given a
// *Cipher. It panics if iv is not 16 bytes long, as cipher.NewCTR does for a
// crypto/aes block.
func (c *Cipher) NewCTR(iv []byte) cipher.Stream {
	if fips140.Enforced() {
		panic(fipsCTRPanic)
	}
	if len(iv) != BlockSize {
		panic("bad IV length")
	}
	if c.std != nil {
		return kernels.StdCTROnBlock(c.std, iv)
	}
	s := &ctrStream{c: *c, off: BlockSize}
	copy(s.ctr[:], iv)
	return s
}

// NewCBCEncrypter returns a cipher.BlockMode that encrypts with c in cipher
// block chaining mode, starting from iv. cipher.NewCBCEncrypter calls it
// when given a *Cipher. It panics if iv is not 16 bytes long.
//
// The BlockMode carries the chaining value from one CryptBlocks call to the
// next, so a message may be encrypted in pieces of whole blocks; SetIV
// starts a new one. Like crypto/aes's, it is for one goroutine at a time.
//
// Each block's encryption needs the ciphertext of the block before, so
// CBC encryption cannot run blocks side by side: on every assembly backend
// it takes one AES-NI kernel call per CryptBlocks, with the round keys held
// in registers for the whole buffer.
func (c *Cipher) NewCBCEncrypter(iv []byte) cipher.BlockMode {
	if fips140.Enforced() {
		panic(fipsCBCPanic)
	}
	if len(iv) != BlockSize {
		panic("cipher.NewCBCEncrypter: IV length must equal block size")
	}
	if c.std != nil {
		return kernels.StdCBCEncrypter(c.std, iv)
	}
	return &cbcEncrypter{cbc{c: c, iv: [BlockSize]byte(iv)}}
}

// NewCBCDecrypter returns a cipher.BlockMode that decrypts with c in cipher
// block chaining mode, starting from iv. cipher.NewCBCDecrypter calls it
// when given a *Cipher. It panics if iv is not 16 bytes long.
//
// It carries the chaining value across CryptBlocks calls as the encrypter
// does. Every plaintext block depends only on two ciphertext blocks, so
// decryption runs as many blocks at once as ECB does on each backend.
func (c *Cipher) NewCBCDecrypter(iv []byte) cipher.BlockMode {
	if fips140.Enforced() {
		panic(fipsCBCPanic)
	}
	if len(iv) != BlockSize {
		panic("cipher.NewCBCDecrypter: IV length must equal block size")
	}
	if c.std != nil {
		return kernels.StdCBCDecrypter(c.std, iv)
	}
	return &cbcDecrypter{cbc{c: c, iv: [BlockSize]byte(iv)}}
}

// cbc is the state the CBC encrypter and decrypter share: the cipher and
// the chaining value, the last ciphertext block so far.
type cbc struct {
	c  *Cipher
	iv [BlockSize]byte
}

// BlockSize returns the AES block size, 16 bytes.
func (x *cbc) BlockSize() int { return BlockSize }

// SetIV starts a new message with the chaining value iv, which must be 16
// bytes long.
func (x *cbc) SetIV(iv []byte) {
	if len(iv) != BlockSize {
		panic("cipher: incorrect length IV")
	}
	copy(x.iv[:], iv)
}

// check panics as crypto/aes's CBC modes do on a partial block, a short
// output or an inexact overlap.
func (x *cbc) check(dst, src []byte) {
	if len(src)%BlockSize != 0 {
		panic("crypto/cipher: input not full blocks")
	}
	if len(dst) < len(src) {
		panic("crypto/cipher: output smaller than input")
	}
	if alias.InexactOverlap(dst[:len(src)], src) {
		panic("crypto/cipher: invalid buffer overlap")
	}
}

type cbcEncrypter struct{ cbc }

// CryptBlocks encrypts the whole blocks of src into dst, which must be at
// least as long and may be src itself but must not overlap it otherwise.
func (x *cbcEncrypter) CryptBlocks(dst, src []byte) {
	x.check(dst, src)
	kernels.CBCEncrypt(x.c.b, &x.c.ks, &x.iv, dst[:len(src)], src)
}

type cbcDecrypter struct{ cbc }

// CryptBlocks decrypts the whole blocks of src into dst, with the
// encrypter's rules.
func (x *cbcDecrypter) CryptBlocks(dst, src []byte) {
	x.check(dst, src)
	kernels.CBCDecrypt(x.c.b, &x.c.ks, &x.iv, dst[:len(src)], src)
}
