package conformance

import (
	"crypto/aes"
	"crypto/cipher"
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
	b, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	switch {
	case s.random:
		return cipher.NewGCMWithRandomNonce(b)
	case s.nonceSize != 0:
		return cipher.NewGCMWithNonceSize(b, s.nonceSize)
	case s.tagSize != 0:
		return cipher.NewGCMWithTagSize(b, s.tagSize)
	}
	return cipher.NewGCM(b)
}
