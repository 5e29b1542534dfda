package conformance

import (
	"crypto/cipher"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"testing"
)

// Impl is one implementation under test: the root package's constructors,
// bound to one backend.
type Impl struct {
	// Name identifies the implementation in log messages.
	Name string

	// NewCipher returns an AES block cipher. The value must also have the
	// methods of [Blocks]. The CBC tests build their modes on it with
	// crypto/cipher's NewCBCEncrypter and NewCBCDecrypter.
	NewCipher func(key []byte) (cipher.Block, error)

	// NewCTR returns AES in counter mode with a 128-bit big-endian counter.
	// A bad IV length is an error, not a panic.
	NewCTR func(key, iv []byte) (cipher.Stream, error)

	// NewGCM, NewGCMWithNonceSize, NewGCMWithTagSize and
	// NewGCMWithRandomNonce mirror crypto/cipher's constructors of the same
	// names, taking a key instead of a cipher.Block.
	NewGCM                func(key []byte) (cipher.AEAD, error)
	NewGCMWithNonceSize   func(key []byte, size int) (cipher.AEAD, error)
	NewGCMWithTagSize     func(key []byte, tagSize int) (cipher.AEAD, error)
	NewGCMWithRandomNonce func(key []byte) (cipher.AEAD, error)

	// NewXTS returns XTS-AES for a 32-, 48- or 64-byte key (K1 || K2).
	NewXTS func(key []byte) (XTS, error)

	// Streaming reaches SealPieces, Sealer and Opener on the AEADs that
	// NewGCM, NewGCMWithNonceSize and NewGCMWithTagSize return.
	Streaming Streaming
}

// Blocks is the multi-block interface of the block ciphers NewCipher
// returns: ECB over any whole number of blocks.
type Blocks interface {
	cipher.Block
	EncryptBlocks(dst, src []byte)
	DecryptBlocks(dst, src []byte)
}

// Run runs the whole battery on impl, as the subtests Block, CTR, CBC,
// GCM, ACVP, Pieces, Stream and XTS.
func Run(t *testing.T, impl Impl) {
	t.Run("Block", func(t *testing.T) { RunBlock(t, impl) })
	t.Run("CTR", func(t *testing.T) { RunCTR(t, impl) })
	t.Run("CBC", func(t *testing.T) { RunCBC(t, impl) })
	t.Run("GCM", func(t *testing.T) { RunGCM(t, impl) })
	t.Run("ACVP", func(t *testing.T) { RunACVP(t, impl) })
	t.Run("Pieces", func(t *testing.T) { RunPieces(t, impl) })
	t.Run("Stream", func(t *testing.T) { RunStream(t, impl) })
	t.Run("XTS", func(t *testing.T) { RunXTS(t, impl) })
}

// keySizes are the AES key lengths in bytes.
var keySizes = []int{16, 24, 32}

// forEachKeySize runs f as the subtests AES-128, AES-192 and AES-256, each
// with its own random key.
func forEachKeySize(t *testing.T, f func(t *testing.T, key []byte)) {
	for _, n := range keySizes {
		t.Run(fmt.Sprintf("AES-%d", n*8), func(t *testing.T) {
			key := make([]byte, n)
			newRand(t).fill(key)
			f(t, key)
		})
	}
}

// testRand is a deterministic random source seeded from the test's name,
// so a failure reproduces on the next run.
type testRand struct{ *rand.Rand }

func newRand(t *testing.T) testRand {
	h := fnv.New64a()
	h.Write([]byte(t.Name()))
	s := h.Sum64()
	return testRand{rand.New(rand.NewPCG(s, s^0x9e3779b97f4a7c15))}
}

// fill sets b to random bytes.
func (r testRand) fill(b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

// bytes returns n random bytes.
func (r testRand) bytes(n int) []byte {
	b := make([]byte, n)
	r.fill(b)
	return b
}
