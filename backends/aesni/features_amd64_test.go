//go:build amd64 && !purego

package aesni

import (
	"testing"

	"github.com/vaesgo/vaes/backends/internal/kerneltest"
)

// TestFeatures checks that Available checks exactly the instruction set
// extensions the assembly uses.
func TestFeatures(t *testing.T) {
	var checked []string
	for _, f := range features {
		checked = append(checked, f.name)
	}
	kerneltest.Features(t, "aesni_amd64.s", checked)
}
