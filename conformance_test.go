package vaes_test

import (
	"crypto/cipher"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/conformance"
	"github.com/vaesgo/vaes/internal/impl"
)

// The conformance battery runs on every backend this CPU can run, in one
// process: TestBlock, TestCTR, TestCBC, TestGCM, TestACVP, TestPieces,
// TestStream and TestXTS each make one subtest per backend
// (TestGCM/aesni/AES-256/...).
// TestCBC's modes come from crypto/cipher's NewCBCEncrypter and
// NewCBCDecrypter on a *Cipher, which hand them to its methods.
// TestConformanceCoverage, last in this file, reports which backends they
// covered.

func TestBlock(t *testing.T)  { forEachBackend(t, conformance.RunBlock) }
func TestCTR(t *testing.T)    { forEachBackend(t, conformance.RunCTR) }
func TestCBC(t *testing.T)    { forEachBackend(t, conformance.RunCBC) }
func TestGCM(t *testing.T)    { forEachBackend(t, conformance.RunGCM) }
func TestACVP(t *testing.T)   { forEachBackend(t, conformance.RunACVP) }
func TestPieces(t *testing.T) { forEachBackend(t, conformance.RunPieces) }
func TestStream(t *testing.T) { forEachBackend(t, conformance.RunStream) }
func TestXTS(t *testing.T)    { forEachBackend(t, conformance.RunXTS) }

// covered records, per top-level test, the backends whose subtest ran.
var covered = map[string]map[string]bool{}

// batteryTests are the tests whose coverage TestConformanceCoverage checks.
var batteryTests = []string{"TestBlock", "TestCTR", "TestCBC", "TestGCM", "TestACVP", "TestPieces", "TestStream", "TestXTS"}

// forEachBackend runs f as a subtest per backend this CPU (and build) can
// run, with the public API bound to that backend. The others are named in
// the log, and TestConformanceCoverage's report, rather than skipped.
func forEachBackend(t *testing.T, f func(*testing.T, conformance.Impl)) {
	if len(impl.All()) == 0 {
		t.Fatal("no backends registered")
	}
	// The record is kept here, in the top-level test, under its name (less
	// any "#NN" the testing package adds to a repeated name), for each
	// backend whose subtest ran.
	top, _, _ := strings.Cut(t.Name(), "#")
	for _, b := range impl.All() {
		if !b.Available {
			t.Logf("%s: this CPU (or build) cannot run it", b.Name)
			continue
		}
		ran := false
		t.Run(b.Name, func(t *testing.T) {
			ran = true
			f(t, bound(b))
		})
		if !ran {
			t.Errorf("the %s subtest did not run", b.Name)
			continue
		}
		if covered[top] == nil {
			covered[top] = map[string]bool{}
		}
		covered[top][b.Name] = true
	}
}

// bound returns the public constructors, each building on backend b.
func bound(b *impl.Backend) conformance.Impl {
	// The constructors capture the active backend: select b for the
	// duration of each call, then restore the previous one.
	on := func() (restore func()) { return impl.Select(b) }
	return conformance.Impl{
		Name: b.Name,
		NewCipher: func(key []byte) (cipher.Block, error) {
			defer on()()
			c, err := vaes.NewCipher(key)
			if err != nil {
				return nil, err
			}
			return c, nil
		},
		NewCTR: func(key, iv []byte) (cipher.Stream, error) {
			defer on()()
			return vaes.NewCTR(key, iv)
		},
		NewGCM: func(key []byte) (cipher.AEAD, error) {
			defer on()()
			return aead(vaes.NewGCM(key))
		},
		NewGCMWithNonceSize: func(key []byte, size int) (cipher.AEAD, error) {
			defer on()()
			return aead(vaes.NewGCMWithNonceSize(key, size))
		},
		NewGCMWithTagSize: func(key []byte, tagSize int) (cipher.AEAD, error) {
			defer on()()
			return aead(vaes.NewGCMWithTagSize(key, tagSize))
		},
		NewGCMWithRandomNonce: func(key []byte) (cipher.AEAD, error) {
			defer on()()
			return vaes.NewGCMWithRandomNonce(key)
		},
		NewXTS: func(key []byte) (conformance.XTS, error) {
			defer on()()
			x, err := vaes.NewXTS(key)
			if err != nil {
				return nil, err
			}
			return x, nil
		},
		Streaming: conformance.Streaming{
			SealPieces: func(a cipher.AEAD, dst, nonce []byte, pieces [][]byte, aad []byte) []byte {
				return a.(*vaes.GCM).SealPieces(dst, nonce, pieces, aad)
			},
			NewSealer: func(a cipher.AEAD, nonce, aad []byte) conformance.Sealer {
				return a.(*vaes.GCM).NewSealer(nonce, aad)
			},
			NewOpener: func(a cipher.AEAD, nonce, aad []byte) conformance.Opener {
				return a.(*vaes.GCM).NewOpener(nonce, aad)
			},
		},
	}
}

// cipherOn returns vaes.NewCipher(key) built on backend b, failing the
// test on an error.
func cipherOn(t testing.TB, b *impl.Backend, key []byte) *vaes.Cipher {
	t.Helper()
	defer impl.Select(b)()
	c, err := vaes.NewCipher(key)
	if err != nil {
		t.Fatalf("%s: NewCipher: %v", b.Name, err)
	}
	return c
}

// aead converts a *vaes.GCM result to a cipher.AEAD without turning a nil
// pointer into a non-nil interface.
func aead(g *vaes.GCM, err error) (cipher.AEAD, error) {
	if err != nil {
		return nil, err
	}
	return g, nil
}

// TestConformanceCoverage reports which backends the battery covered, and
// fails under CI (the environment variable CI set, VAES_BACKEND not) if a
// battery test left out a backend this CPU can run, naming what each
// battery test recorded. A run narrowed with -run or -skip, or shuffled,
// only reports.
func TestConformanceCoverage(t *testing.T) {
	var lines []string
	var missing []string
	for _, b := range impl.All() {
		var got []string
		for _, name := range batteryTests {
			if covered[name][b.Name] {
				got = append(got, strings.TrimPrefix(name, "Test"))
			} else if b.Available {
				missing = append(missing, name+"/"+b.Name)
			}
		}
		state := "not available on this CPU"
		if b.Available {
			state = "covered by " + strings.Join(got, ", ")
			if len(got) == 0 {
				state = "available but not covered"
			}
		}
		lines = append(lines, fmt.Sprintf("%-8s %s", b.Name, state))
	}
	sort.Strings(missing)
	report := "conformance coverage (active backend " + vaes.Backend() + "):\n\t" + strings.Join(lines, "\n\t")
	t.Log(report)
	fmt.Println(report)
	if len(missing) == 0 {
		return
	}
	// The battery runs every backend whatever VAES_BACKEND says, so a run
	// with it set covers what the plain run (which enforces) covers.
	if narrowed() || os.Getenv("CI") == "" || os.Getenv("VAES_BACKEND") != "" {
		t.Logf("not covered: %s", strings.Join(missing, ", "))
		return
	}
	var recorded []string
	for name, bs := range covered {
		recorded = append(recorded, fmt.Sprintf("%s: %d backends", name, len(bs)))
	}
	sort.Strings(recorded)
	t.Errorf("backends this CPU can run were not covered: %s (recorded: %s)",
		strings.Join(missing, ", "), strings.Join(recorded, "; "))
}

// narrowed reports whether -run or -skip restricts which tests run, or
// -shuffle may have run this test before the battery.
func narrowed() bool {
	for _, name := range []string{"test.run", "test.skip"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" {
			return true
		}
	}
	f := flag.Lookup("test.shuffle")
	return f != nil && f.Value.String() != "off"
}
