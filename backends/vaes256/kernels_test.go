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

// publicKernels is kernels with SealPublic and OpenPublic for Seal and
// Open, as the root package uses them for 12-byte nonces; package
// kerneltest's GCM always uses a 12-byte nonce, so its tests and
// benchmarks keep their contract.
var publicKernels = func() *impl.Backend {
	b := *kernels
	b.Seal, b.Open = SealPublic, OpenPublic
	return &b
}()
