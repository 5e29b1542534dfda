package vaes_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The checked-in seed corpus of the fuzz targets is generated here, so
// that what it holds is written down: every message length at a block or
// batch edge, with each key size, AAD lengths around a block, short tags,
// nonces that are not 12 bytes, counters about to wrap, pieces and chunks
// that split blocks, and CBC messages through every batch edge, in calls
// that split batches and with SetIV between them. TestFuzzCorpus fails if a generated file is
// missing or differs; run it with VAES_WRITE_CORPUS=1 to (re)write them.
// Inputs the fuzzer finds and saves next to them are left alone.

// corpusLengths are the message lengths every target but FuzzCBC is
// seeded with: the first blocks, the edges of the 4-, 8-, 16-, 30- and
// 64-block batches the backends use and of two of each, and a few past a
// page.
var corpusLengths = []int{
	0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65,
	16*8 - 1, 16 * 8, 16*8 + 1,
	16*16 - 1, 16 * 16, 16*16 + 1,
	16*30 - 1, 16 * 30, 16*30 + 1,
	16*32 - 1, 16 * 32, 16*32 + 1,
	16*60 - 1, 16 * 60, 16*60 + 1,
	16*64 - 1, 16 * 64, 16*64 + 1,
	16*128 - 1, 16 * 128, 16*128 + 1, 16*64*2 + 15,
	4095, 4096, 4097, 8193,
}

// corpusFile is one seed file: its target, name and values.
type corpusFile struct {
	target, name string
	values       [][]byte
}

// encode returns the file's contents in the format go test reads.
func (f corpusFile) encode() []byte {
	var b bytes.Buffer
	b.WriteString("go test fuzz v1\n")
	for _, v := range f.values {
		fmt.Fprintf(&b, "[]byte(%q)\n", v)
	}
	return b.Bytes()
}

// corpusText returns n printable bytes that differ with salt, so seeds are
// readable and small in the file and no two fields are alike.
func corpusText(n, salt int) []byte {
	b := make([]byte, n)
	for i := range b {
		c := byte(0x23 + (i*37+salt*11)%89) // '#' .. '{', no quote
		if c == '\\' {
			c = '_'
		}
		b[i] = c
	}
	return b
}

// gcmSeedData lays out a parseFuzz input: header, key, nonce, AAD and an
// n-byte message, with the header chosen by i so that the seeds go round
// the key sizes, AAD lengths, nonce sizes and tag sizes.
func gcmSeedData(i, n int, mode byte) []byte {
	keySize := []int{16, 24, 32}[i%3]
	aadLen := []int{0, 13, 16, 17, 255}[i%5]
	h1, nonceSize := byte(0), 12
	switch i % 7 {
	case 3:
		h1, nonceSize = 0x80|7, 8 // an 8-byte nonce, J0 through GHASH
	case 5:
		h1 = 0x40 // a tag of 12 + (h1&0x3f)%5 = 12 bytes
	case 6:
		h1, nonceSize = 0x80|63, 64
	}
	d := []byte{byte(i % 3), h1, byte(aadLen), mode}
	d = append(d, corpusText(keySize, i)...)
	d = append(d, corpusText(nonceSize, i+1)...)
	d = append(d, corpusText(aadLen, i+2)...)
	return append(d, corpusText(n, i+3)...)
}

// corpusCuts are the piece and chunk layouts (fuzzCuts' encoding) the
// pieces and CTR seeds go round.
var corpusCuts = [][]byte{
	{},
	{0},
	{1},
	{15, 1},
	{16, 0, 16},
	{17, 0xc2, 3},
	{0xc2, 0xc0, 1},             // 128 bytes, an empty piece, 1 byte
	{7, 0xc4, 0xc4, 0xcf, 0xd0}, // 7, then 256, 256, 960, 1024
	{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
}

// corpusIVs are CTR IVs: ordinary, about to carry out of the low 32 and 64
// bits, and about to wrap all 128.
var corpusIVs = [][]byte{
	corpusText(16, 5),
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0xff, 0xff, 0xff, 0xfe},
	{0, 1, 2, 3, 4, 5, 6, 7, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfd},
	bytes.Repeat([]byte{0xff}, 16),
}

// cbcCorpusBlocks are the CBC seeds' message lengths in blocks: the edges
// of one, two and three of the 8-, 30- and 64-block batches, and one past
// 8 KiB.
var cbcCorpusBlocks = []int{
	0, 1, 2, 7, 8, 9, 15, 16, 17, 23, 24, 25,
	29, 30, 31, 59, 60, 61, 63, 64, 65, 89, 90, 91,
	127, 128, 129, 191, 192, 193, 513,
}

// fuzzCorpus returns every generated seed file.
func fuzzCorpus() []corpusFile {
	var fs []corpusFile
	for i, n := range corpusLengths {
		name := fmt.Sprintf("len%04d", n)
		fs = append(fs,
			corpusFile{"FuzzSeal", name, [][]byte{gcmSeedData(i, n, 0)}},
			// Mode 1 opens a genuine ciphertext, mode 3 one with a bit
			// flipped (the position from the mode's upper bits).
			corpusFile{"FuzzOpen", name, [][]byte{gcmSeedData(i, n, []byte{1, 1, 3}[i%3]|byte(i<<2))}},
			corpusFile{"FuzzSealPieces", name, [][]byte{gcmSeedData(i, n, byte(i)), corpusCuts[i%len(corpusCuts)]}},
		)
		iv := corpusIVs[i%len(corpusIVs)]
		ctr := append([]byte{byte(i % 3)}, corpusText([]int{16, 24, 32}[i%3], i)...)
		ctr = append(append(ctr, iv...), corpusText(n, i+7)...)
		fs = append(fs, corpusFile{"FuzzCTR", name, [][]byte{ctr, corpusCuts[(i+4)%len(corpusCuts)]}})
	}
	// CBC: FuzzCTR's layout; every fourth header byte also asks for SetIV
	// after the first call, and the cuts count blocks.
	for i, n := range cbcCorpusBlocks {
		h := byte(i % 3)
		if i%4 == 3 {
			h |= 0x80
		}
		d := append([]byte{h}, corpusText([]int{16, 24, 32}[int(h)%3], i)...)
		d = append(append(d, corpusIVs[i%len(corpusIVs)]...), corpusText(16*n, i+9)...)
		fs = append(fs, corpusFile{"FuzzCBC", fmt.Sprintf("blocks%04d", n), [][]byte{d, corpusCuts[(i+2)%len(corpusCuts)]}})
	}
	return fs
}

// TestFuzzCorpus checks that the generated seeds are checked in, or
// writes them when VAES_WRITE_CORPUS is 1.
func TestFuzzCorpus(t *testing.T) {
	write := os.Getenv("VAES_WRITE_CORPUS") == "1"
	files := fuzzCorpus()
	targets := map[string]int{}
	for _, f := range files {
		targets[f.target]++
		path := filepath.Join("testdata", "fuzz", f.target, f.name)
		want := f.encode()
		if write {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		switch {
		case err != nil:
			t.Errorf("%v (VAES_WRITE_CORPUS=1 go test -run TestFuzzCorpus . writes the corpus)", err)
		case !bytes.Equal(got, want):
			t.Errorf("%s differs from its generator (VAES_WRITE_CORPUS=1 go test -run TestFuzzCorpus . rewrites it)", path)
		}
	}
	var names []string
	for name, n := range targets {
		names = append(names, fmt.Sprintf("%s: %d", name, n))
	}
	t.Logf("seed files per target: %s", strings.Join(names, ", "))
}
