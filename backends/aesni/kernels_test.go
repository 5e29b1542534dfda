package aesni

import (
	"github.com/vaesgo/vaes/ghash"
	"github.com/vaesgo/vaes/internal/impl"
)

// kernels is this package's exported kernels as a backend, for the shared
// tests and benchmarks of package kerneltest.
var kernels = &impl.Backend{
	Name:          "aesni",
	Available:     Available(),
	Expand:        Expand,
	EncryptBlocks: EncryptBlocks,
	DecryptBlocks: DecryptBlocks,
	CTR32:         CTR32,
	CTR128:        CTR128,
	GHASHInit:     GHASHInit,
	GHASH:         GHASH,
	Seal:          Seal,
	Open:          Open,
}

// referenceTable is this package's table layout from package ghash: the
// key forms of H^1..H^8 and their half sums, as ghash.InitTable lays them
// out.
func referenceTable(t *ghash.Table, h *[16]byte) { ghash.InitTable(t, h, powers) }
