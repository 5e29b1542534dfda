//go:build !purego

package main

// clockName names the clock cycles reads, and clockUnit its unit.
const (
	clockName = "TSC cycles (RDTSC between LFENCEs)"
	clockUnit = "TSC cycles"
)

// cycles returns the CPU's time-stamp counter. The counter runs at a fixed
// rate on every x86 CPU of the last fifteen years, usually the nominal
// clock, whatever the current clock speed.
func cycles() uint64
