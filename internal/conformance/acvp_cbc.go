package conformance

import (
	"bytes"
	"crypto/cipher"
	"fmt"
	"testing"
)

// testACVPCBC runs the AES-CBC known-answer tests (AFT), in one
// CryptBlocks call and again in place in two, and the Monte Carlo tests
// (MCT), on modes crypto/cipher builds on the implementation's block.
func testACVPCBC(t *testing.T, impl Impl, cases []acvpCase) {
	var aft, mct int
	for _, c := range cases {
		if len(c.test.Key)*8 != c.group.KeyLen {
			t.Fatalf("%v: %d-byte key", c, len(c.test.Key))
		}
		if len(c.test.IV) != 16 {
			t.Fatalf("%v: %d-byte IV", c, len(c.test.IV))
		}
		var newMode func(cipher.Block, []byte) cipher.BlockMode
		switch c.group.Direction {
		case "encrypt":
			newMode = cipher.NewCBCEncrypter
		case "decrypt":
			newMode = cipher.NewCBCDecrypter
		default:
			t.Fatalf("%v: unknown direction", c)
		}
		switch c.group.TestType {
		case "AFT":
			b, err := impl.NewCipher(c.test.Key)
			if err != nil {
				t.Fatalf("%v: NewCipher: %v", c, err)
			}
			in, want := c.test.PT, c.answer.CT
			if c.group.Direction == "decrypt" {
				in, want = c.test.CT, c.answer.PT
			}
			if len(in)%16 != 0 || len(in) == 0 || len(want) != len(in) {
				t.Fatalf("%v: %d-byte input, %d-byte answer", c, len(in), len(want))
			}
			got := make([]byte, len(in))
			newMode(b, c.test.IV).CryptBlocks(got, in)
			equal(t, fmt.Sprintf("%v", c), got, want)

			buf := bytes.Clone(in)
			m := newMode(b, c.test.IV)
			m.CryptBlocks(buf[:16], buf[:16])
			m.CryptBlocks(buf[16:], buf[16:])
			equal(t, fmt.Sprintf("%v, in place, first block alone", c), buf, want)
			aft++
		case "MCT":
			testCBCMonteCarlo(t, impl, c, newMode)
			mct++
		default:
			t.Fatalf("%v: unknown test type", c)
		}
	}
	if aft == 0 || mct == 0 {
		t.Fatalf("ACVP AES-CBC: %d known-answer and %d Monte Carlo tests; want some of each", aft, mct)
	}
	t.Logf("ACVP AES-CBC: %d known-answer and %d Monte Carlo tests", aft, mct)
}

// testCBCMonteCarlo is the ACVP Monte Carlo test for AES-CBC: 100 outer
// rounds of 1000 one-block CryptBlocks calls on one mode, which carries the
// chaining value from call to call. In each round the first call's input
// is the round's input, the second's the round's IV, and each later call's
// the output of the call two before it. Each round is checked against the
// answer; the next has the key XORed with the last len(key) bytes of
// out[998] || out[999], the IV out[999] and the input out[998].
func testCBCMonteCarlo(t *testing.T, impl Impl, c acvpCase, newMode func(cipher.Block, []byte) cipher.BlockMode) {
	enc := c.group.Direction == "encrypt"
	first := c.test.PT
	if !enc {
		first = c.test.CT
	}
	if len(first) != 16 {
		t.Fatalf("%v: %d-byte input", c, len(first))
	}
	if len(c.answer.ResultsArray) == 0 {
		t.Fatalf("%v: no results", c)
	}
	key := bytes.Clone(c.test.Key)
	iv, in := [16]byte(c.test.IV), [16]byte(first)
	for i, r := range c.answer.ResultsArray {
		wantIn, wantOut := r.PT, r.CT
		if !enc {
			wantIn, wantOut = r.CT, r.PT
		}
		what := fmt.Sprintf("%v round %d", c, i)
		if !equal(t, what+" key", key, r.Key) || !equal(t, what+" IV", iv[:], r.IV) ||
			!equal(t, what+" input", in[:], wantIn) {
			return
		}
		b, err := impl.NewCipher(key)
		if err != nil {
			t.Fatalf("%v: NewCipher: %v", what, err)
		}
		m := newMode(b, iv[:])
		var prev, out [16]byte
		next := in
		for j := range 1000 {
			prev = out // out[j-1]
			m.CryptBlocks(out[:], next[:])
			if j == 0 {
				next = iv
			} else {
				next = prev
			}
		}
		if !equal(t, what+" output", out[:], wantOut) {
			return
		}
		last := append(prev[:], out[:]...)
		last = last[len(last)-len(key):]
		for j := range key {
			key[j] ^= last[j]
		}
		iv, in = out, prev
	}
}
