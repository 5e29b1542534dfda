// Package cpuid reads the two CPU feature bits that dispatch needs and
// golang.org/x/sys/cpu does not report on every machine: VAES and VPCLMULQDQ,
// CPUID leaf 7 subleaf 0, ECX bits 9 and 10. x/sys/cpu sets its own HasAVX512VAES
// and HasAVX512VPCLMULQDQ only when AVX-512 is usable, but AVX2 machines
// without AVX-512 (Zen 3, Alder Lake and later client cores) also run the
// 256-bit forms of these instructions.
//
// The bits say only that the CPU implements the instructions. They say
// nothing about whether the operating system saves the YMM or ZMM registers,
// so a caller combines them with x/sys/cpu's HasAVX2 or HasAVX512F, which do
// include that check (and honour GODEBUG=cpu.avx2=off and the like).
//
// It also reads the vendor and family, for the kernels tuned per vendor:
// on AMD's cores the carry-less multiplier is the scarce unit of GCM, on
// Intel's the vector ports (see backends/aesni and backends/vaes512).
//
// On amd64 the bits come from CPUID instructions, run once at package
// initialisation. On every other architecture, and with the purego build tag,
// both functions report false and the package contains no assembly.
package cpuid

// Leaf 7 subleaf 0, register ECX.
const (
	ecxVAES       = 1 << 9
	ecxVPCLMULQDQ = 1 << 10
)

// VAES reports whether the CPU implements VAES (the AES round instructions
// on YMM and ZMM registers).
func VAES() bool { return leaf7ECX&ecxVAES != 0 }

// VPCLMULQDQ reports whether the CPU implements VPCLMULQDQ (carry-less
// multiplication on YMM and ZMM registers).
func VPCLMULQDQ() bool { return leaf7ECX&ecxVPCLMULQDQ != 0 }

// AMD reports whether the CPU is AMD's (vendor string AuthenticAMD) or
// Hygon's (HygonGenuine, built on AMD's Zen cores).
func AMD() bool { return vendorAMD }

// Family returns the CPU's family, base plus extended family as AMD and
// Intel define it (0x19 for Zen 3 and Zen 4, 0x1A for Zen 5, 6 for Intel's
// cores), or 0 where there is no CPUID.
func Family() uint32 { return family }
