package main

import (
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
)

// row is one message size of an operation's table.
type row struct {
	size  int
	stats []stat  // per contender, in contender order
	wrong []error // per contender: a setup error or an output that differs from crypto/aes's
}

// ratio is how many times faster than crypto/aes contender i was at this
// size (above 1 is faster), or 0 when either was not measured.
func (r row) ratio(i int) float64 {
	if r.wrong[0] != nil || r.wrong[i] != nil || r.stats[i].median == 0 {
		return 0
	}
	return r.stats[0].median / r.stats[i].median
}

// ratioRange is the range of contender i's speed relative to crypto/aes's
// median over its rounds, slowest to fastest, or zeros when it was not
// measured or ran one round.
func (r row) ratioRange(i int) (lo, hi float64) {
	s := r.stats[i]
	if r.ratio(i) == 0 || len(s.rounds) < 2 || s.min == 0 {
		return 0, 0
	}
	return r.stats[0].median / s.max, r.stats[0].median / s.min
}

// gbps is contender i's throughput in GB/s (10^9 bytes per second), or 0
// when it was not measured.
func (r row) gbps(i int) float64 {
	if r.wrong[i] != nil || r.stats[i].median == 0 {
		return 0
	}
	return float64(r.size) / r.stats[i].median
}

// cyclesPerByte is contender i's time per byte in cycles of a clock of hz,
// or 0 when the clock or the time is unknown.
func (r row) cyclesPerByte(i int, hz float64) float64 {
	if hz == 0 || r.wrong[i] != nil || r.stats[i].median == 0 {
		return 0
	}
	return r.stats[i].median * 1e-9 * hz / float64(r.size)
}

// printTable writes one table: for every size, each contender's median
// time per call, its throughput, its cycles per byte where the clock is
// known, its speed relative to crypto/aes (above 1 is faster) and how far
// its rounds spread, marked "!" past noisy.
func printTable(w io.Writer, t *table, hz float64, how string) {
	fmt.Fprintf(w, "\n%s, AES-%d (%s)\n", t.op.title, t.keyBits, how)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	cpb := ""
	if hz > 0 {
		cpb = "c/B\t"
	}
	fmt.Fprintf(tw, "bytes\tbackend\tns/op\tGB/s\t%svs %s\tspread\t\n", cpb, reference)
	for _, r := range t.rows {
		size := fmt.Sprint(r.size)
		for i, c := range t.contenders {
			s := r.stats[i]
			switch {
			case r.wrong[i] != nil:
				fmt.Fprintf(tw, "%s\t%s\t-\t-\t%s-\t-\t  FAILED: %v\n", size, c.name, dash(cpb), r.wrong[i])
			default:
				if hz > 0 {
					cpb = sig3(r.cyclesPerByte(i, hz)) + "\t"
				}
				spread := "-"
				if len(s.rounds) > 1 {
					spread = fmt.Sprintf("±%.0f%%", 100*s.spread())
					if s.spread() > noisy {
						spread += " !"
					}
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s%sx\t%s\t\n", size, c.name,
					sig3(s.median), sig3(r.gbps(i)), cpb, sig3(r.ratio(i)), spread)
			}
			size = ""
		}
	}
	tw.Flush()
	for _, c := range t.contenders {
		if c.note != "" {
			fmt.Fprintf(w, "%s: %s\n", c.name, c.note)
		}
	}
}

// dash returns "-\t" for a column that is shown, and nothing otherwise.
func dash(col string) string {
	if col == "" {
		return ""
	}
	return "-\t"
}

// sig3 prints x with three significant digits, or as a whole number when
// it is 100 or more.
func sig3(x float64) string {
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	case x >= 1:
		return fmt.Sprintf("%.2f", x)
	}
	return strconv.FormatFloat(x, 'g', 3, 64)
}
