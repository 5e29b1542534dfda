package kerneltest

import (
	"bytes"
	"fmt"
	"testing"
)

// Guard fills the bytes around every output, which no kernel may write.
const Guard = 0xA5

// Placement is where a test puts N bytes of input and output: at offsets
// 0..15 from the start of their buffers, in place or not. With LongDst,
// out of place, dst is 16 bytes longer than src, and the kernel must
// still write only its first N bytes.
type Placement struct {
	N, SrcOff, DstOff int
	InPlace, LongDst  bool
}

// String names the placement in failure messages.
func (p Placement) String() string {
	if p.InPlace {
		return fmt.Sprintf("n=%d/in-place+%d", p.N, p.SrcOff)
	}
	if p.LongDst {
		return fmt.Sprintf("n=%d/src+%d/long-dst+%d", p.N, p.SrcOff, p.DstOff)
	}
	return fmt.Sprintf("n=%d/src+%d/dst+%d", p.N, p.SrcOff, p.DstOff)
}

// Placements returns the placements tested for length n: all 16 offsets in
// place and out of place (with a different offset for dst) if all is set,
// else one of each, with offsets that vary with n; and one out of place
// with a dst longer than src.
func Placements(n int, all bool) []Placement {
	var ps []Placement
	for off := range 16 {
		if !all && off != n%16 {
			continue
		}
		ps = append(ps,
			Placement{N: n, SrcOff: off, DstOff: (off + 7) % 16},
			Placement{N: n, SrcOff: off, DstOff: off, InPlace: true})
	}
	off := n % 16
	return append(ps, Placement{N: n, SrcOff: off, DstOff: (off + 3) % 16, LongDst: true})
}

// Run gives f its dst and src for input as p says, and returns the buffer
// that holds dst, guard bytes included. It reports through t if f wrote to
// src when it should not have.
func (p Placement) Run(t testing.TB, input []byte, f func(dst, src []byte)) []byte {
	t.Helper()
	in := bytes.Repeat([]byte{Guard}, p.N+32)
	copy(in[p.SrcOff:], input)
	src := in[p.SrcOff : p.SrcOff+p.N]
	if p.InPlace {
		f(src, src)
		return in
	}
	before := bytes.Clone(in)
	out := bytes.Repeat([]byte{Guard}, p.N+32)
	end := p.DstOff + p.N
	if p.LongDst {
		end += 16
	}
	f(out[p.DstOff:end], src)
	if !bytes.Equal(in, before) {
		t.Fatalf("%v: src modified", p)
	}
	return out
}

// Expect returns the buffer Run should return when the output is want.
func (p Placement) Expect(want []byte) []byte {
	buf := bytes.Repeat([]byte{Guard}, p.N+32)
	off := p.DstOff
	if p.InPlace {
		off = p.SrcOff
	}
	copy(buf[off:], want)
	return buf
}

// Lengths returns 0..sweepMax and one longer length.
func Lengths(sweepMax, long int) []int {
	var ns []int
	for n := 0; n <= sweepMax; n++ {
		ns = append(ns, n)
	}
	return append(ns, long)
}

// BlockLengths returns the whole numbers of blocks up to sweepMax, and one
// longer length.
func BlockLengths(sweepMax, long int) []int {
	var ns []int
	for n := 0; n <= sweepMax; n += 16 {
		ns = append(ns, n)
	}
	return append(ns, long)
}
