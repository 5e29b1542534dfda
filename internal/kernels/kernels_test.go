package kernels_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"math/rand/v2"
	"testing"

	_ "github.com/vaesgo/vaes" // registers the backends
	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/internal/impl"
	"github.com/vaesgo/vaes/internal/kernels"
)

// The backends' own tests hold each kernel to its model and to a reference
// at every length and placement. The tests here hold the switch and the
// GCM call sequence that production runs to the standard library, on every
// backend this CPU can run.

// runnable returns the backends whose kernels this CPU runs. The stdlib
// backend has none of its own (the switch gives it the generic ones,
// which run as generic).
func runnable(t testing.TB) []*impl.Backend {
	var bs []*impl.Backend
	for _, b := range impl.All() {
		switch {
		case b.Std:
		case b.Available:
			bs = append(bs, b)
		default:
			t.Logf("%s: this CPU or build cannot run it", b.Name)
		}
	}
	if len(bs) == 0 {
		t.Fatal("no backend registered")
	}
	return bs
}

// gcmLengths are the message lengths of TestGCM: every length through two
// of the widest GCM batches (16 blocks) and both edges of the 64-block
// loops, and 16 KiB and a byte.
func gcmLengths() []int {
	var ns []int
	for n := range 16*64*2 + 17 {
		ns = append(ns, n)
	}
	return append(ns, 16*1024+1)
}

// blockOnly hides crypto/aes's type from crypto/cipher, so that its GCM
// takes the generic path for every tag size. (Go 1.26's amd64 assembly GCM
// writes past the end of its output for tags shorter than 16 bytes.)
type blockOnly struct{ cipher.Block }

func newKey(t testing.TB, b *impl.Backend, key []byte) *kernels.GCMKey {
	k := new(kernels.GCMKey)
	k.Init(b, key)
	return k
}

// TestGCM runs kernels.GCM, the sequence every Seal and Open in the root
// package takes, against crypto/cipher: 12-byte nonces on the public
// kernels (with every tag size), other nonces on the general ones, every length
// through the batch edges, additional data of up to 300 bytes. It opens
// every message and checks that one flipped bit is refused and the output
// cleared.
func TestGCM(t *testing.T) {
	for _, b := range runnable(t) {
		t.Run(b.Name, func(t *testing.T) {
			for _, c := range []struct {
				nonceSize, tagSize int
			}{{12, 16}, {12, 12}, {12, 15}, {8, 16}, {60, 16}} {
				for _, keySize := range []int{16, 24, 32} {
					t.Run(fmt.Sprintf("AES-%d/nonce=%d/tag=%d", 8*keySize, c.nonceSize, c.tagSize), func(t *testing.T) {
						testGCM(t, b, keySize, c.nonceSize, c.tagSize)
					})
				}
			}
		})
	}
}

func testGCM(t *testing.T, b *impl.Backend, keySize, nonceSize, tagSize int) {
	rng := rand.New(rand.NewPCG(uint64(keySize), uint64(nonceSize*100+tagSize)))
	key := randomBytes(rng, keySize)
	block, err := aes.NewCipher(key)
	if err != nil {
		t.Fatal(err)
	}
	std, err := cipher.NewGCMWithNonceSize(blockOnly{block}, nonceSize)
	if tagSize != 16 {
		std, err = cipher.NewGCMWithTagSize(blockOnly{block}, tagSize)
	}
	if err != nil {
		t.Fatal(err)
	}
	g := kernels.GCM{B: b, Key: newKey(t, b, key), Public: nonceSize == 12, TagSize: tagSize}
	lengths := gcmLengths()
	if nonceSize != 12 || tagSize != 16 || keySize == 24 {
		lengths = everyThird(lengths) // the general kernels and AES-192: a third of the lengths
	}
	for _, n := range lengths {
		nonce := randomBytes(rng, nonceSize)
		aad := randomBytes(rng, rng.IntN(300))
		plaintext := randomBytes(rng, n)
		want := std.Seal(nil, nonce, plaintext, aad)
		got := make([]byte, n+tagSize)
		g.Seal(got, nonce, plaintext, aad)
		if !bytes.Equal(got, want) {
			t.Fatalf("n=%d aad=%d: Seal\n%x, want\n%x", n, len(aad), got, want)
		}
		opened := make([]byte, n)
		if !g.Open(opened, nonce, got, aad) || !bytes.Equal(opened, plaintext) {
			t.Fatalf("n=%d: Open of a good message failed", n)
		}
		got[rng.IntN(len(got))] ^= 1 << rng.IntN(8)
		if g.Open(opened, nonce, got, aad) {
			t.Fatalf("n=%d: Open accepted a modified message", n)
		}
		if !bytes.Equal(opened, make([]byte, n)) {
			t.Fatalf("n=%d: Open left output behind after a failure", n)
		}
	}
}

func everyThird(ns []int) []int {
	var out []int
	for i := 0; i < len(ns); i += 3 {
		out = append(out, ns[i])
	}
	return append(out, ns[len(ns)-1])
}

func randomBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// TestExpand holds every backend's key expansion to aesround's.
func TestExpand(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, b := range runnable(t) {
		for _, size := range []int{16, 24, 32} {
			key := randomBytes(rng, size)
			var got, want aesround.Schedule
			kernels.Expand(b, &got, key)
			aesround.Expand(&want, key)
			if got != want {
				t.Errorf("%s AES-%d: schedule differs from aesround.Expand", b.Name, 8*size)
			}
		}
	}
}

// TestBlocks runs the block kernels, batched and one block at a time,
// against crypto/aes, in place and out of place.
func TestBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, b := range runnable(t) {
		for _, size := range []int{16, 24, 32} {
			key := randomBytes(rng, size)
			block, _ := aes.NewCipher(key)
			var ks aesround.Schedule
			kernels.Expand(b, &ks, key)
			for _, blocks := range []int{0, 1, 2, 7, 8, 9, 29, 30, 31, 63, 64, 65, 130} {
				src := randomBytes(rng, 16*blocks)
				enc, dec := make([]byte, len(src)), make([]byte, len(src))
				for i := 0; i < len(src); i += 16 {
					block.Encrypt(enc[i:], src[i:])
					block.Decrypt(dec[i:], src[i:])
				}
				got := make([]byte, len(src))
				kernels.EncryptBlocks(b, &ks, got, src)
				if !bytes.Equal(got, enc) {
					t.Fatalf("%s AES-%d EncryptBlocks of %d blocks differs from crypto/aes", b.Name, 8*size, blocks)
				}
				copy(got, src)
				kernels.DecryptBlocks(b, &ks, got, got)
				if !bytes.Equal(got, dec) {
					t.Fatalf("%s AES-%d DecryptBlocks of %d blocks in place differs from crypto/aes", b.Name, 8*size, blocks)
				}
			}
			one := [16]byte(randomBytes(rng, 16))
			var want, got [16]byte
			block.Encrypt(want[:], one[:])
			kernels.EncryptBlock(b, &ks, &got, &one)
			if got != want {
				t.Errorf("%s AES-%d: EncryptBlock %x, want %x", b.Name, 8*size, got, want)
			}
			block.Decrypt(want[:], one[:])
			got = one
			kernels.DecryptBlock(b, &ks, &got, &got)
			if got != want {
				t.Errorf("%s AES-%d: DecryptBlock in place %x, want %x", b.Name, 8*size, got, want)
			}
		}
	}
}

// TestCTR holds CTR128 to crypto/cipher's CTR across calls, and CTR32 to
// it where the low 32 bits do not wrap (where they do, the two differ by
// definition; the backends' tests cover that).
func TestCTR(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, b := range runnable(t) {
		key := randomBytes(rng, 16)
		block, _ := aes.NewCipher(key)
		var ks aesround.Schedule
		kernels.Expand(b, &ks, key)
		iv := [16]byte(randomBytes(rng, 16))
		iv[8], iv[12] = 0, 0 // no carry out of the low 32 or 64 bits
		std := cipher.NewCTR(block, iv[:])
		ctr128, ctr32 := iv, iv
		for _, n := range []int{0, 16, 48, 480, 1024, 16 * 64, 4096, 333} {
			src := randomBytes(rng, n)
			want, got, got32 := make([]byte, n), make([]byte, n), make([]byte, n)
			std.XORKeyStream(want, src)
			kernels.CTR128(b, &ks, &ctr128, got, src)
			kernels.CTR32(b, &ks, &ctr32, got32, src)
			if !bytes.Equal(got, want) || !bytes.Equal(got32, want) {
				t.Fatalf("%s: CTR of %d bytes differs from crypto/cipher", b.Name, n)
			}
		}
	}
}

type panicCase struct {
	name, msg string
	f         func()
}

// TestPanics checks that every kernel reached through the switch refuses
// misuse with its backend's message, before writing anything.
func TestPanics(t *testing.T) {
	for _, b := range runnable(t) {
		k := newKey(t, b, make([]byte, 16))
		var ctr, y [16]byte
		var bad aesround.Schedule
		cases := []panicCase{
			{"EncryptBlocks/partial", "input not full blocks", func() { kernels.EncryptBlocks(b, &k.KS, make([]byte, 32), make([]byte, 17)) }},
			{"DecryptBlocks/short", "output smaller than input", func() { kernels.DecryptBlocks(b, &k.KS, make([]byte, 16), make([]byte, 32)) }},
			{"CTR32/short", "output smaller than input", func() { kernels.CTR32(b, &k.KS, &ctr, make([]byte, 4), make([]byte, 5)) }},
			{"CTR128/short", "output smaller than input", func() { kernels.CTR128(b, &k.KS, &ctr, nil, make([]byte, 1)) }},
			{"Seal/short", "output smaller than input", func() { kernels.Seal(b, &k.KS, &k.Table, &ctr, &y, make([]byte, 15), make([]byte, 16), false) }},
			{"SealPublic/short", "output smaller than input", func() { kernels.Seal(b, &k.KS, &k.Table, &ctr, &y, make([]byte, 15), make([]byte, 16), true) }},
			{"Open/short", "output smaller than input", func() { kernels.Open(b, &k.KS, &k.Table, &ctr, &y, nil, make([]byte, 1), false) }},
			{"OpenPublic/short", "output smaller than input", func() { kernels.Open(b, &k.KS, &k.Table, &ctr, &y, nil, make([]byte, 1), true) }},
		}
		if b.ID != impl.Generic {
			// The assembly reads the round count to find the last round
			// key; the generic kernels never index by it.
			cases = append(cases,
				panicCase{"EncryptBlocks/schedule", "invalid key schedule", func() { kernels.EncryptBlocks(b, &bad, nil, nil) }},
				panicCase{"Seal/schedule", "invalid key schedule", func() { kernels.Seal(b, &bad, &k.Table, &ctr, &y, nil, nil, true) }},
			)
		}
		for _, c := range cases {
			t.Run(b.Name+"/"+c.name, func(t *testing.T) {
				defer func() {
					if r := recover(); r != b.Name+": "+c.msg {
						t.Errorf("panic %v, want %q", r, b.Name+": "+c.msg)
					}
				}()
				c.f()
			})
		}
	}
}

// TestCBC holds CBCEncrypt and CBCDecrypt, out of place and in place, to
// crypto/cipher's CBC over lengths through every backend's batch edges,
// one message in several calls so that the chaining value must carry.
func TestCBC(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, b := range runnable(t) {
		for _, size := range []int{16, 24, 32} {
			key := randomBytes(rng, size)
			block, _ := aes.NewCipher(key)
			var ks aesround.Schedule
			kernels.Expand(b, &ks, key)
			iv := [16]byte(randomBytes(rng, 16))
			stdEnc := cipher.NewCBCEncrypter(block, iv[:])
			stdDec := cipher.NewCBCDecrypter(block, iv[:])
			encIV, decIV := iv, iv
			for _, blocks := range []int{0, 1, 7, 8, 9, 29, 30, 31, 63, 64, 65, 129, 300} {
				src := randomBytes(rng, 16*blocks)
				want := make([]byte, len(src))
				stdEnc.CryptBlocks(want, src)
				got := make([]byte, len(src))
				kernels.CBCEncrypt(b, &ks, &encIV, got, src)
				if !bytes.Equal(got, want) {
					t.Fatalf("%s AES-%d: CBCEncrypt of %d blocks differs from crypto/cipher", b.Name, 8*size, blocks)
				}
				stdDec.CryptBlocks(want, want)
				kernels.CBCDecrypt(b, &ks, &decIV, got, got)
				if !bytes.Equal(got, want) || !bytes.Equal(got, src) {
					t.Fatalf("%s AES-%d: CBCDecrypt of %d blocks in place differs from crypto/cipher", b.Name, 8*size, blocks)
				}
			}
		}
	}
}

// TestEncryptTwo holds EncryptTwo to crypto/aes.
func TestEncryptTwo(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, b := range runnable(t) {
		key := randomBytes(rng, 32)
		block, _ := aes.NewCipher(key)
		var ks aesround.Schedule
		kernels.Expand(b, &ks, key)
		two := [32]byte(randomBytes(rng, 32))
		var want [32]byte
		block.Encrypt(want[:16], two[:16])
		block.Encrypt(want[16:], two[16:])
		kernels.EncryptTwo(b, &ks, &two)
		if two != want {
			t.Errorf("%s: EncryptTwo %x, want %x", b.Name, two, want)
		}
	}
}
