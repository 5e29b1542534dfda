package vaes_test

// Benchmarks for every backend this CPU can run, side by side with the
// standard library. Run them with
//
//	go test -run '^$' -bench .
//
// Names are <Op>/<backend>/AES-<bits>/<bytes>. The backend "stdlib" is
// crypto/aes and crypto/cipher called directly, whatever dispatch picked, so
// every table carries its own reference: judge a backend by its ratio to
// stdlib in the same run (benchstat does this), never by absolute times.

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"testing"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/impl"
)

// benchSizes are the message lengths every operation is measured at: a
// block, small records, a typical network packet (1350) and bulk data.
var benchSizes = []int{16, 64, 256, 512, 1350, 4096, 16384}

// benchKeySizes are the key lengths in bytes: AES-128 and AES-256.
var benchKeySizes = []int{16, 32}

// benchAAD is the 13-byte additional data of a TLS 1.2 record header.
var benchAAD = make([]byte, 13)

// benchImpl is one backend column of the benchmark tables.
type benchImpl struct {
	name    string
	backend *impl.Backend // nil: crypto/aes and crypto/cipher directly
}

// benchImpls returns the standard library first, then every backend this
// CPU can run, best first.
func benchImpls() []benchImpl {
	impls := []benchImpl{{name: "stdlib"}}
	for _, b := range impl.All() {
		if !b.Available {
			continue
		}
		name := b.Name
		if b.Std {
			// Our backend that wraps crypto/aes: the same code as the
			// reference, plus this package's own mode layer.
			name = "vaes-stdlib"
		}
		impls = append(impls, benchImpl{name: name, backend: b})
	}
	return impls
}

// use makes new vaes ciphers use this implementation's backend and returns
// the function that restores the previous one.
func (bi benchImpl) use() (restore func()) {
	if bi.backend == nil {
		return func() {}
	}
	return impl.Select(bi.backend)
}

// newGCM, newCTR and newBlocks build the implementation's cipher; for a
// backend they must run between use() and its restore.
func (bi benchImpl) newGCM(key []byte) (cipher.AEAD, error) {
	if bi.backend == nil {
		block, err := aes.NewCipher(key)
		if err != nil {
			return nil, err
		}
		return cipher.NewGCM(block)
	}
	g, err := vaes.NewGCM(key)
	if err != nil {
		return nil, err
	}
	return g, nil
}

func (bi benchImpl) newCTR(key, iv []byte) (cipher.Stream, error) {
	if bi.backend == nil {
		block, err := aes.NewCipher(key)
		if err != nil {
			return nil, err
		}
		return cipher.NewCTR(block, iv), nil
	}
	return vaes.NewCTR(key, iv)
}

// newBlocks returns a function that encrypts whole blocks. The standard
// library has no multi-block call, so its version loops over Encrypt, as a
// caller of crypto/aes would.
func (bi benchImpl) newBlocks(key []byte) (func(dst, src []byte), error) {
	if bi.backend == nil {
		block, err := aes.NewCipher(key)
		if err != nil {
			return nil, err
		}
		return func(dst, src []byte) {
			for i := 0; i < len(src); i += aes.BlockSize {
				block.Encrypt(dst[i:], src[i:])
			}
		}, nil
	}
	c, err := vaes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return c.EncryptBlocks, nil
}

// benchEach runs f as a sub-benchmark for every implementation, key size and
// message size in sizes, with the implementation's backend selected.
func benchEach(b *testing.B, sizes []int, f func(b *testing.B, bi benchImpl, key []byte, size int)) {
	for _, bi := range benchImpls() {
		b.Run(bi.name, func(b *testing.B) {
			for _, ks := range benchKeySizes {
				b.Run(fmt.Sprintf("AES-%d", ks*8), func(b *testing.B) {
					key := benchBytes(ks, 1)
					for _, size := range sizes {
						b.Run(fmt.Sprint(size), func(b *testing.B) {
							defer bi.use()()
							f(b, bi, key, size)
						})
					}
				})
			}
		})
	}
}

// benchBytes returns n bytes of a fixed pattern.
func benchBytes(n int, seed byte) []byte {
	p := make([]byte, n)
	for i := range p {
		p[i] = byte(i)*7 + seed
	}
	return p
}

func BenchmarkSeal(b *testing.B) {
	benchEach(b, benchSizes, func(b *testing.B, bi benchImpl, key []byte, size int) {
		g, err := bi.newGCM(key)
		if err != nil {
			b.Fatal(err)
		}
		nonce := benchBytes(g.NonceSize(), 2)
		pt := benchBytes(size, 3)
		out := make([]byte, 0, size+g.Overhead())
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			out = g.Seal(out[:0], nonce, pt, benchAAD)
		}
	})
}

func BenchmarkOpen(b *testing.B) {
	benchEach(b, benchSizes, func(b *testing.B, bi benchImpl, key []byte, size int) {
		g, err := bi.newGCM(key)
		if err != nil {
			b.Fatal(err)
		}
		nonce := benchBytes(g.NonceSize(), 2)
		pt := benchBytes(size, 3)
		ct := g.Seal(nil, nonce, pt, benchAAD)
		out := make([]byte, 0, size)
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			out, err = g.Open(out[:0], nonce, ct, benchAAD)
		}
		if err != nil || !bytes.Equal(out, pt) {
			b.Fatalf("Open did not return the plaintext: %v", err)
		}
	})
}

// BenchmarkSealFreshKey measures what a caller pays for a key used once:
// NewGCM (key expansion, hash key and its powers) and one Seal.
//
// Besides the usual sizes it runs at 384 bytes and 1 KiB, typical of
// protocols that derive a fresh key per message.
func BenchmarkSealFreshKey(b *testing.B) {
	sizes := append([]int{384, 1024}, benchSizes...)
	benchEach(b, sizes, func(b *testing.B, bi benchImpl, key []byte, size int) {
		nonce := benchBytes(12, 2)
		pt := benchBytes(size, 3)
		out := make([]byte, 0, size+16)
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			g, err := bi.newGCM(key)
			if err != nil {
				b.Fatal(err)
			}
			out = g.Seal(out[:0], nonce, pt, benchAAD)
		}
	})
}

func BenchmarkCTR(b *testing.B) {
	benchEach(b, benchSizes, func(b *testing.B, bi benchImpl, key []byte, size int) {
		s, err := bi.newCTR(key, benchBytes(aes.BlockSize, 4))
		if err != nil {
			b.Fatal(err)
		}
		src := benchBytes(size, 3)
		dst := make([]byte, size)
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			s.XORKeyStream(dst, src)
		}
	})
}

// BenchmarkEncryptBlocks measures ECB over whole blocks. A size that is not
// a multiple of 16 (1350) is rounded down (1344) and named by what it runs.
func BenchmarkEncryptBlocks(b *testing.B) {
	var sizes []int
	for _, size := range benchSizes {
		sizes = append(sizes, size&^(aes.BlockSize-1))
	}
	benchEach(b, sizes, func(b *testing.B, bi benchImpl, key []byte, size int) {
		enc, err := bi.newBlocks(key)
		if err != nil {
			b.Fatal(err)
		}
		src := benchBytes(size, 3)
		dst := make([]byte, size)
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			enc(dst, src)
		}
	})
}
