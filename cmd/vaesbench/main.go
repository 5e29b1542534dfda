// Command vaesbench measures every AES backend this CPU can run side by side
// with the standard library's crypto/aes and crypto/cipher, and prints one
// table per operation (Seal, Open, CTR, EncryptBlocks) with each backend's
// time per call, throughput and speed relative to crypto/aes.
//
//	go run ./cmd/vaesbench                    # AES-128, every size, about half a minute
//	go run ./cmd/vaesbench -quick -keybits 256
//	go run ./cmd/vaesbench -ops seal -sizes 1350,16384 -backends aesni,generic
//
// Shared machines are noisy, so the contenders take turns: every size is
// measured in several rounds, each round timing crypto/aes and then each
// backend for a fixed slice of time, and the tables report the medians.
// Read the ratios, not the absolute times. Before timing, each backend's
// output is checked against crypto/aes's; a mismatch is reported and makes
// the command exit with status 1.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/impl"
)

func main() {
	quick := flag.Bool("quick", false, "3 rounds of 5ms per measurement instead of 5 rounds of 25ms")
	sizesFlag := flag.String("sizes", "16,64,256,512,1350,4096,16384", "message sizes in bytes, comma-separated")
	opsFlag := flag.String("ops", "seal,open,ctr,blocks", "operations to measure, comma-separated")
	backendsFlag := flag.String("backends", "", "backends to measure, comma-separated (default: every one this CPU can run)")
	keyBits := flag.Int("keybits", 128, "AES key size in bits: 128, 192 or 256")
	flag.Parse()

	sizes, err := parseSizes(*sizesFlag)
	if err != nil {
		fail(err)
	}
	ops, err := parseOps(*opsFlag)
	if err != nil {
		fail(err)
	}
	if *keyBits != 128 && *keyBits != 192 && *keyBits != 256 {
		fail(fmt.Errorf("-keybits %d: want 128, 192 or 256", *keyBits))
	}
	rounds, slice := 5, 25*time.Millisecond
	if *quick {
		rounds, slice = 3, 5*time.Millisecond
	}

	printCPU(os.Stdout)
	cs, err := pickContenders(*backendsFlag)
	if err != nil {
		fail(err)
	}

	start := time.Now()
	key := pattern(*keyBits/8, 1)
	how := fmt.Sprintf("median of %d rounds of %v", rounds, slice)
	failed := false
	for _, op := range ops {
		rows := runOperation(op, cs, key, sizes, rounds, slice)
		printTable(os.Stdout, op, *keyBits, cs, rows, how)
		for _, r := range rows {
			for _, err := range r.wrong {
				failed = failed || err != nil
			}
		}
	}
	fmt.Printf("\nmeasured in %.1fs\n", time.Since(start).Seconds())
	if failed {
		os.Exit(1)
	}
}

// pickContenders returns crypto/aes followed by the backends to measure,
// and prints what this CPU can and cannot run and what dispatch chose.
func pickContenders(names string) ([]contender, error) {
	var can, cannot []string
	for _, b := range impl.All() {
		if b.Available {
			can = append(can, displayName(b))
		} else {
			cannot = append(cannot, displayName(b))
		}
	}
	fmt.Printf("backends:  %s (dispatch uses %s)\n", strings.Join(can, " "), vaes.Backend())
	if len(cannot) > 0 {
		fmt.Printf("not here:  %s\n", strings.Join(cannot, " "))
	}

	cs := []contender{{name: reference}}
	if names == "" {
		for _, b := range impl.All() {
			if b.Available {
				cs = append(cs, contender{displayName(b), b})
			}
		}
		return cs, nil
	}
	for _, name := range strings.Split(names, ",") {
		b := impl.Lookup(name)
		if b == nil {
			b = lookupDisplayName(name)
		}
		switch {
		case b == nil:
			return nil, fmt.Errorf("-backends: unknown backend %q", name)
		case !b.Available:
			return nil, fmt.Errorf("-backends: this CPU or build cannot run %q", name)
		}
		cs = append(cs, contender{displayName(b), b})
	}
	return cs, nil
}

// lookupDisplayName finds a backend by the name the report gives it.
func lookupDisplayName(name string) *impl.Backend {
	for _, b := range impl.All() {
		if displayName(b) == name {
			return b
		}
	}
	return nil
}

// runOperation checks and times op for every contender at every size.
func runOperation(op operation, cs []contender, key []byte, sizes []int, rounds int, slice time.Duration) []row {
	var rows []row
	for _, size := range sizes {
		if op.wholeBlocks {
			size &^= 15
		}
		r := row{size: size, stats: make([]stat, len(cs)), wrong: make([]error, len(cs))}
		var runs []func()
		var which []int
		var want []byte
		for i, c := range cs {
			run, out, err := op.setup(c, key, size)
			switch {
			case err != nil:
				r.wrong[i] = err
			case i == 0:
				want = out
			case !bytes.Equal(out, want):
				r.wrong[i] = fmt.Errorf("output differs from %s", reference)
			}
			if r.wrong[i] == nil {
				runs = append(runs, run)
				which = append(which, i)
			}
		}
		runtime.GC()
		for j, s := range compare(runs, rounds, slice) {
			r.stats[which[j]] = s
		}
		rows = append(rows, r)
	}
	return rows
}

func parseSizes(s string) ([]int, error) {
	var sizes []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 16 {
			return nil, fmt.Errorf("-sizes: %q is not a size of at least 16 bytes", f)
		}
		sizes = append(sizes, n)
	}
	return sizes, nil
}

func parseOps(s string) ([]operation, error) {
	var ops []operation
	for _, name := range strings.Split(s, ",") {
		i := slices.IndexFunc(operations, func(op operation) bool { return op.name == name })
		if i < 0 {
			return nil, fmt.Errorf("-ops: unknown operation %q (want seal, open, ctr or blocks)", name)
		}
		ops = append(ops, operations[i])
	}
	return ops, nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "vaesbench:", err)
	os.Exit(2)
}
