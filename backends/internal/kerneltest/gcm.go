package kerneltest

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/subtle"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/ghash"
	"github.com/vaesgo/vaes/internal/impl"
)

// GCM is GCM with a 12-byte nonce and a 16-byte tag on one backend's
// kernels. Seal and Open make the kernel calls the root package's GCM
// makes, in the same order, without its argument checks, so benchmarks
// measure what a user of the root package gets. The counter and hash
// blocks live in the struct, so that calls through the kernels' function
// values allocate nothing; a GCM is not safe for concurrent use.
type GCM struct {
	b     *impl.Backend
	ks    aesround.Schedule
	table ghash.Table
	// Block is crypto/aes on the same key.
	Block cipher.Block

	ctr, tagMask, y, lengths [16]byte
}

// NewGCM returns a GCM on b's kernels (EncryptBlocks, CTR32, GHASHInit,
// GHASH, Seal and Open) for key.
func NewGCM(b *impl.Backend, key []byte) *GCM {
	g := &GCM{b: b}
	aesround.Expand(&g.ks, key)
	var err error
	if g.Block, err = aes.NewCipher(key); err != nil {
		panic(err)
	}
	var h [16]byte
	b.EncryptBlocks(&g.ks, h[:], h[:])
	b.GHASHInit(&g.table, &h)
	return g
}

// Schedule is the key schedule the kernels use.
func (g *GCM) Schedule() *aesround.Schedule { return &g.ks }

// start sets the counter to J0+1 for a 12-byte nonce, the tag mask to
// E(J0) and the hash to zero.
func (g *GCM) start(nonce []byte) {
	copy(g.ctr[:], nonce)
	g.ctr[12], g.ctr[13], g.ctr[14], g.ctr[15] = 0, 0, 0, 1
	clear(g.tagMask[:])
	g.b.CTR32(&g.ks, &g.ctr, g.tagMask[:], g.tagMask[:])
	clear(g.y[:])
}

// Seal writes the ciphertext of plaintext and the tag to dst, which must
// hold len(plaintext)+16 bytes.
func (g *GCM) Seal(dst, nonce, plaintext, aad []byte) {
	g.start(nonce)
	g.b.GHASH(&g.table, &g.y, aad)
	g.b.Seal(&g.ks, &g.table, &g.ctr, &g.y, dst[:len(plaintext)], plaintext)
	g.finish(len(aad), len(plaintext))
	copy(dst[len(plaintext):], g.y[:])
}

// Open decrypts ciphertext, tag included, into dst and reports whether the
// tag matched.
func (g *GCM) Open(dst, nonce, ciphertext, aad []byte) bool {
	n := len(ciphertext) - 16
	g.start(nonce)
	g.b.GHASH(&g.table, &g.y, aad)
	g.b.Open(&g.ks, &g.table, &g.ctr, &g.y, dst[:n], ciphertext[:n])
	g.finish(len(aad), n)
	return subtle.ConstantTimeCompare(g.y[:], ciphertext[n:]) == 1
}

// finish hashes the length block and masks the hash into the tag.
func (g *GCM) finish(aadLen, textLen int) {
	binary.BigEndian.PutUint64(g.lengths[:8], uint64(aadLen)*8)
	binary.BigEndian.PutUint64(g.lengths[8:], uint64(textLen)*8)
	g.b.GHASH(&g.table, &g.y, g.lengths[:])
	subtle.XORBytes(g.y[:], g.y[:], g.tagMask[:])
}

// GCMAgainstStdlib drives b's kernels as the root package does and
// compares the result with crypto/cipher's GCM at every length of lengths,
// with up to maxAAD bytes of additional data, for every key size. It also
// opens every message and checks that a message with one bit flipped is
// refused.
func GCMAgainstStdlib(t *testing.T, b *impl.Backend, lengths []int, maxAAD int) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, size := range []int{16, 24, 32} {
		key := RandomBytes(rng, size)
		g := NewGCM(b, key)
		std, err := cipher.NewGCM(g.Block)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range lengths {
			nonce := RandomBytes(rng, 12)
			aad := RandomBytes(rng, rng.IntN(maxAAD))
			plaintext := RandomBytes(rng, n)
			want := std.Seal(nil, nonce, plaintext, aad)
			got := make([]byte, n+16)
			g.Seal(got, nonce, plaintext, aad)
			if !bytes.Equal(got, want) {
				t.Fatalf("AES-%d n=%d aad=%d: Seal %x, want %x", 8*size, n, len(aad), got, want)
			}
			opened := make([]byte, n)
			if !g.Open(opened, nonce, got, aad) || !bytes.Equal(opened, plaintext) {
				t.Fatalf("AES-%d n=%d: Open of a good message failed", 8*size, n)
			}
			got[rng.IntN(len(got))] ^= 1 << rng.IntN(8)
			if g.Open(opened, nonce, got, aad) {
				t.Fatalf("AES-%d n=%d: Open accepted a modified message", 8*size, n)
			}
		}
	}
}

// Panics checks that b's kernels panic with b.Name's messages on a partial
// block, a short output and a bad key schedule.
func Panics(t *testing.T, b *impl.Backend) {
	rng := rand.New(rand.NewPCG(5, 6))
	k := NewKey(t, rng, 16, nil)
	var bad aesround.Schedule
	var ctr, y [16]byte
	for _, c := range []struct {
		name, msg string
		f         func()
	}{
		{"EncryptBlocks/partial", "input not full blocks", func() { b.EncryptBlocks(&k.KS, make([]byte, 32), make([]byte, 17)) }},
		{"DecryptBlocks/short", "output smaller than input", func() { b.DecryptBlocks(&k.KS, make([]byte, 16), make([]byte, 32)) }},
		{"CTR32/short", "output smaller than input", func() { b.CTR32(&k.KS, &ctr, make([]byte, 4), make([]byte, 5)) }},
		{"CTR128/short", "output smaller than input", func() { b.CTR128(&k.KS, &ctr, nil, make([]byte, 1)) }},
		{"Seal/short", "output smaller than input", func() { b.Seal(&k.KS, &k.Table, &ctr, &y, make([]byte, 15), make([]byte, 16)) }},
		{"Open/short", "output smaller than input", func() { b.Open(&k.KS, &k.Table, &ctr, &y, nil, make([]byte, 1)) }},
		{"EncryptBlocks/schedule", "invalid key schedule", func() { b.EncryptBlocks(&bad, nil, nil) }},
		{"Seal/schedule", "invalid key schedule", func() { b.Seal(&bad, &k.Table, &ctr, &y, nil, nil) }},
	} {
		t.Run(c.name, func(t *testing.T) { WantPanic(t, b.Name+": "+c.msg, c.f) })
	}
}

// WantPanic checks that f panics with the string msg.
func WantPanic(t *testing.T, msg string, f func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != msg {
			t.Errorf("panic %v, want %q", r, msg)
		}
	}()
	f()
}

// name of a benchmark row: key size, message size and implementation.
func benchName(keySize, size int, impl string) string {
	return fmt.Sprintf("AES-%d/%d/impl=%s", 8*keySize, size, impl)
}
