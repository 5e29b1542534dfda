package vaes

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/fips140"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/internal/alias"
	"github.com/vaesgo/vaes/internal/impl"
	"github.com/vaesgo/vaes/internal/kernels"
)

// BlockSize is the AES block size in bytes.
const BlockSize = aes.BlockSize

// Cipher is an AES block cipher: a cipher.Block that can also run many blocks
// in one call. It is safe for concurrent use.
type Cipher struct {
	// The round keys come first, at the start of the allocation, so that
	// no load of a round key straddles two cache lines.
	ks  aesround.Schedule
	b   *impl.Backend
	std cipher.Block // the stdlib backend's block; nil on every other backend
}

// NewCipher returns an AES cipher for a 16-, 24- or 32-byte key (AES-128,
// AES-192 or AES-256). Any other length returns an [aes.KeySizeError], the
// standard library's own error type.
func NewCipher(key []byte) (*Cipher, error) {
	if fips140.Enforced() {
		return nil, errFIPS140Only
	}
	c := new(Cipher)
	if err := c.init(impl.Active(), key); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *Cipher) init(b *impl.Backend, key []byte) error {
	switch len(key) {
	case 16, 24, 32:
	default:
		return aes.KeySizeError(len(key))
	}
	c.b = b
	// On the stdlib backend the blocks run on crypto/aes; the expanded key
	// is still kept, for the GCMs made from this cipher (NewGCM), whose
	// SealPieces, Sealer and Opener run on the generic kernels.
	if b.Std {
		c.std = kernels.StdBlock(key)
	}
	kernels.Expand(b, &c.ks, key)
	return nil
}

func (c *Cipher) encryptBlocks(dst, src []byte) {
	if c.std != nil {
		kernels.StdBlocks(c.std, false, dst, src)
		return
	}
	kernels.EncryptBlocks(c.b, &c.ks, dst, src)
}

func (c *Cipher) decryptBlocks(dst, src []byte) {
	if c.std != nil {
		kernels.StdBlocks(c.std, true, dst, src)
		return
	}
	kernels.DecryptBlocks(c.b, &c.ks, dst, src)
}

// BlockSize returns the AES block size, 16 bytes.
func (c *Cipher) BlockSize() int { return BlockSize }

// Encrypt encrypts the first block of src into dst. dst and src must overlap
// entirely or not at all.
func (c *Cipher) Encrypt(dst, src []byte) {
	checkOneBlock(dst, src)
	if c.std != nil {
		kernels.StdBlocks(c.std, false, dst[:BlockSize], src[:BlockSize])
		return
	}
	kernels.EncryptBlock(c.b, &c.ks, (*[BlockSize]byte)(dst), (*[BlockSize]byte)(src))
}

// Decrypt decrypts the first block of src into dst. dst and src must overlap
// entirely or not at all.
func (c *Cipher) Decrypt(dst, src []byte) {
	checkOneBlock(dst, src)
	if c.std != nil {
		kernels.StdBlocks(c.std, true, dst[:BlockSize], src[:BlockSize])
		return
	}
	kernels.DecryptBlock(c.b, &c.ks, (*[BlockSize]byte)(dst), (*[BlockSize]byte)(src))
}

// EncryptBlocks encrypts every block of src into dst (ECB). len(src) must be
// a multiple of the block size, dst at least as long as src, and the two must
// overlap entirely or not at all.
func (c *Cipher) EncryptBlocks(dst, src []byte) {
	checkBlocks(dst, src)
	if len(src) == BlockSize && c.std == nil {
		kernels.EncryptBlock(c.b, &c.ks, (*[BlockSize]byte)(dst), (*[BlockSize]byte)(src))
		return
	}
	c.encryptBlocks(dst[:len(src)], src)
}

// DecryptBlocks decrypts every block of src into dst (ECB), with the same
// rules as EncryptBlocks.
func (c *Cipher) DecryptBlocks(dst, src []byte) {
	checkBlocks(dst, src)
	if len(src) == BlockSize && c.std == nil {
		kernels.DecryptBlock(c.b, &c.ks, (*[BlockSize]byte)(dst), (*[BlockSize]byte)(src))
		return
	}
	c.decryptBlocks(dst[:len(src)], src)
}

func checkOneBlock(dst, src []byte) {
	if len(src) < BlockSize {
		panic("crypto/aes: input not full block")
	}
	if len(dst) < BlockSize {
		panic("crypto/aes: output not full block")
	}
	if alias.InexactOverlap(dst[:BlockSize], src[:BlockSize]) {
		panic("crypto/aes: invalid buffer overlap")
	}
}

func checkBlocks(dst, src []byte) {
	if len(src)%BlockSize != 0 {
		panic("crypto/aes: input not full blocks")
	}
	if len(dst) < len(src) {
		panic("crypto/aes: output smaller than input")
	}
	if alias.InexactOverlap(dst[:len(src)], src) {
		panic("crypto/aes: invalid buffer overlap")
	}
}
