//go:build amd64 && !purego

package aesni

import (
	"golang.org/x/sys/cpu"

	"github.com/vaesgo/vaes/internal/cpuid"
)

// features lists every instruction set extension beyond SSE2 that the SSE
// kernels of aesni_amd64.s use, by the name avo gives it in the
// "// Requires:" lines of the .s, with the x/sys/cpu flag that reports it.
// avxFeatures lists what the AVX kernels (sealAVX, openAVX) use beyond
// those. A test checks both lists against the .s, function by function.
var (
	features = []feature{
		{"AES", cpu.X86.HasAES},
		{"PCLMULQDQ", cpu.X86.HasPCLMULQDQ},
		{"SSSE3", cpu.X86.HasSSSE3},
	}
	avxFeatures = []feature{
		{"AVX", cpu.X86.HasAVX}, // x/sys/cpu also checks that the OS saves the YMM state
	}
)

type feature struct {
	name string
	has  bool
}

func all(fs []feature) bool {
	for _, f := range fs {
		if !f.has {
			return false
		}
	}
	return true
}

var available = all(features)

// useAVX makes Seal and Open run the AVX kernels, sealAVX and openAVX:
// the same steps as seal and open in VEX encodings, for CPUs that have AVX
// (see the package doc). It is set once, here; tests set it to run the
// exported functions on both kernel sets.
var useAVX = available && all(avxFeatures)

// usePublicAVX makes SealPublic and OpenPublic run the public AVX kernels,
// sealPublicAVX and openPublicAVX, whose counter blocks and half sums are
// scalar work that takes load off the vector ports of Intel's cores. On
// AMD's cores that scalar work costs more than it saves, and SealPublic
// and OpenPublic run sealAVX and openAVX, whose counter blocks and half
// sums are vector instructions (see the package doc). It is set once,
// here; tests set it to run the exported functions on both.
var usePublicAVX = useAVX && !cpuid.AMD()

// Available reports whether this CPU runs the kernels: it has AES-NI,
// PCLMULQDQ and SSSE3 (PSHUFB).
func Available() bool { return available }
