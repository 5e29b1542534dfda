package vaes512

import (
	"testing"

	"github.com/vaesgo/vaes/backends/internal/kerneltest"
)

// TestDataAtPageEnds runs kerneltest.DataAtPageEnds: the tails whose
// masked loads and stores would cross into the next page (pastPage) load
// and store the bytes that end with the data instead (loadEnd, storeEnd).
func TestDataAtPageEnds(t *testing.T) { kerneltest.DataAtPageEnds(t, config, rows) }
