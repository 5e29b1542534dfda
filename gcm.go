package vaes

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/fips140"
	"errors"
	"sync"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/internal/alias"
	"github.com/vaesgo/vaes/internal/impl"
	"github.com/vaesgo/vaes/internal/kernels"
)

const (
	gcmStandardNonceSize = 12
	gcmTagSize           = 16
	gcmMinimumTagSize    = 12 // SP 800-38D allows 12..16 for general use

	// gcmMaxPlaintext is SP 800-38D's limit of 2^39-256 bits: the 32-bit
	// counter leaves 2^32-2 blocks after J0 and the tag mask.
	gcmMaxPlaintext = (1<<32 - 2) * BlockSize
)

var errOpen = errors.New("cipher: message authentication failed")

// GCM is AES in Galois/Counter Mode (NIST SP 800-38D), a cipher.AEAD. It is
// safe for concurrent use.
type GCM struct {
	b         *impl.Backend
	nonceSize int
	tagSize   int
	std       cipher.AEAD // the stdlib backend's AEAD; nil on every other backend

	// The key material lives in a separate allocation without pointers,
	// which the garbage collector never has to scan: a GCM built for one
	// message should cost little more than its key schedule (see
	// kernels.GCMKey).
	key *kernels.GCMKey

	// On the stdlib backend the key material is made only if SealPieces,
	// Sealer or Opener need it; prepare does that, once.
	once    sync.Once
	prepare func()
}

// msg returns the kernels a message under nonce runs on (on the stdlib
// backend, preparing the key material the first time). The counter is
// public when the nonce has 12 bytes: see kernels.Seal.
func (g *GCM) msg(nonce []byte) kernels.GCM {
	if g.prepare != nil {
		g.once.Do(g.prepare)
	}
	return kernels.GCM{B: g.b, Key: g.key, Public: len(nonce) == gcmStandardNonceSize, TagSize: g.tagSize}
}

// NewGCM returns AES-GCM with the standard 12-byte nonce and 16-byte tag.
func NewGCM(key []byte) (*GCM, error) {
	return newGCM(key, gcmStandardNonceSize, gcmTagSize)
}

// NewGCMWithNonceSize returns AES-GCM that takes nonces of the given length.
// Nonces other than 12 bytes go through GHASH to form the first counter
// block, as SP 800-38D specifies. Use it only to interoperate with a system
// that needs it; NewGCM is faster and harder to misuse.
func NewGCMWithNonceSize(key []byte, size int) (*GCM, error) {
	return newGCM(key, size, gcmTagSize)
}

// NewGCMWithTagSize returns AES-GCM that writes and checks tags of tagSize
// bytes, 12 to 16. Use it only to interoperate with a system that needs it.
func NewGCMWithTagSize(key []byte, tagSize int) (*GCM, error) {
	return newGCM(key, gcmStandardNonceSize, tagSize)
}

func newGCM(key []byte, nonceSize, tagSize int) (*GCM, error) {
	if fips140.Enforced() {
		return nil, errFIPS140Only
	}
	g := new(GCM)
	if err := g.init(impl.Active(), key, nonceSize, tagSize); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *GCM) init(b *impl.Backend, key []byte, nonceSize, tagSize int) error {
	switch len(key) {
	case 16, 24, 32:
	default:
		return aes.KeySizeError(len(key))
	}
	if err := checkGCMSizes(nonceSize, tagSize); err != nil {
		return err
	}
	g.b, g.nonceSize, g.tagSize = b, nonceSize, tagSize
	// On the stdlib backend, Seal and Open with a 16-byte tag go to the
	// standard library. Everything else (a short tag; SealPieces, Sealer and
	// Opener) runs on the generic kernels, the kernel switch's default: the
	// standard library has no incremental interface, and its amd64 GCM
	// stores a partial last block as a whole one, relying on a 16-byte tag
	// to follow, so with a shorter tag it writes past the end of its output.
	if b.Std && tagSize == gcmTagSize {
		g.std = kernels.StdGCM(key, nonceSize, tagSize)
		key := bytes.Clone(key)
		g.prepare = func() { g.initKey(key); clear(key) }
		return nil
	}
	g.initKey(key)
	return nil
}

// checkGCMSizes returns the standard library's error for a tag size or
// nonce size it refuses.
func checkGCMSizes(nonceSize, tagSize int) error {
	if tagSize < gcmMinimumTagSize || tagSize > gcmTagSize {
		return errors.New("cipher: incorrect tag size given to GCM")
	}
	if nonceSize <= 0 {
		return errors.New("cipher: the nonce can't have zero length")
	}
	return nil
}

// initKey expands the key and prepares the GHASH key.
func (g *GCM) initKey(key []byte) {
	k := new(kernels.GCMKey)
	k.Init(g.b, key)
	g.key = k
}

// initSchedule prepares the GHASH key from an expanded key, which it
// copies.
func (g *GCM) initSchedule(ks *aesround.Schedule) {
	k := new(kernels.GCMKey)
	k.InitSchedule(g.b, ks)
	g.key = k
}

// NonceSize returns the nonce length Seal and Open take.
func (g *GCM) NonceSize() int { return g.nonceSize }

// Overhead returns how much longer a ciphertext is than its plaintext: the
// tag size.
func (g *GCM) Overhead() int { return g.tagSize }

// Seal encrypts and authenticates plaintext, authenticates additionalData,
// appends the ciphertext and tag to dst and returns the result. The nonce must
// be NonceSize bytes and must never repeat under one key.
//
// To reuse plaintext's storage, pass plaintext[:0] as dst. Otherwise dst's
// spare capacity must not overlap plaintext, and the output must not overlap
// additionalData.
func (g *GCM) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	if g.std != nil {
		// The standard library checks the same things, word for word.
		return kernels.StdSeal(g.std, dst, nonce, plaintext, additionalData)
	}
	if len(nonce) != g.nonceSize {
		panic("crypto/cipher: incorrect nonce length given to GCM")
	}
	if uint64(len(plaintext)) > gcmMaxPlaintext {
		panic("crypto/cipher: message too large for GCM")
	}
	ret, out := sliceForAppend(dst, len(plaintext)+g.tagSize)
	if alias.InexactOverlap(out, plaintext) {
		panic("crypto/cipher: invalid buffer overlap of output and input")
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("crypto/cipher: invalid buffer overlap of output and additional data")
	}
	k := g.msg(nonce)
	k.Seal(out, nonce, plaintext, additionalData)
	return ret
}

// Open authenticates ciphertext (which ends in the tag) and additionalData,
// and if they are genuine appends the plaintext to dst and returns the
// result. If they are not, it returns an error and the bytes it would have
// written are cleared: no unauthenticated plaintext is left behind.
//
// To reuse ciphertext's storage, pass ciphertext[:0] as dst. Otherwise dst's
// spare capacity must not overlap ciphertext, and the output must not overlap
// additionalData.
func (g *GCM) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	if g.std != nil {
		return kernels.StdOpen(g.std, dst, nonce, ciphertext, additionalData)
	}
	if len(nonce) != g.nonceSize {
		panic("crypto/cipher: incorrect nonce length given to GCM")
	}
	if len(ciphertext) < g.tagSize {
		return nil, errOpen
	}
	if uint64(len(ciphertext)) > gcmMaxPlaintext+uint64(g.tagSize) {
		return nil, errOpen
	}
	ret, out := sliceForAppend(dst, len(ciphertext)-g.tagSize)
	if alias.InexactOverlap(out, ciphertext) {
		panic("crypto/cipher: invalid buffer overlap of output and input")
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("crypto/cipher: invalid buffer overlap of output and additional data")
	}
	k := g.msg(nonce)
	if !k.Open(out, nonce, ciphertext, additionalData) {
		return nil, errOpen
	}
	return ret, nil
}

// sliceForAppend extends in by n bytes, reusing its capacity when it can, and
// returns the whole slice and the n new bytes.
func sliceForAppend(in []byte, n int) (head, tail []byte) {
	if total := len(in) + n; cap(in) >= total {
		head = in[:total]
	} else {
		head = make([]byte, total)
		copy(head, in)
	}
	tail = head[len(in):]
	return
}
