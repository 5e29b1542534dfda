//go:build amd64 && !purego

package vaes256

import (
	"strings"
	"testing"
)

// asmFunctions splits vaes256_amd64.s into its functions by name (ctr32,
// seal, ...), each from its TEXT line to the next.
func asmFunctions(t *testing.T) map[string]string {
	funcs := map[string]string{}
	name := ""
	for _, line := range strings.Split(asmSource(t), "\n") {
		if rest, ok := strings.CutPrefix(line, "TEXT ·"); ok {
			name, _, _ = strings.Cut(rest, "(")
		}
		if name != "" {
			funcs[name] += line + "\n"
		}
	}
	return funcs
}

// TestCounterBranch checks that only the kernels whose counter is public,
// ctr64 (CTR128, whose counter is the caller's IV) and sealPublic and
// openPublic (GCM with a 12-byte nonce), take the last-byte shortcut of
// counter.blocks, which branches on the counter: ctr32, seal and open must
// not, since GCM's counter can depend on the hash key. The shortcut shows
// in the .s as its counterCarry labels and its lastByteAdd constants; the
// XOR way of counter.whitenedBlocks in the GCM kernels, which branches on
// the counter's low four bits, as alignedBound labels and lastByteXor2
// constants.
func TestCounterBranch(t *testing.T) {
	funcs := asmFunctions(t)
	marks := []string{"counterCarry", "lastByteAdd", "alignedBound", "lastByteXor2"}
	public := map[string][]string{
		"ctr64":      marks[:2],
		"sealPublic": marks,
		"openPublic": marks,
	}
	for name, want := range public {
		for _, mark := range want {
			if !strings.Contains(funcs[name], mark) {
				t.Errorf("%s has no %s: the shortcut's marks have changed; update this test", name, mark)
			}
		}
	}
	for _, name := range []string{"encryptBlocks", "decryptBlocks", "ctr32", "ghashInit", "ghashUpdate", "seal", "open"} {
		body, ok := funcs[name]
		if !ok {
			t.Fatalf("no function %s in vaes256_amd64.s", name)
		}
		for _, mark := range marks {
			if strings.Contains(body, mark) {
				t.Errorf("%s contains %s: it branches on GCM's counter", name, mark)
			}
		}
	}
}
