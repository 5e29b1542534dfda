//go:build purego || !amd64

package main

import "time"

// clockName names the clock cycles reads, and clockUnit its unit.
const (
	clockName = "nanoseconds (monotonic clock)"
	clockUnit = "ns"
)

var epoch = time.Now()

// cycles returns nanoseconds from the monotonic clock, where no cycle
// counter is read: coarser, and with more overhead, so more samples are
// needed to see the same difference.
func cycles() uint64 { return uint64(time.Since(epoch)) }
