package vaes256

import (
	"testing"

	"github.com/vaesgo/vaes/backends/internal/kerneltest"
	"github.com/vaesgo/vaes/ghash"
)

// TestTableLayoutFills checks that the layout fills the table exactly:
// the pairs of keys and of half sums end at its last slot.
func TestTableLayoutFills(t *testing.T) {
	if n := len(ghash.Table{}); midSlot+powers != n || powers > midSlot {
		t.Fatalf("keys in slots 0..%d, half sums in %d..%d, table of %d slots", powers-1, midSlot, midSlot+powers-1, n)
	}
}

// TestTableNeighbours runs kerneltest.TableNeighbours: the kernels load
// pairs of slots, and a tail with an odd number of blocks once read the
// slot past H^1 as the key of its empty high lane.
func TestTableNeighbours(t *testing.T) { kerneltest.TableNeighbours(t, config, rows) }
