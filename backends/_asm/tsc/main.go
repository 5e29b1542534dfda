// Command tsc generates internal/tsc/tsc_amd64.s and its Go declarations:
// reads of the time stamp counter, for the benchmark and the timing check.
package main

//go:generate go run . -out ../../../internal/tsc/tsc_amd64.s -stubs ../../../internal/tsc/tsc_stub_amd64.go -pkg tsc

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("amd64,!purego")

	// RDTSC writes the counter's low half to EAX and its high half to
	// EDX, fixed registers: these functions name them instead of asking
	// avo to allocate.
	TEXT("read", NOSPLIT, "func() uint64")
	Doc("read returns the time stamp counter.")
	RDTSC()
	combine()

	TEXT("readFenced", NOSPLIT, "func() uint64")
	Doc("readFenced returns the time stamp counter, read after every earlier",
		"instruction has finished and before any later one starts: LFENCE on",
		"both sides keeps the code being timed from overlapping the read.")
	LFENCE()
	RDTSC()
	LFENCE()
	combine()

	Generate()
}

// combine returns EDX:EAX as one 64-bit result.
func combine() {
	SHLQ(U8(32), RDX)
	ORQ(RDX, RAX)
	Store(RAX, ReturnIndex(0))
	RET()
}
