package conformance

import (
	"crypto/aes"
	"crypto/cipher"
	"errors"
	"fmt"
	"testing"
)

// stdlib is the standard library as an Impl. The battery must pass on it:
// that is the proof that its expectations are the standard library's
// behaviour.
func stdlib() Impl {
	block := func(key []byte) (cipher.Block, error) {
		b, err := aes.NewCipher(key)
		if err != nil {
			return nil, err
		}
		return b, nil
	}
	return Impl{
		Name: "stdlib",
		NewCipher: func(key []byte) (cipher.Block, error) {
			b, err := block(key)
			if err != nil {
				return nil, err
			}
			return NewStdBlocks(b), nil
		},
		NewCTR: func(key, iv []byte) (s cipher.Stream, err error) {
			b, err := block(key)
			if err != nil {
				return nil, err
			}
			// crypto/cipher panics on a bad IV; the API under test
			// returns the panic's text as an error instead.
			defer func() {
				if v := recover(); v != nil {
					s, err = nil, errors.New(fmt.Sprint(v))
				}
			}()
			return cipher.NewCTR(b, iv), nil
		},
		NewGCM: func(key []byte) (cipher.AEAD, error) {
			a, err := StdGCM(key, 12, 16)
			return remember(a, err, key, 12, 16)
		},
		NewGCMWithNonceSize: func(key []byte, n int) (cipher.AEAD, error) {
			a, err := StdGCM(key, n, 16)
			return remember(a, err, key, n, 16)
		},
		NewGCMWithTagSize: func(key []byte, n int) (cipher.AEAD, error) {
			a, err := StdGCM(key, 12, n)
			return remember(a, err, key, 12, n)
		},
		NewGCMWithRandomNonce: func(key []byte) (cipher.AEAD, error) {
			b, err := block(key)
			if err != nil {
				return nil, err
			}
			return cipher.NewGCMWithRandomNonce(b)
		},
		NewXTS:    newRefXTS(),
		Streaming: refStreaming(),
	}
}

func TestStdlib(t *testing.T) { Run(t, mutantImpl(t)) }
