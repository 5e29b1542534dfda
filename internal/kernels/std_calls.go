//go:build !amd64 || vaes_stdlib

package kernels

import "crypto/cipher"

// The stdlib backend runs on the standard library's cipher.Block and
// cipher.AEAD, and a call through an interface makes its slice arguments
// escape: the caller's nonce or additional data, even on the stack, would
// then be moved to the heap on every call, on every backend. These are the
// only such calls. On amd64, where the stdlib backend is a test
// configuration, they are built only with the vaes_stdlib tag (see
// std_stub_amd64.go); elsewhere a Seal through the root package escapes
// exactly as one through crypto/cipher does.

// StdSeal is a.Seal.
func StdSeal(a cipher.AEAD, dst, nonce, plaintext, additionalData []byte) []byte {
	return a.Seal(dst, nonce, plaintext, additionalData)
}

// StdOpen is a.Open.
func StdOpen(a cipher.AEAD, dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	return a.Open(dst, nonce, ciphertext, additionalData)
}

// StdBlocks encrypts or decrypts whole blocks one at a time with b.
func StdBlocks(b cipher.Block, decrypt bool, dst, src []byte) {
	for i := 0; i < len(src); i += 16 {
		if decrypt {
			b.Decrypt(dst[i:], src[i:])
		} else {
			b.Encrypt(dst[i:], src[i:])
		}
	}
}

// StdCTROnBlock returns crypto/cipher's CTR stream on b, a block from
// StdBlock.
func StdCTROnBlock(b cipher.Block, iv []byte) cipher.Stream { return cipher.NewCTR(b, iv) }

// StdCBCEncrypter returns crypto/cipher's CBC encrypter on b, a block from
// StdBlock: crypto/aes's own.
func StdCBCEncrypter(b cipher.Block, iv []byte) cipher.BlockMode {
	return cipher.NewCBCEncrypter(b, iv)
}

// StdCBCDecrypter returns crypto/cipher's CBC decrypter on b, a block from
// StdBlock: crypto/aes's own.
func StdCBCDecrypter(b cipher.Block, iv []byte) cipher.BlockMode {
	return cipher.NewCBCDecrypter(b, iv)
}
