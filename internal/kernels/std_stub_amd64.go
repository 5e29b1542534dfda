//go:build amd64 && !vaes_stdlib

package kernels

import "crypto/cipher"

// Without the vaes_stdlib tag, amd64 builds have no stdlib backend
// (backends/stdlib.Available is false), so nothing reaches these: they stand
// in for std_calls.go's interface calls, which would make the arguments of
// Seal, Open, Encrypt and the rest escape to the heap (see there).

// StdSeal stands in for a.Seal.
func StdSeal(a cipher.AEAD, dst, nonce, plaintext, additionalData []byte) []byte {
	panic("vaes: the stdlib backend is not built on amd64 without the vaes_stdlib tag")
}

// StdOpen stands in for a.Open.
func StdOpen(a cipher.AEAD, dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	panic("vaes: the stdlib backend is not built on amd64 without the vaes_stdlib tag")
}

// StdBlocks stands in for the block loop.
func StdBlocks(b cipher.Block, decrypt bool, dst, src []byte) {
	panic("vaes: the stdlib backend is not built on amd64 without the vaes_stdlib tag")
}

// StdCTROnBlock stands in for cipher.NewCTR.
func StdCTROnBlock(b cipher.Block, iv []byte) cipher.Stream {
	panic("vaes: the stdlib backend is not built on amd64 without the vaes_stdlib tag")
}

// StdCBCEncrypter stands in for cipher.NewCBCEncrypter.
func StdCBCEncrypter(b cipher.Block, iv []byte) cipher.BlockMode {
	panic("vaes: the stdlib backend is not built on amd64 without the vaes_stdlib tag")
}

// StdCBCDecrypter stands in for cipher.NewCBCDecrypter.
func StdCBCDecrypter(b cipher.Block, iv []byte) cipher.BlockMode {
	panic("vaes: the stdlib backend is not built on amd64 without the vaes_stdlib tag")
}

// StdXTS stands in for the XTS loop on b.
func StdXTS(b cipher.Block, decrypt bool, tweak *[16]byte, dst, src []byte) {
	panic("vaes: the stdlib backend is not built on amd64 without the vaes_stdlib tag")
}

// StdEncryptThrough stands in for the encryption of block with b.
func StdEncryptThrough(b cipher.Block, block *[16]byte, scratch []byte) {
	panic("vaes: the stdlib backend is not built on amd64 without the vaes_stdlib tag")
}
