package vaes_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"testing"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/impl"
)

// fuzzCase is a GCM call drawn from fuzz input: a header of four bytes
// chooses the key size, the nonce and tag sizes, the additional data
// length and the mode, and the rest supplies key, nonce, additional data
// and message, in that order (zeros when the input runs out).
type fuzzCase struct {
	key, nonce, aad, msg []byte
	nonceSize, tagSize   int
	mode                 byte
}

func parseFuzz(data []byte) fuzzCase {
	var h [4]byte
	copy(h[:], data)
	data = data[min(len(data), 4):]
	c := fuzzCase{nonceSize: 12, tagSize: 16, mode: h[3]}
	switch {
	case h[1]&0x80 != 0:
		c.nonceSize = 1 + int(h[1]&0x3f) // NewGCMWithNonceSize
	case h[1]&0x40 != 0:
		c.tagSize = 12 + int(h[1]&0x3f)%5 // NewGCMWithTagSize
	}
	take := func(n int) []byte {
		b := make([]byte, n)
		k := copy(b, data)
		data = data[k:]
		return b
	}
	c.key = take([]int{16, 24, 32}[int(h[0])%3])
	c.nonce = take(c.nonceSize)
	c.aad = take(min(int(h[2]), len(data)))
	c.msg = data
	return c
}

// std returns crypto/cipher's GCM for the case.
func (c fuzzCase) std(t *testing.T) cipher.AEAD {
	b, err := aes.NewCipher(c.key)
	if err != nil {
		t.Fatal(err)
	}
	var a cipher.AEAD
	switch {
	case c.nonceSize != 12:
		a, err = cipher.NewGCMWithNonceSize(b, c.nonceSize)
	case c.tagSize != 16:
		a, err = cipher.NewGCMWithTagSize(b, c.tagSize)
	default:
		a, err = cipher.NewGCM(b)
	}
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// ours returns this package's GCM for the case on the active backend and
// on every available backend, by name.
func (c fuzzCase) ours(t *testing.T) map[string]cipher.AEAD {
	build := func() cipher.AEAD {
		var g *vaes.GCM
		var err error
		switch {
		case c.nonceSize != 12:
			g, err = vaes.NewGCMWithNonceSize(c.key, c.nonceSize)
		case c.tagSize != 16:
			g, err = vaes.NewGCMWithTagSize(c.key, c.tagSize)
		default:
			g, err = vaes.NewGCM(c.key)
		}
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	m := map[string]cipher.AEAD{"active (" + vaes.Backend() + ")": build()}
	for _, b := range impl.All() {
		if b.Available {
			restore := impl.Select(b)
			m[b.Name] = build()
			restore()
		}
	}
	return m
}

var fuzzSeeds = [][]byte{
	{},
	{0, 0, 0, 0},
	[]byte("\x01\x00\x0dAAD and key and nonce and a message of some length"),
	[]byte("\x02\x85\x07\x01key key key key key key key key nonce+aad+msg"),
	[]byte("\x00\x43\x00\x03sixteen byte key123456789012" + string(make([]byte, 300))),
	append([]byte{1, 0x3f, 40, 1}, bytes.Repeat([]byte{0xa5}, 16*65+7)...),
}

// FuzzSeal compares Seal with crypto/cipher on every backend.
func FuzzSeal(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := parseFuzz(data)
		want := c.std(t).Seal(nil, c.nonce, c.msg, c.aad)
		for name, g := range c.ours(t) {
			if got := g.Seal(nil, c.nonce, c.msg, c.aad); !bytes.Equal(got, want) {
				t.Fatalf("%s: Seal = %x, want %x", name, got, want)
			}
			buf := append(make([]byte, 0, len(c.msg)+g.Overhead()), c.msg...)
			if got := g.Seal(buf[:0], c.nonce, buf, c.aad); !bytes.Equal(got, want) {
				t.Fatalf("%s: Seal in place = %x, want %x", name, got, want)
			}
		}
	})
}

// FuzzOpen compares Open with crypto/cipher on every backend. The mode
// byte chooses the ciphertext: the raw input (almost always refused), a
// genuine one sealed by crypto/cipher, or a genuine one with one bit
// flipped.
func FuzzOpen(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := parseFuzz(data)
		std := c.std(t)
		ct := c.msg
		if c.mode&1 != 0 {
			ct = std.Seal(nil, c.nonce, c.msg, c.aad)
			if c.mode&2 != 0 && len(ct) > 0 {
				i := int(c.mode>>2) % len(ct)
				ct[i] ^= 1 << (c.mode % 8)
			}
		}
		want, wantErr := std.Open(nil, c.nonce, ct, c.aad)
		for name, g := range c.ours(t) {
			got, err := g.Open(nil, c.nonce, ct, c.aad)
			if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
				t.Fatalf("%s: Open error %v, want %v", name, err, wantErr)
			}
			if !bytes.Equal(got, want) || (got == nil) != (want == nil) {
				t.Fatalf("%s: Open = %x, want %x", name, got, want)
			}
			buf := bytes.Clone(ct)
			got, err = g.Open(buf[:0], c.nonce, buf, c.aad)
			if (err == nil) != (wantErr == nil) || !bytes.Equal(got, want) {
				t.Fatalf("%s: Open in place = %x, %v, want %x, %v", name, got, err, want, wantErr)
			}
			if err != nil && len(buf) >= g.Overhead() && !bytes.Equal(buf[:len(buf)-g.Overhead()], make([]byte, len(buf)-g.Overhead())) {
				t.Fatalf("%s: failed Open in place left %x in the output", name, buf[:len(buf)-g.Overhead()])
			}
		}
	})
}
