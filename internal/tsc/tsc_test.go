package tsc

import (
	"testing"
	"time"
)

// TestMonotonic requires both reads never to go back, over many calls in
// turn.
func TestMonotonic(t *testing.T) {
	prev := Read()
	for i := range 100000 {
		var now uint64
		if i%2 == 0 {
			now = Read()
		} else {
			now = ReadFenced()
		}
		if now < prev {
			t.Fatalf("call %d: the counter went back from %d to %d", i, prev, now)
		}
		prev = now
	}
}

// TestRate requires both reads to advance with time, at one rate, and at a
// plausible one: between 100 MHz and 10 GHz for a counter, 1 GHz (one per
// nanosecond) for the clock.
func TestRate(t *testing.T) {
	rate := func(read func() uint64) float64 {
		t0, c0 := time.Now(), read()
		time.Sleep(20 * time.Millisecond)
		c1, t1 := read(), time.Now()
		return float64(c1-c0) / float64(t1.Sub(t0).Nanoseconds())
	}
	plain, fenced := rate(Read), rate(ReadFenced)
	lo, hi := 0.1, 10.0
	if !Available {
		lo, hi = 0.99, 1.01
	}
	for _, r := range []struct {
		name string
		rate float64
	}{{"Read", plain}, {"ReadFenced", fenced}} {
		if r.rate < lo || r.rate > hi {
			t.Errorf("%s advances %.3f per nanosecond, want %g to %g", r.name, r.rate, lo, hi)
		}
	}
	if d := plain/fenced - 1; d > 0.05 || d < -0.05 {
		t.Errorf("Read advances %.3f per ns and ReadFenced %.3f: not one counter", plain, fenced)
	}
}
