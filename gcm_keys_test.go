package vaes

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"sync"
	"testing"

	"github.com/vaesgo/vaes/internal/impl"
)

// TestKeyPowersPromotion follows one key on every backend through its
// first calls: short calls never build the wide table, the promoteAfter-th
// long call does, and every result on either side of that equals the
// standard library's.
func TestKeyPowersPromotion(t *testing.T) {
	key := bytes.Repeat([]byte{7}, 16)
	block, _ := aes.NewCipher(key)
	ref, _ := cipher.NewGCM(block)
	nonce := make([]byte, 12)
	check := func(g *GCM, n int) {
		t.Helper()
		msg := bytes.Repeat([]byte{byte(n)}, n)
		got := g.Seal(nil, nonce, msg, []byte("aad"))
		if want := ref.Seal(nil, nonce, msg, []byte("aad")); !bytes.Equal(got, want) {
			t.Fatalf("%s: Seal of %d bytes differs from crypto/cipher", g.b.Name, n)
		}
		if _, err := g.Open(nil, nonce, got, []byte("aad")); err != nil {
			t.Fatalf("%s: Open of %d bytes: %v", g.b.Name, n, err)
		}
	}
	for _, b := range impl.All() {
		if !b.Available || b.Std {
			continue
		}
		t.Run(b.Name, func(t *testing.T) {
			g := new(GCM)
			if err := g.init(b, key, 12, 16); err != nil {
				t.Fatal(err)
			}
			if narrowFor(b) == b {
				if g.wide.Load() != &g.key.narrow {
					t.Fatal("a backend that is its own narrow backend should start on its full table")
				}
				check(g, 1000)
				return
			}
			if g.nb == g.b || g.wide.Load() != nil {
				t.Fatal("a new key should start on the narrow table")
			}
			for range 20 {
				check(g, longCall-1) // short calls do not count
			}
			if g.wide.Load() != nil {
				t.Fatal("short calls built the wide table")
			}
			// Each long call is sealed and opened: two calls.
			for i := 0; i < promoteAfter/2; i++ {
				if g.wide.Load() != nil {
					t.Fatalf("wide table built after %d long calls, want %d", 2*i, promoteAfter)
				}
				check(g, longCall+16*i)
			}
			if g.wide.Load() == nil {
				t.Fatalf("no wide table after %d long calls", promoteAfter)
			}
			for _, n := range []int{0, 1, 16, 255, 256, 4097} {
				check(g, n)
			}

			// One call long enough to pay for the table builds it at once.
			g = new(GCM)
			if err := g.init(b, key, 12, 16); err != nil {
				t.Fatal(err)
			}
			check(g, bigCall-1)
			if g.wide.Load() != nil {
				t.Fatal("a call just under bigCall built the wide table")
			}
			check(g, bigCall)
			if g.wide.Load() == nil {
				t.Fatal("a call of bigCall bytes did not build the wide table")
			}
		})
	}
}

// TestKeyPowersRace seals and opens on one fresh key from many goroutines
// at once, so that several of them race to count calls and to build and
// publish the wide table. Run it with -race.
func TestKeyPowersRace(t *testing.T) {
	for _, b := range impl.All() {
		if !b.Available || b.Std {
			continue
		}
		t.Run(b.Name, func(t *testing.T) {
			key := bytes.Repeat([]byte{9}, 32)
			block, _ := aes.NewCipher(key)
			ref, _ := cipher.NewGCM(block)
			g := new(GCM)
			if err := g.init(b, key, 12, 16); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			for w := range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					nonce := make([]byte, 12)
					nonce[0] = byte(w)
					for i := range 20 {
						msg := bytes.Repeat([]byte{byte(i)}, 200+50*i)
						got := g.Seal(nil, nonce, msg, nil)
						if want := ref.Seal(nil, nonce, msg, nil); !bytes.Equal(got, want) {
							t.Errorf("goroutine %d, call %d: Seal differs from crypto/cipher", w, i)
							return
						}
						if _, err := g.Open(nil, nonce, got, nil); err != nil {
							t.Errorf("goroutine %d, call %d: Open: %v", w, i, err)
							return
						}
					}
				}()
			}
			wg.Wait()
			if g.wide.Load() == nil {
				t.Error("no wide table after 320 long calls")
			}
		})
	}
}
