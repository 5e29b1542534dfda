package vaes_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/vaesgo/vaes/internal/conformance"
)

// TestOOBPageXTS runs the XTS methods on every backend at every length
// from 16 bytes up (see oobLengths) with the key, the input and the output
// each ending at a page followed by an inaccessible one, or starting at a
// page preceded by one, out of place and in place: the stolen tail, which
// the methods copy a few bytes at a time, meets the page edge at every
// length. Results must equal the battery's reference.
func TestOOBPageXTS(t *testing.T) {
	for _, b := range oobBackends(false) {
		t.Run(b.Name, func(t *testing.T) {
			in, out, keyA := newPageArea(t, "input", 2), newPageArea(t, "output", 2), newPageArea(t, "key", 1)
			areas := []*pageArea{in, out, keyA}
			rng := rand.New(rand.NewPCG(22, 23))
			faultCase(t, areas, func(at func(string, ...any)) {
				for _, ksz := range []int{32, 64} {
					k := oobBytes(rng, ksz)
					copy(keyA.head(ksz), k)
					at("NewXTS, %d-byte key at head", ksz)
					if _, err := xtsOn(t, b, keyA.head(ksz)); err != nil {
						t.Fatal(err)
					}
					copy(keyA.tail(ksz), k)
					at("NewXTS, %d-byte key at tail", ksz)
					x, err := xtsOn(t, b, keyA.tail(ksz))
					if err != nil {
						t.Fatal(err)
					}
					for _, n := range oobLengths(b) {
						if n < 16 {
							continue
						}
						tweak := [16]byte(oobBytes(rng, 16))
						src := oobBytes(rng, n)
						for _, decrypt := range []bool{false, true} {
							want := conformance.XTSReference(t, k, decrypt, tweak, src)
							for _, atTail := range []bool{true, false} {
								for _, inPlace := range []bool{false, true} {
									at("XTS-AES-%d (decrypt %v) of %d bytes, at tail %v, in place %v", ksz*4, decrypt, n, atTail, inPlace)
									dst, from := out.edge(n, atTail), in.edge(n, !atTail)
									copy(from, src)
									if inPlace {
										copy(dst, src)
										from = dst
									}
									if decrypt {
										x.DecryptTweak(dst, from, tweak)
									} else {
										x.EncryptTweak(dst, from, tweak)
									}
									if !bytes.Equal(dst, want) {
										t.Fatalf("XTS-AES-%d (decrypt %v) of %d bytes, at tail %v, in place %v: output differs from the reference", ksz*4, decrypt, n, atTail, inPlace)
									}
								}
							}
						}
					}
				}
			})
		})
	}
}
