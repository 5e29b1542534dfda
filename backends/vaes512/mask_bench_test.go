package vaes512

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/vaesgo/vaes/backends/internal/kerneltest"
)

// BenchmarkMask measures the GCM kernel calls of a short message as the
// root package makes them for a 12-byte nonce: "split" is CTR32 on a zero
// block for the tag mask, then SealPublic or OpenPublic; "mask" is one
// call of SealPublicMask or OpenPublicMask; "stdlib" is crypto/cipher's
// whole Seal or Open with an empty additional data, for scale.
func BenchmarkMask(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	k := kerneltest.NewKey(b, rng, 16, referenceTable)
	key := kerneltest.RandomBytes(rand.New(rand.NewPCG(16, 1)), 16)
	block, _ := aes.NewCipher(key)
	std, _ := cipher.NewGCM(block)
	nonce := make([]byte, 12)
	for _, n := range []int{16, 64, 256, 512} {
		src := kerneltest.RandomBytes(rng, n)
		dst := make([]byte, n)
		sealed := std.Seal(nil, nonce, src, nil)
		var ctr, y, mask, j0 [16]byte
		var zero [16]byte
		for _, seal := range []bool{true, false} {
			op := "Open"
			if seal {
				op = "Seal"
			}
			b.Run(fmt.Sprintf("%s/%d/split", op, n), func(b *testing.B) {
				b.SetBytes(int64(n))
				for b.Loop() {
					j0[15], ctr[15] = 1, 2
					CTR32(&k.KS, &j0, mask[:], zero[:])
					if seal {
						SealPublic(&k.KS, &k.Table, &ctr, &y, dst, src)
					} else {
						OpenPublic(&k.KS, &k.Table, &ctr, &y, dst, src)
					}
				}
			})
			b.Run(fmt.Sprintf("%s/%d/mask", op, n), func(b *testing.B) {
				b.SetBytes(int64(n))
				for b.Loop() {
					ctr[15] = 2
					if seal {
						SealPublicMask(&k.KS, &k.Table, &ctr, &y, &mask, dst, src)
					} else {
						OpenPublicMask(&k.KS, &k.Table, &ctr, &y, &mask, dst, src)
					}
				}
			})
			b.Run(fmt.Sprintf("%s/%d/stdlib", op, n), func(b *testing.B) {
				b.SetBytes(int64(n))
				for b.Loop() {
					if seal {
						std.Seal(dst[:0], nonce, src, nil)
					} else {
						std.Open(dst[:0], nonce, sealed, nil)
					}
				}
			})
		}
	}
}
