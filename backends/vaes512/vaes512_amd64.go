//go:build amd64 && !purego

package vaes512

import (
	"golang.org/x/sys/cpu"

	"github.com/vaesgo/vaes/internal/cpuid"
)

// features lists every instruction set extension beyond SSE2 that
// vaes512_amd64.s uses, by the name avo gives it in the "// Requires:"
// lines of the .s, with the x/sys/cpu flag that reports it. x/sys/cpu sets
// the AVX-512 flags only when the operating system saves the opmask and ZMM
// state (XCR0 bits 5, 6 and 7), and honours GODEBUG=cpu.avx512f=off and the
// like. A test checks the list against the .s.
var features = []struct {
	name string
	has  bool
}{
	{"AES", cpu.X86.HasAES},
	{"PCLMULQDQ", cpu.X86.HasPCLMULQDQ},
	{"AVX", cpu.X86.HasAVX},
	{"AVX2", cpu.X86.HasAVX2},
	{"AVX512F", cpu.X86.HasAVX512F},
	{"AVX512BW", cpu.X86.HasAVX512BW},
	{"AVX512VL", cpu.X86.HasAVX512VL},
	{"AVX512VBMI", cpu.X86.HasAVX512VBMI},
	{"VAES", cpu.X86.HasAVX512VAES},
	{"VPCLMULQDQ", cpu.X86.HasAVX512VPCLMULQDQ},
	{"BMI2", cpu.X86.HasBMI2},
}

var available = func() bool {
	for _, f := range features {
		if !f.has {
			return false
		}
	}
	return true
}()

// Available reports whether this CPU runs the kernels: it has AVX-512
// Foundation, Byte and Word, Vector Length and Vector Byte Manipulation
// extensions (VBMI for VPERMB, in the tails that end near a page
// boundary), VAES and VPCLMULQDQ on 512-bit registers, BMI2, AES-NI,
// PCLMULQDQ and AVX for the XMM forms of the short paths, AVX2 for the YMM
// tails of short messages, and the operating system keeps the ZMM and
// opmask registers.
func Available() bool { return available }

// zmmTails, read by the GCM kernels, makes them run a message of 33 to
// 256 bytes that is a tail alone (seal; open up to 128 bytes) on ZMM
// registers of four blocks instead of YMM registers of two, on AMD's
// cores. There VAESENC issues twice per cycle and VPCLMULQDQ once per two
// at either width, so a ZMM register does twice the work per instruction;
// on Intel's cores 512-bit instructions between the one-block calls of a
// message cost more than they save there (see the package doc). It is a
// byte for the assembly (CMPB), set once, here; tests set it to run both
// paths.
var zmmTails = cpuid.AMD()
