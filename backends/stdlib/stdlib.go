// Package stdlib is the backend for architectures where Go's own crypto/aes
// and crypto/cipher run on the CPU's AES and carry-less multiply
// instructions (arm64, ppc64 and ppc64le, s390x) and this module has no
// assembly of its own. It adds nothing to the standard library: it only lets
// the root package's types run on it, so those machines get hardware speed
// and constant time instead of the generic backend.
package stdlib

import (
	"crypto/aes"
	"crypto/cipher"
)

// NewBlock returns crypto/aes's cipher for key, which the caller has already
// checked to be 16, 24 or 32 bytes.
func NewBlock(key []byte) cipher.Block {
	b, err := aes.NewCipher(key)
	if err != nil {
		panic("stdlib: " + err.Error())
	}
	return b
}

// NewGCM returns crypto/cipher's GCM for key with the given nonce and tag
// sizes, which the caller has already checked.
func NewGCM(key []byte, nonceSize, tagSize int) cipher.AEAD {
	return NewGCMOnBlock(NewBlock(key), nonceSize, tagSize)
}

// NewGCMOnBlock returns crypto/cipher's GCM on b, a block from NewBlock,
// with the given nonce and tag sizes, which the caller has already checked.
func NewGCMOnBlock(b cipher.Block, nonceSize, tagSize int) cipher.AEAD {
	var g cipher.AEAD
	var err error
	switch {
	case tagSize != 16:
		g, err = cipher.NewGCMWithTagSize(b, tagSize)
	case nonceSize != 12:
		g, err = cipher.NewGCMWithNonceSize(b, nonceSize)
	default:
		g, err = cipher.NewGCM(b)
	}
	if err != nil {
		panic("stdlib: " + err.Error())
	}
	return g
}

// NewGCMWithRandomNonce returns crypto/cipher's GCM with random nonces for
// key.
func NewGCMWithRandomNonce(key []byte) cipher.AEAD {
	g, err := cipher.NewGCMWithRandomNonce(NewBlock(key))
	if err != nil {
		panic("stdlib: " + err.Error())
	}
	return g
}

// NewCTR returns crypto/cipher's CTR stream for key and a 16-byte iv.
func NewCTR(key, iv []byte) cipher.Stream {
	return cipher.NewCTR(NewBlock(key), iv)
}
