//go:build amd64 && !purego

package cpuid

// leaf7ECX is ECX from CPUID leaf 7 subleaf 0, or zero on a CPU whose
// highest standard leaf is below 7.
var leaf7ECX = readLeaf7ECX()

func readLeaf7ECX() uint32 {
	if maxLeaf, _, _, _ := cpuid(0, 0); maxLeaf < 7 {
		return 0
	}
	_, _, ecx, _ := cpuid(7, 0)
	return ecx
}

// The vendor strings in EBX, EDX, ECX of leaf 0.
var (
	authenticAMD = [3]uint32{0x68747541, 0x69746e65, 0x444d4163}
	hygonGenuine = [3]uint32{0x6f677948, 0x6e65476e, 0x656e6975}
)

// vendorAMD is set on AMD's and Hygon's CPUs.
var vendorAMD = readVendorAMD()

func readVendorAMD() bool {
	_, b, c, d := cpuid(0, 0)
	v := [3]uint32{b, d, c}
	return v == authenticAMD || v == hygonGenuine
}

// family is the base family of leaf 1, EAX bits 8..11, plus the extended
// family, bits 20..27, when the base family is 0xF.
var family = readFamily()

func readFamily() uint32 {
	a, _, _, _ := cpuid(1, 0)
	f := a >> 8 & 0xF
	if f == 0xF {
		f += a >> 20 & 0xFF
	}
	return f
}
