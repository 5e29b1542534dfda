package emit

import (
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/gotypes"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// Schedule addresses an expanded AES key in memory: one of the two arrays
// of aesround.Schedule (Enc or Dec, 15 round keys of 16 bytes) and its
// round count.
//
// A kernel walks the keys from both ends. Round key 0 and, for 192- and
// 256-bit keys, the first two or four round keys are read from First; the
// last ten round keys are read at fixed offsets below Last, the address of
// round key Nr. So every key size shares one run of nine middle rounds
// and the final round, and a kernel can interleave other work with those at
// fixed places (see Rounds).
type Schedule struct {
	First reg.GPVirtual // address of round key 0
	Last  reg.GPVirtual // address of round key Nr
	Nr    reg.GPVirtual // the number of rounds (FIPS 197's Nr): 10, 12 or 14
}

// LoadSchedule loads a schedule from a kernel's parameters: keys, a
// *[15][16]byte, and rounds, an int the Go caller has checked is 10, 12 or
// 14.
func LoadSchedule(keys, rounds gotypes.Component) Schedule {
	s := Schedule{First: GP64(), Last: GP64(), Nr: GP64()}
	Load(keys, s.First)
	Load(rounds, s.Nr)
	MOVQ(s.Nr, s.Last)
	SHLQ(U8(4), s.Last)
	ADDQ(s.First, s.Last)
	return s
}

// Key returns the address of round key i, counted from the first.
func (s Schedule) Key(i int) Mem { return Mem{Base: s.First, Disp: 16 * i} }

// FromLast returns the address of round key Nr-i.
func (s Schedule) FromLast(i int) Mem { return Mem{Base: s.Last, Disp: -16 * i} }

// Rounds emits rounds 1..Nr of one pass of the cipher over a batch of
// blocks whose round key 0 the caller has already added. round(key) emits
// one full round (AESENC or AESDEC) of the whole batch with the round key at
// key, last(key) the final round.
//
// The model's loop "for r := 1; r < rounds; r++" becomes: a branch on the
// key size that skips the first four extra rounds (AES-128) or two of them
// (AES-192), then the nine middle rounds every key size has, then the last
// round. After the i-th of the nine middle rounds (i = 0..8), Rounds calls
// between(i) if between is not nil: that is where a stitched kernel puts the
// step of its other work that belongs there.
func (s Schedule) Rounds(round, last func(key Mem), between func(i int)) {
	rounds10, rounds12 := NewLabel("rounds10"), NewLabel("rounds12")
	CMPQ(s.Nr, U8(12))
	JB(LabelRef(rounds10))
	JE(LabelRef(rounds12))
	Comment("Rounds 1 and 2 of AES-256.")
	round(s.Key(1))
	round(s.Key(2))
	Label(rounds12)
	Comment("Rounds Nr-11 and Nr-10: 1 and 2 of AES-192, 3 and 4 of AES-256.")
	round(s.FromLast(11))
	round(s.FromLast(10))
	Label(rounds10)
	for i := 0; i < 9; i++ {
		Commentf("Round Nr-%d.", 9-i)
		round(s.FromLast(9 - i))
		if between != nil {
			between(i)
		}
	}
	Comment("Last round.")
	last(s.FromLast(0))
}
