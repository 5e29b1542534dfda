package generic

import (
	"crypto/subtle"
	"encoding/binary"

	"github.com/vaesgo/vaes/aesround"
)

// XTS over whole blocks (IEEE 1619): block j of a data unit is
//
//	C_j = E_K1(P_j ^ T_j) ^ T_j,  T_j = E_K2(i)·α^j
//
// in GF(2^128) with the 128-bit little-endian bit order of IEEE 1619, where
// multiplying by α shifts the 128-bit value left by one and, if a bit falls
// off the top, XORs 0x87 into the low byte. These kernels take T_j, the
// tweak of src's first block, already encrypted, and leave in it the tweak
// of the block after src's last, so that a caller can go on where they
// stopped; the tweak's encryption and ciphertext stealing are the root
// package's.

// MulAlpha multiplies the tweak t by α in place: the 128-bit little-endian
// value shifted left by one bit, with 0x87 XORed into byte 0 if bit 127 was
// set. The reduction is a mask, not a branch, so the time does not depend
// on the tweak.
func MulAlpha(t *[16]byte) {
	lo := binary.LittleEndian.Uint64(t[:8])
	hi := binary.LittleEndian.Uint64(t[8:])
	carry := hi >> 63
	hi = hi<<1 | lo>>63
	lo = lo<<1 ^ 0x87&-carry
	binary.LittleEndian.PutUint64(t[:8], lo)
	binary.LittleEndian.PutUint64(t[8:], hi)
}

// XTSEncrypt encrypts the len(src)/16 whole blocks of src into dst in XTS
// mode with the expanded data key ks, tweak holding the encrypted tweak of
// src's first block; on return it holds the tweak of the block after src's
// last. dst and src may be the same slice.
//
// Four blocks a pass, as EncryptBlocks: their tweaks are stepped by α one
// after the other into one 64-byte buffer, which is XORed in before and
// after the cipher.
func XTSEncrypt(ks *aesround.Schedule, tweak *[16]byte, dst, src []byte) {
	checkBlocks(dst, src)
	var k aesround.EncKeys
	k.Init(ks)
	var buf, tweaks [16 * lanes]byte
	for len(src) > 0 {
		n := min(len(src), 16*lanes)
		xtsTweaks(&tweaks, tweak, n)
		subtle.XORBytes(buf[:n], src[:n], tweaks[:n])
		k.Encrypt4(&buf, &buf)
		subtle.XORBytes(dst[:n], buf[:n], tweaks[:n])
		src, dst = src[n:], dst[n:]
	}
}

// XTSDecrypt decrypts the len(src)/16 whole blocks of src into dst in XTS
// mode with the expanded data key ks, as XTSEncrypt encrypts; tweak is
// stepped the same way (the tweaks of decryption are those of encryption).
func XTSDecrypt(ks *aesround.Schedule, tweak *[16]byte, dst, src []byte) {
	checkBlocks(dst, src)
	var k aesround.DecKeys
	k.Init(ks)
	var buf, tweaks [16 * lanes]byte
	for len(src) > 0 {
		n := min(len(src), 16*lanes)
		xtsTweaks(&tweaks, tweak, n)
		subtle.XORBytes(buf[:n], src[:n], tweaks[:n])
		k.Decrypt4(&buf, &buf)
		subtle.XORBytes(dst[:n], buf[:n], tweaks[:n])
		src, dst = src[n:], dst[n:]
	}
}

// xtsTweaks writes the tweaks of the n/16 blocks of one pass into tweaks,
// starting from tweak, and leaves tweak stepped past them.
func xtsTweaks(tweaks *[16 * lanes]byte, tweak *[16]byte, n int) {
	for i := 0; i < n; i += 16 {
		copy(tweaks[i:i+16], tweak[:])
		MulAlpha(tweak)
	}
}
