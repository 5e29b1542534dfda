package main

import (
	"slices"
	"time"
)

// batches is about how many timed batches one measurement is cut into, and
// minBatches how many it needs at least.
const (
	batches    = 32
	minBatches = 5
)

// measure calls f repeatedly for about d and returns the time per call in
// nanoseconds: the lower quartile over batches of calls, each batch long
// enough to time well (about d/batches). An interruption (the scheduler
// running another program, on a busy shared machine most of the time) can
// only make a batch slower, so the quartile below which a quarter of the
// batches fall is the time of an uninterrupted batch even when most of
// them were interrupted, where a median needs half of them clean; on a
// quiet machine the two agree. A slow backend simply runs fewer calls,
// down to one per batch. If the budget runs out before minBatches batches,
// measure goes on, up to ten times the budget, so that one interrupted
// batch never decides the result.
func measure(f func(), d time.Duration) float64 {
	f() // warm the caches and the branch predictors
	var perCall []float64
	n := 1
	start := time.Now()
	for {
		elapsed := time.Since(start)
		enough := len(perCall) >= minBatches || elapsed >= 10*d && len(perCall) > 0
		if enough && elapsed >= d {
			break
		}
		t0 := time.Now()
		for range n {
			f()
		}
		t := time.Since(t0)
		if t < d/batches && n < 1<<30 {
			n *= 2 // too short to time well: grow, and discard this one
			continue
		}
		perCall = append(perCall, float64(t.Nanoseconds())/float64(n))
	}
	slices.Sort(perCall)
	return lowerQuartile(perCall)
}

// stat summarises one contender's rounds at one size.
type stat struct {
	median   float64   // ns per call
	min, max float64   // the fastest and slowest round
	rounds   []float64 // ns per call in each round, in the order measured
}

// newStat summarises the rounds t, which it keeps.
func newStat(t []float64) stat {
	sorted := slices.Sorted(slices.Values(t))
	return stat{median: median(sorted), min: sorted[0], max: sorted[len(sorted)-1], rounds: t}
}

// compare times every function in fs in turn, round after round (A B C A B
// C ...), so that a slow spell on a shared machine falls on all of them
// alike, and returns each one's median over the rounds. If before is not
// nil, it is called ahead of each measurement with the round and the index
// of the function about to be timed.
func compare(fs []func(), rounds int, d time.Duration, before func(round, i int)) []stat {
	times := make([][]float64, len(fs))
	for round := range rounds {
		for i, f := range fs {
			if before != nil {
				before(round, i)
			}
			times[i] = append(times[i], measure(f, d))
		}
	}
	stats := make([]stat, len(fs))
	for i, t := range times {
		stats[i] = newStat(t)
	}
	return stats
}

// lowerQuartile returns the value a quarter of the way up sorted,
// non-empty t.
func lowerQuartile(t []float64) float64 { return t[(len(t)-1)/4] }

// median returns the middle value of sorted, non-empty t.
func median(t []float64) float64 {
	n := len(t)
	if n%2 == 1 {
		return t[n/2]
	}
	return (t[n/2-1] + t[n/2]) / 2
}
