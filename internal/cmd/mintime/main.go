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
//	go run ./internal/cmd/mintime -std -fresh -routed > c.txt
//	go run ./internal/cmd/mintime -within c.txt
//
// Each output line is "op/AES-bits/size min ns p5 ns p50 ns", prefixed by
// whatever the caller adds (mincmp.sh adds the round and backend). With
// -compare it prints, per line key, the lowest min of the first file over
// the lowest min of the second: above 1 the second is faster.
package main

import (
	"bufio"
	"crypto/aes"
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
	fresh := flag.Bool("fresh", false, "also time NewGCM and one Seal")
	cbc := flag.Bool("cbc", false, "also time CBC encryption and decryption of the whole blocks of each size")
	pieces := flag.Bool("pieces", false, "also time SealPieces of the size less one byte and one byte")
	std := flag.Bool("std", false, "also time crypto/aes's GCM and CTR")
	within := flag.String("within", "", "print the Std and Routed ratios of one output file instead of measuring")
	flag.Parse()
	if *within != "" {
		if err := withinFile(*within); err != nil {
			log.Fatal(err)
		}
		return
	}
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
			measure(keySize, n, *samples, options{*routed, *fresh, *cbc, *pieces, *std})
		}
	}
}

// options says which operations measure times besides Seal, Open and CTR.
type options struct {
	routed, fresh, cbc, pieces, std bool
}

// op is one timed operation.
type op struct {
	name string
	f    func()
}

// measure prints the lowest, 5th-percentile and median time per call of
// each operation on n bytes. A sample times enough calls to cover about
// 4 KiB, so that the clock's own cost stays small beside short messages.
//
// With routed, RoutedSeal, RoutedOpen and RoutedCTR are the same operations
// on the modes cipher.NewGCM and cipher.NewCTR return for a *vaes.Cipher.
// With fresh, FreshSeal is NewGCM and one Seal, what a key used once costs.
// With cbc, CBCEncrypt and CBCDecrypt run the modes crypto/cipher builds
// on a *vaes.Cipher over the whole blocks of n bytes. With pieces,
// PiecesSeal is SealPieces of n-1 bytes and 1 byte (TLS 1.3's record and
// content type), to set against Seal of n. With std, StdSeal, StdOpen,
// StdCTR (and StdFreshSeal, StdCBCEncrypt, StdCBCDecrypt) are crypto/aes's.
func measure(keySize, n, samples int, o options) {
	routed, fresh, cbc, std := o.routed, o.fresh, o.cbc, o.std
	key := make([]byte, keySize)
	nonce, aad := make([]byte, 12), make([]byte, 13)
	src, dst, out := make([]byte, n), make([]byte, n+16), make([]byte, n)
	iv := make([]byte, 16)
	g, err := vaes.NewGCM(key)
	check(err)
	stream, err := vaes.NewCTR(key, iv)
	check(err)
	sealed := g.Seal(nil, nonce, src, aad)
	ops := gcmOps("", g, stream, nonce, aad, src, dst, out, sealed)
	if routed {
		block, err := vaes.NewCipher(key)
		check(err)
		rg, err := cipher.NewGCM(block)
		check(err)
		ops = append(ops, gcmOps("Routed", rg, cipher.NewCTR(block, iv), nonce, aad, src, dst, out, sealed)...)
	}
	if o.pieces && n > 0 {
		pieces := [][]byte{src[:n-1], src[n-1:]}
		ops = append(ops, op{"PiecesSeal", func() { g.SealPieces(dst[:0], nonce, pieces, aad) }})
	}
	if fresh {
		ops = append(ops, op{"FreshSeal", func() {
			g, err := vaes.NewGCM(key)
			check(err)
			g.Seal(dst[:0], nonce, src, aad)
		}})
	}
	blocks := n / 16 * 16
	if cbc {
		block, err := vaes.NewCipher(key)
		check(err)
		ops = append(ops, cbcOps("", block, iv, dst[:blocks], src[:blocks])...)
	}
	if std {
		block, err := aes.NewCipher(key)
		check(err)
		if cbc {
			ops = append(ops, cbcOps("Std", block, iv, dst[:blocks], src[:blocks])...)
		}
		sg, err := cipher.NewGCM(block)
		check(err)
		ops = append(ops, gcmOps("Std", sg, cipher.NewCTR(block, iv), nonce, aad, src, dst, out, sealed)...)
		if fresh {
			ops = append(ops, op{"StdFreshSeal", func() {
				block, err := aes.NewCipher(key)
				check(err)
				g, err := cipher.NewGCM(block)
				check(err)
				g.Seal(dst[:0], nonce, src, aad)
			}})
		}
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

// gcmOps returns Seal, Open and CTR on the given AEAD and stream, named
// with prefix.
func gcmOps(prefix string, g cipher.AEAD, s cipher.Stream, nonce, aad, src, dst, out, sealed []byte) []op {
	return []op{
		{prefix + "Seal", func() { g.Seal(dst[:0], nonce, src, aad) }},
		{prefix + "Open", func() {
			_, err := g.Open(out[:0], nonce, sealed, aad)
			check(err)
		}},
		{prefix + "CTR", func() { s.XORKeyStream(out, src) }},
	}
}

// cbcOps returns CBC encryption and decryption on the given block, named
// with prefix. Each call continues the chain of the one before, as a
// stream of CryptBlocks calls would.
func cbcOps(prefix string, b cipher.Block, iv, dst, src []byte) []op {
	enc, dec := cipher.NewCBCEncrypter(b, iv), cipher.NewCBCDecrypter(b, iv)
	return []op{
		{prefix + "CBCEncrypt", func() { enc.CryptBlocks(dst, src) }},
		{prefix + "CBCDecrypt", func() { dec.CryptBlocks(dst, src) }},
	}
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

// withinFile prints, for every operation X that the file also has as StdX,
// RoutedX or PiecesX, the ratio of their lowest times: StdX over X (above
// 1: vaes is faster than crypto/aes), X over RoutedX (above 1: the routed
// mode is faster than the direct one) and PiecesX over X (SealPieces' time
// as a multiple of Seal's).
func withinFile(path string) error {
	m, keys, err := lowest(path)
	if err != nil {
		return err
	}
	for _, k := range keys {
		for _, p := range []string{"Std", "Routed", "Pieces"} {
			i := strings.LastIndex(k, "/"+p)
			j := strings.Index(k, p)
			var base string
			switch {
			case i >= 0:
				base = k[:i+1] + k[i+1+len(p):]
			case j == 0:
				base = k[len(p):]
			default:
				continue
			}
			v, ok := m[base]
			if !ok {
				continue
			}
			switch p {
			case "Std":
				fmt.Printf("%-36s crypto/aes %8.1f  vaes %8.1f  speed vs crypto/aes %.2f\n", base, m[k], v, m[k]/v)
			case "Pieces":
				fmt.Printf("%-36s Seal %8.1f  SealPieces %8.1f  pieces/seal %.3f\n", base, v, m[k], m[k]/v)
			default:
				fmt.Printf("%-36s direct %8.1f  routed %8.1f  direct/routed %.3f\n", base, v, m[k], v/m[k])
			}
		}
	}
	return nil
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
