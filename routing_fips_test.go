//go:build !purego

package vaes_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/fips140"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/conformance"
)

// TestRoutingFIPS140Only runs itself again with GODEBUG=fips140=only, as
// the package doc describes: there crypto/cipher refuses a *vaes.Cipher
// before it looks for its methods, with the error or panic it has for any
// block but crypto/aes's. (This file is left out of purego builds, in
// which the standard library's FIPS 140-3 mode refuses to start.)
func TestRoutingFIPS140Only(t *testing.T) {
	if inFIPS140OnlyChild(t, "TestRoutingFIPS140Only") {
		onEveryBackend(t, func(t *testing.T) {
			// This package refuses to make a cipher in this mode
			// (TestFIPS140OnlyRefused); a program may opt in.
			var c *vaes.Cipher
			var sb cipher.Block
			fips140.WithoutEnforcement(func() { c, sb = routingBlocks(t, make([]byte, 16)) })
			other := hiddenBlock{sb}
			iv := make([]byte, 16)
			for name, f := range map[string]func(cipher.Block) (cipher.AEAD, error){
				"NewGCM":                 cipher.NewGCM,
				"NewGCMWithNonceSize(8)": func(b cipher.Block) (cipher.AEAD, error) { return cipher.NewGCMWithNonceSize(b, 8) },
				"NewGCMWithTagSize(12)":  func(b cipher.Block) (cipher.AEAD, error) { return cipher.NewGCMWithTagSize(b, 12) },
			} {
				_, want := f(other)
				_, err := f(c)
				conformance.SameError(t, "cipher."+name, err, want)
			}
			conformance.SamePanic(t, "cipher.NewCTR", func() { cipher.NewCTR(c, iv) }, func() { cipher.NewCTR(other, iv) })
			conformance.SamePanic(t, "cipher.NewCBCEncrypter", func() { cipher.NewCBCEncrypter(c, iv) }, func() { cipher.NewCBCEncrypter(other, iv) })
			conformance.SamePanic(t, "cipher.NewCBCDecrypter", func() { cipher.NewCBCDecrypter(c, iv) }, func() { cipher.NewCBCDecrypter(other, iv) })
		})
	}
}

// inFIPS140OnlyChild reports whether this process is the child that the
// test called name runs with GODEBUG=fips140=only. In the parent it runs
// that child, fails t unless the child's backend subtests passed, and
// returns false.
func inFIPS140OnlyChild(t *testing.T, name string) bool {
	t.Helper()
	if os.Getenv("VAES_FIPS140_CHILD") == name {
		return true
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+name+"$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "VAES_FIPS140_CHILD="+name, "GODEBUG=fips140=only")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("with GODEBUG=fips140=only: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: "+name+"/") {
		t.Fatalf("with GODEBUG=fips140=only, no backend's subtest ran:\n%s", out)
	}
	return false
}

// TestFIPS140OnlyRefused runs itself again with GODEBUG=fips140=only, in
// which every constructor of this package refuses: it is not a FIPS 140-3
// module. Those that return an error return one that says so; a
// *Cipher's mode constructors, called directly, return the error or raise
// the panic crypto/cipher has in that mode for a block that is not
// crypto/aes's. Inside crypto/fips140.WithoutEnforcement they all work.
func TestFIPS140OnlyRefused(t *testing.T) {
	if !inFIPS140OnlyChild(t, "TestFIPS140OnlyRefused") {
		return
	}
	if !fips140.Enforced() {
		t.Fatal("GODEBUG=fips140=only, but crypto/fips140.Enforced() is false")
	}
	key16, key32, iv := make([]byte, 16), make([]byte, 32), make([]byte, 16)
	key32[0] = 1 // XTS's halves must differ
	onEveryBackend(t, func(t *testing.T) {
		refused := func(name string, err error) {
			t.Helper()
			if err == nil || !strings.Contains(err.Error(), "not a FIPS 140-3 validated module") {
				t.Errorf("%s in FIPS 140-only mode: err = %v, want this package's refusal", name, err)
			}
		}
		_, err := vaes.NewCipher(key16)
		refused("NewCipher", err)
		_, err = vaes.NewCTR(key16, iv)
		refused("NewCTR", err)
		_, err = vaes.NewGCM(key16)
		refused("NewGCM", err)
		_, err = vaes.NewGCMWithNonceSize(key16, 8)
		refused("NewGCMWithNonceSize", err)
		_, err = vaes.NewGCMWithTagSize(key16, 12)
		refused("NewGCMWithTagSize", err)
		_, err = vaes.NewGCMWithRandomNonce(key16)
		refused("NewGCMWithRandomNonce", err)
		_, err = vaes.NewXTS(key32)
		refused("NewXTS", err)

		// A cipher made with enforcement lifted, its modes asked for with
		// enforcement on: crypto/cipher's own refusals for a foreign block.
		var c *vaes.Cipher
		fips140.WithoutEnforcement(func() { c, err = vaes.NewCipher(key16) })
		if err != nil {
			t.Fatalf("NewCipher inside WithoutEnforcement: %v", err)
		}
		sb, err := aes.NewCipher(key16)
		if err != nil {
			t.Fatal(err)
		}
		other := hiddenBlock{sb}
		_, want := cipher.NewGCM(other)
		_, err = c.NewGCM(12, 16)
		conformance.SameError(t, "(*Cipher).NewGCM", err, want)
		conformance.SamePanic(t, "(*Cipher).NewCTR", func() { c.NewCTR(iv) }, func() { cipher.NewCTR(other, iv) })
		conformance.SamePanic(t, "(*Cipher).NewCBCEncrypter", func() { c.NewCBCEncrypter(iv) }, func() { cipher.NewCBCEncrypter(other, iv) })
		conformance.SamePanic(t, "(*Cipher).NewCBCDecrypter", func() { c.NewCBCDecrypter(iv) }, func() { cipher.NewCBCDecrypter(other, iv) })

		// Opted in, everything works, and the cipher is crypto/aes's.
		fips140.WithoutEnforcement(func() {
			g, err := vaes.NewGCM(key16)
			if err != nil {
				t.Fatalf("NewGCM inside WithoutEnforcement: %v", err)
			}
			ref, err := cipher.NewGCM(sb)
			if err != nil {
				t.Fatal(err)
			}
			nonce, msg := make([]byte, 12), []byte("opted in")
			if got, want := g.Seal(nil, nonce, msg, nil), ref.Seal(nil, nonce, msg, nil); !bytes.Equal(got, want) {
				t.Errorf("Seal inside WithoutEnforcement = %x, want %x", got, want)
			}
			for name, f := range map[string]func() error{
				"NewCTR":                func() error { _, err := vaes.NewCTR(key16, iv); return err },
				"NewGCMWithRandomNonce": func() error { _, err := vaes.NewGCMWithRandomNonce(key16); return err },
				"NewXTS":                func() error { _, err := vaes.NewXTS(key32); return err },
				"(*Cipher).NewGCM":      func() error { _, err := c.NewGCM(12, 16); return err },
			} {
				if err := f(); err != nil {
					t.Errorf("%s inside WithoutEnforcement: %v", name, err)
				}
			}
			c.NewCTR(iv)
			c.NewCBCEncrypter(iv)
			c.NewCBCDecrypter(iv)
		})
	})
}
