package generic

import (
	"crypto/subtle"

	"github.com/vaesgo/vaes/aesround"
)

// CBCEncrypt encrypts the len(src)/16 whole blocks of src into dst in
// cipher block chaining mode: each block is XORed with the ciphertext block
// before it, iv for the first, and encrypted. On return iv holds the last
// ciphertext block. dst and src may be the same slice.
//
// Each block waits for the one before it, so the bitsliced cipher runs one
// block per pass, in its first lane (the other three encrypt zeros and are
// thrown away).
func CBCEncrypt(ks *aesround.Schedule, iv *[16]byte, dst, src []byte) {
	checkBlocks(dst, src)
	var k aesround.EncKeys
	k.Init(ks)
	var buf [16 * lanes]byte
	for i := 0; i < len(src); i += 16 {
		subtle.XORBytes(buf[:16], src[i:i+16], iv[:])
		k.Encrypt4(&buf, &buf)
		copy(iv[:], buf[:16])
		copy(dst[i:i+16], buf[:16])
	}
}

// CBCDecrypt decrypts the len(src)/16 whole blocks of src into dst in
// cipher block chaining mode, four blocks per pass: each block is
// decrypted and XORed with the ciphertext block before it, iv for the
// first. On return iv holds the last ciphertext block of src. dst and src
// may be the same slice: a pass keeps its ciphertext until it has written
// its plaintext.
func CBCDecrypt(ks *aesround.Schedule, iv *[16]byte, dst, src []byte) {
	checkBlocks(dst, src)
	var k aesround.DecKeys
	k.Init(ks)
	var in, out, prev [16 * lanes]byte
	for len(src) > 0 {
		n := min(len(src), 16*lanes)
		copy(in[:], src[:n])
		// prev is the ciphertext block before each block of in.
		copy(prev[:16], iv[:])
		copy(prev[16:n], in[:n-16])
		copy(iv[:], in[n-16:n])
		k.Decrypt4(&out, &in)
		subtle.XORBytes(dst[:n], out[:n], prev[:n])
		src, dst = src[n:], dst[n:]
	}
}
