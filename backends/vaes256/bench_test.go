package vaes256

import (
	"crypto/cipher"
	"strconv"
	"testing"

	"github.com/vaesgo/vaes/backends/aesni"
)

// The benchmarks run this backend's kernels side by side with crypto/aes
// and crypto/cipher ("stdlib") in one process, so that every table carries
// its own reference; EncryptBlocks also runs the aesni backend. Compare
// them as ratios, with benchstat or cmd/vaesbench.

// benchSizes are the message sizes of the root package's benchmarks.
var benchSizes = []int{16, 64, 256, 512, 1350, 4096, 16384}

// benchAAD is the 13-byte additional data of a TLS record.
var benchAAD = make([]byte, 13)

func skipUnavailable(b *testing.B) {
	if !Available() {
		b.Skip("this CPU lacks AVX2, VAES or VPCLMULQDQ")
	}
}

func BenchmarkSeal(b *testing.B) {
	skipUnavailable(b)
	key := make([]byte, 16)
	nonce := make([]byte, 12)
	g := newGCMState(key)
	std, _ := cipher.NewGCM(g.block)
	for _, size := range benchSizes {
		src := make([]byte, size)
		dst := make([]byte, size+16)
		b.Run("vaes256/"+strconv.Itoa(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				g.seal(dst, nonce, src, benchAAD)
			}
		})
		b.Run("stdlib/"+strconv.Itoa(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				std.Seal(dst[:0], nonce, src, benchAAD)
			}
		})
	}
}

func BenchmarkOpen(b *testing.B) {
	skipUnavailable(b)
	key := make([]byte, 16)
	nonce := make([]byte, 12)
	g := newGCMState(key)
	std, _ := cipher.NewGCM(g.block)
	for _, size := range benchSizes {
		sealed := std.Seal(nil, nonce, make([]byte, size), benchAAD)
		dst := make([]byte, size)
		b.Run("vaes256/"+strconv.Itoa(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				if !g.open(dst, nonce, sealed, benchAAD) {
					b.Fatal("authentication failed")
				}
			}
		})
		b.Run("stdlib/"+strconv.Itoa(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				if _, err := std.Open(dst[:0], nonce, sealed, benchAAD); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkCTR(b *testing.B) {
	skipUnavailable(b)
	key := make([]byte, 16)
	g := newGCMState(key)
	iv := make([]byte, 16)
	for _, size := range benchSizes {
		src := make([]byte, size)
		dst := make([]byte, size)
		b.Run("vaes256/"+strconv.Itoa(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			var ctr [16]byte
			for b.Loop() {
				CTR128(&g.ks, &ctr, dst, src)
			}
		})
		b.Run("stdlib/"+strconv.Itoa(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			s := cipher.NewCTR(g.block, iv)
			for b.Loop() {
				s.XORKeyStream(dst, src)
			}
		})
	}
}

func BenchmarkEncryptBlocks(b *testing.B) {
	skipUnavailable(b)
	key := make([]byte, 16)
	g := newGCMState(key)
	for _, size := range benchSizes {
		size &^= 15 // whole blocks: 1350 becomes 1344
		src := make([]byte, size)
		dst := make([]byte, size)
		b.Run("vaes256/"+strconv.Itoa(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				EncryptBlocks(&g.ks, dst, src)
			}
		})
		if aesni.Available() {
			b.Run("aesni/"+strconv.Itoa(size), func(b *testing.B) {
				b.SetBytes(int64(size))
				for b.Loop() {
					aesni.EncryptBlocks(&g.ks, dst, src)
				}
			})
		}
		b.Run("stdlib/"+strconv.Itoa(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				for i := 0; i < size; i += 16 {
					g.block.Encrypt(dst[i:], src[i:])
				}
			}
		})
	}
}
