package vaes512

import (
	"testing"

	"github.com/vaesgo/vaes/backends/internal/kerneltest"
)

// TestTableNeighbours runs kerneltest.TableNeighbours: the powers of a
// tail's last register once came from a 64-byte load that reached up to
// three slots past H^1.
func TestTableNeighbours(t *testing.T) { kerneltest.TableNeighbours(t, config, rows) }
