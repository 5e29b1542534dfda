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

// printTable writes one operation's table: for every size, each
// contender's median time per call, its throughput, its speed relative to
// crypto/aes (above 1 is faster) and how far its rounds spread.
func printTable(w io.Writer, op operation, keyBits int, cs []contender, rows []row, how string) {
	fmt.Fprintf(w, "\n%s, AES-%d (%s)\n", op.title, keyBits, how)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "bytes\tbackend\tns/op\tGB/s\tvs %s\tspread\t\n", reference)
	for _, r := range rows {
		size := fmt.Sprint(r.size)
		ref := r.stats[0].median
		for i, c := range cs {
			s := r.stats[i]
			if r.wrong[i] != nil {
				fmt.Fprintf(tw, "%s\t%s\t-\t-\t-\t-\tFAILED: %v\n", size, c.name, r.wrong[i])
			} else {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%sx\t±%.0f%%\t\n", size, c.name,
					sig3(s.median), sig3(float64(r.size)/s.median), sig3(ref/s.median),
					100*(s.max-s.min)/(2*s.median))
			}
			size = ""
		}
	}
	tw.Flush()
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
