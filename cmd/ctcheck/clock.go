package main

import "github.com/vaesgo/vaes/internal/tsc"

// clockName names the clock cycles reads, and clockUnit its unit.
var clockName, clockUnit = func() (string, string) {
	if tsc.Available {
		return "TSC cycles (RDTSC between LFENCEs)", "TSC cycles"
	}
	return "nanoseconds (monotonic clock)", "ns"
}()

// cycles returns the time stamp counter, read between fences (see
// tsc.ReadFenced); where there is none, nanoseconds from the monotonic
// clock: coarser, and with more overhead, so more samples are needed to see
// the same difference.
func cycles() uint64 { return tsc.ReadFenced() }
