//go:build !amd64 || purego

package cpuid

// leaf7ECX is zero: without assembly there is no CPUID to read.
const leaf7ECX uint32 = 0
