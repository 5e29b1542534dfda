package main

import (
	"fmt"
	"io"
	"math"
	"text/tabwriter"
	"time"

	"github.com/vaesgo/vaes/internal/mix"
)

// mixResult is one contender's lowest times per message over the rounds.
type mixResult struct {
	name          string
	steady, inApp float64 // ns per message: alone, and with the application's code between messages less that code's own time
	err           error
}

// measureMix runs the mixed traffic (package mix) on crypto/aes and every
// backend contender, AES-keyBits, in alternating rounds, each round timing
// the traffic alone, the traffic with the application's stand-in code
// between messages, and that code alone; it keeps each figure's lowest.
func measureMix(cs []contender, keyBits, rounds int) []mixResult {
	key := pattern(keyBits/8, 1)
	var res []mixResult
	var traffic []*mix.Traffic
	for _, c := range cs {
		if c.backend == nil && c.name != reference {
			continue // openssl times itself
		}
		r := mixResult{name: c.name, steady: math.Inf(1), inApp: math.Inf(1)}
		g, err := c.newGCM(key)
		var t *mix.Traffic
		if err == nil {
			t = mix.New(g)
			err = t.Run(true) // and warm up
		}
		r.err = err
		res = append(res, r)
		traffic = append(traffic, t)
	}
	per := func(f func()) float64 {
		start := time.Now()
		f()
		return float64(time.Since(start).Nanoseconds()) / mix.Messages
	}
	// The lowest of each, then the difference: the lowest difference of
	// one round's figures would pick a round whose application code alone
	// happened to be slowed.
	with, app := make([]float64, len(res)), make([]float64, len(res))
	for i := range res {
		with[i], app[i] = math.Inf(1), math.Inf(1)
	}
	for range rounds {
		for i, t := range traffic {
			if res[i].err != nil {
				continue
			}
			res[i].steady = min(res[i].steady, per(func() { res[i].err = t.Run(false) }))
			with[i] = min(with[i], per(func() { _ = t.Run(true) }))
			app[i] = min(app[i], per(t.AppOnly))
		}
	}
	for i := range res {
		res[i].inApp = with[i] - app[i]
	}
	return res
}

// printMix writes the mixed traffic's table.
func printMix(w io.Writer, res []mixResult, keyBits, rounds int) {
	fmt.Fprintf(w, "\nMixed traffic, AES-%d (%s; between messages, with app code, a call into 64 KB of straight-line code standing for the application's own, its time subtracted; lowest of %d rounds)\n", keyBits, mix.Shape, rounds)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "backend\tsteady ns/msg\tvs %s\twith app code ns/msg\tvs %s\tgrows by\t\n", reference, reference)
	var ref mixResult
	for _, r := range res {
		if r.name == reference {
			ref = r
		}
	}
	for _, r := range res {
		if r.err != nil {
			fmt.Fprintf(tw, "%s\t-\t-\t-\t-\t-\t  FAILED: %v\n", r.name, r.err)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%sx\t%s\t%sx\t%+.0f%%\t\n", r.name, sig3(r.steady), sig3(ref.steady/r.steady),
			sig3(r.inApp), sig3(ref.inApp/r.inApp), 100*(r.inApp/r.steady-1))
	}
	tw.Flush()
}
