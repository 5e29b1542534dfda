//go:build !amd64 || vaes_stdlib

package kernels

import (
	"crypto/cipher"
	"crypto/subtle"
)

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

// StdXTS runs XTS over the len(src)/16 whole blocks of src into dst on b, a
// block from StdBlock with the data key, one block at a time: tweak holds
// the encrypted tweak of src's first block, and on return that of the
// block after src's last. Each block is worked on in its place in dst, so
// that no local buffer goes through the interface (and escapes); dst and
// src may be the same slice.
func StdXTS(b cipher.Block, decrypt bool, tweak *[16]byte, dst, src []byte) {
	for i := 0; i < len(src); i += 16 {
		x := dst[i : i+16]
		subtle.XORBytes(x, src[i:i+16], tweak[:])
		if decrypt {
			b.Decrypt(x, x)
		} else {
			b.Encrypt(x, x)
		}
		subtle.XORBytes(x, x, tweak[:])
		MulAlpha(tweak)
	}
}

// StdEncryptThrough encrypts block with b, passing it through scratch, 16
// bytes of the caller's output, whose contents it puts back: a local array
// passed through the interface would escape. scratch may be the input the
// caller reads next.
func StdEncryptThrough(b cipher.Block, block *[16]byte, scratch []byte) {
	var saved [16]byte
	copy(saved[:], scratch[:16])
	copy(scratch[:16], block[:])
	b.Encrypt(scratch[:16], scratch[:16])
	copy(block[:], scratch[:16])
	copy(scratch[:16], saved[:])
}
