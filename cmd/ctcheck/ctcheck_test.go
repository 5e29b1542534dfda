package main

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/vaesgo/vaes/internal/impl"
)

func TestCropFraction(t *testing.T) {
	for _, c := range []struct {
		k    int
		want float64
	}{{medianCrop, 0.5}, {19, 0.75}, {nCrops - 1, 1 - 1.0/1024}} {
		if got := cropFraction(c.k); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("cropFraction(%d) = %v, want %v", c.k, got, c.want)
		}
	}
}

// TestWelch checks the t statistic against the textbook formula computed
// the slow way.
func TestWelch(t *testing.T) {
	a := []float64{3, 4, 5, 4, 3, 6, 4}
	b := []float64{5, 6, 5, 7, 6}
	meanVar := func(x []float64) (m, v float64) {
		for _, y := range x {
			m += y
		}
		m /= float64(len(x))
		for _, y := range x {
			v += (y - m) * (y - m)
		}
		return m, v / float64(len(x)-1)
	}
	ma, va := meanVar(a)
	mb, vb := meanVar(b)
	want := (ma - mb) / math.Sqrt(va/float64(len(a))+vb/float64(len(b)))
	var ra, rb moments
	for _, y := range a {
		ra.push(y)
	}
	for _, y := range b {
		rb.push(y)
	}
	if got := welch(ra, rb).t; math.Abs(got-want) > 1e-12 {
		t.Fatalf("welch = %v, want %v", got, want)
	}
}

// synthetic returns an analysis of n measurements per class drawn from
// one skewed distribution, with shift added to class 1's times with
// probability p.
func synthetic(seed uint64, n int, shift uint64, p float64) *analysis {
	rng := rand.New(rand.NewPCG(seed, 1))
	draw := func() uint64 {
		t := 1000 + uint64(rng.NormFloat64()*3+0.5) + uint64(rng.ExpFloat64()*4)
		if rng.IntN(100) == 0 {
			t += 5000 // an interrupt
		}
		return t
	}
	warm := make([]uint64, batch)
	for i := range warm {
		warm[i] = draw()
	}
	a := newAnalysis(warm)
	classes, times := make([]byte, batch), make([]uint64, batch)
	for a.count() < n {
		for i := range classes {
			classes[i] = byte(rng.IntN(2))
			times[i] = draw()
			if classes[i] == 1 && rng.Float64() < p {
				times[i] += shift
			}
		}
		a.add(classes, times)
	}
	return a
}

// TestResultsCrops checks every crop's counts against a direct count.
func TestResultsCrops(t *testing.T) {
	a := synthetic(1, 20000, 0, 0)
	rs := a.results()
	if want := 1 + nCrops + 1 + len(secondOrderCrops); len(rs) != want {
		t.Fatalf("%d results, want %d", len(rs), want)
	}
	for k := range nCrops {
		for c := range 2 {
			want := 0
			for _, x := range a.times[c] {
				if x < a.thresholds[k] {
					want++
				}
			}
			if got := rs[1+k].n[c]; got != want {
				t.Fatalf("crop %d, class %d: %d measurements, want %d", k, c, got, want)
			}
		}
	}
}

// TestNoDifference: with both classes from one distribution, no test
// comes near the threshold.
func TestNoDifference(t *testing.T) {
	for seed := range uint64(3) {
		w, counted := worst(synthetic(seed, 200000, 0, 0).results())
		if counted < nCrops/2 {
			t.Fatalf("seed %d: only %d tests had enough measurements", seed, counted)
		}
		if math.Abs(w.t) > 4.5 {
			t.Errorf("seed %d: |t| = %.2f (%s) with no difference", seed, math.Abs(w.t), w.name)
		}
	}
}

// TestSmallDifference: one cycle more on a tenth of class 1's calls is
// seen, at about the sample counts ctcheck uses.
func TestSmallDifference(t *testing.T) {
	w, _ := worst(synthetic(7, 1000000, 1, 0.1).results())
	if math.Abs(w.t) < 10 {
		t.Errorf("|t| = %.2f (%s), want a clear leak", math.Abs(w.t), w.name)
	}
}

// TestSpreadDifference: a difference in spread only, with equal means, is
// what the second-order test is for.
func TestSpreadDifference(t *testing.T) {
	a := synthetic(8, 300000, 0, 0)
	// Class 1 gets +20 or -20 cycles at random on a tenth of its calls.
	rng := rand.New(rand.NewPCG(9, 9))
	for i := range a.times[1] {
		if rng.IntN(10) == 0 {
			a.times[1][i] += 20
			if rng.IntN(2) == 0 {
				a.times[1][i] -= 40
			}
		}
	}
	rs := a.results()
	so := rs[1+nCrops+1]
	if !strings.HasPrefix(so.name, "second order, crop") || math.Abs(so.t) < 10 {
		t.Errorf("%s: |t| = %.2f, want a clear difference", so.name, math.Abs(so.t))
	}
	if math.Abs(rs[0].t) > 4.5 {
		t.Errorf("all: |t| = %.2f; the means do not differ", math.Abs(rs[0].t))
	}
}

// TestControlLeakSeen runs the early-exit comparison for two batches on
// this machine: the leak is hundreds of cycles, so it must show.
func TestControlLeakSeen(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	b := impl.Lookup("generic")
	e := controls(b, params{keySize: 16, msgLen: 300, blocks: 4}, rng, batch)[0]
	r := runRow(b.Name, e, enough, rng)
	if math.Abs(r.worst.t) < 10 {
		t.Errorf("early exit: max |t| = %.2f, want a clear leak", math.Abs(r.worst.t))
	}
}

// TestCallsDoNotAllocate: an allocation inside a timed call would bring
// the garbage collector into the measurements. (The key setup is left
// out: it is the backend's own GHASHInit, which may allocate.)
func TestCallsDoNotAllocate(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 64
	classes := make([]byte, n)
	for _, b := range impl.All() {
		if !b.Available {
			continue
		}
		es := append(experiments(b, params{keySize: 32, msgLen: 100, blocks: 5}, rng, n), controls(b, params{keySize: 16, msgLen: 100, blocks: 5}, rng, n)...)
		for _, e := range es {
			if e.name == "key setup" {
				continue
			}
			e.prepare(rng, classes)
			e.setup(1)
			if a := testing.AllocsPerRun(10, e.call); a != 0 {
				t.Errorf("%s, %s: %v allocations per call", b.Name, e.name, a)
			}
		}
	}
}

// TestSealMatchesGCM holds the Seal experiment to crypto/cipher's GCM, so
// that what ctcheck times is a real seal on every backend with kernels.
func TestSealMatchesGCM(t *testing.T) {
	key, nonce, aad := make([]byte, 16), make([]byte, 12), make([]byte, 13)
	for i := range key {
		key[i] = byte(3 * i)
	}
	nonce[0], aad[0] = 7, 9
	ran := 0
	for _, b := range impl.All() {
		if !b.Available || b.Std {
			continue
		}
		for _, n := range []int{0, 1, 16, 300, 1025} {
			msg := make([]byte, n)
			for i := range msg {
				msg[i] = byte(i)
			}
			s := newGCMState(b)
			s.setKey(key)
			got := make([]byte, n+16)
			s.seal(got, nonce, msg, aad)
			blk, _ := aes.NewCipher(key)
			g, _ := cipher.NewGCM(blk)
			if want := g.Seal(nil, nonce, msg, aad); !bytes.Equal(got, want) {
				t.Errorf("%s, %d bytes: experiment's seal = %x, want %x", b.Name, n, got, want)
			}
			ran++
		}
	}
	if ran == 0 {
		t.Fatal("no backend with kernels is available")
	}
}

// TestMain runs the command itself instead of the tests when
// CTCHECK_TEST_ARGS is set, for TestBackendEnvFirstLine.
func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv("CTCHECK_TEST_ARGS"); ok {
		os.Args = append([]string{"ctcheck"}, strings.Fields(args)...)
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestBackendEnvFirstLine runs the command (measuring nothing) with
// VAES_BACKEND misspelt, naming a backend switched off, and honoured, and
// checks the first line of output.
func TestBackendEnvFirstLine(t *testing.T) {
	run := func(env ...string) string {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), "CTCHECK_TEST_ARGS=-backends generic -controls=false -run no-such-experiment")
		cmd.Env = append(cmd.Env, env...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%v: %v\n%s", env, err, out)
		}
		first, _, _ := strings.Cut(string(out), "\n")
		return first
	}
	// The best backend this CPU runs, which a name no backend has leaves.
	best := impl.All()[slices.IndexFunc(impl.All(), func(b *impl.Backend) bool { return b.Available })].Name
	want := "VAES_BACKEND=vaes521: no backend has that name (the names are vaes512, vaes256, aesni, archsimd, stdlib, generic); using " + best
	if got := run("VAES_BACKEND=vaes521"); got != want {
		t.Errorf("first line with VAES_BACKEND=vaes521:\n%s\nwant\n%s", got, want)
	}
	want = "VAES_BACKEND=vaes512: this CPU (or build) cannot run it; using "
	if got := run("VAES_BACKEND=vaes512", "GODEBUG=cpu.avx512f=off"); !strings.HasPrefix(got, want) {
		t.Errorf("first line with VAES_BACKEND=vaes512 and AVX-512 off:\n%s\nwant it to start\n%s", got, want)
	}
	if got := run("VAES_BACKEND=generic"); !strings.HasPrefix(got, "ctcheck: ") {
		t.Errorf("first line with VAES_BACKEND=generic: %q, want the ctcheck line", got)
	}
}
