package vaes

import (
	"crypto/cipher"
	"crypto/rand"

	"github.com/vaesgo/vaes/internal/alias"
	"github.com/vaesgo/vaes/internal/kernels"
)

// NewGCMWithRandomNonce returns AES-GCM that chooses a random 12-byte nonce
// for every Seal and carries it in front of the ciphertext, as the standard
// library's cipher.NewGCMWithRandomNonce does. Its NonceSize is 0 (Seal and
// Open take an empty nonce) and its Overhead is 28 bytes: nonce and tag.
//
// Random 96-bit nonces collide after about 2^48 messages; keep one key to at
// most 2^32 messages so that the chance stays negligible.
func NewGCMWithRandomNonce(key []byte) (cipher.AEAD, error) {
	g, err := NewGCM(key)
	if err != nil {
		return nil, err
	}
	if g.std != nil {
		return kernels.StdGCMWithRandomNonce(key), nil
	}
	return gcmRandomNonce{g}, nil
}

// gcmRandomNonce is NewGCMWithRandomNonce's AEAD on every backend but
// stdlib, which returns the standard library's own.
type gcmRandomNonce struct{ g *GCM }

func (r gcmRandomNonce) NonceSize() int { return 0 }

func (r gcmRandomNonce) Overhead() int { return gcmStandardNonceSize + gcmTagSize }

func (r gcmRandomNonce) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	if len(nonce) != 0 {
		panic("crypto/cipher: non-empty nonce passed to GCMWithRandomNonce")
	}
	if uint64(len(plaintext)) > gcmMaxPlaintext {
		panic("crypto/cipher: message too large for GCM")
	}
	ret, out := sliceForAppend(dst, gcmStandardNonceSize+len(plaintext)+gcmTagSize)
	if alias.InexactOverlap(out, plaintext) {
		panic("crypto/cipher: invalid buffer overlap of output and input")
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("crypto/cipher: invalid buffer overlap of output and additional data")
	}
	// Sealing into plaintext[:0] would write the nonce over the start of the
	// plaintext before it is read: move the plaintext to where its
	// ciphertext goes first, so the encryption works in place.
	body := out[gcmStandardNonceSize:]
	if alias.AnyOverlap(out, plaintext) {
		copy(body, plaintext)
		plaintext = body[:len(plaintext)]
	}
	nonce = out[:gcmStandardNonceSize]
	rand.Read(nonce)
	k := r.g.msg(nonce)
	k.Seal(body, nonce, plaintext, additionalData)
	return ret
}

func (r gcmRandomNonce) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	if len(nonce) != 0 {
		panic("crypto/cipher: non-empty nonce passed to GCMWithRandomNonce")
	}
	if len(ciphertext) < gcmStandardNonceSize+gcmTagSize {
		return nil, errOpen
	}
	if uint64(len(ciphertext)) > gcmMaxPlaintext+gcmStandardNonceSize+gcmTagSize {
		return nil, errOpen
	}
	ret, out := sliceForAppend(dst, len(ciphertext)-gcmStandardNonceSize-gcmTagSize)
	if alias.InexactOverlap(out, ciphertext) {
		panic("crypto/cipher: invalid buffer overlap of output and input")
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("crypto/cipher: invalid buffer overlap of output and additional data")
	}
	// Opening into ciphertext[:0] would write the plaintext 12 bytes ahead of
	// the ciphertext it comes from: keep the nonce aside and shift the rest
	// down first, so the decryption works in place.
	var nonceBuf [gcmStandardNonceSize]byte
	copy(nonceBuf[:], ciphertext)
	body := ciphertext[gcmStandardNonceSize:]
	if alias.AnyOverlap(out, ciphertext) {
		copy(out[:len(ciphertext)], body)
		body = out[:len(body)]
	}
	k := r.g.msg(nonceBuf[:])
	if !k.Open(out, nonceBuf[:], body, additionalData) {
		return nil, errOpen
	}
	return ret, nil
}
