//go:build amd64 && !purego

package vaes256

import (
	"golang.org/x/sys/cpu"

	"github.com/vaesgo/vaes/internal/cpuid"
)

// features lists every instruction set extension beyond SSE2 that
// vaes256_amd64.s uses, by the name avo gives it in the "// Requires:" lines
// of the .s, with the flag that reports it. A test checks the list against
// the .s.
//
// x/sys/cpu's HasAVX and HasAVX2 include the operating system's promise to
// save the YMM registers (XCR0) and honour GODEBUG=cpu.avx2=off. It reports
// VAES and VPCLMULQDQ only on AVX-512 machines, so those two bits come from
// package cpuid, which reads them from CPUID leaf 7 on any CPU. The short
// paths (one block or less) use the XMM forms of VAESENC and VPCLMULQDQ,
// which avo lists under AES and PCLMULQDQ.
var features = []struct {
	name string
	has  bool
}{
	{"AES", cpu.X86.HasAES},
	{"AVX", cpu.X86.HasAVX},
	{"AVX2", cpu.X86.HasAVX2},
	{"PCLMULQDQ", cpu.X86.HasPCLMULQDQ},
	{"VAES", cpuid.VAES()},
	{"VPCLMULQDQ", cpuid.VPCLMULQDQ()},
}

var available = func() bool {
	for _, f := range features {
		if !f.has {
			return false
		}
	}
	return true
}()

// Available reports whether this CPU and operating system run the kernels:
// AVX and AVX2 with the YMM state enabled, VAES and VPCLMULQDQ, and AES-NI
// and PCLMULQDQ.
func Available() bool { return available }
