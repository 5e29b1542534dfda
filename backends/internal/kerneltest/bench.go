package kerneltest

import (
	"crypto/aes"
	"crypto/cipher"
	"testing"

	"github.com/vaesgo/vaes/internal/impl"
)

// The benchmarks put a backend's kernels side by side with crypto/aes and
// crypto/cipher (impl=stdlib) in one run, and the blocks kernel also with
// other backends. Compare columns with
//
//	go test -run '^$' -bench . -count 8 > bench.txt
//	benchstat -col /impl bench.txt

// BenchSizes are the message sizes of the root package's benchmarks.
var BenchSizes = []int{16, 64, 256, 512, 1350, 4096, 16384}

// benchAAD is the 13-byte additional data of a TLS record.
var benchAAD = make([]byte, 13)

func skipUnavailable(b *testing.B, k *impl.Backend) {
	if !k.Available {
		b.Skip("this CPU cannot run the " + k.Name + " kernels")
	}
}

// benchGCM runs f for AES-128 and AES-256 at every size, on k's kernels
// and on crypto/cipher.
func benchGCM(b *testing.B, k *impl.Backend, f func(b *testing.B, g *GCM, std cipher.AEAD, size int, ours bool)) {
	skipUnavailable(b, k)
	for _, keySize := range []int{16, 32} {
		g := NewGCM(k, make([]byte, keySize))
		std, err := cipher.NewGCM(g.Block)
		if err != nil {
			b.Fatal(err)
		}
		for _, size := range BenchSizes {
			for _, ours := range []bool{true, false} {
				name := "stdlib"
				if ours {
					name = k.Name
				}
				b.Run(benchName(keySize, size, name), func(b *testing.B) {
					b.SetBytes(int64(size))
					f(b, g, std, size, ours)
				})
			}
		}
	}
}

// BenchSeal measures GCM sealing with k's kernels and with crypto/cipher.
func BenchSeal(b *testing.B, k *impl.Backend) {
	benchGCM(b, k, func(b *testing.B, g *GCM, std cipher.AEAD, size int, ours bool) {
		nonce := make([]byte, 12)
		src := make([]byte, size)
		dst := make([]byte, size+16)
		if ours {
			for b.Loop() {
				g.Seal(dst, nonce, src, benchAAD)
			}
			return
		}
		for b.Loop() {
			std.Seal(dst[:0], nonce, src, benchAAD)
		}
	})
}

// BenchOpen measures GCM opening with k's kernels and with crypto/cipher.
func BenchOpen(b *testing.B, k *impl.Backend) {
	benchGCM(b, k, func(b *testing.B, g *GCM, std cipher.AEAD, size int, ours bool) {
		nonce := make([]byte, 12)
		sealed := std.Seal(nil, nonce, make([]byte, size), benchAAD)
		dst := make([]byte, size)
		if ours {
			for b.Loop() {
				if !g.Open(dst, nonce, sealed, benchAAD) {
					b.Fatal("authentication failed")
				}
			}
			return
		}
		for b.Loop() {
			if _, err := std.Open(dst[:0], nonce, sealed, benchAAD); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchCTR measures k's CTR128 against crypto/cipher's CTR with AES-128.
func BenchCTR(b *testing.B, k *impl.Backend) {
	skipUnavailable(b, k)
	g := NewGCM(k, make([]byte, 16))
	iv := make([]byte, 16)
	for _, size := range BenchSizes {
		src := make([]byte, size)
		dst := make([]byte, size)
		b.Run(benchName(16, size, k.Name), func(b *testing.B) {
			b.SetBytes(int64(size))
			var ctr [16]byte
			for b.Loop() {
				k.CTR128(g.Schedule(), &ctr, dst, src)
			}
		})
		b.Run(benchName(16, size, "stdlib"), func(b *testing.B) {
			b.SetBytes(int64(size))
			s := cipher.NewCTR(g.Block, iv)
			for b.Loop() {
				s.XORKeyStream(dst, src)
			}
		})
	}
}

// BenchEncryptBlocks measures k's blocks kernel with AES-128 against each
// of others that this CPU runs and against crypto/aes one block at a time,
// the only way the standard library offers. Sizes are cut to whole blocks.
func BenchEncryptBlocks(b *testing.B, k *impl.Backend, others ...*impl.Backend) {
	skipUnavailable(b, k)
	g := NewGCM(k, make([]byte, 16))
	block, _ := aes.NewCipher(make([]byte, 16))
	for _, size := range BenchSizes {
		size &^= 15 // whole blocks: 1350 becomes 1344
		src := make([]byte, size)
		dst := make([]byte, size)
		for _, o := range append([]*impl.Backend{k}, others...) {
			if !o.Available {
				continue
			}
			b.Run(benchName(16, size, o.Name), func(b *testing.B) {
				b.SetBytes(int64(size))
				for b.Loop() {
					o.EncryptBlocks(g.Schedule(), dst, src)
				}
			})
		}
		b.Run(benchName(16, size, "stdlib"), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				for i := 0; i < size; i += 16 {
					block.Encrypt(dst[i:], src[i:])
				}
			}
		})
	}
}
