//go:build amd64 && !purego

package vaes256

import (
	"testing"

	"github.com/vaesgo/vaes/backends/internal/kerneltest"
)

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
	marks := []string{"counterCarry", "lastByteAdd", "alignedBound", "lastByteXor2"}
	kerneltest.CounterBranch(t, config.Assembly, map[string][]string{
		"ctr64":      marks[:2],
		"sealPublic": marks,
		"openPublic": marks,
	})
}
