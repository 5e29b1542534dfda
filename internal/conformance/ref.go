package conformance

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"errors"
	"fmt"
	"testing"
)

// The standard library's behaviour is the reference for every case: these
// build its twin of each implementation object.

// stdBlock returns crypto/aes's block cipher for key.
func stdBlock(t *testing.T, key []byte) cipher.Block {
	t.Helper()
	b, err := aes.NewCipher(key)
	if err != nil {
		t.Fatalf("crypto/aes.NewCipher: %v", err)
	}
	return b
}

// stdCTR returns crypto/cipher's CTR stream for key and iv.
func stdCTR(t *testing.T, key, iv []byte) cipher.Stream {
	t.Helper()
	return cipher.NewCTR(stdBlock(t, key), iv)
}

// StdGCM returns crypto/cipher's GCM for key with a nonceSize-byte nonce
// and a tagSize-byte tag, from the constructor that takes those sizes
// (NewGCM, NewGCMWithNonceSize or NewGCMWithTagSize), with its error for a
// size it refuses. It is the reference every GCM test compares with, in
// this package and in the root package's tests; build none another way.
//
// With any tag size but 16 the *aes.Block is hidden behind another type,
// so that crypto/cipher takes its generic code. Its amd64 assembly stores
// a partial last block as a whole one, counting on a 16-byte tag to
// follow, and so with a shorter tag writes up to three bytes past the end
// of its result, past cap(dst) when dst has no room to spare
// (golang/go#80288): into whatever the heap holds next. TestStdGCMInBounds
// holds every reference to staying in bounds.
func StdGCM(key []byte, nonceSize, tagSize int) (cipher.AEAD, error) {
	b, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	switch {
	case tagSize != 16 && nonceSize != 12:
		return nil, errors.New("conformance: crypto/cipher has no GCM with both a non-standard nonce and tag size")
	case tagSize != 16:
		return cipher.NewGCMWithTagSize(genericBlock{b}, tagSize)
	case nonceSize != 12:
		return cipher.NewGCMWithNonceSize(b, nonceSize)
	}
	return cipher.NewGCM(b)
}

// genericBlock hides a block cipher's type from crypto/cipher, which then
// runs its generic GCM on it.
type genericBlock struct{ cipher.Block }

// CheckSealBounds seals messages of every length from 0 to 64 bytes with
// a, each into a dst with no spare capacity, directly followed by guard
// bytes, and opens them the same way. It returns an error naming the
// first call that changed a guard byte or got the wrong result.
func CheckSealBounds(a cipher.AEAD) error {
	const guard = 16
	nonce := make([]byte, a.NonceSize())
	for i := range nonce {
		nonce[i] = byte(i)
	}
	aad := []byte("additional data")
	for n := 0; n <= 64; n++ {
		pt := bytes.Repeat([]byte{0x5c}, n)
		out := n + a.Overhead()
		mem := bytes.Repeat([]byte{0xa5}, out+guard)
		ct := a.Seal(mem[:0:out], nonce, pt, aad)
		if len(ct) != out || &ct[0] != &mem[0] {
			return fmt.Errorf("a Seal of %d bytes did not return its %d bytes in dst", n, out)
		}
		if !bytes.Equal(mem[out:], bytes.Repeat([]byte{0xa5}, guard)) {
			return fmt.Errorf("a Seal of %d bytes with a %d-byte overhead wrote past cap(dst): guard bytes now %x", n, a.Overhead(), mem[out:])
		}
		ct = bytes.Clone(ct)
		mem = bytes.Repeat([]byte{0xa5}, n+guard)
		back, err := a.Open(mem[:0:n], nonce, ct, aad)
		if err != nil || !bytes.Equal(back, pt) {
			return fmt.Errorf("an Open of a %d-byte message: %v, %x", n, err, back)
		}
		if !bytes.Equal(mem[n:], bytes.Repeat([]byte{0xa5}, guard)) {
			return fmt.Errorf("an Open of a %d-byte message wrote past cap(dst): guard bytes now %x", n, mem[n:])
		}
	}
	return nil
}

// gcmShape is one way to construct a GCM: which constructor, with which
// argument.
type gcmShape struct {
	name      string
	nonceSize int // for NewGCMWithNonceSize, else 0
	tagSize   int // for NewGCMWithTagSize, else 0
	random    bool
}

var (
	shapeStd = gcmShape{name: "NewGCM"}
	// contractShapes are the constructions the AEAD contract checks run on.
	contractShapes = []gcmShape{
		shapeStd,
		{name: "NonceSize=1", nonceSize: 1},
		{name: "NonceSize=16", nonceSize: 16},
		{name: "NonceSize=60", nonceSize: 60},
		{name: "TagSize=12", tagSize: 12},
		{name: "TagSize=13", tagSize: 13},
		{name: "RandomNonce", random: true},
	}
)

// build returns the implementation's GCM and the standard library's twin.
func (s gcmShape) build(t *testing.T, impl Impl, key []byte) (got, want cipher.AEAD) {
	t.Helper()
	var err error
	switch {
	case s.random:
		got, err = impl.NewGCMWithRandomNonce(key)
	case s.nonceSize != 0:
		got, err = impl.NewGCMWithNonceSize(key, s.nonceSize)
	case s.tagSize != 0:
		got, err = impl.NewGCMWithTagSize(key, s.tagSize)
	default:
		got, err = impl.NewGCM(key)
	}
	if err != nil {
		t.Fatalf("%s: %v", s.name, err)
	}
	want, err = s.std(key)
	if err != nil {
		t.Fatalf("crypto/cipher %s: %v", s.name, err)
	}
	return got, want
}

// std builds the standard library's GCM of this shape.
func (s gcmShape) std(key []byte) (cipher.AEAD, error) {
	if s.random {
		b, err := aes.NewCipher(key)
		if err != nil {
			return nil, err
		}
		return cipher.NewGCMWithRandomNonce(b)
	}
	nonceSize, tagSize := 12, 16
	if s.nonceSize != 0 {
		nonceSize = s.nonceSize
	}
	if s.tagSize != 0 {
		tagSize = s.tagSize
	}
	return StdGCM(key, nonceSize, tagSize)
}
