//go:build !amd64 || purego

package tsc

import "time"

const available = false

var epoch = time.Now()

// read returns nanoseconds from the monotonic clock: there is no counter.
func read() uint64 { return uint64(time.Since(epoch)) }

// readFenced is read: the clock needs no fence.
func readFenced() uint64 { return read() }
