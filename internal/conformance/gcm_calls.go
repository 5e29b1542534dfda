package conformance

import (
	"crypto/cipher"
	"fmt"
	"testing"
)

// gcmArena places a GCM call's buffers in one arena, with room around each
// for the layouts below:
//
//	[ gap | input (n+ov) | gap | nonce | gap | aad | gap | free (2(n+ov)) ]
type gcmArena struct {
	n, m, ns, ov   int // input, additional data, nonce and tag lengths
	in, nonce, aad int
	free, size     int
}

func newGCMArena(n, m, ns, ov int) gcmArena {
	a := gcmArena{n: n, m: m, ns: ns, ov: ov}
	a.in = n + ov + 64
	a.nonce = a.in + 2*(n+ov) + 64
	a.aad = a.nonce + ns + 32
	a.free = a.aad + m + 48
	a.size = a.free + 2*(n+ov) + 64
	return a
}

// gcmCall is one layout: how to cut dst, nonce, input and aad from the
// arena.
type gcmCall struct {
	name  string
	dst   func(mem []byte) []byte
	nonce func(mem []byte) []byte // nil: the arena's nonce
	input func(mem []byte) []byte // nil: the arena's input
	aad   func(mem []byte) []byte // nil: the arena's aad
}

// layouts lists dst, nonce and aad placements: plain, appending, growing,
// in place, and every overlap Seal and Open must refuse or allow. inLen is
// the length of the input (plaintext or ciphertext), outLen that of the
// output.
func (a gcmArena) layouts(inLen, outLen int) []gcmCall {
	at := func(lo, l, c int) func([]byte) []byte {
		return func(mem []byte) []byte { return mem[lo : lo+l : lo+c] }
	}
	end := func(lo, l int) func([]byte) []byte {
		return func(mem []byte) []byte { return mem[lo : lo+l] }
	}
	F, P := a.free, a.in
	calls := []gcmCall{
		{name: "NilDst", dst: func([]byte) []byte { return nil }},
		{name: "EmptyDstNoCapacity", dst: at(F, 0, 0)},
		{name: "EmptyDst", dst: end(F, 0)},
		{name: "Prefix", dst: end(F, 5)},
		{name: "PrefixExactCapacity", dst: at(F, 5, 5+outLen)},
		{name: "PrefixShortCapacity", dst: at(F, 5, 5+outLen-1)},
		{name: "InPlace", dst: end(P, 0)},
		{name: "InPlaceExactCapacity", dst: at(P, 0, outLen)},
		{name: "InPlaceShortCapacity", dst: at(P, 0, outLen-1)},
		{name: "OverlapPlusOne", dst: end(P+1, 0)},
		{name: "OverlapMinusOne", dst: end(P-1, 0)},
		{name: "OverlapLastInputByte", dst: end(P+inLen-1, 0)},
		{name: "OverlapLastOutputByte", dst: end(P-outLen+1, 0)},
		{name: "OutputEndsAtInput", dst: end(P-outLen, 0)},
		{name: "OutputAfterInput", dst: end(P+inLen, 0)},
		{name: "OutputAfterPlaintextPart", dst: end(P+outLen, 0)},
		{name: "NonceInOutput", dst: end(F, 0), nonce: end(F+2, a.ns)},
		{name: "NonceIsInput", dst: end(F, 0), nonce: end(P, a.ns)},
		{name: "AADIsInput", dst: end(F, 0), aad: end(P, min(a.m, inLen))},
		{name: "NonceWrongAndOverlap", dst: end(P+1, 0), nonce: end(a.nonce, a.ns+1)},
	}
	for _, d := range []int{-1, 1} {
		if a.ns+d >= 0 {
			calls = append(calls, gcmCall{name: fmt.Sprintf("NonceLength%+d", d), dst: end(F, 0), nonce: end(a.nonce, a.ns+d)})
		}
	}
	calls = append(calls, gcmCall{name: "EmptyNonce", dst: end(F, 0), nonce: end(a.nonce, 0)})
	if a.m > 0 {
		calls = append(calls,
			gcmCall{name: "AADOverlapsOutput", dst: end(F, 0), aad: end(F+outLen/2, a.m)},
			gcmCall{name: "AADOverlapsOutputStart", dst: end(F, 0), aad: end(F-a.m+1, a.m)},
			gcmCall{name: "AADOverlapsOutputEnd", dst: end(F, 0), aad: end(F+outLen-1, a.m)},
			gcmCall{name: "AADJustBeforeOutput", dst: end(F, 0), aad: end(F-a.m, a.m)},
			gcmCall{name: "AADJustAfterOutput", dst: end(F, 0), aad: end(F+outLen, a.m)},
			gcmCall{name: "AADOverlapsPrefixOnly", dst: end(F, 5), aad: end(F, 5)},
			gcmCall{name: "AADAndInputOverlapOutput", dst: end(P+1, 0), aad: end(P+1, a.m)},
		)
	}
	var ok []gcmCall
	for _, c := range calls {
		if c.fits(a, inLen, outLen) {
			ok = append(ok, c)
		}
	}
	return ok
}

// fits reports whether the layout lies inside the arena (negative offsets
// arise for small messages).
func (c gcmCall) fits(a gcmArena, inLen, outLen int) (ok bool) {
	mem := make([]byte, a.size)
	p, _ := catch(func() { c.cut(a, mem, inLen) })
	return !p
}

// cut returns the call's dst, nonce, input and aad in mem.
func (c gcmCall) cut(a gcmArena, mem []byte, inLen int) (dst, nonce, input, aad []byte) {
	dst = c.dst(mem)
	nonce = mem[a.nonce : a.nonce+a.ns]
	if c.nonce != nil {
		nonce = c.nonce(mem)
	}
	input = mem[a.in : a.in+inLen]
	if c.input != nil {
		input = c.input(mem)
	}
	aad = mem[a.aad : a.aad+a.m]
	if c.aad != nil {
		aad = c.aad(mem)
	}
	return
}

// gcmCallLengths are the plaintext and additional data lengths the call
// layouts are tried with.
var (
	gcmCallLengths    = []int{0, 1, 2, 15, 16, 17, 64, 100, 255, 256, 1000, 4099}
	gcmCallAADLengths = []int{0, 1, 13, 37}
)

// testGCMSealCalls runs Seal with every layout on the implementation and
// crypto/cipher, and requires the same outcome.
func testGCMSealCalls(t *testing.T, got, want cipher.AEAD) {
	r := newRand(t)
	for _, n := range gcmCallLengths {
		for _, m := range gcmCallAADLengths {
			a := newGCMArena(n, m, want.NonceSize(), want.Overhead())
			init := r.bytes(a.size)
			for _, c := range a.layouts(n, n+a.ov) {
				sameOutcome(t, fmt.Sprintf("%d bytes, %d bytes of AAD, %s", n, m, c.name), init, got, want,
					func(g cipher.AEAD, mem []byte) ([]byte, error) {
						dst, nonce, pt, aad := c.cut(a, mem, n)
						return g.Seal(dst, nonce, pt, aad), nil
					})
			}
		}
	}
}

// testGCMOpenCalls runs Open with every layout, on a valid ciphertext and
// on a damaged one, on the implementation and crypto/cipher, and requires
// the same outcome: in particular a failed Open clears exactly the output
// crypto/cipher clears and nothing else.
func testGCMOpenCalls(t *testing.T, got, want cipher.AEAD) {
	r := newRand(t)
	for _, n := range gcmCallLengths {
		for _, m := range gcmCallAADLengths {
			a := newGCMArena(n, m, want.NonceSize(), want.Overhead())
			c := n + a.ov
			for _, damaged := range []bool{false, true} {
				init := r.bytes(a.size)
				ct := want.Seal(nil, init[a.nonce:a.nonce+a.ns], r.bytes(n), init[a.aad:a.aad+m])
				if damaged {
					ct[r.IntN(len(ct))] ^= 1 << r.IntN(8)
				}
				copy(init[a.in:], ct)
				for _, l := range a.layouts(c, n) {
					sameOutcome(t, fmt.Sprintf("%d bytes, %d bytes of AAD, damaged %v, %s", n, m, damaged, l.name), init, got, want,
						func(g cipher.AEAD, mem []byte) ([]byte, error) {
							dst, nonce, ct, aad := l.cut(a, mem, c)
							return g.Open(dst, nonce, ct, aad)
						})
				}
			}
		}
	}
	// Ciphertexts shorter than the tag fail before anything is written; one
	// exactly the tag's length is an empty message.
	for _, m := range []int{0, 13} {
		a := newGCMArena(0, m, want.NonceSize(), want.Overhead())
		init := r.bytes(a.size)
		for k := range a.ov + 2 {
			for _, l := range a.layouts(k, max(k-a.ov, 0)) {
				sameOutcome(t, fmt.Sprintf("%d-byte ciphertext, %d bytes of AAD, %s", k, m, l.name), init, got, want,
					func(g cipher.AEAD, mem []byte) ([]byte, error) {
						dst, nonce, ct, aad := l.cut(a, mem, k)
						return g.Open(dst, nonce, ct, aad)
					})
			}
		}
	}
}

// testGCMTampering changes one bit of the nonce, the additional data, the
// ciphertext or the tag, adds or removes a byte, and requires Open to fail
// with crypto/cipher's error and leave the same memory behind.
func testGCMTampering(t *testing.T, got, want cipher.AEAD) {
	r := newRand(t)
	for _, n := range []int{0, 1, 16, 17, 100, 1000} {
		m := 1 + r.IntN(30)
		a := newGCMArena(n+1, m, want.NonceSize(), want.Overhead())
		init := r.bytes(a.size)
		nonce, aad := init[a.nonce:a.nonce+a.ns], init[a.aad:a.aad+m]
		ct := want.Seal(nil, nonce, r.bytes(n), aad)
		copy(init[a.in:], ct)
		type change struct {
			name  string
			pos   int // byte to flip in the arena
			ctLen int
		}
		var changes []change
		for i := range len(ct) {
			changes = append(changes, change{fmt.Sprintf("ciphertext byte %d", i), a.in + i, len(ct)})
		}
		for i := range a.ns {
			changes = append(changes, change{fmt.Sprintf("nonce byte %d", i), a.nonce + i, len(ct)})
		}
		for i := range m {
			changes = append(changes, change{fmt.Sprintf("aad byte %d", i), a.aad + i, len(ct)})
		}
		changes = append(changes,
			change{"one byte more", -1, len(ct) + 1},
			change{"one byte less", -1, len(ct) - 1})
		for _, ch := range changes {
			mem := append([]byte(nil), init...)
			if ch.pos >= 0 {
				mem[ch.pos] ^= 1 << r.IntN(8)
			}
			g, err := got.Open(nil, mem[a.nonce:a.nonce+a.ns], mem[a.in:a.in+ch.ctLen], mem[a.aad:a.aad+m])
			if err == nil {
				t.Errorf("%d bytes, %s changed: Open succeeded", n, ch.name)
				continue
			}
			if g != nil {
				t.Errorf("%d bytes, %s changed: Open returned %d bytes with its error", n, ch.name, len(g))
			}
			for _, l := range []string{"Prefix", "InPlace"} {
				sameOutcome(t, fmt.Sprintf("%d bytes, %s changed, %s", n, ch.name, l), mem, got, want,
					func(g cipher.AEAD, mem []byte) ([]byte, error) {
						dst := mem[a.free : a.free+5]
						if l == "InPlace" {
							dst = mem[a.in:a.in]
						}
						return g.Open(dst, mem[a.nonce:a.nonce+a.ns], mem[a.in:a.in+ch.ctLen], mem[a.aad:a.aad+m])
					})
			}
		}
	}
}
