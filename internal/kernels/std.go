package kernels

import (
	"crypto/cipher"

	"github.com/vaesgo/vaes/backends/stdlib"
)

// The stdlib backend runs on crypto/aes and crypto/cipher. Its constructors
// are here, beside the other backends' kernels; its calls, which go through
// interfaces, are in std_calls.go.

// StdBlock returns crypto/aes's cipher for key, already checked to be 16,
// 24 or 32 bytes.
func StdBlock(key []byte) cipher.Block { return stdlib.NewBlock(key) }

// StdGCM returns crypto/cipher's GCM for key with the given nonce and tag
// sizes, already checked.
func StdGCM(key []byte, nonceSize, tagSize int) cipher.AEAD {
	return stdlib.NewGCM(key, nonceSize, tagSize)
}

// StdGCMOnBlock returns crypto/cipher's GCM on b, a block from StdBlock,
// with the given nonce and tag sizes, already checked.
func StdGCMOnBlock(b cipher.Block, nonceSize, tagSize int) cipher.AEAD {
	return stdlib.NewGCMOnBlock(b, nonceSize, tagSize)
}

// StdGCMWithRandomNonce returns crypto/cipher's GCM with random nonces.
func StdGCMWithRandomNonce(key []byte) cipher.AEAD { return stdlib.NewGCMWithRandomNonce(key) }

// StdCTR returns crypto/cipher's CTR stream for key and a 16-byte iv.
func StdCTR(key, iv []byte) cipher.Stream { return stdlib.NewCTR(key, iv) }
