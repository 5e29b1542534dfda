package conformance

import (
	"fmt"
	"math/bits"
	"runtime/debug"
	"testing"
)

// gcmMaxPlaintext is GCM's limit on a message: 2^32 - 2 blocks, as
// crypto/cipher enforces it (NIST SP 800-38D allows 2^39 - 256 bits).
const gcmMaxPlaintext = (1<<32 - 2) * 16

// testGCMTooLarge gives Seal a plaintext one byte over GCM's limit, and
// Open a ciphertext one byte over it, and requires crypto/cipher's panic
// and error.
//
// Such slices are about 64 GiB long. They are views of address space
// reserved with no access rights (see reserve), so nothing is allocated,
// and an implementation that read or wrote them instead of checking the
// length first would fault; with SetPanicOnFault that fault is a panic
// whose value does not match, and the case fails rather than crashing.
// crypto/cipher checks the length before it touches either buffer, and the
// output buffer has the capacity for the result, so no one allocates it.
func testGCMTooLarge(t *testing.T, impl Impl, key []byte) {
	if bits.UintSize < 64 {
		t.Skip("an int cannot hold a length over GCM's limit on this platform")
	}
	const extra = 64
	in, freeIn, err := reserve(gcmMaxPlaintext + extra)
	if err != nil {
		skipOrFail(t, "cannot reserve address space: %v", err)
	}
	defer freeIn()
	out, freeOut, err := reserve(gcmMaxPlaintext + extra)
	if err != nil {
		skipOrFail(t, "cannot reserve address space: %v", err)
	}
	defer freeOut()
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))

	// A variable, not the constant: on 32-bit platforms the constant
	// would not compile as an index.
	limit := uint64(gcmMaxPlaintext)
	for _, s := range contractShapes {
		got, want := s.build(t, impl, key)
		nonce := make([]byte, want.NonceSize())
		pt := in[:int(limit)+1]
		samePanic(t, fmt.Sprintf("%s: Seal of %d bytes", s.name, len(pt)),
			func() { got.Seal(out[:0], nonce, pt, nil) },
			func() { want.Seal(out[:0], nonce, pt, nil) })
		ct := in[:int(limit)+want.Overhead()+1]
		var gotErr, wantErr error
		gp, gmsg := catch(func() { _, gotErr = got.Open(out[:0], nonce, ct, nil) })
		wp, wmsg := catch(func() { _, wantErr = want.Open(out[:0], nonce, ct, nil) })
		what := fmt.Sprintf("%s: Open of %d bytes", s.name, len(ct))
		if wp {
			t.Fatalf("%s: the standard library panicked (%s); the case is wrong", what, wmsg)
		}
		if gp {
			t.Errorf("%s: panic %q, want error %q", what, gmsg, wantErr)
			continue
		}
		sameError(t, what, gotErr, wantErr)
	}
}
