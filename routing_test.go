package vaes_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/conformance"
	"github.com/vaesgo/vaes/internal/impl"
)

// The routing tests: crypto/cipher's constructors given a *vaes.Cipher
// return this package's modes (crypto/aes's own CTR and CBC on the stdlib
// backend, whose Cipher wraps a crypto/aes block), which give the bytes
// this package's constructors and crypto/cipher on crypto/aes give; and
// every error and panic on the way is crypto/cipher's for a crypto/aes
// block. TestCBC, in the battery, holds the CBC modes so reached to
// crypto/aes's in full.

// hiddenBlock hides every method of a block but cipher.Block's, so that
// crypto/cipher takes its code for a block it knows nothing of.
type hiddenBlock struct{ cipher.Block }

// routingKeys returns a random key of each AES size.
func routingKeys(rng *rand.Rand) [][]byte {
	return [][]byte{oobBytes(rng, 16), oobBytes(rng, 24), oobBytes(rng, 32)}
}

// routingBlocks returns the active backend's *vaes.Cipher and crypto/aes's
// block for key.
func routingBlocks(t *testing.T, key []byte) (*vaes.Cipher, cipher.Block) {
	t.Helper()
	c, err := vaes.NewCipher(key)
	if err != nil {
		t.Fatal(err)
	}
	std, err := aes.NewCipher(key)
	if err != nil {
		t.Fatal(err)
	}
	return c, std
}

// vaesPkg is this package's import path, as reflect reports it.
var vaesPkg = reflect.TypeFor[vaes.GCM]().PkgPath()

// TestRoutingTypes requires crypto/cipher's constructors given a
// *vaes.Cipher to return this package's types on every backend: *vaes.GCM
// from the three GCM constructors, and the types of vaes.NewCTR and of the
// CBC modes, not crypto/cipher's generic ones; on the stdlib backend, CTR
// and CBC are crypto/aes's own, the types crypto/cipher returns for a
// crypto/aes block.
func TestRoutingTypes(t *testing.T) {
	onEveryBackend(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(20, 21))
		std := impl.Active().Std
		for _, key := range routingKeys(rng) {
			c, sb := routingBlocks(t, key)
			iv := oobBytes(rng, 16)
			what := fmt.Sprintf("AES-%d", len(key)*8)

			for name, f := range map[string]func(cipher.Block) (cipher.AEAD, error){
				"NewGCM":                  cipher.NewGCM,
				"NewGCMWithNonceSize(1)":  func(b cipher.Block) (cipher.AEAD, error) { return cipher.NewGCMWithNonceSize(b, 1) },
				"NewGCMWithNonceSize(12)": func(b cipher.Block) (cipher.AEAD, error) { return cipher.NewGCMWithNonceSize(b, 12) },
				"NewGCMWithNonceSize(64)": func(b cipher.Block) (cipher.AEAD, error) { return cipher.NewGCMWithNonceSize(b, 64) },
				"NewGCMWithTagSize(12)":   func(b cipher.Block) (cipher.AEAD, error) { return cipher.NewGCMWithTagSize(b, 12) },
				"NewGCMWithTagSize(16)":   func(b cipher.Block) (cipher.AEAD, error) { return cipher.NewGCMWithTagSize(b, 16) },
			} {
				a, err := f(c)
				if err != nil {
					t.Fatalf("%s: cipher.%s: %v", what, name, err)
				}
				if _, ok := a.(*vaes.GCM); !ok {
					t.Errorf("%s: cipher.%s(*vaes.Cipher) is a %T, want a *vaes.GCM", what, name, a)
				}
			}

			generic := reflect.TypeOf(cipher.NewCTR(hiddenBlock{c}, iv))
			own, err := vaes.NewCTR(key, iv)
			if err != nil {
				t.Fatal(err)
			}
			routingType(t, what+": cipher.NewCTR", reflect.TypeOf(cipher.NewCTR(c, iv)),
				reflect.TypeOf(own), reflect.TypeOf(cipher.NewCTR(sb, iv)), generic, std)

			for _, d := range []struct {
				name string
				new  func(cipher.Block, []byte) cipher.BlockMode
			}{{"NewCBCEncrypter", cipher.NewCBCEncrypter}, {"NewCBCDecrypter", cipher.NewCBCDecrypter}} {
				// This package has no CBC constructor of its own to compare
				// with: the type must be one of this package's, and not
				// crypto/cipher's generic mode.
				routingType(t, what+": cipher."+d.name, reflect.TypeOf(d.new(c, iv)), nil,
					reflect.TypeOf(d.new(sb, iv)), reflect.TypeOf(d.new(hiddenBlock{c}, iv)), std)
			}
			enc, dec := reflect.TypeOf(cipher.NewCBCEncrypter(c, iv)), reflect.TypeOf(cipher.NewCBCDecrypter(c, iv))
			if enc == dec {
				t.Errorf("%s: the CBC encrypter and decrypter are both %v", what, enc)
			}
		}
	})
}

// routingType checks a mode's type: on the stdlib backend it must be
// crypto/aes's (stdType); on the others this package's, own's if own is
// not nil, and not crypto/cipher's generic one.
func routingType(t *testing.T, what string, got, own, stdType, generic reflect.Type, std bool) {
	t.Helper()
	if stdType == generic {
		t.Fatalf("%s: crypto/aes's type and crypto/cipher's generic one are both %v; the case is wrong", what, got)
	}
	if std {
		if got != stdType {
			t.Errorf("%s on the stdlib backend: %v, want crypto/aes's %v", what, got, stdType)
		}
		return
	}
	switch {
	case got == generic:
		t.Errorf("%s: %v, crypto/cipher's generic mode, not this package's", what, got)
	case got.Kind() != reflect.Pointer || got.Elem().PkgPath() != vaesPkg:
		t.Errorf("%s: %v, not a type of package %s", what, got, vaesPkg)
	case own != nil && got != own:
		t.Errorf("%s: %v, want %v, the type this package's own constructor returns", what, got, own)
	}
}

// gcmShapes are the GCM constructions the routing tests compare, each
// built three ways: crypto/cipher's constructor on a *vaes.Cipher, this
// package's on the key, and conformance.StdGCM (crypto/cipher on
// crypto/aes).
var gcmShapes = []struct {
	name           string
	nonceSize, tag int
}{
	{name: "NewGCM", nonceSize: 12, tag: 16},
	{name: "NewGCMWithNonceSize", nonceSize: 1},
	{name: "NewGCMWithNonceSize", nonceSize: 8},
	{name: "NewGCMWithNonceSize", nonceSize: 12},
	{name: "NewGCMWithNonceSize", nonceSize: 13},
	{name: "NewGCMWithNonceSize", nonceSize: 16},
	{name: "NewGCMWithNonceSize", nonceSize: 64},
	{name: "NewGCMWithTagSize", tag: 12},
	{name: "NewGCMWithTagSize", tag: 13},
	{name: "NewGCMWithTagSize", tag: 14},
	{name: "NewGCMWithTagSize", tag: 15},
	{name: "NewGCMWithTagSize", tag: 16},
}

// gcmShape builds shape i's AEADs for key: routed through crypto/cipher on
// c, this package's own, and the reference.
func gcmShape(t *testing.T, i int, c *vaes.Cipher, key []byte) (name string, routed, own, ref cipher.AEAD) {
	t.Helper()
	s := gcmShapes[i]
	var err1, err2, err3 error
	var g *vaes.GCM
	switch s.name {
	case "NewGCM":
		routed, err1 = cipher.NewGCM(c)
		g, err2 = vaes.NewGCM(key)
		ref, err3 = conformance.StdGCM(key, 12, 16)
		name = "NewGCM"
	case "NewGCMWithNonceSize":
		routed, err1 = cipher.NewGCMWithNonceSize(c, s.nonceSize)
		g, err2 = vaes.NewGCMWithNonceSize(key, s.nonceSize)
		ref, err3 = conformance.StdGCM(key, s.nonceSize, 16)
		name = fmt.Sprintf("NewGCMWithNonceSize(%d)", s.nonceSize)
	case "NewGCMWithTagSize":
		routed, err1 = cipher.NewGCMWithTagSize(c, s.tag)
		g, err2 = vaes.NewGCMWithTagSize(key, s.tag)
		ref, err3 = conformance.StdGCM(key, 12, s.tag)
		name = fmt.Sprintf("NewGCMWithTagSize(%d)", s.tag)
	}
	if err1 != nil || err2 != nil || err3 != nil {
		t.Fatalf("%s: %v, %v, %v", name, err1, err2, err3)
	}
	return name, routed, g, ref
}

// TestRoutingGCMBytes requires cipher.NewGCM, NewGCMWithNonceSize and
// NewGCMWithTagSize on a *vaes.Cipher to seal exactly what vaes.NewGCM and
// the others do on the key, and crypto/cipher on crypto/aes, at several
// message and additional data lengths, nonce sizes and tag sizes, and to
// open what they seal, refusing a damaged message with crypto/cipher's
// error.
func TestRoutingGCMBytes(t *testing.T) {
	onEveryBackend(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(22, 23))
		for _, key := range routingKeys(rng) {
			c, _ := routingBlocks(t, key)
			for i := range gcmShapes {
				name, routed, own, ref := gcmShape(t, i, c, key)
				what := fmt.Sprintf("AES-%d, cipher.%s", len(key)*8, name)
				if routed.NonceSize() != ref.NonceSize() || routed.Overhead() != ref.Overhead() {
					t.Errorf("%s: NonceSize %d, Overhead %d; want %d, %d", what, routed.NonceSize(), routed.Overhead(), ref.NonceSize(), ref.Overhead())
				}
				for _, n := range []int{0, 1, 15, 16, 17, 64, 255, 1350, 4096 + 7, 16384} {
					nonce, aad, pt := oobBytes(rng, ref.NonceSize()), oobBytes(rng, n%23), oobBytes(rng, n)
					want := ref.Seal(nil, nonce, pt, aad)
					got := routed.Seal(nil, nonce, pt, aad)
					if !bytes.Equal(got, want) {
						t.Fatalf("%s, %d bytes: Seal differs from crypto/cipher's", what, n)
					}
					if o := own.Seal(nil, nonce, pt, aad); !bytes.Equal(got, o) {
						t.Fatalf("%s, %d bytes: Seal differs from vaes.%s's", what, n, gcmShapes[i].name)
					}
					back, err := routed.Open(nil, nonce, want, aad)
					if err != nil || !bytes.Equal(back, pt) {
						t.Fatalf("%s, %d bytes: Open: %v", what, n, err)
					}
					want[rng.IntN(len(want))] ^= 1 << rng.IntN(8)
					_, wantErr := ref.Open(nil, nonce, want, aad)
					out, err := routed.Open(nil, nonce, want, aad)
					if out != nil {
						t.Errorf("%s, %d bytes: Open of a damaged message returned %x", what, n, out)
					}
					conformance.SameError(t, fmt.Sprintf("%s, %d bytes: Open of a damaged message", what, n), err, wantErr)
				}
			}
		}
	})
}

// TestRoutingCTRBytes requires cipher.NewCTR on a *vaes.Cipher to give the
// keystream of vaes.NewCTR on the key and of cipher.NewCTR on crypto/aes,
// in one call and in random pieces, from IVs about to carry and wrap.
func TestRoutingCTRBytes(t *testing.T) {
	onEveryBackend(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(24, 25))
		for _, key := range routingKeys(rng) {
			c, sb := routingBlocks(t, key)
			ivs := [][]byte{oobBytes(rng, 16), bytes.Repeat([]byte{0xff}, 16), append(oobBytes(rng, 8), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf0)}
			for _, iv := range ivs {
				for _, n := range []int{0, 1, 15, 16, 17, 127, 128, 129, 480, 1024, 1350, 4097, 16384} {
					what := fmt.Sprintf("AES-%d, IV %x, %d bytes", len(key)*8, iv, n)
					src := oobBytes(rng, n)
					want := make([]byte, n)
					cipher.NewCTR(sb, iv).XORKeyStream(want, src)
					own, err := vaes.NewCTR(key, iv)
					if err != nil {
						t.Fatal(err)
					}
					o := make([]byte, n)
					own.XORKeyStream(o, src)
					got := make([]byte, n)
					cipher.NewCTR(c, iv).XORKeyStream(got, src)
					if !bytes.Equal(got, want) || !bytes.Equal(o, want) {
						t.Fatalf("%s: keystream differs from crypto/cipher's (routed %v, vaes.NewCTR %v)", what, bytes.Equal(got, want), bytes.Equal(o, want))
					}
					s := cipher.NewCTR(c, iv)
					for off := 0; off < n; {
						k := min(rng.IntN(200), n-off)
						s.XORKeyStream(got[off:off+k], src[off:off+k])
						off += k
					}
					if !bytes.Equal(got, want) {
						t.Fatalf("%s: in pieces, keystream differs from crypto/cipher's", what)
					}
				}
			}
		}
	})
}

// TestRoutingErrors requires every error and panic of crypto/cipher's
// constructors given a *vaes.Cipher, and of its methods called directly,
// to be crypto/cipher's for a crypto/aes block, word for word: tag sizes
// out of range, a nonce size of zero or less, IVs of the wrong length
// (cipher.NewCTR calls the method before it checks the IV itself); and an
// error result to be a nil cipher.AEAD.
func TestRoutingErrors(t *testing.T) {
	onEveryBackend(t, func(t *testing.T) {
		c, sb := routingBlocks(t, make([]byte, 16))
		aeadErr := func(what string, a cipher.AEAD, err error, want error) {
			t.Helper()
			conformance.SameError(t, what, err, want)
			if a != nil {
				t.Errorf("%s: returned %T with the error, want nil", what, a)
			}
		}
		for _, n := range []int{-16, -1, 0, 1, 11, 17, 32} {
			_, want := cipher.NewGCMWithTagSize(sb, n)
			a, err := cipher.NewGCMWithTagSize(c, n)
			aeadErr(fmt.Sprintf("cipher.NewGCMWithTagSize(%d)", n), a, err, want)
			a, err = c.NewGCM(12, n)
			aeadErr(fmt.Sprintf("(*Cipher).NewGCM(12, %d)", n), a, err, want)
		}
		for _, n := range []int{-12, -1, 0} {
			_, want := cipher.NewGCMWithNonceSize(sb, n)
			a, err := cipher.NewGCMWithNonceSize(c, n)
			aeadErr(fmt.Sprintf("cipher.NewGCMWithNonceSize(%d)", n), a, err, want)
			a, err = c.NewGCM(n, 16)
			aeadErr(fmt.Sprintf("(*Cipher).NewGCM(%d, 16)", n), a, err, want)
		}
		for _, n := range []int{0, 1, 8, 12, 15, 17, 24, 32} {
			iv := make([]byte, n)
			conformance.SamePanic(t, fmt.Sprintf("cipher.NewCTR(%d-byte IV)", n),
				func() { cipher.NewCTR(c, iv) }, func() { cipher.NewCTR(sb, iv) })
			conformance.SamePanic(t, fmt.Sprintf("(*Cipher).NewCTR(%d-byte IV)", n),
				func() { c.NewCTR(iv) }, func() { cipher.NewCTR(sb, iv) })
			conformance.SamePanic(t, fmt.Sprintf("cipher.NewCBCEncrypter(%d-byte IV)", n),
				func() { cipher.NewCBCEncrypter(c, iv) }, func() { cipher.NewCBCEncrypter(sb, iv) })
			conformance.SamePanic(t, fmt.Sprintf("(*Cipher).NewCBCEncrypter(%d-byte IV)", n),
				func() { c.NewCBCEncrypter(iv) }, func() { cipher.NewCBCEncrypter(sb, iv) })
			conformance.SamePanic(t, fmt.Sprintf("cipher.NewCBCDecrypter(%d-byte IV)", n),
				func() { cipher.NewCBCDecrypter(c, iv) }, func() { cipher.NewCBCDecrypter(sb, iv) })
			conformance.SamePanic(t, fmt.Sprintf("(*Cipher).NewCBCDecrypter(%d-byte IV)", n),
				func() { c.NewCBCDecrypter(iv) }, func() { cipher.NewCBCDecrypter(sb, iv) })
		}
	})
}

// TestRoutingRandomNonce requires cipher.NewGCMWithRandomNonce, which
// accepts crypto/aes's block only, to refuse a *vaes.Cipher with the error
// it gives any other block (the package doc says to use
// vaes.NewGCMWithRandomNonce instead).
func TestRoutingRandomNonce(t *testing.T) {
	onEveryBackend(t, func(t *testing.T) {
		c, sb := routingBlocks(t, make([]byte, 32))
		if _, err := cipher.NewGCMWithRandomNonce(sb); err != nil {
			t.Fatalf("cipher.NewGCMWithRandomNonce refused crypto/aes's block: %v; the case is wrong", err)
		}
		_, want := cipher.NewGCMWithRandomNonce(hiddenBlock{sb})
		a, err := cipher.NewGCMWithRandomNonce(c)
		conformance.SameError(t, "cipher.NewGCMWithRandomNonce(*vaes.Cipher)", err, want)
		if a != nil {
			t.Errorf("cipher.NewGCMWithRandomNonce(*vaes.Cipher) returned %T with its error", a)
		}
	})
}

// TestRoutedAllocs requires the modes crypto/cipher returns for a
// *vaes.Cipher to allocate nothing per call, on every backend: Seal and
// Open (and a failed Open) when dst has room, XORKeyStream, and CBC's
// CryptBlocks in both directions, out of place and in place. The calls
// are through crypto/cipher's interfaces, whose arguments escape, so the
// buffers here are on the heap; TestStackArgumentsStayOnStack holds the
// *vaes.GCM from cipher.NewGCM to local arrays.
func TestRoutedAllocs(t *testing.T) {
	onEveryBackend(t, func(t *testing.T) {
		c, _ := routingBlocks(t, make([]byte, 16))
		a, err := cipher.NewGCM(c)
		if err != nil {
			t.Fatal(err)
		}
		a13, err := cipher.NewGCMWithTagSize(c, 13)
		if err != nil {
			t.Fatal(err)
		}
		nonce, aad := make([]byte, 12), make([]byte, 13)
		pt := make([]byte, 1350)
		buf := make([]byte, 0, 1350+16)
		iv := make([]byte, 16)
		s := cipher.NewCTR(c, iv)
		enc, dec := cipher.NewCBCEncrypter(c, iv), cipher.NewCBCDecrypter(c, iv)
		blocks := make([]byte, 16*100)
		out := make([]byte, len(blocks))
		checks := []struct {
			what string
			f    func()
		}{
			{"Seal", func() { a.Seal(buf, nonce, pt, aad) }},
			{"Seal with a 13-byte tag", func() { a13.Seal(buf, nonce, pt, aad) }},
			{"Open", func() {
				ct := a.Seal(buf, nonce, pt, aad)
				if _, err := a.Open(ct[:0], nonce, ct, aad); err != nil {
					panic(err)
				}
			}},
			{"Open of a damaged message", func() {
				ct := a.Seal(buf, nonce, pt, aad)
				ct[0] ^= 1
				if _, err := a.Open(ct[:0], nonce, ct, aad); err == nil {
					panic("a damaged message opened")
				}
			}},
			{"XORKeyStream", func() { s.XORKeyStream(pt, pt) }},
			{"XORKeyStream of 5 bytes", func() { s.XORKeyStream(pt[:5], pt[:5]) }},
			{"CBC CryptBlocks encrypting", func() { enc.CryptBlocks(out, blocks) }},
			{"CBC CryptBlocks encrypting in place", func() { enc.CryptBlocks(blocks, blocks) }},
			{"CBC CryptBlocks decrypting", func() { dec.CryptBlocks(out, blocks) }},
			{"CBC CryptBlocks decrypting in place", func() { dec.CryptBlocks(blocks, blocks) }},
		}
		for _, ch := range checks {
			if n := testing.AllocsPerRun(20, ch.f); n != 0 {
				t.Errorf("%s: %v allocations per call, want 0", ch.what, n)
			}
		}
	})
}
