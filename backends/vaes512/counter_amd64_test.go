//go:build amd64 && !purego

package vaes512

import (
	"os"
	"strings"
	"testing"
)

// asmFunctions splits vaes512_amd64.s into its functions by name (ctr32,
// seal, ...), each from its TEXT line to the next.
func asmFunctions(t *testing.T) map[string]string {
	src, err := os.ReadFile("vaes512_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	funcs := map[string]string{}
	name := ""
	for _, line := range strings.Split(string(src), "\n") {
		if rest, ok := strings.CutPrefix(line, "TEXT ·"); ok {
			name, _, _ = strings.Cut(rest, "(")
		}
		if name != "" {
			funcs[name] += line + "\n"
		}
	}
	return funcs
}

// TestCounterBranch checks that only sealPublic and openPublic take the
// last-byte shortcut of publicCounter.blocks, which branches on the
// counter: every other kernel must not, since GCM's counter depends on the
// hash key when the nonce is not 12 bytes long. The shortcut shows in the
// .s as its counterCarry labels, its beStep constants and the counter's
// last bytes in a general-purpose register (BSWAPL).
func TestCounterBranch(t *testing.T) {
	funcs := asmFunctions(t)
	marks := []string{"counterCarry", "beStep", "BSWAPL"}
	for _, name := range []string{"sealPublic", "openPublic"} {
		for _, mark := range marks {
			if !strings.Contains(funcs[name], mark) {
				t.Errorf("%s has no %s: the shortcut's marks have changed; update this test", name, mark)
			}
		}
	}
	for _, name := range []string{"encryptBlocks", "decryptBlocks", "ctr32", "ctr64", "ghashInit", "ghashUpdate", "seal", "open"} {
		body, ok := funcs[name]
		if !ok {
			t.Fatalf("no function %s in vaes512_amd64.s", name)
		}
		for _, mark := range marks {
			if strings.Contains(body, mark) {
				t.Errorf("%s contains %s: it branches on the counter", name, mark)
			}
		}
	}
	if len(funcs) != 10 {
		t.Errorf("vaes512_amd64.s has %d functions, want the 10 this test knows", len(funcs))
	}
}
