package conformance

import (
	"fmt"
	"testing"
)

// testACVPCTR runs the AES-CTR tests: known-answer tests of any length,
// and the counter tests, whose 1000-block messages start from IVs chosen
// to run the counter past 2^128 (overflow) or not.
func testACVPCTR(t *testing.T, impl Impl, cases []acvpCase) {
	var n int
	for _, c := range cases {
		if c.group.TestType != "AFT" && c.group.TestType != "CTR" {
			t.Fatalf("%v: unknown test type", c)
		}
		if c.test.PayloadLen != nil && *c.test.PayloadLen%8 != 0 {
			t.Fatalf("%v: %d-bit payload", c, *c.test.PayloadLen)
		}
		in, want := c.test.PT, c.answer.CT
		if c.group.Direction == "decrypt" {
			in, want = c.test.CT, c.answer.PT
		}
		if len(want) != len(in) {
			t.Fatalf("%v: %d-byte input, %d-byte answer", c, len(in), len(want))
		}
		s, err := impl.NewCTR(c.test.Key, c.test.IV)
		if err != nil {
			t.Fatalf("%v: NewCTR: %v", c, err)
		}
		got := make([]byte, len(in))
		s.XORKeyStream(got, in)
		equal(t, fmt.Sprintf("%v", c), got, want)

		// The same in three uneven pieces.
		s, _ = impl.NewCTR(c.test.Key, c.test.IV)
		a, b := len(in)/3+1, 2*len(in)/3+5
		a, b = min(a, len(in)), min(b, len(in))
		s.XORKeyStream(got[:a], in[:a])
		s.XORKeyStream(got[a:b], in[a:b])
		s.XORKeyStream(got[b:], in[b:])
		equal(t, fmt.Sprintf("%v, in pieces", c), got, want)
		n++
	}
	t.Logf("ACVP AES-CTR: %d tests", n)
}
