package kerneltest

import (
	"bytes"
	"crypto/cipher"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/ghash"
)

// CTR32Reference is GCM's counter mode from SP 800-38D, one block at a time
// with crypto/aes: inc32 steps the last four bytes, big-endian, mod 2^32.
// It returns the counter after the last block.
func CTR32Reference(b cipher.Block, ctr [16]byte, dst, src []byte) [16]byte {
	var stream [16]byte
	for i := 0; i < len(src); i += 16 {
		b.Encrypt(stream[:], ctr[:])
		for j := i; j < min(i+16, len(src)); j++ {
			dst[j] = src[j] ^ stream[j-i]
		}
		binary.BigEndian.PutUint32(ctr[12:], binary.BigEndian.Uint32(ctr[12:])+1)
	}
	return ctr
}

// RandomCounter returns a random counter block whose last four bytes are
// random or, one time in four, 1..below steps below 2^32 so that they wrap.
func RandomCounter(rng *rand.Rand, below int) [16]byte {
	var ctr [16]byte
	copy(ctr[:], RandomBytes(rng, 16))
	if rng.IntN(4) == 0 {
		binary.BigEndian.PutUint32(ctr[12:], -uint32(1+rng.IntN(below)))
	}
	return ctr
}

// GCMReference is the definition of the Seal and Open kernels: CTR32, and
// GHASH of the ciphertext (the output for Seal, the input for Open).
func GCMReference(k *Key, ctr, y [16]byte, input []byte, seal bool) (out []byte, ctrOut, yOut [16]byte) {
	out = make([]byte, len(input))
	ctrOut = CTR32Reference(k.Block, ctr, out, input)
	ciphertext := input
	if seal {
		ciphertext = out
	}
	ghash.Update(ghash.FromBlock(&k.H), &y, ciphertext)
	return out, ctrOut, y
}

// ctr128 holds CTR128 to crypto/cipher's CTR, whose counter is the whole
// block, with the low 64 bits each of c.CTR128Wraps steps below 2^64 and
// the high 64 bits random or all ones, so that the low half and all 128
// bits wrap. It makes calls of every length in c.CTR128Lengths on one
// counter and holds the output to one crypto/cipher stream, so the counter
// CTR128 leaves must be where that stream is.
func ctr128(t *testing.T, c *Config, f func(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte)) {
	rng := rand.New(rand.NewPCG(128, 2))
	k := NewKey(t, rng, 16, nil)
	for _, below := range c.CTR128Wraps {
		for _, highOnes := range []bool{false, true} {
			var ctr [16]byte
			copy(ctr[:8], RandomBytes(rng, 8))
			if highOnes {
				binary.BigEndian.PutUint64(ctr[:8], ^uint64(0))
			}
			binary.BigEndian.PutUint64(ctr[8:], -below)
			stream := cipher.NewCTR(k.Block, ctr[:])
			for _, n := range c.CTR128Lengths {
				input := RandomBytes(rng, n)
				got, want := make([]byte, n), make([]byte, n)
				f(&k.KS, &ctr, got, input)
				stream.XORKeyStream(want, input)
				if !bytes.Equal(got, want) {
					t.Fatalf("counter %d below 2^64 (high all ones: %v), n=%d: got %x, want %x", below, highOnes, n, got, want)
				}
			}
		}
	}
}
