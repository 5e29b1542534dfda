package kerneltest

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/ghash"
)

// Key is a random key in every form the tests need.
type Key struct {
	KS    aesround.Schedule
	Block cipher.Block
	H     [16]byte // E_K(0^128)
	Table ghash.Table
}

// Layout fills t with the key powers of h in a backend's own table layout,
// from package ghash, as the reference for the backend's GHASHInit.
type Layout func(t *ghash.Table, h *[16]byte)

// NewKey returns a random key of size bytes whose table is laid out by
// layout, or left zero if layout is nil.
func NewKey(t testing.TB, rng *rand.Rand, size int, layout Layout) *Key {
	key := RandomBytes(rng, size)
	k := new(Key)
	aesround.Expand(&k.KS, key)
	var err error
	if k.Block, err = aes.NewCipher(key); err != nil {
		t.Fatal(err)
	}
	k.Block.Encrypt(k.H[:], k.H[:])
	if layout != nil {
		layout(&k.Table, &k.H)
	}
	return k
}

// Tab is k's table as the kernels' unexported functions take it.
func (k *Key) Tab() *[32][16]byte { return (*[32][16]byte)(&k.Table) }

// RandomBytes returns n bytes from rng.
func RandomBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// ForKeys runs f for AES-128 with every placement, and for AES-192 and
// AES-256 with one placement per length, to keep the run short.
func ForKeys(t *testing.T, layout Layout, f func(t *testing.T, rng *rand.Rand, k *Key, all bool)) {
	for _, size := range []int{16, 24, 32} {
		t.Run(fmt.Sprintf("AES-%d", 8*size), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(size), 1))
			f(t, rng, NewKey(t, rng, size, layout), size == 16)
		})
	}
}
