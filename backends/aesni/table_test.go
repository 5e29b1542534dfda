package aesni

import (
	"testing"

	"github.com/vaesgo/vaes/backends/internal/kerneltest"
)

func TestTableNeighbours(t *testing.T) { kerneltest.TableNeighbours(t, config, rows) }
