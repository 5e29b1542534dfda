package conformance

import (
	"crypto/cipher"
	"fmt"
	"testing"
)

// sealOpen seals with both AEADs and requires the same bytes, then opens
// the reference's ciphertext with the implementation, out of place and in
// place. It reports whether all went well.
func sealOpen(t *testing.T, what string, got, want cipher.AEAD, nonce, pt, aad []byte) bool {
	t.Helper()
	ct := want.Seal(nil, nonce, pt, aad)
	if !equal(t, what+": Seal", got.Seal(nil, nonce, pt, aad), ct) {
		return false
	}
	back, err := got.Open(nil, nonce, ct, aad)
	if err != nil {
		t.Errorf("%s: Open: %v", what, err)
		return false
	}
	if !equal(t, what+": Open", back, pt) {
		return false
	}
	buf := make([]byte, len(pt), len(pt)+want.Overhead())
	copy(buf, pt)
	sealed := got.Seal(buf[:0], nonce, buf, aad)
	if !equal(t, what+": Seal in place", sealed, ct) {
		return false
	}
	back, err = got.Open(sealed[:0], nonce, sealed, aad)
	if err != nil {
		t.Errorf("%s: Open in place: %v", what, err)
		return false
	}
	return equal(t, what+": Open in place", back, pt)
}

// testGCMLengths compares every message length, each with a short random
// additional data.
func testGCMLengths(t *testing.T, impl Impl, key []byte) {
	r := newRand(t)
	got, want := shapeStd.build(t, impl, key)
	for _, n := range ctrLengths() {
		if !sealOpen(t, fmt.Sprintf("%d bytes", n), got, want, r.bytes(12), r.bytes(n), r.bytes(r.IntN(40))) {
			return
		}
	}
}

// testGCMOffsets compares calls whose plaintext, output and additional
// data start at every offset within a 16-byte line, out of place and in
// place.
func testGCMOffsets(t *testing.T, impl Impl, key []byte) {
	r := newRand(t)
	got, want := shapeStd.build(t, impl, key)
	for _, n := range []int{1, 15, 16, 17, 100, 128, 129, 255, 479, 480, 481, 1023, 1024, 1025, 2049} {
		m := 1 + r.IntN(70)
		a := newGCMArena(n, m, 12, 16)
		for o := range 16 {
			init := r.bytes(a.size + 32)
			d, e := (o*5+9)%16, (o*3+1)%16
			in, out, ad := a.in+o, a.free+d, a.aad+e
			what := fmt.Sprintf("%d bytes, input offset %d, output offset %d, aad offset %d", n, o, d, e)
			sameOutcome(t, "Seal, "+what, init, got, want, func(g cipher.AEAD, mem []byte) ([]byte, error) {
				return g.Seal(mem[out:out], mem[a.nonce:a.nonce+12], mem[in:in+n], mem[ad:ad+m]), nil
			})
			sameOutcome(t, "Seal in place, "+what, init, got, want, func(g cipher.AEAD, mem []byte) ([]byte, error) {
				return g.Seal(mem[in:in], mem[a.nonce:a.nonce+12], mem[in:in+n], mem[ad:ad+m]), nil
			})
			ct := want.Seal(nil, init[a.nonce:a.nonce+12], init[in:in+n], init[ad:ad+m])
			copy(init[in:], ct)
			sameOutcome(t, "Open, "+what, init, got, want, func(g cipher.AEAD, mem []byte) ([]byte, error) {
				return g.Open(mem[out:out], mem[a.nonce:a.nonce+12], mem[in:in+n+16], mem[ad:ad+m])
			})
			sameOutcome(t, "Open in place, "+what, init, got, want, func(g cipher.AEAD, mem []byte) ([]byte, error) {
				return g.Open(mem[in:in], mem[a.nonce:a.nonce+12], mem[in:in+n+16], mem[ad:ad+m])
			})
		}
	}
}

// aadLengths are the additional data lengths GCM is checked at: every
// length to 80 bytes, a stride to 600, and a few long ones.
func aadLengths() []int {
	var s []int
	for n := 0; n <= 600; n++ {
		if n <= 80 || n%13 == 0 {
			s = append(s, n)
		}
	}
	return append(s, 16*8*2, 16*8*2+1, 1024, 4097, 65536+5)
}

// testGCMAdditionalData compares many additional data lengths with a few
// plaintext lengths.
func testGCMAdditionalData(t *testing.T, impl Impl, key []byte) {
	r := newRand(t)
	got, want := shapeStd.build(t, impl, key)
	for _, m := range aadLengths() {
		for _, n := range []int{0, 1, 17, 300} {
			if !sealOpen(t, fmt.Sprintf("%d bytes of AAD, %d bytes", m, n), got, want, r.bytes(12), r.bytes(n), r.bytes(m)) {
				return
			}
		}
	}
}

// testGCMNonceSizes compares every nonce length from 1 to 64 bytes and a
// few longer ones: all but 12 go through GHASH to make J0.
func testGCMNonceSizes(t *testing.T, impl Impl, key []byte) {
	r := newRand(t)
	sizes := []int{100, 128, 1000}
	for n := 1; n <= 64; n++ {
		sizes = append(sizes, n)
	}
	for _, ns := range sizes {
		s := gcmShape{name: fmt.Sprintf("NonceSize=%d", ns), nonceSize: ns}
		got, want := s.build(t, impl, key)
		for _, n := range []int{0, 33, 500} {
			for _, m := range []int{0, 20} {
				if !sealOpen(t, fmt.Sprintf("%d-byte nonce, %d bytes, %d bytes of AAD", ns, n, m), got, want, r.bytes(ns), r.bytes(n), r.bytes(m)) {
					return
				}
			}
		}
	}
}

// testGCMTagSizes compares every tag size, and requires a ciphertext cut
// to a shorter tag to be refused.
func testGCMTagSizes(t *testing.T, impl Impl, key []byte) {
	r := newRand(t)
	for ts := 12; ts <= 16; ts++ {
		s := gcmShape{name: fmt.Sprintf("TagSize=%d", ts), tagSize: ts}
		got, want := s.build(t, impl, key)
		for _, n := range []int{0, 1, 16, 100, 1000, 16*64 + 3} {
			nonce, pt, aad := r.bytes(12), r.bytes(n), r.bytes(r.IntN(30))
			what := fmt.Sprintf("%d-byte tag, %d bytes", ts, n)
			if !sealOpen(t, what, got, want, nonce, pt, aad) {
				return
			}
			full := gcmShape{}.mustStd(t, key).Seal(nil, nonce, pt, aad)
			if !equal(t, what+": tag is a prefix of the 16-byte tag", got.Seal(nil, nonce, pt, aad), full[:n+ts]) {
				return
			}
			for _, cut := range []int{1, 4} {
				if _, err := got.Open(nil, nonce, full[:n+ts-cut], aad); err == nil {
					t.Errorf("%s: Open accepted a tag %d bytes short", what, cut)
				}
			}
			if ts < 16 {
				if _, err := got.Open(nil, nonce, full[:n+ts+1], aad); err == nil {
					t.Errorf("%s: Open accepted a ciphertext one byte long", what)
				}
			}
		}
	}
}

// mustStd is std for tests that cannot fail to build.
func (s gcmShape) mustStd(t *testing.T, key []byte) cipher.AEAD {
	t.Helper()
	a, err := s.std(key)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
