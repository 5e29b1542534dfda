//go:build amd64 && !purego

package aesni

import (
	"testing"

	"github.com/vaesgo/vaes/backends/internal/kerneltest"
)

// TestCounterBranch checks that only the public kernels, sealPublicAVX
// and openPublicAVX (GCM with a 12-byte nonce), branch on the counter:
// their publicBranch takes the loops of publicSlots when the counter is 2
// modulo 8 and otherwise returns into sealAVX or openAVX, which shows in
// the .s as the label of the branch's public side (sealPublicAVXPublic,
// openPublicAVXPublic) and the constants of publicSlots.fill (lastByteXor,
// counterMinus2). Every other kernel must not, since GCM's
// counter can depend on the hash key.
func TestCounterBranch(t *testing.T) {
	kerneltest.CounterBranch(t, config.Assembly, map[string][]string{
		"sealPublicAVX": {"sealPublicAVXPublic", "lastByteXor", "counterMinus2"},
		"openPublicAVX": {"openPublicAVXPublic", "lastByteXor", "counterMinus2"},
	})
}
