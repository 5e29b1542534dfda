package archsimd

import (
	"fmt"
	"testing"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/backends/aesni"
	"github.com/vaesgo/vaes/ghash"
)

// BenchmarkWidth128 times the models at width 128, aesni's, which archsimd
// runs on a CPU with AVX2 and AES-NI but no VAES, beside the aesni
// assembly they model, in one run: each operation and size has the
// sub-benchmarks models and asm, one after the other. A CPU with VAES
// picks a wider width, so the package variable is set here, as TestWidths
// does. Compare the lowest ns/op of each over -count runs.
func BenchmarkWidth128(b *testing.B) {
	if !Available() || !aesni.Available() {
		b.Skip("needs the archsimd build and AES-NI")
	}
	saved := width
	defer func() { width = saved }()
	type op struct {
		name        string
		models, asm func(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte)
	}
	ops := []op{
		{"blocks",
			func(ks *aesround.Schedule, _ *ghash.Table, _, _ *[16]byte, dst, src []byte) {
				EncryptBlocks(ks, dst, src[:len(src)&^15])
			},
			func(ks *aesround.Schedule, _ *ghash.Table, _, _ *[16]byte, dst, src []byte) {
				aesni.EncryptBlocks(ks, dst, src[:len(src)&^15])
			}},
		{"ctr32",
			func(ks *aesround.Schedule, _ *ghash.Table, ctr, _ *[16]byte, dst, src []byte) {
				CTR32(ks, ctr, dst, src)
			},
			func(ks *aesround.Schedule, _ *ghash.Table, ctr, _ *[16]byte, dst, src []byte) {
				aesni.CTR32(ks, ctr, dst, src)
			}},
		{"seal", SealPublic, aesni.SealPublic},
		{"open", OpenPublic, aesni.OpenPublic},
	}
	for _, keyLen := range []int{16, 32} {
		key := make([]byte, keyLen)
		var ks aesround.Schedule
		aesni.Expand(&ks, key)
		var h [16]byte
		aesni.EncryptBlocks(&ks, h[:], h[:])
		var t ghash.Table
		aesni.GHASHInit(&t, &h)
		for _, o := range ops {
			for _, n := range []int{1350, 16384} {
				src, dst := make([]byte, n), make([]byte, n)
				for i, f := range []func(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte){o.models, o.asm} {
					impl := []string{"models", "asm"}[i]
					b.Run(fmt.Sprintf("%s/AES-%d/%d/%s", o.name, 8*keyLen, n, impl), func(b *testing.B) {
						width = w128
						var ctr, y [16]byte
						ctr[15] = 2
						b.SetBytes(int64(n))
						for b.Loop() {
							ctr[15] = 2
							f(&ks, &t, &ctr, &y, dst, src)
						}
						width = saved
					})
				}
			}
		}
	}
}
