package vaes512

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"testing"

	"github.com/vaesgo/vaes/backends/aesni"
)

// The benchmarks put this package's kernels side by side with crypto/aes
// and crypto/cipher (impl=stdlib), and the blocks kernel also with the
// aesni backend, in one run. Compare columns with
//
//	go test -run '^$' -bench . -count 8 > bench.txt
//	benchstat -col /impl bench.txt

// benchSizes are the message sizes of the root package's benchmarks.
var benchSizes = []int{16, 64, 256, 512, 1350, 4096, 16384}

// benchAAD is the 13-byte additional data of a TLS record.
var benchAAD = make([]byte, 13)

func skipUnavailable(b *testing.B) {
	if !Available() {
		b.Skip("this CPU lacks AVX-512 with VAES and VPCLMULQDQ")
	}
}

// benchGCM runs f for AES-128 and AES-256 at every size, on this package's
// kernels and on crypto/cipher.
func benchGCM(b *testing.B, f func(b *testing.B, g *gcmState, std cipher.AEAD, size int, ours bool)) {
	skipUnavailable(b)
	for _, keySize := range []int{16, 32} {
		g := newGCMState(make([]byte, keySize))
		std, err := cipher.NewGCM(g.block)
		if err != nil {
			b.Fatal(err)
		}
		for _, size := range benchSizes {
			for _, ours := range []bool{true, false} {
				name := "stdlib"
				if ours {
					name = "vaes512"
				}
				b.Run(fmt.Sprintf("AES-%d/%d/impl=%s", 8*keySize, size, name), func(b *testing.B) {
					b.SetBytes(int64(size))
					f(b, g, std, size, ours)
				})
			}
		}
	}
}

func BenchmarkSeal(b *testing.B) {
	benchGCM(b, func(b *testing.B, g *gcmState, std cipher.AEAD, size int, ours bool) {
		nonce := make([]byte, 12)
		src := make([]byte, size)
		dst := make([]byte, size+16)
		if ours {
			for b.Loop() {
				g.seal(dst, nonce, src, benchAAD)
			}
			return
		}
		for b.Loop() {
			std.Seal(dst[:0], nonce, src, benchAAD)
		}
	})
}

func BenchmarkOpen(b *testing.B) {
	benchGCM(b, func(b *testing.B, g *gcmState, std cipher.AEAD, size int, ours bool) {
		nonce := make([]byte, 12)
		sealed := std.Seal(nil, nonce, make([]byte, size), benchAAD)
		dst := make([]byte, size)
		if ours {
			for b.Loop() {
				if !g.open(dst, nonce, sealed, benchAAD) {
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

func BenchmarkCTR(b *testing.B) {
	skipUnavailable(b)
	g := newGCMState(make([]byte, 16))
	iv := make([]byte, 16)
	for _, size := range benchSizes {
		src := make([]byte, size)
		dst := make([]byte, size)
		b.Run(fmt.Sprintf("AES-128/%d/impl=vaes512", size), func(b *testing.B) {
			b.SetBytes(int64(size))
			var ctr [16]byte
			for b.Loop() {
				CTR128(&g.ks, &ctr, dst, src)
			}
		})
		b.Run(fmt.Sprintf("AES-128/%d/impl=stdlib", size), func(b *testing.B) {
			b.SetBytes(int64(size))
			s := cipher.NewCTR(g.block, iv)
			for b.Loop() {
				s.XORKeyStream(dst, src)
			}
		})
	}
}

// BenchmarkEncryptBlocks compares the blocks kernel with the aesni
// backend's and with crypto/aes one block at a time, the only way the
// standard library offers.
func BenchmarkEncryptBlocks(b *testing.B) {
	skipUnavailable(b)
	g := newGCMState(make([]byte, 16))
	block, _ := aes.NewCipher(make([]byte, 16))
	for _, size := range benchSizes {
		size &^= 15 // whole blocks: 1350 becomes 1344
		src := make([]byte, size)
		dst := make([]byte, size)
		b.Run(fmt.Sprintf("AES-128/%d/impl=vaes512", size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				EncryptBlocks(&g.ks, dst, src)
			}
		})
		if aesni.Available() {
			b.Run(fmt.Sprintf("AES-128/%d/impl=aesni", size), func(b *testing.B) {
				b.SetBytes(int64(size))
				for b.Loop() {
					aesni.EncryptBlocks(&g.ks, dst, src)
				}
			})
		}
		b.Run(fmt.Sprintf("AES-128/%d/impl=stdlib", size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				for i := 0; i < size; i += 16 {
					block.Encrypt(dst[i:], src[i:])
				}
			}
		})
	}
}
