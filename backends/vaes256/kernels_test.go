package vaes256

import (
	"github.com/vaesgo/vaes/internal/impl"
)

// kernels is this package's exported kernels as a backend, for the shared
// tests and benchmarks of package kerneltest.
var kernels = &impl.Backend{
	Name:          "vaes256",
	Available:     Available(),
	EncryptBlocks: EncryptBlocks,
	DecryptBlocks: DecryptBlocks,
	CTR32:         CTR32,
	CTR128:        CTR128,
	GHASHInit:     GHASHInit,
	GHASH:         GHASH,
	Seal:          Seal,
	Open:          Open,
}
