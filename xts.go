package vaes

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/fips140"
	"crypto/subtle"
	"encoding/binary"
	"errors"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/internal/alias"
	"github.com/vaesgo/vaes/internal/impl"
	"github.com/vaesgo/vaes/internal/kernels"
)

// XTS is XTS-AES, the tweakable block cipher mode of IEEE 1619 (NIST SP
// 800-38E) for data at rest: disk sectors, file system blocks, database
// pages. Each data unit (a sector) is encrypted on its own under a 128-bit
// tweak, its data unit number, and its ciphertext is exactly as long as
// its plaintext; a length that is not a multiple of 16 bytes takes
// ciphertext stealing. XTS gives confidentiality only: it neither detects
// nor prevents changes to the ciphertext.
//
// An XTS is safe for concurrent use. Its methods allocate nothing, and no
// branch or memory address in them depends on the key, the tweak or the
// data.
type XTS struct {
	// The schedules come first, at the start of the allocation, so that no
	// load of a round key straddles two cache lines.
	data  aesround.Schedule // K1, which encrypts the blocks
	tweak aesround.Schedule // K2, which encrypts the tweak
	b     *impl.Backend

	// The stdlib backend's blocks on K1 and K2; nil on every other backend.
	stdData, stdTweak cipher.Block
}

var errXTSEqualKeys = errors.New("vaes: XTS key halves are equal")

// NewXTS returns XTS-AES for a key of 32, 48 or 64 bytes: two AES keys of
// the same size one after the other, K1 (which encrypts the data) then K2
// (which encrypts the tweak), for XTS-AES-128, XTS-AES-192 (which IEEE 1619
// does not name, but whose construction is the same) and XTS-AES-256. Any
// other length returns an [aes.KeySizeError] of the whole length.
//
// A key whose two halves are equal returns an error: NIST SP 800-38E
// requires K1 != K2, and FIPS 140-3 validated modules must refuse such keys
// (IEEE 1619 allows them, but the mode's security proof does not cover
// them). The halves are compared in constant time.
func NewXTS(key []byte) (*XTS, error) {
	if fips140.Enforced() {
		return nil, errFIPS140Only
	}
	switch len(key) {
	case 32, 48, 64:
	default:
		return nil, aes.KeySizeError(len(key))
	}
	k1, k2 := key[:len(key)/2], key[len(key)/2:]
	if subtle.ConstantTimeCompare(k1, k2) == 1 {
		return nil, errXTSEqualKeys
	}
	x := &XTS{b: impl.Active()}
	if x.b.Std {
		x.stdData, x.stdTweak = kernels.StdBlock(k1), kernels.StdBlock(k2)
	}
	kernels.Expand(x.b, &x.data, k1)
	kernels.Expand(x.b, &x.tweak, k2)
	return x, nil
}

// Encrypt encrypts the data unit src into dst under the tweak sector, taken
// as a 128-bit little-endian number (the convention of
// golang.org/x/crypto/xts and of Linux's "plain64" IVs). See EncryptTweak.
func (x *XTS) Encrypt(dst, src []byte, sector uint64) {
	x.EncryptTweak(dst, src, sectorTweak(sector))
}

// Decrypt decrypts the data unit src into dst under the tweak sector, as
// Encrypt encrypts.
func (x *XTS) Decrypt(dst, src []byte, sector uint64) {
	x.DecryptTweak(dst, src, sectorTweak(sector))
}

// EncryptTweak encrypts the data unit src into dst under tweak, IEEE 1619's
// 128-bit data unit number as its 16 bytes are stored: little-endian, so
// that sector n is n in the first eight bytes and zeros after.
//
// src must be empty, which does nothing (as golang.org/x/crypto/xts does),
// or at least 16 bytes long; 1 to 15 bytes panic. If its length is not a
// multiple of 16, the last partial block and the whole block before it are
// encrypted with ciphertext stealing (IEEE 1619-2018, 5.3.2), and the
// ciphertext is as long as the plaintext. dst must be at least as long as
// src, and the two must overlap entirely or not at all; only dst[:len(src)]
// is written.
func (x *XTS) EncryptTweak(dst, src []byte, tweak [16]byte) {
	if len(src) == 0 {
		return
	}
	dst = checkXTS(dst, src)
	t := x.encryptTweak(dst, tweak)
	full := len(src) &^ (BlockSize - 1)
	tail := len(src) - full
	x.kernel(false, &t, dst[:full], src[:full])
	if tail == 0 {
		return
	}
	// Ciphertext stealing: the last whole block's ciphertext CC gives its
	// first tail bytes to the partial block, and the partial plaintext,
	// filled up with CC's other bytes, is encrypted under the next tweak
	// into the last whole block. The partial plaintext is read before its
	// place in dst is written, so dst may be src.
	var pm [BlockSize]byte
	copy(pm[:tail], src[full:])
	last := dst[full-BlockSize : full]
	copy(dst[full:], last[:tail])
	copy(last[:tail], pm[:tail])
	x.kernel(false, &t, last, last)
}

// DecryptTweak decrypts the data unit src into dst under tweak, as
// EncryptTweak encrypts, with the same rules.
func (x *XTS) DecryptTweak(dst, src []byte, tweak [16]byte) {
	if len(src) == 0 {
		return
	}
	dst = checkXTS(dst, src)
	t := x.encryptTweak(dst, tweak)
	full := len(src) &^ (BlockSize - 1)
	tail := len(src) - full
	if tail == 0 {
		x.kernel(true, &t, dst, src)
		return
	}
	// Ciphertext stealing undone: the last whole block was encrypted under
	// the tweak after its own, so it is decrypted under that one into PP,
	// whose first tail bytes are the partial plaintext; the partial
	// ciphertext, filled up with PP's other bytes, is the ciphertext of
	// the last whole block under its own tweak.
	x.kernel(true, &t, dst[:full-BlockSize], src[:full-BlockSize])
	next := t
	kernels.MulAlpha(&next)
	last := dst[full-BlockSize : full]
	x.kernel(true, &next, last, src[full-BlockSize:full])
	var cm [BlockSize]byte
	copy(cm[:tail], src[full:])
	copy(dst[full:], last[:tail])
	copy(last[:tail], cm[:tail])
	x.kernel(true, &t, last, last)
}

// sectorTweak is the tweak of a sector number: 128 bits, little-endian.
func sectorTweak(sector uint64) [16]byte {
	var t [16]byte
	binary.LittleEndian.PutUint64(t[:8], sector)
	return t
}

// checkXTS panics on input XTS cannot take and returns dst cut to src's
// length.
func checkXTS(dst, src []byte) []byte {
	if len(src) < BlockSize {
		panic("vaes: XTS input shorter than one block")
	}
	if len(dst) < len(src) {
		panic("vaes: XTS output smaller than input")
	}
	dst = dst[:len(src)]
	if alias.InexactOverlap(dst, src) {
		panic("vaes: XTS invalid buffer overlap")
	}
	return dst
}

// encryptTweak returns E_K2(tweak), the tweak of the first block. On the
// stdlib backend the block goes through dst's first 16 bytes, which are
// put back after (dst may be src): a local array passed through the
// cipher.Block interface would escape, and every call would allocate.
func (x *XTS) encryptTweak(dst []byte, tweak [16]byte) [16]byte {
	if x.stdTweak != nil {
		kernels.StdEncryptThrough(x.stdTweak, &tweak, dst[:BlockSize])
		return tweak
	}
	kernels.EncryptBlock(x.b, &x.tweak, &tweak, &tweak)
	return tweak
}

// kernel runs XTS over the whole blocks of src, stepping t.
func (x *XTS) kernel(decrypt bool, t *[16]byte, dst, src []byte) {
	switch {
	case x.stdData != nil:
		kernels.StdXTS(x.stdData, decrypt, t, dst, src)
	case decrypt:
		kernels.XTSDecrypt(x.b, &x.data, t, dst, src)
	default:
		kernels.XTSEncrypt(x.b, &x.data, t, dst, src)
	}
}
