package kernel

import (
	"encoding/binary"
	"testing"

	"github.com/vaesgo/vaes/aesround"
)

// TestSplitCTR128 checks the split against counting blocks one at a time:
// the bytes taken must end at the block whose low counter is 2^64-1, or be
// all n bytes when no such block comes first.
func TestSplitCTR128(t *testing.T) {
	for _, lo := range []uint64{0, 1, 1 << 63, ^uint64(0) - 8, ^uint64(0) - 1, ^uint64(0)} {
		for _, n := range []int{1, 15, 16, 17, 144, 160, 161, 4096} {
			var ctr [16]byte
			binary.BigEndian.PutUint64(ctr[8:], lo)
			want := n
			c := lo
			for i := 0; i < (n+15)/16; i++ {
				if c == ^uint64(0) {
					want = min(n, 16*(i+1))
					break
				}
				c++
			}
			take, gotLo := SplitCTR128(&ctr, n)
			if take != want || gotLo != lo {
				t.Errorf("lo=%#x n=%d: take %d (lo %#x), want %d", lo, n, take, gotLo, want)
			}
		}
	}
}

func TestCarryCTR128(t *testing.T) {
	for _, c := range []struct {
		hi, before, after, wantHi uint64
	}{
		{5, 10, 12, 5},
		{5, ^uint64(0) - 1, 0, 6},
		{5, ^uint64(0), 3, 6},
		{^uint64(0), ^uint64(0), 0, 0},
		{7, 0, 0, 7},
	} {
		var ctr [16]byte
		binary.BigEndian.PutUint64(ctr[:8], c.hi)
		binary.BigEndian.PutUint64(ctr[8:], c.after)
		CarryCTR128(&ctr, c.before)
		if hi := binary.BigEndian.Uint64(ctr[:8]); hi != c.wantHi {
			t.Errorf("%+v: high half %#x", c, hi)
		}
		if lo := binary.BigEndian.Uint64(ctr[8:]); lo != c.after {
			t.Errorf("%+v: low half changed to %#x", c, lo)
		}
	}
}

func TestChecks(t *testing.T) {
	good := aesround.Schedule{Rounds: 12}
	bad := aesround.Schedule{Rounds: 11}
	for _, c := range []struct {
		msg string
		f   func()
	}{
		{"", func() { CheckSchedule("x", &good) }},
		{"x: invalid key schedule", func() { CheckSchedule("x", &bad) }},
		{"", func() { CheckLength("x", make([]byte, 5), make([]byte, 5)) }},
		{"x: output smaller than input", func() { CheckLength("x", make([]byte, 4), make([]byte, 5)) }},
		{"", func() { CheckBlocks("x", make([]byte, 33), make([]byte, 32)) }},
		{"x: input not full blocks", func() { CheckBlocks("x", make([]byte, 33), make([]byte, 33)) }},
		{"x: output smaller than input", func() { CheckBlocks("x", make([]byte, 16), make([]byte, 32)) }},
	} {
		func() {
			defer func() {
				r := recover()
				if c.msg == "" && r != nil || c.msg != "" && r != c.msg {
					t.Errorf("panic %v, want %q", r, c.msg)
				}
			}()
			c.f()
		}()
	}
}
