package conformance

import (
	"bytes"
	"fmt"
	"sync"
	"testing"
)

// testConcurrent uses one Block, one GCM and one random-nonce GCM from
// several goroutines at once; each call must give what it gives alone.
func testConcurrent(t *testing.T, impl Impl, key []byte) {
	r := newRand(t)
	block, err := impl.NewCipher(key)
	if err != nil {
		t.Fatal(err)
	}
	got, want := shapeStd.build(t, impl, key)
	rnd, _ := gcmShape{random: true}.build(t, impl, key)
	type job struct{ nonce, pt, aad, ct, blk, enc []byte }
	jobs := make([]job, 64)
	for i := range jobs {
		j := job{nonce: r.bytes(12), pt: r.bytes(r.IntN(3000)), aad: r.bytes(r.IntN(40)), blk: r.bytes(16), enc: make([]byte, 16)}
		j.ct = want.Seal(nil, j.nonce, j.pt, j.aad)
		stdBlock(t, key).Encrypt(j.enc, j.blk)
		jobs[i] = j
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4*len(jobs))
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 3 * len(jobs) {
				j := jobs[(k*7+w)%len(jobs)]
				if ct := got.Seal(nil, j.nonce, j.pt, j.aad); !bytes.Equal(ct, j.ct) {
					errs <- fmt.Errorf("goroutine %d: Seal differs", w)
					return
				}
				if pt, err := got.Open(nil, j.nonce, j.ct, j.aad); err != nil || !bytes.Equal(pt, j.pt) {
					errs <- fmt.Errorf("goroutine %d: Open failed (%v)", w, err)
					return
				}
				if pt, err := rnd.Open(nil, nil, rnd.Seal(nil, nil, j.pt, j.aad), j.aad); err != nil || !bytes.Equal(pt, j.pt) {
					errs <- fmt.Errorf("goroutine %d: random-nonce round trip failed (%v)", w, err)
					return
				}
				out := make([]byte, 16)
				block.Encrypt(out, j.blk)
				if !bytes.Equal(out, j.enc) {
					errs <- fmt.Errorf("goroutine %d: Encrypt differs", w)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// testGCMAllocs requires Seal and Open, successful or not, to allocate
// nothing when dst has the capacity for the result.
func testGCMAllocs(t *testing.T, impl Impl, key []byte) {
	got, _ := shapeStd.build(t, impl, key)
	nonce, aad := make([]byte, 12), make([]byte, 13)
	pt := make([]byte, 1350)
	buf := make([]byte, 0, 1350+16)
	ct := got.Seal(nil, nonce, pt, aad)
	bad := append([]byte(nil), ct...)
	bad[0] ^= 1
	noAllocs(t, "Seal", func() { got.Seal(buf, nonce, pt, aad) })
	noAllocs(t, "Open", func() { got.Open(buf, nonce, ct, aad) })
	noAllocs(t, "Open of a damaged message", func() { got.Open(buf, nonce, bad, aad) })
	rnd, _ := gcmShape{random: true}.build(t, impl, key)
	rbuf := make([]byte, 0, 1350+28)
	rct := rnd.Seal(nil, nil, pt, aad)
	noAllocs(t, "Seal with a random nonce", func() { rnd.Seal(rbuf, nil, pt, aad) })
	noAllocs(t, "Open with a random nonce", func() { rnd.Open(rbuf, nil, rct, aad) })
}
