//go:build !purego

package main

// haveTSC reports whether rdtsc reads a time stamp counter.
const haveTSC = true

// rdtsc returns the time stamp counter.
func rdtsc() uint64
