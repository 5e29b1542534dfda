// Command pairtime times two backends side by side in one process: each
// sample of one backend is followed by a sample of the other, in turn
// first, on the same buffers, so that both see the same state of a shared
// machine. Processes on such a machine differ by several percent from one
// run to the next, and code that needs a large window of instructions in
// flight (the archsimd backend) loses more than the assembly while another
// thread shares the core; paired samples compare the two at the same
// moments. It prints, per operation and size, the lowest time, the tenth
// percentile and the median of each backend and their ratios (a/b: above 1
// a is slower).
//
// Both backends work on the same buffers, the input on a 4096-byte
// boundary and the output -shift bytes past one: where the output lies
// against the input modulo 4 KiB changes the time of both, by up to a tenth.
//
//	GOTOOLCHAIN=go1.27.3 GOEXPERIMENT=simd go run ./internal/cmd/pairtime -a archsimd -b vaes512
package main

import (
	"flag"
	"fmt"
	"log"
	"slices"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/impl"
)

func main() {
	a := flag.String("a", "archsimd", "first backend")
	b := flag.String("b", "vaes512", "second backend")
	ops := flag.String("ops", "seal,open,ctr,blocks", "operations: seal, open, ctr, blocks (ECB)")
	sizes := flag.String("sizes", "1350,16384", "message sizes in bytes, comma-separated")
	keyBits := flag.String("keybits", "128,256", "AES key sizes in bits, comma-separated")
	samples := flag.Int("samples", 3000, "samples per backend, operation and size")
	shift := flag.Int("shift", 0, "bytes by which the output starts past a 4096-byte boundary (the input starts on one)")
	flag.Parse()
	var backends [2]*impl.Backend
	for i, name := range []string{*a, *b} {
		backends[i] = impl.Lookup(name)
		if backends[i] == nil || !backends[i].Available {
			log.Fatalf("backend %q is not available here", name)
		}
	}
	fmt.Printf("op/bits/bytes  %s min p10 p50 | %s min p10 p50 | %s/%s min p10 p50\n", *a, *b, *a, *b)
	for _, bits := range ints(*keyBits) {
		for _, op := range strings.Split(*ops, ",") {
			for _, n := range ints(*sizes) {
				// One set of buffers for both: where the output lies
				// against the input (modulo 4 KiB) changes the time.
				src, dst := aligned(n, 0), aligned(n+16, *shift)
				var fs [2]func()
				for i, be := range backends {
					restore := impl.Select(be)
					fs[i] = build(op, bits/8, src, dst)
					restore()
				}
				report(fmt.Sprintf("%s/%d/%d", op, bits, n), fs, *samples)
			}
		}
	}
}

// aligned returns n bytes that start shift bytes past a 4096-byte
// boundary.
func aligned(n, shift int) []byte {
	b := make([]byte, n+2*4096)
	off := (4096 - int(uintptr(unsafe.Pointer(&b[0]))%4096) + shift) % 4096
	return b[off : off+n : off+n]
}

// build returns one call of op on src, with a key of keyLen bytes and the
// output in dst, on the backend selected now.
func build(op string, keyLen int, src, dst []byte) func() {
	key := make([]byte, keyLen)
	nonce := make([]byte, 12)
	n := len(src)
	switch op {
	case "seal", "open":
		g, err := vaes.NewGCM(key)
		check(err)
		sealed := g.Seal(aligned(n+16, 0)[:0], nonce, src, nil)
		if op == "seal" {
			return func() { g.Seal(dst[:0], nonce, src, nil) }
		}
		return func() {
			_, err := g.Open(dst[:0], nonce, sealed, nil)
			check(err)
		}
	case "ctr":
		s, err := vaes.NewCTR(key, make([]byte, 16))
		check(err)
		return func() { s.XORKeyStream(dst[:n], src) }
	case "blocks":
		c, err := vaes.NewCipher(key)
		check(err)
		m := n &^ 15
		return func() { c.EncryptBlocks(dst[:m], src[:m]) }
	}
	log.Fatalf("unknown operation %q", op)
	return nil
}

// report times fs[0] and fs[1] in alternating samples of about 20
// microseconds and prints their quantiles.
func report(name string, fs [2]func(), samples int) {
	fs[0]()
	fs[1]()
	start := time.Now()
	fs[0]()
	calls := max(1, int(20*time.Microsecond/max(time.Since(start), 1)))
	var t [2][]float64
	for i := range samples {
		for j := range 2 {
			v := (i + j) % 2
			start := time.Now()
			for range calls {
				fs[v]()
			}
			t[v] = append(t[v], float64(time.Since(start).Nanoseconds())/float64(calls))
		}
	}
	q := func(v int, p float64) float64 { return t[v][int(p*float64(len(t[v])-1))] }
	slices.Sort(t[0])
	slices.Sort(t[1])
	fmt.Printf("%-18s %8.0f %8.0f %8.0f | %8.0f %8.0f %8.0f | %.3f %.3f %.3f\n", name,
		q(0, 0), q(0, .1), q(0, .5), q(1, 0), q(1, .1), q(1, .5),
		q(0, 0)/q(1, 0), q(0, .1)/q(1, .1), q(0, .5)/q(1, .5))
}

func ints(s string) []int {
	var r []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 {
			log.Fatalf("bad number %q", f)
		}
		r = append(r, n)
	}
	return r
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
