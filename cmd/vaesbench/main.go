// Command vaesbench measures every AES backend this CPU can run side by side
// with the standard library's crypto/aes and crypto/cipher, and prints one
// table per operation (Seal, Open, CTR, EncryptBlocks, CBC encryption and
// decryption) and key size with each backend's time per call, throughput,
// cycles per byte and speed relative to crypto/aes.
//
//	go run ./cmd/vaesbench                              # a little over a minute
//	go run ./cmd/vaesbench -quick                       # AES-128 only, about 12 seconds
//	go run ./cmd/vaesbench -svg chart.svg -json raw.json
//	go run ./cmd/vaesbench -ops seal -sizes 1350,16384 -backends aesni,generic -keybits 256
//
// It first says what the machine is: the processor, the features the
// backends need, the clock that cycles are counted at (the time stamp
// counter's rate on amd64, measured; elsewhere /proc/cpuinfo's "cpu MHz"),
// the backends this CPU can run and the one the package picks. Before
// that, a line says so if VAES_BACKEND is set and was not followed (a name
// no backend has, or one this CPU cannot run), which the package itself
// passes over in silence.
//
// Shared machines are noisy, so the contenders take turns: every size is
// measured in several rounds, each round timing crypto/aes and then each
// backend for a fixed slice of time, and the tables report the medians of
// the rounds. Within its slice, a contender runs in short batches, and the
// round's figure is the lower quartile of the batches: being interrupted
// only ever slows a batch down. Read the ratios, not the absolute times.
// Before timing, each backend's output is checked against crypto/aes's; a
// mismatch is reported and makes the command exit with status 1.
//
// The CBC tables time cipher.NewCBCEncrypter and cipher.NewCBCDecrypter on
// each contender's block. crypto/cipher hands a vaes.Cipher's modes to
// vaes; on a crypto/aes block it runs its own CBC, which on amd64 and arm64
// is a Go loop with one call of crypto/aes's block assembly per block (on
// ppc64x and s390x one assembly call over the whole buffer), and the tables'
// titles say which this machine runs.
//
// When openssl is on the PATH, the Seal tables get one more row from
// `openssl speed -aead -evp aes-128-gcm` (and -256) at the same sizes,
// labelled with openssl's version. It times itself, one second per size,
// after the others.
//
// -svg writes a chart of throughput against message size, one panel per
// table; -json writes every round of every measurement with the machine's
// description and the versions measured. On a terminal a progress line
// shows what is being measured.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/backendenv"
	"github.com/vaesgo/vaes/internal/impl"
)

// options are the command line's settings.
type options struct {
	quick    bool
	sizes    []int
	ops      []operation
	backends string
	keyBits  []int
	svg      string
	json     string
	openssl  bool
	mix      bool // -ops named mix: the mixed traffic, after the tables
}

// parseFlags reads the command line.
func parseFlags(fs *flag.FlagSet, args []string) (*options, error) {
	o := new(options)
	fs.BoolVar(&o.quick, "quick", false, "3 rounds of 5ms per measurement instead of 5 rounds of 25ms, and AES-128 only unless -keybits says otherwise")
	sizes := fs.String("sizes", "16,64,256,512,1350,4096,16384", "message sizes in bytes, comma-separated")
	ops := fs.String("ops", strings.Join(defaultOperationNames(), ","), "operations to measure, comma-separated (also: xts-enc, xts-dec, and mix: mixed GCM traffic with an application's code between messages)")
	fs.StringVar(&o.backends, "backends", "", "backends to measure, comma-separated (default: every one this CPU can run)")
	keys := fs.String("keybits", "128,256", "AES key sizes in bits, comma-separated: 128, 192, 256")
	fs.StringVar(&o.svg, "svg", "", "write a chart of the speed relative to crypto/aes against message size to this `file`")
	fs.StringVar(&o.json, "json", "", "write every measurement, the machine and the versions to this `file`")
	fs.BoolVar(&o.openssl, "openssl", true, "also time openssl speed for Seal, when openssl is on the PATH")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	var err error
	if o.sizes, err = parseSizes(*sizes); err != nil {
		return nil, err
	}
	var names []string
	for _, n := range strings.Split(*ops, ",") {
		if n == "mix" {
			o.mix = true
			continue
		}
		names = append(names, n)
	}
	if len(names) > 0 {
		if o.ops, err = parseOps(strings.Join(names, ",")); err != nil {
			return nil, err
		}
	}
	if o.keyBits, err = parseKeyBits(*keys); err != nil {
		return nil, err
	}
	if o.quick && !flagSet(fs, "keybits") {
		o.keyBits = []int{128}
	}
	return o, nil
}

// flagSet reports whether the command line set the flag name.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

func main() {
	opts, err := parseFlags(flag.CommandLine, os.Args[1:])
	if err != nil {
		fail(err)
	}
	p := &plan{ops: opts.ops, keyBits: opts.keyBits, sizes: opts.sizes, rounds: 5, slice: 25 * time.Millisecond}
	if opts.quick {
		p.rounds, p.slice = 3, 5*time.Millisecond
	}

	// The package is silent about a VAES_BACKEND it cannot honour; say it
	// first, before what the rest of the report depends on.
	if note := backendenv.Line(); note != "" {
		fmt.Println(note)
	}
	m := describeMachine()
	m.print(os.Stdout)
	cs, list, err := pickContenders(opts.backends)
	if err != nil {
		fail(err)
	}
	fmt.Printf("backends:  %s (dispatch uses %s)\n", strings.Join(list.Available, " "), list.Dispatch)
	if len(list.Unavailable) > 0 {
		fmt.Printf("not here:  %s\n", strings.Join(list.Unavailable, " "))
	}
	sslNote := p.setOpenSSL(opts)
	fmt.Printf("openssl:   %s\n", sslNote)

	p.progress = newProgress(os.Stderr, p.expectedSeconds(len(cs)))
	start := time.Now()
	how := fmt.Sprintf("median of %d rounds of %v", p.rounds, p.slice)
	failed := false
	var tables []*table
	for _, op := range p.ops {
		for _, kb := range p.keyBits {
			t, err := p.measureTable(op, kb, cs)
			p.progress.clear()
			if err != nil {
				fmt.Fprintf(os.Stderr, "vaesbench: %v; going on without openssl\n", err)
				p.openssl = nil
				sslNote = "failed: " + err.Error()
			}
			tables = append(tables, t)
			for _, r := range t.rows {
				failed = failed || slices.ContainsFunc(r.wrong, func(err error) bool { return err != nil })
			}
		}
	}
	p.progress.clear()
	took := time.Since(start)
	// The answer first, then the tables it comes from.
	printVerdict(os.Stdout, tables, verdictName(cs, list.Dispatch))
	for _, t := range tables {
		printTable(os.Stdout, t, m.ClockHz, how)
	}
	if opts.mix {
		rounds := 5 * p.rounds
		for _, kb := range p.keyBits {
			p.progress.clear()
			res := measureMix(cs, kb, rounds)
			printMix(os.Stdout, res, kb, rounds)
			for _, r := range res {
				failed = failed || r.err != nil
			}
		}
		took = time.Since(start)
	}
	fmt.Printf("\nmeasured in %.1fs\n", took.Seconds())

	args := append([]string{"vaesbench"}, os.Args[1:]...)
	if opts.svg != "" {
		c := chart{
			title:    fmt.Sprintf("AES throughput on %s", m.Model),
			subtitle: fmt.Sprintf("%s/%s, %d logical CPUs, %s; dispatch uses %s; higher is better", m.OS, m.Arch, m.LogicalCPUs, runtime.Version(), list.Dispatch),
			notes: []string{
				fmt.Sprintf("Go contenders: %s, taking turns; vaes-stdlib is this module's wrapper of crypto/aes.", how),
				"openssl: " + sslNote,
			},
			tables: tables,
		}
		c.notes = append(c.notes, opNotes(p.ops)...)
		c.notes = append(c.notes, "Made by: "+strings.Join(args, " "))
		if err := writeFile(opts.svg, func(f *os.File) error { return writeSVG(f, c) }); err != nil {
			fail(err)
		}
		fmt.Printf("chart:     %s\n", opts.svg)
	}
	if opts.json != "" {
		rep := &report{
			Command:  args,
			Started:  start.UTC().Truncate(time.Second),
			Seconds:  round(took.Seconds(), 1),
			Versions: findVersions(),
			Machine:  m,
			Backends: list,
			Method: method{Reference: reference, Rounds: p.rounds, SliceMS: float64(p.slice) / 1e6,
				AAD: len(aad), OpenSSL: sslNote},
			Tables: jsonTables(tables, m.ClockHz),
		}
		if p.openssl != nil {
			rep.Versions.OpenSSL = p.openssl.full
		}
		if err := writeFile(opts.json, func(f *os.File) error { return writeJSON(f, rep) }); err != nil {
			fail(err)
		}
		fmt.Printf("figures:   %s\n", opts.json)
	}
	if failed {
		os.Exit(1)
	}
}

// verdictName is the contender the verdict is about: the backend dispatch
// uses, or, where -backends left it out, the first backend measured.
func verdictName(cs []contender, dispatch string) string {
	first := ""
	for _, c := range cs {
		if c.backend == nil {
			continue
		}
		if c.name == dispatch {
			return c.name
		}
		if first == "" {
			first = c.name
		}
	}
	return first
}

// opNotes are the chart's notes on what the crypto/aes line of the
// operations ops is, where it is not simply crypto/aes and crypto/cipher's
// call of the same name.
func opNotes(ops []operation) []string {
	has := func(names ...string) bool {
		return slices.ContainsFunc(ops, func(op operation) bool { return slices.Contains(names, op.name) })
	}
	var notes []string
	if has("blocks") {
		notes = append(notes, "EncryptBlocks: crypto/aes has no call for many blocks, so its line is a loop over Encrypt, as a caller would write it.")
	}
	if has("xts-enc", "xts-dec") {
		notes = append(notes, "XTS: one data unit per call with a sector number; crypto/aes's line is "+stdXTS+".")
	}
	if has("cbc-enc", "cbc-dec") {
		notes = append(notes, "CBC: every line is cipher.NewCBCEncrypter or cipher.NewCBCDecrypter on the contender's block; crypto/cipher hands a vaes.Cipher's modes to vaes, and crypto/aes's line is "+stdCBC+".")
	}
	return notes
}

// setOpenSSL looks for openssl if the options want it and returns a line
// saying what will be measured, or why nothing will.
func (p *plan) setOpenSSL(opts *options) string {
	if !opts.openssl {
		return "not measured (-openssl=false)"
	}
	if !p.hasSeal() && !p.hasXTS() {
		return "not measured (only Seal and XTS are compared with openssl)"
	}
	o, err := findOpenSSL()
	if err != nil {
		return "absent (" + err.Error() + "), so no openssl figures"
	}
	p.openssl = o
	if !p.hasSeal() {
		return fmt.Sprintf("%s (%s) in the XTS tables: %s", o.version, o.path, xtsMethod)
	}
	if p.hasXTS() {
		return fmt.Sprintf("%s (%s) in the Seal tables: %s; in the XTS tables: %s", o.version, o.path, o.method(), xtsMethod)
	}
	return fmt.Sprintf("%s (%s) in the Seal tables: %s", o.version, o.path, o.method())
}

// pickContenders returns crypto/aes followed by the backends to measure,
// and what this CPU can and cannot run and what dispatch chose.
func pickContenders(names string) ([]contender, backendList, error) {
	list := backendList{Dispatch: vaes.Backend()}
	for _, b := range impl.All() {
		if b.Available {
			list.Available = append(list.Available, displayName(b))
		} else {
			list.Unavailable = append(list.Unavailable, displayName(b))
		}
	}

	cs := []contender{{name: reference}}
	if names == "" {
		for _, b := range impl.All() {
			if b.Available {
				cs = append(cs, contender{name: displayName(b), backend: b})
			}
		}
		return cs, list, nil
	}
	for _, name := range strings.Split(names, ",") {
		b := impl.Lookup(name)
		if b == nil {
			b = lookupDisplayName(name)
		}
		switch {
		case b == nil:
			return nil, list, fmt.Errorf("-backends: unknown backend %q", name)
		case !b.Available:
			return nil, list, fmt.Errorf("-backends: this CPU or build cannot run %q", name)
		}
		cs = append(cs, contender{name: displayName(b), backend: b})
	}
	return cs, list, nil
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
			return nil, fmt.Errorf("-ops: unknown operation %q (want some of %s)", name, strings.Join(operationNames(), ", "))
		}
		ops = append(ops, operations[i])
	}
	return ops, nil
}

func parseKeyBits(s string) ([]int, error) {
	var keys []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n != 128 && n != 192 && n != 256 || slices.Contains(keys, n) {
			return nil, fmt.Errorf("-keybits: %q is not one of 128, 192 and 256, once each", f)
		}
		keys = append(keys, n)
	}
	return keys, nil
}

// writeFile creates name and writes it with write.
func writeFile(name string, write func(*os.File) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %v", name, err)
	}
	return f.Close()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "vaesbench:", err)
	os.Exit(2)
}
