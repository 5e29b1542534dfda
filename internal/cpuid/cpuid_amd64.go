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
