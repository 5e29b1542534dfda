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
//
// BenchmarkRoutedSeal and BenchmarkRoutedCTR have no stdlib row: they put
// each backend's mode built by crypto/cipher on a *vaes.Cipher next to the
// same mode built by this package, one more level down the name (via=cipher,
// via=vaes), and the two should run at the same speed:
//
//	go test -run '^$' -bench Routed -count 10 > routed.txt
//	benchstat -col /via routed.txt

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

// blockSizes are benchSizes cut to whole blocks, for the operations that
// take whole blocks only: 1350 becomes 1344, named by what it runs.
var blockSizes = func() []int {
	var sizes []int
	for _, size := range benchSizes {
		sizes = append(sizes, size&^(aes.BlockSize-1))
	}
	return sizes
}()

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

// newBlock returns the implementation's cipher.Block: crypto/aes's, or a
// *vaes.Cipher on the backend.
func (bi benchImpl) newBlock(key []byte) (cipher.Block, error) {
	if bi.backend == nil {
		return aes.NewCipher(key)
	}
	c, err := vaes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// newCBC returns crypto/cipher's CBC encrypter or decrypter on the
// implementation's block. On a *vaes.Cipher, crypto/cipher hands the job
// to the Cipher's own NewCBCEncrypter or NewCBCDecrypter, so this is the
// backend's CBC as a program that swaps aes.NewCipher for vaes.NewCipher
// gets it.
func (bi benchImpl) newCBC(key, iv []byte, decrypt bool) (cipher.BlockMode, error) {
	block, err := bi.newBlock(key)
	if err != nil {
		return nil, err
	}
	if decrypt {
		return cipher.NewCBCDecrypter(block, iv), nil
	}
	return cipher.NewCBCEncrypter(block, iv), nil
}

// benchEach runs f as a sub-benchmark for every implementation, key size and
// message size in sizes, with the implementation's backend selected.
func benchEach(b *testing.B, sizes []int, f func(b *testing.B, bi benchImpl, key []byte, size int)) {
	benchOver(b, benchImpls(), sizes, f)
}

// benchOver is benchEach over the implementations impls.
func benchOver(b *testing.B, impls []benchImpl, sizes []int, f func(b *testing.B, bi benchImpl, key []byte, size int)) {
	for _, bi := range impls {
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
	benchEach(b, blockSizes, func(b *testing.B, bi benchImpl, key []byte, size int) {
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

// BenchmarkCBCEncrypt measures CryptBlocks of cipher.NewCBCEncrypter, on
// crypto/aes for stdlib and on a *vaes.Cipher for a backend, over whole
// blocks (1350 becomes 1344). The chaining value carries from one call to
// the next, as it does for a message encrypted in pieces.
func BenchmarkCBCEncrypt(b *testing.B) { benchCBC(b, false) }

// BenchmarkCBCDecrypt is BenchmarkCBCEncrypt for cipher.NewCBCDecrypter.
func BenchmarkCBCDecrypt(b *testing.B) { benchCBC(b, true) }

func benchCBC(b *testing.B, decrypt bool) {
	benchEach(b, blockSizes, func(b *testing.B, bi benchImpl, key []byte, size int) {
		iv := benchBytes(aes.BlockSize, 4)
		m, err := bi.newCBC(key, iv, decrypt)
		if err != nil {
			b.Fatal(err)
		}
		std, err := benchImpl{name: "stdlib"}.newCBC(key, iv, decrypt)
		if err != nil {
			b.Fatal(err)
		}
		src := benchBytes(size, 3)
		dst, want := make([]byte, size), make([]byte, size)
		// What is timed must be CBC: the first call's output is
		// crypto/cipher's on crypto/aes.
		std.CryptBlocks(want, src)
		if m.CryptBlocks(dst, src); !bytes.Equal(dst, want) {
			b.Fatal("output differs from crypto/cipher's")
		}
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			m.CryptBlocks(dst, src)
		}
	})
}

// routedSizes are the sizes the routed modes are held to: a network packet
// and bulk data.
var routedSizes = []int{1350, 16384}

// benchRouted runs direct (built by this package from the key) and routed
// (built by crypto/cipher from a *vaes.Cipher) as sub-benchmarks via=vaes
// and via=cipher, one after the other, for every backend, key size and
// size in routedSizes.
func benchRouted(b *testing.B, direct, routed func(b *testing.B, key []byte, size int)) {
	var impls []benchImpl
	for _, bi := range benchImpls() {
		if bi.backend != nil {
			impls = append(impls, bi)
		}
	}
	benchOver(b, impls, routedSizes, func(b *testing.B, bi benchImpl, key []byte, size int) {
		b.Run("via=vaes", func(b *testing.B) { direct(b, key, size) })
		b.Run("via=cipher", func(b *testing.B) { routed(b, key, size) })
	})
}

// BenchmarkRoutedSeal compares Seal on vaes.NewGCM(key) with Seal on
// cipher.NewGCM(block) for block a *vaes.Cipher of the same key, which
// crypto/cipher hands to the block's NewGCM. Both seal the same bytes.
func BenchmarkRoutedSeal(b *testing.B) {
	benchRouted(b, func(b *testing.B, key []byte, size int) {
		g, err := vaes.NewGCM(key)
		if err != nil {
			b.Fatal(err)
		}
		benchSealOn(b, g, key, size)
	}, func(b *testing.B, key []byte, size int) {
		block, err := vaes.NewCipher(key)
		if err != nil {
			b.Fatal(err)
		}
		g, err := cipher.NewGCM(block)
		if err != nil {
			b.Fatal(err)
		}
		if _, ok := g.(*vaes.GCM); !ok {
			b.Fatalf("cipher.NewGCM on a *vaes.Cipher returned a %T", g)
		}
		benchSealOn(b, g, key, size)
	})
}

// benchSealOn times g.Seal of size bytes and checks its output against
// crypto/cipher's on crypto/aes.
func benchSealOn(b *testing.B, g cipher.AEAD, key []byte, size int) {
	nonce := benchBytes(g.NonceSize(), 2)
	pt := benchBytes(size, 3)
	out := make([]byte, 0, size+g.Overhead())
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		out = g.Seal(out[:0], nonce, pt, benchAAD)
	}
	std, err := benchImpl{name: "stdlib"}.newGCM(key)
	if err != nil {
		b.Fatal(err)
	}
	if !bytes.Equal(out, std.Seal(nil, nonce, pt, benchAAD)) {
		b.Fatal("output differs from crypto/cipher's")
	}
}

// BenchmarkRoutedCTR compares XORKeyStream on vaes.NewCTR(key, iv) with
// XORKeyStream on cipher.NewCTR(block, iv) for block a *vaes.Cipher of the
// same key, which crypto/cipher hands to the block's NewCTR.
func BenchmarkRoutedCTR(b *testing.B) {
	iv := benchBytes(aes.BlockSize, 4)
	benchRouted(b, func(b *testing.B, key []byte, size int) {
		s, err := vaes.NewCTR(key, iv)
		if err != nil {
			b.Fatal(err)
		}
		benchCTROn(b, s, key, iv, size)
	}, func(b *testing.B, key []byte, size int) {
		block, err := vaes.NewCipher(key)
		if err != nil {
			b.Fatal(err)
		}
		benchCTROn(b, cipher.NewCTR(block, iv), key, iv, size)
	})
}

// benchCTROn checks that s's first call gives the keystream crypto/cipher's
// CTR gives on crypto/aes from the same IV, then times s.XORKeyStream over
// size bytes.
func benchCTROn(b *testing.B, s cipher.Stream, key, iv []byte, size int) {
	src := make([]byte, size) // zeros: dst is the keystream
	dst := make([]byte, size)
	std, err := benchImpl{name: "stdlib"}.newCTR(key, iv)
	if err != nil {
		b.Fatal(err)
	}
	want := make([]byte, size)
	std.XORKeyStream(want, src)
	if s.XORKeyStream(dst, src); !bytes.Equal(dst, want) {
		b.Fatal("keystream differs from crypto/cipher's")
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		s.XORKeyStream(dst, src)
	}
}
