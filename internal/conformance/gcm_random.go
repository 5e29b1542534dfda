package conformance

import (
	"bytes"
	"crypto/cipher"
	"fmt"
	"testing"
)

// testGCMRandomSealCalls runs Seal of NewGCMWithRandomNonce with every
// layout. The nonce is random, so the output cannot be compared byte for
// byte: where crypto/cipher panics the outcome must be identical, and
// otherwise the result must sit where crypto/cipher puts it, keep dst's
// prefix, open (with crypto/cipher) to the plaintext, and leave every
// other byte of the arena as crypto/cipher leaves it.
func testGCMRandomSealCalls(t *testing.T, key []byte, got, want cipher.AEAD) {
	r := newRand(t)
	for _, n := range gcmCallLengths {
		for _, m := range gcmCallAADLengths {
			a := newGCMArena(n, m, 0, want.Overhead())
			init := r.bytes(a.size)
			for _, c := range a.layouts(n, n+a.ov) {
				what := fmt.Sprintf("%d bytes, %d bytes of AAD, %s", n, m, c.name)
				seal := func(g cipher.AEAD) func([]byte) ([]byte, error) {
					return func(mem []byte) ([]byte, error) {
						dst, nonce, pt, aad := c.cut(a, mem, n)
						return g.Seal(dst, nonce, pt, aad), nil
					}
				}
				w := runIn(init, seal(want))
				if w.panicked {
					sameOutcome(t, what, init, got, want, func(g cipher.AEAD, mem []byte) ([]byte, error) {
						return seal(g)(mem)
					})
					continue
				}
				g := runIn(init, seal(got))
				if g.panicked {
					t.Errorf("%s: panic %q", what, g.panicMsg)
					continue
				}
				if len(g.ret) != len(w.ret) || g.retOff != w.retOff {
					t.Errorf("%s: result of %d bytes at arena offset %d, want %d bytes at %d", what, len(g.ret), g.retOff, len(w.ret), w.retOff)
					continue
				}
				dst, _, pt, aad := c.cut(a, bytes.Clone(init), n)
				sealed := g.ret[len(dst):]
				back, err := want.Open(nil, nil, sealed, aad)
				if err != nil || !bytes.Equal(back, pt) {
					t.Errorf("%s: crypto/cipher cannot open the result (%v)", what, err)
				}
				equal(t, what+": dst prefix", g.ret[:len(dst)], dst)
				gm, wm := g.mem, w.mem
				if g.retOff >= 0 {
					gm, wm = bytes.Clone(gm), bytes.Clone(wm)
					lo := g.retOff + len(dst)
					clear(gm[lo : lo+len(sealed)])
					clear(wm[lo : lo+len(sealed)])
				}
				if i := firstDiff(gm, wm); i >= 0 {
					t.Errorf("%s: arena outside the result differs from byte %d", what, i)
				}
			}
		}
	}
	t.Run("NoncesDiffer", func(t *testing.T) {
		pt := r.bytes(20)
		a, b := got.Seal(nil, nil, pt, nil), got.Seal(nil, nil, pt, nil)
		if bytes.Equal(a[:12], b[:12]) {
			t.Errorf("two Seals used the same nonce %x", a[:12])
		}
	})
	t.Run("Layout", func(t *testing.T) {
		// The output is nonce || ciphertext || tag, which NewGCM opens.
		pt, aad := r.bytes(100), r.bytes(10)
		out := got.Seal(nil, nil, pt, aad)
		back, err := shapeStd.mustStd(t, key).Open(nil, out[:12], out[12:], aad)
		if err != nil {
			t.Fatalf("NewGCM cannot open nonce || ciphertext || tag: %v", err)
		}
		equal(t, "NewGCM's Open of the result", back, pt)
	})
}
