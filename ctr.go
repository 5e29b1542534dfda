package vaes

import (
	"crypto/cipher"
	"crypto/fips140"
	"crypto/subtle"
	"errors"

	"github.com/vaesgo/vaes/internal/alias"
	"github.com/vaesgo/vaes/internal/impl"
	"github.com/vaesgo/vaes/internal/kernels"
)

// NewCTR returns a cipher.Stream that encrypts or decrypts with AES in counter
// mode: the keystream is E(iv), E(iv+1), ... with iv read as one 128-bit
// big-endian counter that wraps at 2^128. iv must be 16 bytes.
//
// Where cipher.NewCTR panics on an iv of the wrong length, NewCTR returns
// an error instead, as it does for a key of the wrong length (an
// [crypto/aes.KeySizeError]).
//
// The stream is not safe for concurrent use (no cipher.Stream is).
func NewCTR(key, iv []byte) (cipher.Stream, error) {
	if fips140.Enforced() {
		return nil, errFIPS140Only
	}
	s := new(ctrStream)
	if err := s.c.init(impl.Active(), key); err != nil {
		return nil, err
	}
	if len(iv) != BlockSize {
		return nil, errors.New("bad IV length")
	}
	if s.c.b.Std {
		return kernels.StdCTR(key, iv), nil
	}
	copy(s.ctr[:], iv)
	s.off = BlockSize
	return s, nil
}

type ctrStream struct {
	c   Cipher
	ctr [BlockSize]byte // the next counter block
	ks  [BlockSize]byte // keystream of the block before ctr
	off int             // bytes of ks already used; BlockSize when none left
}

// XORKeyStream XORs src with the next len(src) bytes of keystream into dst.
// dst must be at least as long as src, and the two must overlap entirely or
// not at all.
func (s *ctrStream) XORKeyStream(dst, src []byte) {
	if len(dst) < len(src) {
		panic("crypto/aes: len(dst) < len(src)")
	}
	dst = dst[:len(src)]
	if alias.InexactOverlap(dst, src) {
		panic("crypto/aes: invalid buffer overlap")
	}
	// Use up the keystream left from a previous partial block.
	if s.off < BlockSize && len(src) > 0 {
		n := subtle.XORBytes(dst, src, s.ks[s.off:])
		s.off += n
		dst, src = dst[n:], src[n:]
	}
	// Whole blocks go straight through the kernel.
	if n := len(src) &^ (BlockSize - 1); n > 0 {
		kernels.CTR128(s.c.b, &s.c.ks, &s.ctr, dst[:n], src[:n])
		dst, src = dst[n:], src[n:]
	}
	// A partial last block: keep its keystream for the next call.
	if len(src) > 0 {
		clear(s.ks[:])
		kernels.CTR128(s.c.b, &s.c.ks, &s.ctr, s.ks[:], s.ks[:])
		s.off = subtle.XORBytes(dst, src, s.ks[:])
	}
}
