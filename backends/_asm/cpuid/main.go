// Command cpuid generates internal/cpuid/cpuid_amd64.s and its Go
// declaration: one function that runs the CPUID instruction for a leaf and
// subleaf and returns the four result registers.
package main

//go:generate go run . -out ../../../internal/cpuid/cpuid_amd64.s -stubs ../../../internal/cpuid/cpuid_stub_amd64.go -pkg cpuid

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("amd64,!purego")

	TEXT("cpuid", NOSPLIT, "func(leaf, subleaf uint32) (eax, ebx, ecx, edx uint32)")
	Doc("cpuid runs the CPUID instruction with EAX = leaf and ECX = subleaf",
		"and returns the four registers it writes.")
	// CPUID reads and writes fixed registers, so this function names them
	// instead of asking avo to allocate.
	Load(Param("leaf"), EAX)
	Load(Param("subleaf"), ECX)
	CPUID()
	Store(EAX, Return("eax"))
	Store(EBX, Return("ebx"))
	Store(ECX, Return("ecx"))
	Store(EDX, Return("edx"))
	RET()

	Generate()
}
