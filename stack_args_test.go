//go:build amd64 && !vaes_stdlib

package vaes_test

import (
	"crypto/cipher"
	"testing"

	"github.com/vaesgo/vaes"
)

// TestStackArgumentsStayOnStack requires the API to allocate nothing when
// its caller's nonce, additional data, blocks and output all live in local
// arrays: none of its slice arguments may escape to the heap. (On amd64
// without the vaes_stdlib tag; where the stdlib backend is built, Seal and
// Open pass their arguments to crypto/cipher through an interface, and they
// escape as with crypto/cipher itself.)
func TestStackArgumentsStayOnStack(t *testing.T) {
	onEveryBackend(t, func(t *testing.T) {
		key := make([]byte, 16)
		g, err := vaes.NewGCM(key)
		if err != nil {
			t.Fatal(err)
		}
		c, err := vaes.NewCipher(key)
		if err != nil {
			t.Fatal(err)
		}
		// The GCM crypto/cipher returns for a *Cipher, called on its
		// concrete type. (Its CBC modes and CTR stream have unexported
		// types, reached only through crypto/cipher's interfaces, whose
		// arguments escape whatever the callee does; TestRoutedAllocs holds
		// them to no allocations with buffers on the heap.)
		a, err := cipher.NewGCMWithTagSize(c, 13)
		if err != nil {
			t.Fatal(err)
		}
		routed, ok := a.(*vaes.GCM)
		if !ok {
			t.Fatalf("cipher.NewGCMWithTagSize(*vaes.Cipher, 13) is a %T", a)
		}
		checks := []struct {
			what string
			f    func()
		}{
			{"GCM.Seal and Open", func() {
				var nonce [12]byte
				var aad [13]byte
				var msg [100]byte
				var buf [100 + 16]byte
				nonce[0], aad[0] = 1, 2
				sealed := g.Seal(buf[:0], nonce[:], msg[:], aad[:])
				if _, err := g.Open(msg[:0], nonce[:], sealed, aad[:]); err != nil {
					panic(err)
				}
			}},
			{"GCM.SealPieces", func() {
				var nonce [12]byte
				var payload [40]byte
				var contentType [1]byte
				var buf [41 + 16]byte
				pieces := [2][]byte{payload[:], contentType[:]}
				g.SealPieces(buf[:0], nonce[:], pieces[:], nonce[:4])
			}},
			{"cipher.NewGCMWithTagSize's Seal and Open", func() {
				var nonce [12]byte
				var aad [13]byte
				var msg [1350]byte
				var buf [1350 + 13]byte
				nonce[0], aad[0] = 3, 4
				sealed := routed.Seal(buf[:0], nonce[:], msg[:], aad[:])
				if _, err := routed.Open(msg[:0], nonce[:], sealed, aad[:]); err != nil {
					panic(err)
				}
			}},
			{"Cipher", func() {
				var b [4 * vaes.BlockSize]byte
				c.Encrypt(b[:], b[:])
				c.Decrypt(b[:], b[:])
				c.EncryptBlocks(b[:], b[:])
				c.DecryptBlocks(b[:], b[:])
			}},
		}
		for _, ch := range checks {
			if n := testing.AllocsPerRun(20, ch.f); n != 0 {
				t.Errorf("%s with arguments in local arrays: %v allocations per call, want 0", ch.what, n)
			}
		}
	})
}
