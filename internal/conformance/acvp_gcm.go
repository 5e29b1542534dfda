package conformance

import (
	"crypto/cipher"
	"fmt"
	"testing"
)

// testACVPGCM runs the AES-GCM tests: encryptions compared with the
// answer's ciphertext and tag, and decryptions that must fail exactly
// where the answer says testPassed is false.
func testACVPGCM(t *testing.T, impl Impl, cases []acvpCase) {
	var n, refused int
	for _, c := range cases {
		g := c.group
		if g.TestType != "AFT" || g.IVLen%8 != 0 || g.TagLen%8 != 0 {
			t.Fatalf("%v: unsupported group (%d-bit IV, %d-bit tag)", c, g.IVLen, g.TagLen)
		}
		var a cipher.AEAD
		var err error
		switch ns, ts := g.IVLen/8, g.TagLen/8; {
		case ns == 12:
			a, err = impl.NewGCMWithTagSize(c.test.Key, ts)
		case ts == 16:
			a, err = impl.NewGCMWithNonceSize(c.test.Key, ns)
		default:
			t.Fatalf("%v: no constructor takes both a %d-byte nonce and a %d-byte tag", c, ns, ts)
		}
		if err != nil {
			t.Fatalf("%v: %v", c, err)
		}
		switch g.Direction {
		case "encrypt":
			want := append(append([]byte(nil), c.answer.CT...), c.answer.Tag...)
			equal(t, fmt.Sprintf("%v", c), a.Seal(nil, c.test.IV, c.test.PT, c.test.AAD), want)
		case "decrypt":
			if c.answer.TestPassed == nil {
				t.Fatalf("%v: no testPassed in the answer", c)
			}
			ct := append(append([]byte(nil), c.test.CT...), c.test.Tag...)
			pt, err := a.Open(nil, c.test.IV, ct, c.test.AAD)
			switch {
			case *c.answer.TestPassed && err != nil:
				t.Errorf("%v: Open: %v", c, err)
			case *c.answer.TestPassed:
				equal(t, fmt.Sprintf("%v", c), pt, c.answer.PT)
			case err == nil:
				t.Errorf("%v: Open accepted a message the answer rejects", c)
			default:
				refused++
			}
		default:
			t.Fatalf("%v: unknown direction", c)
		}
		n++
	}
	t.Logf("ACVP AES-GCM: %d tests, %d of them rightly refused", n, refused)
}
