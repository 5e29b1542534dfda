//go:build !amd64 || purego

package cpuid

// leaf7ECX is zero: without assembly there is no CPUID to read.
const leaf7ECX uint32 = 0

// Without CPUID the vendor and family are unknown.
const (
	vendorAMD        = false
	family    uint32 = 0
)
