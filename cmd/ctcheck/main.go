// Command ctcheck looks for timing leaks in this module's AES and AES-GCM,
// the way dudect does: it times a call many times on two classes of secret
// input, a fixed value and random values, interleaved at random, and
// compares the two timing distributions with Welch's t-test. It runs on
// the generic backend and on each assembly backend this CPU can run:
//
//	Seal, key                 fixed key vs random keys, same message
//	Seal, plaintext           one key, fixed message vs random messages
//	EncryptBlocks, key        likewise for many blocks of the block cipher
//	EncryptBlocks, plaintext
//	key setup                 key schedule, E_K(0) and the GHASH key powers
//	XTS, data                 XTS EncryptTweak of the Seal length (at least
//	                          16 bytes), fixed vs random data unit
//	XTS, tweak                the same, fixed vs random tweak
//
// and, unless -controls=false, on two functions that leak on purpose, to
// show that it can see a leak. A largest |t| below 4.5 (over all
// measurements, each percentile crop and the second-order test) counts as
// no leak detected.
//
// Usage:
//
//	go run ./cmd/ctcheck [-n 1000000] [-ngeneric 100000] [-backends vaes512,generic] [-markdown]
//
// Timings are read from the CPU's cycle counter on amd64 and from the
// monotonic clock elsewhere. Run it on an otherwise idle machine if you
// can: other work adds noise, which makes a leak harder to see (it does
// not make one appear, since both classes share it).
//
// If VAES_BACKEND is set and was not followed (a name no backend has, or
// one this CPU cannot run), which the package itself passes over in
// silence, the first line of output says so.
//
// What a pass does and does not show is written in docs/security.md.
package main

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/vaesgo/vaes/internal/backendenv"
	"github.com/vaesgo/vaes/internal/impl"
)

// batch is how many measurements are prepared and then taken at once.
const batch = 1 << 14

func main() {
	n := flag.Int("n", 2_000_000, "measurements per class on assembly backends")
	ngeneric := flag.Int("ngeneric", 300_000, "measurements per class on the generic backend and for the controls")
	backends := flag.String("backends", "", "comma-separated backends (default: every available one but stdlib)")
	only := flag.String("run", "", "run only experiments whose name contains this")
	msgLen := flag.Int("len", 300, "Seal's message length in bytes")
	blocks := flag.Int("blocks", 67, "EncryptBlocks' block count")
	keySize := flag.Int("keysize", 16, "key size in bytes: 16, 24 or 32")
	seed := flag.Uint64("seed", 1, "seed of the random inputs and the class sequence")
	ctrl := flag.Bool("controls", true, "also run the deliberately leaky controls")
	markdown := flag.Bool("markdown", false, "print the table in Markdown")
	flag.BoolVar(&sameInputs, "aa", false, "A/A run: class 1 gets the fixed inputs too, to show the noise floor")
	flag.Parse()
	// The package is silent about a VAES_BACKEND it cannot honour: say so
	// before anything else.
	if note := backendenv.Line(); note != "" {
		fmt.Println(note)
	}
	if *keySize != 16 && *keySize != 24 && *keySize != 32 || *msgLen < 1 || *blocks < 1 || *n < enough || *ngeneric < enough {
		fmt.Fprintf(os.Stderr, "ctcheck: bad arguments (key size 16, 24 or 32; -n and -ngeneric at least %d)\n", enough)
		os.Exit(2)
	}
	bs, err := pickBackends(*backends)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ctcheck:", err)
		os.Exit(2)
	}

	// One OS thread, so the measurements are not moved between cores
	// halfway through a call by the Go scheduler.
	runtime.LockOSThread()
	rng := rand.New(rand.NewChaCha8(seedBytes(*seed)))
	p := params{keySize: *keySize, msgLen: *msgLen, blocks: *blocks}

	fmt.Printf("ctcheck: %s, %s, Go %s %s/%s\n", cpuModel(), clockName, runtime.Version()[2:], runtime.GOOS, runtime.GOARCH)
	fmt.Printf("AES-%d, Seal of %d bytes with 13 bytes of AAD, EncryptBlocks of %d blocks; class 0 fixed, class 1 random, interleaved at random\n\n",
		*keySize*8, *msgLen, *blocks)

	var rows []row
	start := time.Now()
	for _, b := range bs {
		want := *n
		if b.ID == impl.Generic {
			want = *ngeneric
		}
		for _, e := range experiments(b, p, rng, batch) {
			if strings.Contains(e.name, *only) {
				rows = append(rows, runRow(b.Name, e, want, rng))
			}
		}
	}
	if *ctrl {
		b := bs[0]
		for _, e := range controls(b, p, rng, batch) {
			if strings.Contains(e.name, *only) {
				rows = append(rows, runRow(b.Name, e, *ngeneric, rng))
			}
		}
	}
	fmt.Println()
	printTable(rows, *markdown)
	fmt.Printf("\n%s in all. median: class 0's median time (%s); resolution: the difference between the\n", time.Since(start).Round(time.Second), clockUnit)
	fmt.Printf("classes' means over the faster half of the measurements that would give |t| = 4.5.\n")
	fmt.Printf("|t| < 4.5: no leak detected; 4.5 to 10: possible leak; above 10: leak.\n")
	status := 0
	for _, r := range rows {
		control := strings.HasPrefix(r.experiment, "control")
		switch {
		case !control && math.Abs(r.worst.t) > 4.5:
			fmt.Printf("%s, %s: possible leak\n", r.backend, r.experiment)
			status = 1
		case control && !sameInputs && math.Abs(r.worst.t) < 10:
			fmt.Printf("%s: the deliberate leak was not seen, so these measurements cannot be trusted\n", r.experiment)
			status = 1
		}
	}
	os.Exit(status)
}

// pickBackends returns the named backends, or every available one but
// stdlib (crypto/aes, not this module's code).
func pickBackends(names string) ([]*impl.Backend, error) {
	// (The root package, imported by experiments.go, registers them.)
	var bs []*impl.Backend
	if names == "" {
		for _, b := range impl.All() {
			if b.Available && !b.Std {
				bs = append(bs, b)
			}
		}
		return bs, nil
	}
	for _, name := range strings.Split(names, ",") {
		b := impl.Lookup(name)
		if b == nil || !b.Available {
			return nil, fmt.Errorf("no backend %q on this CPU", name)
		}
		bs = append(bs, b)
	}
	return bs, nil
}

// row is one line of the results table.
type row struct {
	backend, experiment string
	worst               tResult
	counted             int
	all                 float64 // t over all measurements
	n                   int     // measurements of the smaller class
	median              uint64  // class 0's median time
	resolution          float64 // the mean difference in the faster half that would give |t| = 4.5
	elapsed             time.Duration
}

// runRow runs experiment e until each class has at least n measurements.
func runRow(backend string, e experiment, n int, rng *rand.Rand) row {
	fmt.Fprintf(os.Stderr, "%-8s %-48s ", backend, e.name)
	start := time.Now()
	classes := make([]byte, batch)
	times := make([]uint64, batch)
	var a *analysis
	for a == nil || a.count() < n {
		for i := range classes {
			classes[i] = byte(rng.Uint32() & 1)
		}
		e.prepare(rng, classes)
		measure(e.setup, e.call, times)
		if a == nil {
			a = newAnalysis(times) // the first batch only warms up and sets the crops
			continue
		}
		a.add(classes, times)
	}
	rs := a.results()
	w, counted := worst(rs)
	r := row{backend: backend, experiment: e.name, worst: w, counted: counted, all: rs[0].t, n: a.count(),
		median: a.median(), resolution: 4.5 * rs[1+medianCrop].se, elapsed: time.Since(start)}
	fmt.Fprintf(os.Stderr, "max |t| %6.2f (%s), %s\n", math.Abs(w.t), w.name, r.elapsed.Round(time.Millisecond))
	return r
}

// measure runs setup(i) and then times call, for every i.
//
//go:noinline
func measure(setup func(int), call func(), times []uint64) {
	for i := range times {
		setup(i)
		t0 := cycles()
		call()
		times[i] = cycles() - t0
	}
}

func printTable(rows []row, markdown bool) {
	head := []string{"backend", "experiment", "per class", "median", "resolution", "|t| all", "max |t|", "where", "verdict"}
	var cells [][]string
	for _, r := range rows {
		cells = append(cells, []string{
			r.backend, r.experiment, fmt.Sprintf("%d", r.n), fmt.Sprintf("%d", r.median), number(r.resolution),
			fmt.Sprintf("%.2f", math.Abs(r.all)), fmt.Sprintf("%.2f", math.Abs(r.worst.t)), r.worst.name, verdict(r.worst.t),
		})
	}
	if markdown {
		fmt.Println("| " + strings.Join(head, " | ") + " |")
		fmt.Println("|" + strings.Repeat("---|", len(head)))
		for _, c := range cells {
			fmt.Println("| " + strings.Join(c, " | ") + " |")
		}
		return
	}
	width := make([]int, len(head))
	for i, h := range head {
		width[i] = len(h)
		for _, c := range cells {
			width[i] = max(width[i], len(c[i]))
		}
	}
	line := func(c []string) {
		for i, s := range c {
			fmt.Printf("%-*s  ", width[i], s)
		}
		fmt.Println()
	}
	line(head)
	for _, c := range cells {
		line(c)
	}
}

// number formats x to two places, or "n/a" if it is not a number (the
// faster half of the measurements held no time of one class).
func number(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", x)
}

func seedBytes(s uint64) (b [32]byte) {
	for i := range 8 {
		b[i] = byte(s >> (8 * i))
	}
	return b
}

// cpuModel returns the CPU's model name where Linux tells it.
func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				return strings.TrimSpace(v)
			}
		}
	}
	return runtime.GOARCH + " CPU"
}
