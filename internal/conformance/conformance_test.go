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
	gcm := func(key []byte, f func(cipher.Block) (cipher.AEAD, error)) (cipher.AEAD, error) {
		b, err := aes.NewCipher(key)
		if err != nil {
			return nil, err
		}
		return f(b)
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
			a, err := gcm(key, cipher.NewGCM)
			return remember(a, err, key, 12, 16)
		},
		NewGCMWithNonceSize: func(key []byte, n int) (cipher.AEAD, error) {
			a, err := gcm(key, func(b cipher.Block) (cipher.AEAD, error) { return cipher.NewGCMWithNonceSize(b, n) })
			return remember(a, err, key, n, 16)
		},
		NewGCMWithTagSize: func(key []byte, n int) (cipher.AEAD, error) {
			// crypto/cipher's assembly writes past the result when the
			// tag is short (golang/go#80288); hiding the *aes.Block type
			// selects its generic code, which has the same contract
			// without the defect.
			a, err := gcm(key, func(b cipher.Block) (cipher.AEAD, error) {
				return cipher.NewGCMWithTagSize(struct{ cipher.Block }{b}, n)
			})
			return remember(a, err, key, 12, n)
		},
		NewGCMWithRandomNonce: func(key []byte) (cipher.AEAD, error) {
			return gcm(key, cipher.NewGCMWithRandomNonce)
		},
		Streaming: refStreaming(),
	}
}

func TestStdlib(t *testing.T) { Run(t, mutantImpl(t)) }
