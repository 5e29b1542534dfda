package vaes256

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestGCMBatchCounter holds gcmBatch's counter blocks, written out for
// the compiler, to counter.whitenedBlocks, the step they write out: the
// keystream of one batch without GHASH and the counter after it, for every
// last byte of the counter, public and not, at each key size.
func TestGCMBatchCounter(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var keys [15][16]byte
	for i := range keys {
		for j := range keys[i] {
			keys[i][j] = byte(rng.Uint32())
		}
	}
	src := make([]byte, gcmBytes)
	for _, nr := range []int{10, 12, 14} {
		var k gcmKeys
		loadGCMKeys(&k, &keys, nr)
		for _, public := range []bool{false, true} {
			for last := range 256 {
				var ctr [16]byte
				for j := range ctr {
					ctr[j] = byte(rng.Uint32())
				}
				ctr[15] = byte(last)
				c1 := loadCounter(&ctr, inc32, public)
				c2 := c1
				got, want := make([]byte, gcmBytes), make([]byte, gcmBytes)
				gcmBatch(&c1, &k, nil, got, src)
				var r registers
				pairs := c2.whitenedBlocks(&r, gcmWidth, gcmBlocks, &keys)
				encryption.rounds(pairs, &keys, nr, nil)
				storePairs(pairs, want)
				if !bytes.Equal(got, want) {
					t.Fatalf("AES rounds %d, public %v, last byte %d: keystream %x, want %x", nr, public, last, got, want)
				}
				var gotCtr, wantCtr [16]byte
				c1.store(&gotCtr)
				c2.store(&wantCtr)
				if gotCtr != wantCtr {
					t.Fatalf("AES rounds %d, public %v, last byte %d: counter %x, want %x", nr, public, last, gotCtr, wantCtr)
				}
			}
		}
	}
}
