package vaes_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/impl"
)

// The race tests share one *GCM and one *Cipher per backend among many
// goroutines, each making every kind of call and checking every result;
// the modes crypto/cipher builds on a shared *Cipher are one per goroutine.
// *GCM and *Cipher promise to be safe for concurrent use; run under the
// race detector (go test -race -run Race .) these tests fail if any call
// writes to shared state, and without it they still check that no call
// disturbs another's result.

// raceWorkers is how many goroutines share each value.
const raceWorkers = 8

// raceJob is one message and everything expected of it.
type raceJob struct {
	nonce, aad, pt, ct, bad []byte
}

// raceLengths returns the message lengths for backend b: the edges of the
// batches up to two of the widest, fewer and shorter on generic, which is
// pure Go and many times slower under the race detector.
func raceLengths(b *impl.Backend) []int {
	if b.ID == impl.Generic {
		return []int{0, 1, 15, 16, 17, 63, 64, 65, 129, 200}
	}
	return []int{0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 256, 257, 479, 480, 481, 1023, 1024, 1025, 2047, 2063}
}

// raceRun starts raceWorkers goroutines running work(w) and fails the test
// with every error they return.
func raceRun(t *testing.T, work func(w int) error) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make([]error, raceWorkers)
	for w := range raceWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[w] = work(w)
		}()
	}
	wg.Wait()
	for w, err := range errs {
		if err != nil {
			t.Errorf("goroutine %d: %v", w, err)
		}
	}
}

// TestRaceGCM seals and opens on one *GCM per backend from many goroutines
// at once: Seal, Open, a failing Open, SealPieces, Sealer and Opener, each
// against crypto/cipher's result; and a random-nonce GCM's round trip.
func TestRaceGCM(t *testing.T) {
	for _, b := range oobBackends(false) {
		t.Run(b.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(10, 11))
			key := oobBytes(rng, 32)
			restore := impl.Select(b)
			g, err := vaes.NewGCM(key)
			rnd, err2 := vaes.NewGCMWithRandomNonce(key)
			restore()
			if err != nil || err2 != nil {
				t.Fatal(err, err2)
			}
			blk, _ := aes.NewCipher(key)
			std, _ := cipher.NewGCM(blk)
			var jobs []raceJob
			for _, n := range raceLengths(b) {
				j := raceJob{nonce: oobBytes(rng, 12), aad: oobBytes(rng, rng.IntN(40)), pt: oobBytes(rng, n)}
				j.ct = std.Seal(nil, j.nonce, j.pt, j.aad)
				j.bad = bytes.Clone(j.ct)
				j.bad[rng.IntN(len(j.bad))] ^= 1 << rng.IntN(8)
				jobs = append(jobs, j)
			}
			raceRun(t, func(w int) error {
				for round := range 3 {
					for i := range jobs {
						j := &jobs[(i*5+w+round)%len(jobs)]
						if err := raceGCMCalls(g, rnd, j, w+i); err != nil {
							return fmt.Errorf("%d bytes: %v", len(j.pt), err)
						}
					}
				}
				return nil
			})
		})
	}
}

// raceGCMCalls makes every GCM call on job j; cut picks where the message
// is split for SealPieces, Sealer and Opener.
func raceGCMCalls(g *vaes.GCM, rnd cipher.AEAD, j *raceJob, cut int) error {
	n := len(j.pt)
	if got := g.Seal(nil, j.nonce, j.pt, j.aad); !bytes.Equal(got, j.ct) {
		return fmt.Errorf("Seal differs")
	}
	buf := append(make([]byte, 0, n+16), j.ct...)
	if got, err := g.Open(buf[:0], j.nonce, buf, j.aad); err != nil || !bytes.Equal(got, j.pt) {
		return fmt.Errorf("Open in place: %v", err)
	}
	copy(buf, j.bad)
	if _, err := g.Open(buf[:0], j.nonce, buf[:n+16], j.aad); err == nil || !bytes.Equal(buf[:n], make([]byte, n)) {
		return fmt.Errorf("Open of a damaged message: error %v, output not cleared", err)
	}
	c := cut % (n + 1)
	if got := g.SealPieces(nil, j.nonce, [][]byte{j.pt[:c], j.pt[c:]}, j.aad); !bytes.Equal(got, j.ct) {
		return fmt.Errorf("SealPieces cut at %d differs", c)
	}
	s := g.NewSealer(j.nonce, j.aad)
	out := s.Encrypt(nil, j.pt[:c])
	out = s.Tag(s.Encrypt(out, j.pt[c:]))
	if !bytes.Equal(out, j.ct) {
		return fmt.Errorf("Sealer cut at %d differs", c)
	}
	o := g.NewOpener(j.nonce, j.aad)
	back := o.Decrypt(o.Decrypt(nil, j.ct[:c]), j.ct[c:n])
	if err := o.Verify(j.ct[n:]); err != nil || !bytes.Equal(back, j.pt) {
		return fmt.Errorf("Opener cut at %d: %v", c, err)
	}
	if got, err := rnd.Open(nil, nil, rnd.Seal(nil, nil, j.pt, j.aad), j.aad); err != nil || !bytes.Equal(got, j.pt) {
		return fmt.Errorf("random-nonce round trip: %v", err)
	}
	return nil
}

// TestRaceCipher encrypts and decrypts on one *Cipher per backend from many
// goroutines at once, one block and many blocks, each against crypto/aes,
// and runs a CTR stream per goroutine from the same key.
func TestRaceCipher(t *testing.T) {
	for _, b := range oobBackends(false) {
		t.Run(b.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(12, 13))
			key := oobBytes(rng, 16)
			c := cipherOn(t, b, key)
			blk, _ := aes.NewCipher(key)
			var pts, cts [][]byte
			for _, n := range raceLengths(b) {
				pt := oobBytes(rng, n&^15)
				ct := make([]byte, len(pt))
				for i := 0; i < len(pt); i += 16 {
					blk.Encrypt(ct[i:], pt[i:])
				}
				pts, cts = append(pts, pt), append(cts, ct)
			}
			iv := oobBytes(rng, 16)
			raceRun(t, func(w int) error {
				for round := range 3 {
					for i := range pts {
						k := (i*3 + w + round) % len(pts)
						pt, ct := pts[k], cts[k]
						got := make([]byte, len(pt))
						c.EncryptBlocks(got, pt)
						if !bytes.Equal(got, ct) {
							return fmt.Errorf("EncryptBlocks of %d bytes differs", len(pt))
						}
						c.DecryptBlocks(got, got)
						if !bytes.Equal(got, pt) {
							return fmt.Errorf("DecryptBlocks of %d bytes in place differs", len(pt))
						}
						if len(pt) >= 16 {
							var one [16]byte
							c.Encrypt(one[:], pt[:16])
							if !bytes.Equal(one[:], ct[:16]) {
								return fmt.Errorf("Encrypt differs")
							}
							c.Decrypt(one[:], one[:])
							if !bytes.Equal(one[:], pt[:16]) {
								return fmt.Errorf("Decrypt in place differs")
							}
						}
					}
				}
				return nil
			})
			// One CTR stream per goroutine, all from one key; the key slice
			// and the standard library's keystream are shared.
			want := make([]byte, 3000)
			cipher.NewCTR(blk, iv).XORKeyStream(want, want)
			streams := make([]cipher.Stream, raceWorkers)
			restore := impl.Select(b)
			for w := range streams {
				var err error
				if streams[w], err = vaes.NewCTR(key, iv); err != nil {
					t.Fatal(err)
				}
			}
			restore()
			raceRun(t, func(w int) error {
				got := make([]byte, len(want))
				for off, step := 0, 1+w*37; off < len(got); off += step {
					end := min(off+step, len(got))
					streams[w].XORKeyStream(got[off:end], got[off:end])
				}
				if !bytes.Equal(got, want) {
					return fmt.Errorf("XORKeyStream differs")
				}
				return nil
			})
		})
	}
}

// TestRaceCBC shares one *Cipher per backend among many goroutines, each
// with its own CBC encrypter and decrypter from crypto/cipher (a BlockMode
// is for one goroutine at a time, as crypto/aes's are), and a routed GCM
// and CTR stream per goroutine too; every goroutine's messages, fed in
// calls of its own sizes and checked against crypto/aes's, must come out
// as if it ran alone.
func TestRaceCBC(t *testing.T) {
	for _, b := range oobBackends(false) {
		t.Run(b.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(16, 17))
			key := oobBytes(rng, 32)
			c := cipherOn(t, b, key)
			blk, _ := aes.NewCipher(key)
			std, _ := cipher.NewGCM(blk)
			type job struct{ iv, pt, ct, ks, nonce, sealed []byte }
			jobs := make([]job, raceWorkers)
			for w := range jobs {
				n := raceLengths(b)[len(raceLengths(b))-1-w%4] &^ 15
				j := job{iv: oobBytes(rng, 16), pt: oobBytes(rng, n), nonce: oobBytes(rng, 12)}
				j.ct = make([]byte, n)
				cipher.NewCBCEncrypter(blk, j.iv).CryptBlocks(j.ct, j.pt)
				j.ks = make([]byte, n)
				cipher.NewCTR(blk, j.iv).XORKeyStream(j.ks, j.pt)
				j.sealed = std.Seal(nil, j.nonce, j.pt, nil)
				jobs[w] = j
			}
			raceRun(t, func(w int) error {
				j := jobs[w]
				for round := range 3 {
					enc := cipher.NewCBCEncrypter(c, j.iv)
					dec := cipher.NewCBCDecrypter(c, j.iv)
					ctr := cipher.NewCTR(c, j.iv)
					g, err := cipher.NewGCM(c)
					if err != nil {
						return err
					}
					ct, pt, ks := make([]byte, len(j.pt)), bytes.Clone(j.ct), make([]byte, len(j.pt))
					step := 16 * (1 + (w*7+round)%40)
					for off := 0; off < len(j.pt); off += step {
						end := min(off+step, len(j.pt))
						enc.CryptBlocks(ct[off:end], j.pt[off:end])
						dec.CryptBlocks(pt[off:end], pt[off:end])
						ctr.XORKeyStream(ks[off:end], j.pt[off:end])
					}
					switch {
					case !bytes.Equal(ct, j.ct):
						return fmt.Errorf("CBC encryption of %d bytes in steps of %d differs", len(ct), step)
					case !bytes.Equal(pt, j.pt):
						return fmt.Errorf("CBC decryption in place of %d bytes in steps of %d differs", len(pt), step)
					case !bytes.Equal(ks, j.ks):
						return fmt.Errorf("routed CTR of %d bytes in steps of %d differs", len(ks), step)
					}
					if got := g.Seal(nil, j.nonce, j.pt, nil); !bytes.Equal(got, j.sealed) {
						return fmt.Errorf("routed GCM Seal of %d bytes differs", len(j.pt))
					}
				}
				return nil
			})
		})
	}
}

// TestRaceConstructors builds ciphers on the active backend from many
// goroutines at once, all from one shared key, and uses each.
func TestRaceConstructors(t *testing.T) {
	key := bytes.Repeat([]byte{7}, 24)
	blk, _ := aes.NewCipher(key)
	std, _ := cipher.NewGCM(blk)
	nonce, pt := make([]byte, 12), make([]byte, 100)
	want := std.Seal(nil, nonce, pt, nil)
	raceRun(t, func(w int) error {
		for range 4 {
			g, err := vaes.NewGCM(key)
			if err != nil {
				return err
			}
			if got := g.Seal(nil, nonce, pt, nil); !bytes.Equal(got, want) {
				return fmt.Errorf("Seal on a GCM built concurrently differs")
			}
			if _, err := vaes.NewCipher(key); err != nil {
				return err
			}
		}
		return nil
	})
}
