package conformance

import (
	"encoding/binary"
	"fmt"
	"testing"
)

// testGCMWrap checks the 32-bit counter's wrap from 0xffffffff to 0
// without a carry into the rest of the block. A 12-byte nonce starts the
// counter at 2, so no message within GCM's limit wraps it; other nonce
// lengths go through GHASH, and nonces are built (by solving for the last
// block) whose J0 ends just below the wrap, so that it falls at every
// position within the batches of every backend. SealPieces runs there too,
// with a last block that straddles two pieces.
func testGCMWrap(t *testing.T, impl Impl, key []byte) {
	r := newRand(t)
	block := stdBlock(t, key)
	hb := make([]byte, 16)
	block.Encrypt(hb, hb)
	h := gfLoad(hb)
	for _, before := range []uint32{0, 1, 2, 5, 7, 8, 15, 16, 29, 30, 31, 63, 64, 100} {
		for _, ns := range []int{16, 32, 48} {
			j0 := r.bytes(16)
			binary.BigEndian.PutUint32(j0[12:], 0xffffffff-before)
			nonce := nonceForJ0(h, j0, ns, r.fill)
			s := gcmShape{name: fmt.Sprintf("NonceSize=%d", ns), nonceSize: ns}
			got, want := s.build(t, impl, key)

			// Check the construction: the first keystream block is
			// E(inc32(J0)), so decrypting it gives back the counter.
			ks := want.Seal(nil, nonce, make([]byte, 16), nil)[:16]
			ctr := make([]byte, 16)
			block.Decrypt(ctr, ks)
			wantCtr := append([]byte(nil), j0...)
			binary.BigEndian.PutUint32(wantCtr[12:], binary.BigEndian.Uint32(j0[12:])+1)
			if !equal(t, "first counter block of the built nonce", ctr, wantCtr) {
				t.Fatal("the J0 construction is wrong")
			}

			for _, n := range []int{16 * 3, 16*17 + 5, 16*31 + 1, 16*65 + 9, 16*130 + 15} {
				what := fmt.Sprintf("wrap after %d blocks, %d-byte nonce, %d bytes", before, ns, n)
				pt, aad := r.bytes(n), r.bytes(r.IntN(20))
				if !sealOpen(t, what, got, want, nonce, pt, aad) {
					return
				}
				// SealPieces computes the counter of a last block that
				// straddles pieces itself: split the last byte off, as
				// TLS does, so that block's counter crosses the wrap too.
				if sp := impl.Streaming.SealPieces; sp != nil {
					pieces := [][]byte{pt[:n-1], pt[n-1:]}
					if !equal(t, what+": SealPieces", sp(got, nil, nonce, pieces, aad), want.Seal(nil, nonce, pt, aad)) {
						return
					}
				}
			}
		}
	}
}
