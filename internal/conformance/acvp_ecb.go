package conformance

import (
	"fmt"
	"testing"
)

// testACVPECB runs the AES-ECB known-answer tests (AFT) one block at a
// time and through the multi-block calls, and the Monte Carlo tests (MCT).
func testACVPECB(t *testing.T, impl Impl, cases []acvpCase) {
	var aft, mct int
	for _, c := range cases {
		b, err := impl.NewCipher(c.test.Key)
		if err != nil {
			t.Fatalf("%v: NewCipher: %v", c, err)
		}
		if len(c.test.Key)*8 != c.group.KeyLen {
			t.Fatalf("%v: %d-byte key", c, len(c.test.Key))
		}
		enc := c.group.Direction == "encrypt"
		switch c.group.TestType {
		case "AFT":
			in, want := c.test.PT, c.answer.CT
			if !enc {
				in, want = c.test.CT, c.answer.PT
			}
			if len(in)%16 != 0 || len(in) == 0 || len(want) != len(in) {
				t.Fatalf("%v: %d-byte input, %d-byte answer", c, len(in), len(want))
			}
			got := make([]byte, len(in))
			for i := 0; i < len(in); i += 16 {
				if enc {
					b.Encrypt(got[i:], in[i:i+16])
				} else {
					b.Decrypt(got[i:], in[i:i+16])
				}
			}
			equal(t, fmt.Sprintf("%v", c), got, want)
			if bs, ok := b.(Blocks); ok {
				if enc {
					bs.EncryptBlocks(got, in)
				} else {
					bs.DecryptBlocks(got, in)
				}
				equal(t, fmt.Sprintf("%v, multi-block call", c), got, want)
			}
			aft++
		case "MCT":
			testECBMonteCarlo(t, impl, c)
			mct++
		default:
			t.Fatalf("%v: unknown test type", c)
		}
	}
	t.Logf("ACVP AES-ECB: %d known-answer and %d Monte Carlo tests", aft, mct)
}

// testECBMonteCarlo is the ACVP Monte Carlo test for AES-ECB: 100 outer
// rounds of 1000 chained encryptions (or decryptions), each outer round
// checked against the answer and then rekeyed with the last outputs:
// the key is XORed with the last len(key) bytes of out[998] || out[999].
func testECBMonteCarlo(t *testing.T, impl Impl, c acvpCase) {
	enc := c.group.Direction == "encrypt"
	key := append([]byte(nil), c.test.Key...)
	in := append([]byte(nil), c.test.PT...)
	if !enc {
		in = append([]byte(nil), c.test.CT...)
	}
	if len(c.answer.ResultsArray) == 0 {
		t.Fatalf("%v: no results", c)
	}
	for i, r := range c.answer.ResultsArray {
		wantIn, wantOut := r.PT, r.CT
		if !enc {
			wantIn, wantOut = r.CT, r.PT
		}
		if !equal(t, fmt.Sprintf("%v round %d key", c, i), key, r.Key) ||
			!equal(t, fmt.Sprintf("%v round %d input", c, i), in, wantIn) {
			return
		}
		b, err := impl.NewCipher(key)
		if err != nil {
			t.Fatalf("%v: NewCipher: %v", c, err)
		}
		var prev, out [16]byte
		for range 1000 {
			prev = out
			if enc {
				b.Encrypt(out[:], in)
			} else {
				b.Decrypt(out[:], in)
			}
			copy(in, out[:])
		}
		if !equal(t, fmt.Sprintf("%v round %d output", c, i), out[:], wantOut) {
			return
		}
		last := append(prev[:], out[:]...)
		last = last[len(last)-len(key):]
		for j := range key {
			key[j] ^= last[j]
		}
	}
}
