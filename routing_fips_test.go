//go:build !purego

package vaes_test

import (
	"crypto/cipher"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/vaesgo/vaes/internal/conformance"
)

// TestRoutingFIPS140Only runs itself again with GODEBUG=fips140=only, as
// the package doc describes: there crypto/cipher refuses a *vaes.Cipher
// before it looks for its methods, with the error or panic it has for any
// block but crypto/aes's. (This file is left out of purego builds, in
// which the standard library's FIPS 140-3 mode refuses to start.)
func TestRoutingFIPS140Only(t *testing.T) {
	if os.Getenv("VAES_FIPS140_CHILD") == "1" {
		onEveryBackend(t, func(t *testing.T) {
			c, sb := routingBlocks(t, make([]byte, 16))
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
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestRoutingFIPS140Only$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "VAES_FIPS140_CHILD=1", "GODEBUG=fips140=only")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("with GODEBUG=fips140=only: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: TestRoutingFIPS140Only/") {
		t.Fatalf("with GODEBUG=fips140=only, no backend's subtest ran:\n%s", out)
	}
}
