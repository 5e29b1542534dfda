package vaes_test

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// BenchmarkPageEnd measures Seal, Open and SealPieces (the message's last
// byte as a piece of its own, as TLS 1.3 seals its content type) with
// every buffer of the message (plaintext or its pieces, ciphertext and
// tag, additional data) ending exactly where a page ends, the next page
// being
//
//	inside     mapped and written: the buffers end 4 KiB before the end of
//	           the mapping (the reference)
//	unmapped   mapped with no access (PROT_NONE)
//	untouched  mapped read-write but never touched, so it has no page
//	           table entry yet
//
// A masked load or store whose masked-off bytes fall on such a page is
// legal (the CPU suppresses the fault) but on Intel cores it takes a
// microcode assist of hundreds of cycles; the kernels must keep their
// masked-off bytes off the next page. The times of "unmapped" and
// "untouched" should equal "inside":
//
//	go test -run '^$' -bench PageEnd -count 8 > page.txt
//	benchstat -col /at page.txt
func BenchmarkPageEnd(b *testing.B) {
	for _, bi := range benchImpls() {
		if bi.backend == nil {
			continue
		}
		for _, op := range []string{"Seal", "Open", "SealPieces"} {
			for _, size := range []int{15, 63, 255, 257, 1350, 16385} {
				for _, at := range []string{"inside", "unmapped", "untouched"} {
					b.Run(fmt.Sprintf("%s/%s/%d/at=%s", op, bi.name, size, at), func(b *testing.B) {
						benchPageEnd(b, bi, op, size, at)
					})
				}
			}
		}
	}
}

// pageEndArea maps pages of memory and returns the n bytes that end where
// the next page begins: a page mapped as at says (see BenchmarkPageEnd).
func pageEndArea(b *testing.B, n int, at string) []byte {
	ps := os.Getpagesize()
	pages := (n+ps-1)/ps + 2
	mem, err := unix.Mmap(-1, 0, pages*ps, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON)
	if err != nil {
		b.Fatalf("mmap: %v", err)
	}
	b.Cleanup(func() { unix.Munmap(mem) })
	end := (pages - 1) * ps // the first byte of the last page
	switch at {
	case "inside":
		end -= ps
		clear(mem) // every page written
	case "unmapped":
		if err := unix.Mprotect(mem[end:], unix.PROT_NONE); err != nil {
			b.Fatalf("mprotect: %v", err)
		}
		clear(mem[:end])
	case "untouched":
		clear(mem[:end])
	}
	return mem[end-n : end : end]
}

func benchPageEnd(b *testing.B, bi benchImpl, op string, size int, at string) {
	restore := bi.use()
	g, err := bi.newGCM(make([]byte, 16))
	restore()
	if err != nil {
		b.Fatal(err)
	}
	aad := pageEndArea(b, len(benchAAD), at)
	nonce := benchBytes(g.NonceSize(), 2)
	pt := benchBytes(size, 3)
	ct := g.Seal(nil, nonce, pt, benchAAD)
	in, out := pageEndArea(b, len(ct), at), pageEndArea(b, len(ct), at)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	switch op {
	case "SealPieces":
		g := g.(interface {
			SealPieces(dst, nonce []byte, pieces [][]byte, additionalData []byte) []byte
		})
		last := pageEndArea(b, 1, at)
		in = in[len(in)-size+1:]
		copy(in, pt)
		last[0] = pt[size-1]
		pieces := [][]byte{in, last}
		for b.Loop() {
			g.SealPieces(out[:0], nonce, pieces, aad)
		}
		if !bytes.Equal(out, ct) {
			b.Fatal("SealPieces at the end of a page differs from Seal on the heap")
		}
		return
	case "Seal":
		in = in[len(in)-size:]
		copy(in, pt)
		for b.Loop() {
			g.Seal(out[:0], nonce, in, aad)
		}
		if !bytes.Equal(out, ct) {
			b.Fatal("Seal at the end of a page differs from Seal on the heap")
		}
		return
	}
	copy(in, ct)
	out = out[len(out)-size:]
	for b.Loop() {
		_, err = g.Open(out[:0], nonce, in, aad)
	}
	if err != nil || !bytes.Equal(out, pt) {
		b.Fatalf("Open at the end of a page did not return the plaintext: %v", err)
	}
}
