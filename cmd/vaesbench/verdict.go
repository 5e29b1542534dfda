package main

import (
	"fmt"
	"io"
	"math"
)

// noisy is the spread, half the distance from the fastest to the slowest
// round over the median, past which a figure is marked and a re-run
// advised: beyond it the machine's other work, not the code, decides the
// figure.
const noisy = 0.10

// spread returns s's half range over its median, or 0 with one round.
func (s stat) spread() float64 {
	if len(s.rounds) < 2 || s.median == 0 {
		return 0
	}
	return (s.max - s.min) / (2 * s.median)
}

// verdictLine is the answer for one operation: the range of one backend's
// speed relative to crypto/aes over every size and key size measured.
type verdictLine struct {
	op             string
	lo, hi         float64 // speed relative to crypto/aes
	small, large   int     // the sizes measured
	keys           []int   // the key sizes
	noisy, figures int     // figures of the backend and crypto/aes, and how many spread past noisy
}

// verdicts returns a verdictLine per operation of tables, in their order,
// for the contender called name; an operation it was not measured in (or
// failed in) has none.
func verdicts(tables []*table, name string) []verdictLine {
	var out []verdictLine
	at := map[string]int{}
	for _, t := range tables {
		i := -1
		for j, c := range t.contenders {
			if c.name == name {
				i = j
			}
		}
		if i <= 0 {
			continue
		}
		k, ok := at[t.op.title]
		if !ok {
			k = len(out)
			at[t.op.title] = k
			label := t.op.short
			if label == "" {
				label = t.op.title
			}
			out = append(out, verdictLine{op: label, lo: math.Inf(1), small: math.MaxInt})
		}
		v := &out[k]
		v.keys = append(v.keys, t.keyBits)
		for _, r := range t.rows {
			x := r.ratio(i)
			if x == 0 {
				continue
			}
			v.lo, v.hi = min(v.lo, x), max(v.hi, x)
			v.small, v.large = min(v.small, r.size), max(v.large, r.size)
			for _, j := range []int{0, i} {
				v.figures++
				if r.stats[j].spread() > noisy {
					v.noisy++
				}
			}
		}
	}
	kept := out[:0]
	for _, v := range out {
		if v.hi > 0 {
			kept = append(kept, v)
		}
	}
	return kept
}

// printVerdict writes the verdicts before the tables: what a reader of the
// run wants to know first.
func printVerdict(w io.Writer, tables []*table, name string) {
	vs := verdicts(tables, name)
	if len(vs) == 0 {
		return
	}
	fmt.Fprintf(w, "\nverdict: %s against %s, in the same rounds on this CPU (above 1x is faster)\n", name, reference)
	noisyFigures := 0
	for _, v := range vs {
		keys := ""
		for j, k := range v.keys {
			if j > 0 {
				keys += " and "
			}
			keys += fmt.Sprintf("AES-%d", k)
		}
		speed := sig3(v.lo) + "-" + sig3(v.hi) + "x"
		if sig3(v.lo) == sig3(v.hi) {
			speed = sig3(v.lo) + "x"
		}
		line := fmt.Sprintf("  %-20s %s is %s %s from %s to %s, %s", v.op+":", name, speed, reference, bytesLabel(v.small), bytesLabel(v.large), keys)
		if v.noisy > 0 {
			line += fmt.Sprintf(" (%d of %d figures spread past ±%.0f%%)", v.noisy, v.figures, 100*noisy)
		}
		fmt.Fprintln(w, line)
		noisyFigures += v.noisy
	}
	if noisyFigures > 0 {
		fmt.Fprintf(w, "  %d figure(s) spread past ±%.0f%% (marked ! in the tables): the machine was busy; re-run on a quiet one before trusting them.\n", noisyFigures, 100*noisy)
	}
}

// bytesLabel writes a message size for a sentence: "16 B", "1350 B",
// "16 KiB".
func bytesLabel(n int) string {
	if n >= 1024 && n%1024 == 0 {
		return fmt.Sprintf("%d KiB", n/1024)
	}
	return fmt.Sprintf("%d B", n)
}
