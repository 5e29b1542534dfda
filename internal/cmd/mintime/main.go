// Command mintime measures the lowest time per call of vaes's GCM Seal and
// Open and its CTR stream, on the backend VAES_BACKEND picks, over many
// short samples. On a shared machine other processes can only lengthen a
// sample, so the lowest of a few thousand is a steady estimate of the
// undisturbed time, where the mean of a benchmark moves by several percent
// from run to run. It uses only the package's public API, so that
// scripts/mincmp.sh can build it against two commits and compare them.
//
//	go run ./internal/cmd/mintime [-sizes 16,1350,16384] [-samples 3000] > a.txt
//	go run ./internal/cmd/mintime -compare a.txt b.txt
//
// Each output line is "op/AES-bits/size min ns p5 ns p50 ns", prefixed by
// whatever the caller adds (mincmp.sh adds the round and backend). With
// -compare it prints, per line key, the lowest min of the first file over
// the lowest min of the second: above 1 the second is faster.
package main

import (
	"bufio"
	"crypto/cipher"
	"flag"
	"fmt"
	"log"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/vaesgo/vaes"
)

func main() {
	sizes := flag.String("sizes", "16,1350,16384", "message sizes in bytes, comma-separated")
	samples := flag.Int("samples", 3000, "samples per operation and size")
	compare := flag.Bool("compare", false, "compare two output files instead of measuring")
	routed := flag.Bool("routed", false, "also time the GCM and CTR that crypto/cipher builds on a *vaes.Cipher")
	flag.Parse()
	if *compare {
		if flag.NArg() != 2 {
			log.Fatal("mintime -compare needs two files")
		}
		if err := compareFiles(flag.Arg(0), flag.Arg(1)); err != nil {
			log.Fatal(err)
		}
		return
	}
	var ns []int
	for _, s := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 0 {
			log.Fatalf("bad size %q", s)
		}
		ns = append(ns, n)
	}
	for _, keySize := range []int{16, 32} {
		for _, n := range ns {
			measure(keySize, n, *samples, *routed)
		}
	}
}

// measure prints the lowest, 5th-percentile and median time per call of
// each operation on n bytes. A sample times enough calls to cover about
// 4 KiB, so that the clock's own cost stays small beside short messages.
// With routed, RoutedSeal, RoutedOpen and RoutedCTR are the same operations
// on the modes cipher.NewGCM and cipher.NewCTR return for a *vaes.Cipher.
func measure(keySize, n, samples int, routed bool) {
	key := make([]byte, keySize)
	g, err := vaes.NewGCM(key)
	if err != nil {
		log.Fatal(err)
	}
	stream, err := vaes.NewCTR(key, make([]byte, 16))
	if err != nil {
		log.Fatal(err)
	}
	nonce, aad := make([]byte, 12), make([]byte, 13)
	src, dst, out := make([]byte, n), make([]byte, n+16), make([]byte, n)
	sealed := g.Seal(nil, nonce, src, aad)
	ops := []struct {
		name string
		f    func()
	}{
		{"Seal", func() { g.Seal(dst[:0], nonce, src, aad) }},
		{"Open", func() {
			if _, err := g.Open(out[:0], nonce, sealed, aad); err != nil {
				log.Fatal(err)
			}
		}},
		{"CTR", func() { stream.XORKeyStream(out, src) }},
	}
	if routed {
		block, err := vaes.NewCipher(key)
		if err != nil {
			log.Fatal(err)
		}
		rg, err := cipher.NewGCM(block)
		if err != nil {
			log.Fatal(err)
		}
		rs := cipher.NewCTR(block, make([]byte, 16))
		ops = append(ops, []struct {
			name string
			f    func()
		}{
			{"RoutedSeal", func() { rg.Seal(dst[:0], nonce, src, aad) }},
			{"RoutedOpen", func() {
				if _, err := rg.Open(out[:0], nonce, sealed, aad); err != nil {
					log.Fatal(err)
				}
			}},
			{"RoutedCTR", func() { rs.XORKeyStream(out, src) }},
		}...)
	}
	calls := 1 + 4096/(n+64)
	ts := make([]float64, samples)
	for _, op := range ops {
		for i := range ts {
			t0 := time.Now()
			for range calls {
				op.f()
			}
			ts[i] = float64(time.Since(t0).Nanoseconds()) / float64(calls)
		}
		slices.Sort(ts)
		fmt.Printf("%s/AES-%d/%d min %.1f p5 %.1f p50 %.1f\n",
			op.name, keySize*8, n, ts[0], ts[len(ts)/20], ts[len(ts)/2])
	}
}

// compareFiles prints, for every key present in both files, the ratio of
// the lowest "min" figures. A key is the text before " min ".
func compareFiles(a, b string) error {
	ma, keys, err := lowest(a)
	if err != nil {
		return err
	}
	mb, _, err := lowest(b)
	if err != nil {
		return err
	}
	var rs []float64
	for _, k := range keys {
		vb, ok := mb[k]
		if !ok {
			continue
		}
		r := ma[k] / vb
		rs = append(rs, r)
		fmt.Printf("%-32s %8.1f %8.1f  %.3f\n", k, ma[k], vb, r)
	}
	if len(rs) == 0 {
		return fmt.Errorf("no lines in common")
	}
	slices.Sort(rs)
	fmt.Printf("lowest %.3f  median %.3f  highest %.3f  (%d cells; above 1: the second is faster)\n",
		rs[0], rs[len(rs)/2], rs[len(rs)-1], len(rs))
	return nil
}

// lowest reads an output file and returns each key's lowest min, and the
// keys in the order first seen. A leading "R<n> " round tag is dropped.
func lowest(path string) (map[string]float64, []string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	m := map[string]float64{}
	var keys []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if tag, rest, ok := strings.Cut(line, " "); ok && len(tag) > 1 && tag[0] == 'R' {
			if _, err := strconv.Atoi(tag[1:]); err == nil {
				line = rest
			}
		}
		k, rest, ok := strings.Cut(line, " min ")
		if !ok {
			continue
		}
		v, err := strconv.ParseFloat(strings.Fields(rest)[0], 64)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %q: %v", path, line, err)
		}
		if old, seen := m[k]; !seen {
			keys = append(keys, k)
			m[k] = v
		} else if v < old {
			m[k] = v
		}
	}
	return m, keys, sc.Err()
}
