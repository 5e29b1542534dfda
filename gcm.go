package vaes

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"sync"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/backends/stdlib"
	"github.com/vaesgo/vaes/ghash"
	"github.com/vaesgo/vaes/internal/alias"
	"github.com/vaesgo/vaes/internal/impl"
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
	// message should cost little more than its key schedule.
	key *gcmKey

	// On the stdlib backend the key material is made only if SealPieces,
	// Sealer or Opener need it; prepare does that, once.
	once    sync.Once
	prepare func()
}

// gcmKey is a GCM's key material: 488 + 16 + 8 + 512 = 1024 bytes, the
// allocator's 1024-byte size class. A GCM made for one message pays for
// clearing and collecting all of it, so it should not grow.
//
// The round keys start the allocation and the table starts at 512 bytes,
// both at multiples of 64, so that no 16-, 32- or 64-byte load of a round
// key or key power straddles two cache lines.
type gcmKey struct {
	ks    aesround.Schedule
	h     [BlockSize]byte // H = E_K(0^128)
	_     [8]byte
	table ghash.Table // H's powers, in the layout the backend's GHASH reads
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
	if tagSize < gcmMinimumTagSize || tagSize > gcmTagSize {
		return errors.New("cipher: incorrect tag size given to GCM")
	}
	if nonceSize <= 0 {
		return errors.New("cipher: the nonce can't have zero length")
	}
	g.b, g.nonceSize, g.tagSize = b, nonceSize, tagSize
	// On the stdlib backend, Seal and Open with a 16-byte tag go to the
	// standard library. Everything else (a short tag; SealPieces, Sealer and
	// Opener) runs on the generic kernels, the kernel switch's default: the
	// standard library has no incremental interface, and its amd64 GCM
	// stores a partial last block as a whole one, relying on a 16-byte tag
	// to follow, so with a shorter tag it writes past the end of its output.
	if b.Std && tagSize == gcmTagSize {
		g.std = stdlib.NewGCM(key, nonceSize, tagSize)
		key := bytes.Clone(key)
		g.prepare = func() { g.initKey(key); clear(key) }
		return nil
	}
	g.initKey(key)
	return nil
}

// initKey expands the key and prepares the GHASH key.
func (g *GCM) initKey(key []byte) {
	k := new(gcmKey)
	expandKey(g.b, &k.ks, key)
	encryptBlocks(g.b, &k.ks, k.h[:], k.h[:])
	ghashInit(g.b, &k.table, &k.h)
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
		return stdSeal(g.std, dst, nonce, plaintext, additionalData)
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
	g.seal(out, nonce, plaintext, additionalData)
	return ret
}

// seal writes the ciphertext and tag of plaintext to out, which is exactly
// len(plaintext)+g.tagSize long.
//
// Four kernel calls make a message: GHASH of the additional data, one
// block encryption for the tag mask, the bulk kernel, GHASH of the length
// block. Everything the kernels read that Go writes (J0, the first counter,
// the length block) is stored before the first of them, and the counter
// for the bulk kernel is computed here rather than left by a CTR call on J0:
// that order measured 15-25% faster from 16 to 512 bytes on every assembly
// backend than encrypting J0 with CTR32 first (which also steps the
// counter). Small-message speed here is decided by such details; measure
// any change to it end to end, alternating with the old code.
//
// For messages of up to four blocks with up to two blocks of additional
// data, a two-call path was tried (one encryption of J0, J0+1, ... for the
// tag mask and keystream; one GHASH over the additional data, ciphertext
// and length block copied into one stack buffer): it measured 5-15% slower
// at 16 and 64 bytes, the copies costing more than the calls they saved.
func (g *GCM) seal(out, nonce, plaintext, additionalData []byte) {
	k := g.kernels(nonce)
	var ctr, tagMask, lengths, y [BlockSize]byte
	g.counters(k, &ctr, &tagMask, nonce)
	putLengths(&lengths, len(additionalData), uint64(len(plaintext)))
	ghashUpdate(k.b, k.t, &y, additionalData)
	encryptBlocks(k.b, &g.key.ks, tagMask[:], tagMask[:])
	gcmSeal(k.b, &g.key.ks, k.t, &ctr, &y, out[:len(plaintext)], plaintext, k.public)
	ghashUpdate(k.b, k.t, &y, lengths[:])
	xorBlock(&y, &tagMask)
	copy(out[len(plaintext):], y[:g.tagSize])
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
		return stdOpen(g.std, dst, nonce, ciphertext, additionalData)
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
	if err := g.open(out, nonce, ciphertext, additionalData); err != nil {
		return nil, err
	}
	return ret, nil
}

// open decrypts ciphertext (tag included) into out, which is exactly
// len(ciphertext)-g.tagSize long, and clears out if the tag is wrong.
func (g *GCM) open(out, nonce, ciphertext, additionalData []byte) error {
	n := len(ciphertext) - g.tagSize
	tag := ciphertext[n:]
	k := g.kernels(nonce)
	var ctr, tagMask, lengths, y [BlockSize]byte
	g.counters(k, &ctr, &tagMask, nonce)
	putLengths(&lengths, len(additionalData), uint64(n))
	ghashUpdate(k.b, k.t, &y, additionalData)
	encryptBlocks(k.b, &g.key.ks, tagMask[:], tagMask[:])
	gcmOpen(k.b, &g.key.ks, k.t, &ctr, &y, out, ciphertext[:n], k.public)
	ghashUpdate(k.b, k.t, &y, lengths[:])
	xorBlock(&y, &tagMask)
	if !tagEqual(&y, tag) {
		clear(out)
		return errOpen
	}
	return nil
}

// tagEqual reports whether tag equals the first len(tag) bytes of y, in a
// time that depends only on len(tag). A full 16-byte tag is compared as
// two 64-bit words, without subtle.ConstantTimeCompare's byte loop.
func tagEqual(y *[BlockSize]byte, tag []byte) bool {
	if len(tag) == BlockSize {
		d := binary.LittleEndian.Uint64(y[:8]) ^ binary.LittleEndian.Uint64(tag[:8])
		d |= binary.LittleEndian.Uint64(y[8:]) ^ binary.LittleEndian.Uint64(tag[8:16])
		return d == 0
	}
	return subtle.ConstantTimeCompare(y[:len(tag)], tag) == 1
}

// counters sets j0 to the first counter block J0, whose encryption is the
// tag mask, and ctr to J0+1, where the keystream starts. It returns J0's
// 32-bit counter field (the low 32 bits, big-endian), which GCM steps
// modulo 2^32 without carrying into the rest; it is stepped here without a
// branch, as for nonces other than 12 bytes it depends on the hash key.
func (g *GCM) counters(k kernels, ctr, j0 *[BlockSize]byte, nonce []byte) uint32 {
	if len(nonce) == gcmStandardNonceSize {
		// J0 = nonce || 0^31 || 1
		copy(j0[:], nonce)
		binary.BigEndian.PutUint32(j0[12:], 1)
		copy(ctr[:], nonce)
		binary.BigEndian.PutUint32(ctr[12:], 2)
		return 1
	}
	g.j0(k, ctr, nonce)
	*j0 = *ctr
	c := binary.BigEndian.Uint32(ctr[12:])
	binary.BigEndian.PutUint32(ctr[12:], c+1)
	return c
}

// j0 sets j to the first counter block J0 for a nonce of other than 12
// bytes: J0 = GHASH(nonce || 0-padding || 0^64 || [len(nonce)]_64).
func (g *GCM) j0(k kernels, j *[BlockSize]byte, nonce []byte) {
	clear(j[:])
	ghashUpdate(k.b, k.t, j, nonce)
	var lengths [BlockSize]byte
	binary.BigEndian.PutUint64(lengths[8:], uint64(len(nonce))*8)
	ghashUpdate(k.b, k.t, j, lengths[:])
}

// putLengths writes GCM's length block: the bit lengths of the additional
// data and of the text, 64 bits each, big-endian.
func putLengths(b *[BlockSize]byte, aadLen int, textLen uint64) {
	binary.BigEndian.PutUint64(b[:8], uint64(aadLen)*8)
	binary.BigEndian.PutUint64(b[8:], textLen*8)
}

// xorBlock sets y to y XOR m.
func xorBlock(y, m *[BlockSize]byte) {
	for i := 0; i < BlockSize; i += 8 {
		binary.LittleEndian.PutUint64(y[i:], binary.LittleEndian.Uint64(y[i:])^binary.LittleEndian.Uint64(m[i:]))
	}
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
