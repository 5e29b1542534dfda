package vaes256

import (
	"testing"

	"github.com/vaesgo/vaes/backends/internal/kerneltest"
)

// TestDataAtPageEnds runs kerneltest.DataAtPageEnds: with the data ending
// at or just before a page without access rights, the kernels' tails
// (whole registers stepping down, then the partial block through general
// registers) touch no byte past it.
func TestDataAtPageEnds(t *testing.T) { kerneltest.DataAtPageEnds(t, config, rows) }
