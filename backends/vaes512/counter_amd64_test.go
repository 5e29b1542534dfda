//go:build amd64 && !purego

package vaes512

import (
	"testing"

	"github.com/vaesgo/vaes/backends/internal/kerneltest"
)

// TestCounterBranch checks that only sealPublic and openPublic take the
// last-byte shortcut of publicCounter.blocks, which branches on the
// counter: every other kernel must not, since GCM's counter depends on the
// hash key when the nonce is not 12 bytes long. The shortcut shows in the
// .s as its counterCarry labels, its beStep constants and the counter's
// last bytes in a general-purpose register (BSWAPL).
func TestCounterBranch(t *testing.T) {
	marks := []string{"counterCarry", "beStep", "BSWAPL"}
	kerneltest.CounterBranch(t, config.Assembly, map[string][]string{
		"sealPublic": marks,
		"openPublic": marks,
	})
}
