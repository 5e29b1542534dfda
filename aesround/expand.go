package aesround

import (
	"encoding/binary"
	"math/bits"

	"github.com/vaesgo/vaes/tables"
)

// KeyGenAssist is AESKEYGENASSIST: with X1 = src[4:8], X3 = src[12:16],
// dst = SubWord(X1) | RotWord(SubWord(X1))^rcon | SubWord(X3) | RotWord(SubWord(X3))^rcon.
//
// Words are little-endian, as in the register: RotWord moves byte i+1 of the
// word to byte i (a right rotation by 8 bits) and rcon goes into the word's
// first byte, so it lands in dst[4] and dst[12]. dst and src may be the same.
func KeyGenAssist(dst, src *[16]byte, rcon byte) {
	x1 := subWord(binary.LittleEndian.Uint32(src[4:]))
	x3 := subWord(binary.LittleEndian.Uint32(src[12:]))
	binary.LittleEndian.PutUint32(dst[0:], x1)
	binary.LittleEndian.PutUint32(dst[4:], bits.RotateLeft32(x1, -8)^uint32(rcon))
	binary.LittleEndian.PutUint32(dst[8:], x3)
	binary.LittleEndian.PutUint32(dst[12:], bits.RotateLeft32(x3, -8)^uint32(rcon))
}

// Expand fills s from a 16-, 24- or 32-byte key; it panics on any other length.
//
// Enc follows FIPS 197 section 5.2 (KeyExpansion) with words held
// little-endian, so byte j of word i is byte 4i+j of the schedule. Dec is
// the schedule of the equivalent inverse cipher (section 5.3.5) in the order
// AESDEC uses it; see Schedule. Slots past Rounds are zero.
func Expand(s *Schedule, key []byte) {
	var nk int // key length in 32-bit words
	switch len(key) {
	case 16, 24, 32:
		nk = len(key) / 4
	default:
		panic("aesround: invalid key length")
	}
	*s = Schedule{Rounds: nk + 6}
	nw := 4 * (s.Rounds + 1)

	var w [4 * 15]uint32
	for i := range nk {
		w[i] = binary.LittleEndian.Uint32(key[4*i:])
	}
	for i := nk; i < nw; i++ {
		t := w[i-1]
		switch {
		case i%nk == 0:
			t = subWord(bits.RotateLeft32(t, -8)) ^ uint32(tables.Rcon[i/nk-1])
		case nk > 6 && i%nk == 4:
			t = subWord(t)
		}
		w[i] = w[i-nk] ^ t
	}
	for i := range nw {
		binary.LittleEndian.PutUint32(s.Enc[i/4][4*(i%4):], w[i])
	}

	// Dec[i] = InvMixColumns(Enc[Rounds-i]) for 0 < i < Rounds, four keys
	// at a time.
	s.Dec[0] = s.Enc[s.Rounds]
	s.Dec[s.Rounds] = s.Enc[0]
	for i := 1; i < s.Rounds; i += 4 {
		var b [64]byte
		var q [8]uint64
		n := min(4, s.Rounds-i)
		for j := range n {
			copy(b[16*j:], s.Enc[s.Rounds-i-j][:])
		}
		load(&q, &b)
		invMixColumns(&q)
		store(&b, &q)
		for j := range n {
			copy(s.Dec[i+j][:], b[16*j:])
		}
	}
}

// subWord applies the S-box to the four bytes of w, through the bitsliced
// circuit.
func subWord(w uint32) uint32 {
	var b [64]byte
	var q [8]uint64
	binary.LittleEndian.PutUint32(b[:], w)
	load(&q, &b)
	subBytes(&q)
	store(&b, &q)
	return binary.LittleEndian.Uint32(b[:])
}
