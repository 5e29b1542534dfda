package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vaesgo/vaes/internal/impl"
)

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want float64
	}{
		{[]float64{7}, 7},
		{[]float64{1, 2, 9}, 2},
		{[]float64{1, 2, 4, 100}, 3},
	} {
		if got := median(c.in); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestParseFlagSet(t *testing.T) {
	parse := func(args ...string) (*options, error) {
		fs := flag.NewFlagSet("vaesbench", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		return parseFlags(fs, args)
	}
	o, err := parse()
	if err != nil {
		t.Fatal(err)
	}
	if o.quick || len(o.sizes) != 7 || !slices.Equal(o.keyBits, []int{128, 256}) ||
		!o.openssl || o.svg != "" || o.json != "" {
		t.Errorf("defaults: %+v", o)
	}
	var names []string
	for _, op := range o.ops {
		names = append(names, op.name)
	}
	if got := strings.Join(names, ","); got != "seal,open,ctr,blocks,cbc-enc,cbc-dec" {
		t.Errorf("default operations %s", got)
	}
	o, err = parse("-quick", "-svg", "c.svg", "-json", "r.json", "-openssl=false")
	if err != nil {
		t.Fatal(err)
	}
	if !o.quick || !slices.Equal(o.keyBits, []int{128}) || o.svg != "c.svg" || o.json != "r.json" || o.openssl {
		t.Errorf("-quick -svg -json -openssl=false: %+v", o)
	}
	if o, err = parse("-quick", "-keybits", "256"); err != nil || !slices.Equal(o.keyBits, []int{256}) {
		t.Errorf("-quick -keybits 256: %v, %v", o, err)
	}
	for _, bad := range [][]string{
		{"-keybits", "512"},
		{"-keybits", "128,128"},
		{"-sizes", "8"},
		{"-ops", "xts"},
		{"-nosuchflag"},
		{"extra"},
	} {
		if _, err := parse(bad...); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestParseFlags(t *testing.T) {
	sizes, err := parseSizes("16, 1350,16384")
	if err != nil || len(sizes) != 3 || sizes[1] != 1350 {
		t.Errorf("parseSizes: %v, %v", sizes, err)
	}
	for _, bad := range []string{"", "8", "16,x", "-32"} {
		if _, err := parseSizes(bad); err == nil {
			t.Errorf("parseSizes(%q) accepted", bad)
		}
	}
	ops, err := parseOps("ctr,seal")
	if err != nil || len(ops) != 2 || ops[0].name != "ctr" || ops[1].name != "seal" {
		t.Errorf("parseOps: %v", err)
	}
	if _, err := parseOps("seal,gcm"); err == nil || !strings.Contains(err.Error(), "blocks, cbc-enc, cbc-dec") {
		t.Errorf("parseOps of an unknown operation: %v", err)
	}
}

// TestRunOperationChecksOutput checks that a contender whose output differs
// from the reference's, or whose setup fails, is reported and not timed,
// while the others are.
func TestRunOperationChecksOutput(t *testing.T) {
	outputs := map[string][]byte{"ref": {1, 2}, "good": {1, 2}, "bad": {1, 3}}
	op := operation{name: "fake", setup: func(c contender, key []byte, size int) (func(), []byte, error) {
		if c.name == "broken" {
			return nil, nil, errors.New("no such cipher")
		}
		return func() {}, outputs[c.name], nil
	}}
	cs := []contender{{name: "ref"}, {name: "good"}, {name: "bad"}, {name: "broken"}}
	rows := runOperation(op, cs, nil, []int{16}, 1, time.Millisecond, nil)
	r := rows[0]
	if r.wrong[0] != nil || r.wrong[1] != nil {
		t.Errorf("matching contenders reported wrong: %v", r.wrong)
	}
	if r.wrong[2] == nil || r.wrong[3] == nil {
		t.Errorf("mismatching or failing contenders not reported: %v", r.wrong)
	}
	if r.stats[0].median <= 0 || r.stats[1].median <= 0 {
		t.Errorf("matching contenders not timed: %v", r.stats)
	}
	if r.stats[2].median != 0 || r.stats[3].median != 0 {
		t.Errorf("wrong contenders timed: %v", r.stats)
	}
}

// TestCompareAlternates checks that the contenders take turns, round after
// round, and that each gets the median of its own rounds.
func TestCompareAlternates(t *testing.T) {
	var order []string
	fs := []func(){func() {}, func() {}}
	stats := compare(fs, 3, time.Millisecond, func(round, i int) {
		order = append(order, fmt.Sprint(round, "ABC"[i:i+1]))
	})
	if got := strings.Join(order, " "); got != "0A 0B 1A 1B 2A 2B" {
		t.Errorf("measured in the order %s", got)
	}
	for i, s := range stats {
		if len(s.rounds) != 3 || s.min > s.median || s.median > s.max || s.median != median(slices.Sorted(slices.Values(s.rounds))) {
			t.Errorf("contender %d: %+v", i, s)
		}
	}
}

func TestPrintTable(t *testing.T) {
	tb := fakeTable(op("seal"), 256, []int{16, 4096}, []string{reference, "aesni", "generic", "OpenSSL 3.0.19"}, []float64{2, 4, 0, 1})
	tb.contenders[3].note = "timed by itself"
	var buf bytes.Buffer
	printTable(&buf, tb, 3e9, "test")
	out := buf.String()
	for _, want := range []string{
		"Seal: AES-GCM, 13-byte additional data, AES-256 (test)",
		"c/B", "vs crypto/aes",
		"FAILED: output differs from crypto/aes",
		"2.00x", // aesni at twice crypto/aes's speed
		"0.5x",  // openssl at half
		"OpenSSL 3.0.19: timed by itself",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	// At 3 GHz, 4096 bytes at 4 GB/s take 1024 ns, 0.75 cycles a byte.
	if !regexp.MustCompile(`(?m)^ +aesni +1024 +4\.00 +0\.75 +2\.00x`).MatchString(out) {
		t.Errorf("aesni's 4096-byte row is wrong:\n%s", out)
	}
	buf.Reset()
	printTable(&buf, tb, 0, "test")
	if strings.Contains(buf.String(), "c/B") {
		t.Error("cycles per byte shown without a clock")
	}
}

// TestMeasureIgnoresInterruptions times a call of 200µs that, every 20th
// time, is held up for 2ms, as a busy machine's scheduler might: about a
// fifth of measure's batches of 4 calls contain a hold-up (a mean would say
// 300µs), and the figure must still be the uninterrupted time. The machine
// running the test may interrupt it too, so it gets three tries.
func TestMeasureIgnoresInterruptions(t *testing.T) {
	var got float64
	for range 3 {
		calls := 0
		f := func() {
			calls++
			d := 200 * time.Microsecond
			if calls%20 == 0 {
				d += 2 * time.Millisecond
			}
			for start := time.Now(); time.Since(start) < d; {
			}
		}
		if got = measure(f, 20*time.Millisecond); got < 250e3 {
			return
		}
	}
	t.Errorf("measure = %.0f ns, want about 200000", got)
}

func TestLowerQuartile(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want float64
	}{
		{[]float64{7}, 7},
		{[]float64{1, 2, 3, 4, 5}, 2},
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, 9}, 3},
	} {
		if got := lowerQuartile(c.in); got != c.want {
			t.Errorf("lowerQuartile(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestMeasureScalesWithWork(t *testing.T) {
	busy := func(d time.Duration) func() {
		return func() {
			for start := time.Now(); time.Since(start) < d; {
			}
		}
	}
	fast := measure(busy(20*time.Microsecond), 10*time.Millisecond)
	slow := measure(busy(200*time.Microsecond), 10*time.Millisecond)
	if fast < 20e3 || slow < 200e3 || slow < 2*fast {
		t.Errorf("measure: %.0f ns for 20µs of work, %.0f ns for 200µs", fast, slow)
	}
}

// TestMain runs the command itself instead of the tests when
// VAESBENCH_TEST_ARGS is set, for TestBackendEnvFirstLine.
func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv("VAESBENCH_TEST_ARGS"); ok {
		os.Args = append([]string{"vaesbench"}, strings.Fields(args)...)
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestBackendEnvFirstLine runs the command with VAES_BACKEND misspelt and
// requires its first line of output to say so, and with VAES_BACKEND
// honoured to start with the cpu line as usual.
func TestBackendEnvFirstLine(t *testing.T) {
	run := func(value string) string {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), "VAES_BACKEND="+value,
			"VAESBENCH_TEST_ARGS=-quick -ops blocks -sizes 16 -backends generic -keybits 128 -openssl=false")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("VAES_BACKEND=%s: %v\n%s", value, err, out)
		}
		first, _, _ := strings.Cut(string(out), "\n")
		return first
	}
	// The best backend this CPU runs, which a name no backend has leaves.
	best := impl.All()[slices.IndexFunc(impl.All(), func(b *impl.Backend) bool { return b.Available })].Name
	want := "VAES_BACKEND=vaes521: no backend has that name (the names are vaes512, vaes256, aesni, archsimd, stdlib, generic); using " + best
	if got := run("vaes521"); got != want {
		t.Errorf("first line with VAES_BACKEND=vaes521:\n%s\nwant\n%s", got, want)
	}
	if got := run("generic"); !strings.HasPrefix(got, "cpu:") {
		t.Errorf("first line with VAES_BACKEND=generic: %q, want the cpu line", got)
	}
}
