package vaes256

import (
	"testing"

	"github.com/vaesgo/vaes/backends/aesni"
	"github.com/vaesgo/vaes/backends/internal/kerneltest"
	"github.com/vaesgo/vaes/internal/impl"
)

// The benchmarks put this package's kernels side by side with crypto/aes
// and crypto/cipher (impl=stdlib), and the blocks kernel also with the
// aesni backend; see package kerneltest.

func BenchmarkSeal(b *testing.B) { kerneltest.BenchSeal(b, kernels) }

func BenchmarkOpen(b *testing.B) { kerneltest.BenchOpen(b, kernels) }

func BenchmarkSealPublic(b *testing.B) { kerneltest.BenchSeal(b, publicKernels) }

func BenchmarkOpenPublic(b *testing.B) { kerneltest.BenchOpen(b, publicKernels) }

func BenchmarkCTR(b *testing.B) { kerneltest.BenchCTR(b, kernels) }

func BenchmarkEncryptBlocks(b *testing.B) {
	kerneltest.BenchEncryptBlocks(b, kernels, &impl.Backend{
		Name:          "aesni",
		Available:     aesni.Available(),
		EncryptBlocks: aesni.EncryptBlocks,
	})
}
