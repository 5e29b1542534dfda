package kernels_test

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"testing"

	"github.com/vaesgo/vaes/internal/impl"
	"github.com/vaesgo/vaes/internal/kernels"
)

// The benchmarks run the kernels through the switch, and GCM through the
// call sequence the root package uses, side by side with crypto/aes and
// crypto/cipher (the row "stdlib") on every backend this CPU can run:
//
//	go test -run '^$' -bench . -count 8 ./internal/kernels > bench.txt
//	benchstat -col /impl bench.txt
//
// They leave out the root package's argument checks and its dst handling;
// the root package's benchmarks measure the API as users call it.

var benchSizes = []int{16, 64, 256, 512, 1350, 4096, 16384}

// blockSizes are benchSizes cut to whole blocks (1350 becomes 1344), for
// the kernels that take whole blocks only.
var blockSizes = func() []int {
	var sizes []int
	for _, n := range benchSizes {
		sizes = append(sizes, n&^15)
	}
	return sizes
}()

// benchAAD is the 13-byte additional data of a TLS record.
var benchAAD = make([]byte, 13)

// forEach runs f as a sub-benchmark named AES-<bits>/<size>/impl=<name>
// for each backend this CPU runs and for the standard library (b == nil).
func forEach(b *testing.B, keySizes []int, sizes []int, f func(b *testing.B, be *impl.Backend, key []byte, size int)) {
	for _, keySize := range keySizes {
		key := make([]byte, keySize)
		for _, size := range sizes {
			for _, be := range append(runnable(b), nil) {
				name := "stdlib"
				if be != nil {
					name = be.Name
				}
				b.Run(fmt.Sprintf("AES-%d/%d/impl=%s", 8*keySize, size, name), func(b *testing.B) {
					b.SetBytes(int64(size))
					b.ReportAllocs()
					f(b, be, key, size)
				})
			}
		}
	}
}

func stdGCM(b *testing.B, key []byte) cipher.AEAD {
	block, err := aes.NewCipher(key)
	if err != nil {
		b.Fatal(err)
	}
	g, err := cipher.NewGCM(block)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkSeal is kernels.GCM.Seal with a 12-byte nonce (the public
// kernels), as every vaes.GCM.Seal with a 12-byte nonce runs it.
func BenchmarkSeal(b *testing.B) { benchSeal(b, []int{16, 32}, true) }

// benchSeal measures kernels.GCM.Seal with the public or the general
// kernels, for each key size, beside crypto/cipher's Seal.
func benchSeal(b *testing.B, keySizes []int, public bool) {
	forEach(b, keySizes, benchSizes, func(b *testing.B, be *impl.Backend, key []byte, size int) {
		nonce, src, dst := make([]byte, 12), make([]byte, size), make([]byte, size+16)
		if be == nil {
			std := stdGCM(b, key)
			for b.Loop() {
				std.Seal(dst[:0], nonce, src, benchAAD)
			}
			return
		}
		g := kernels.GCM{B: be, Key: newKey(b, be, key), Public: public, TagSize: 16}
		for b.Loop() {
			g.Seal(dst, nonce, src, benchAAD)
		}
	})
}

// BenchmarkOpen is kernels.GCM.Open with a 12-byte nonce.
func BenchmarkOpen(b *testing.B) {
	forEach(b, []int{16, 32}, benchSizes, func(b *testing.B, be *impl.Backend, key []byte, size int) {
		nonce, dst := make([]byte, 12), make([]byte, size)
		std := stdGCM(b, key)
		sealed := std.Seal(nil, nonce, make([]byte, size), benchAAD)
		if be == nil {
			for b.Loop() {
				if _, err := std.Open(dst[:0], nonce, sealed, benchAAD); err != nil {
					b.Fatal(err)
				}
			}
			return
		}
		g := kernels.GCM{B: be, Key: newKey(b, be, key), Public: true, TagSize: 16}
		for b.Loop() {
			if !g.Open(dst, nonce, sealed, benchAAD) {
				b.Fatal("authentication failed")
			}
		}
	})
}

// BenchmarkSealGeneral is BenchmarkSeal on the general kernels, which take
// a secret counter (nonces other than 12 bytes), with AES-128.
func BenchmarkSealGeneral(b *testing.B) { benchSeal(b, []int{16}, false) }

// BenchmarkCTR is CTR128 against crypto/cipher's CTR, AES-128.
func BenchmarkCTR(b *testing.B) {
	forEach(b, []int{16}, benchSizes, func(b *testing.B, be *impl.Backend, key []byte, size int) {
		src, dst := make([]byte, size), make([]byte, size)
		if be == nil {
			block, _ := aes.NewCipher(key)
			s := cipher.NewCTR(block, make([]byte, 16))
			for b.Loop() {
				s.XORKeyStream(dst, src)
			}
			return
		}
		k := newKey(b, be, key)
		var ctr [16]byte
		for b.Loop() {
			kernels.CTR128(be, &k.KS, &ctr, dst, src)
		}
	})
}

// BenchmarkEncryptBlocks is the blocks kernel against crypto/aes one block
// at a time, the only way the standard library offers, AES-128. Sizes are
// cut to whole blocks (1350 becomes 1344).
func BenchmarkEncryptBlocks(b *testing.B) {
	forEach(b, []int{16}, blockSizes, func(b *testing.B, be *impl.Backend, key []byte, size int) {
		src, dst := make([]byte, size), make([]byte, size)
		if be == nil {
			block, _ := aes.NewCipher(key)
			for b.Loop() {
				for i := 0; i < size; i += 16 {
					block.Encrypt(dst[i:], src[i:])
				}
			}
			return
		}
		k := newKey(b, be, key)
		for b.Loop() {
			kernels.EncryptBlocks(be, &k.KS, dst, src)
		}
	})
}

// BenchmarkCBCEncrypt is the CBCEncrypt kernel against crypto/cipher's CBC
// encrypter on crypto/aes, over whole blocks, with AES-128 and AES-256:
// each block waits for the one before, so its cost is its rounds one after
// another, and the key size shows. The chaining value carries from one
// call to the next in both.
func BenchmarkCBCEncrypt(b *testing.B) { benchCBC(b, false) }

// BenchmarkCBCDecrypt is BenchmarkCBCEncrypt for the CBCDecrypt kernel.
func BenchmarkCBCDecrypt(b *testing.B) { benchCBC(b, true) }

func benchCBC(b *testing.B, decrypt bool) {
	forEach(b, []int{16, 32}, blockSizes, func(b *testing.B, be *impl.Backend, key []byte, size int) {
		src, dst := make([]byte, size), make([]byte, size)
		var iv [16]byte
		if be == nil {
			block, _ := aes.NewCipher(key)
			m := cipher.NewCBCEncrypter(block, iv[:])
			if decrypt {
				m = cipher.NewCBCDecrypter(block, iv[:])
			}
			for b.Loop() {
				m.CryptBlocks(dst, src)
			}
			return
		}
		k := newKey(b, be, key)
		if decrypt {
			for b.Loop() {
				kernels.CBCDecrypt(be, &k.KS, &iv, dst, src)
			}
			return
		}
		for b.Loop() {
			kernels.CBCEncrypt(be, &k.KS, &iv, dst, src)
		}
	})
}
