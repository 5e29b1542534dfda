package main

import (
	"bytes"
	"testing"
	"unsafe"

	"github.com/vaesgo/vaes/internal/impl"
)

func TestAligned(t *testing.T) {
	for _, shift := range []int{0, 5, 64, 4095} {
		b := aligned(1000, shift)
		if len(b) != 1000 || cap(b) != 1000 {
			t.Errorf("aligned(1000, %d): len %d cap %d", shift, len(b), cap(b))
		}
		if got := int(uintptr(unsafe.Pointer(&b[0])) % 4096); got != shift {
			t.Errorf("aligned(1000, %d) starts %d bytes past a page", shift, got)
		}
	}
}

// TestPairsDoTheSameWork checks that the two sides of a pair, built on two
// backends over shared buffers, write the same output: the times compare
// the same work. Every backend this CPU runs is paired with generic.
func TestPairsDoTheSameWork(t *testing.T) {
	for _, b := range impl.All() {
		if b.Available && b.Name != "generic" {
			t.Run(b.Name, func(t *testing.T) { samePairs(t, [2]*impl.Backend{impl.Lookup("generic"), b}) })
		}
	}
}

func samePairs(t *testing.T, backends [2]*impl.Backend) {
	for _, op := range []string{"seal", "open", "ctr", "blocks"} {
		src, dst := aligned(1350, 0), aligned(1350+16, 5)
		for i := range src {
			src[i] = byte(i)
		}
		var out [2][]byte
		for i, b := range backends {
			restore := impl.Select(b)
			f := build(op, 16, src, dst)
			restore()
			clear(dst)
			f()
			out[i] = bytes.Clone(dst)
		}
		if !bytes.Equal(out[0], out[1]) {
			t.Errorf("%s: the backends wrote different output", op)
		}
		if bytes.Equal(out[0], make([]byte, len(dst))) && op != "open" {
			t.Errorf("%s wrote nothing", op)
		}
	}
}
