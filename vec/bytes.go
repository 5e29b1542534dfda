//go:build !(goexperiment.simd && amd64 && go1.27) || vec_emulate

package vec

import "encoding/binary"

// Byte rearrangements. The models use them with constant indices (byte
// reversal, shuffle masks), but the indices sit in a register, so the two
// that take them from a vector, shuffleGroup and permuteBytes, are written
// without indexing memory by them: each picks a 64-bit word with masks and
// then shifts the wanted byte down, as the hardware's crossbar would. Shift
// counts and selectors that archsimd takes as immediates are plain Go values
// and may steer branches.

// shuffleGroup is PSHUFB on one 16-byte group: dst[i] is x[idx[i]&15], or 0
// when idx[i] has its sign bit set.
func shuffleGroup(dst, x []uint8, idx []int8) {
	dst, idx = dst[:16], idx[:16]
	lo := binary.LittleEndian.Uint64(x[0:8])
	hi := binary.LittleEndian.Uint64(x[8:16])
	for i, v := range idx {
		j := uint8(v)
		useHi := -uint64(j >> 3 & 1) // all ones when bit 3 picks the high word
		w := lo&^useHi | hi&useHi
		keep := uint8(j>>7) - 1 // 0xff when the sign bit is clear
		dst[i] = uint8(w>>(8*(j&7))) & keep
	}
}

// permuteBytes is VPERMB over the whole of x (16, 32 or 64 bytes):
// dst[i] is x[idx[i] mod len(x)].
func permuteBytes(dst, x, idx []uint8) {
	var words [8]uint64
	n := len(x) / 8
	for k := range n {
		words[k] = binary.LittleEndian.Uint64(x[8*k:])
	}
	idx = idx[:len(dst)]
	for i, v := range idx {
		j := v & uint8(len(x)-1)
		want := uint64(j >> 3)
		var w uint64
		for k := range n {
			d := uint64(k) ^ want
			w |= words[k] & -((d - 1) >> 63) // keep word k only when d == 0
		}
		dst[i] = uint8(w >> (8 * (j & 7)))
	}
}

// alignGroup is PALIGNR on one 16-byte group: the 32 bytes hi:lo (lo at the
// low end) shifted right by shift bytes, low 16 bytes kept.
func alignGroup(dst, hi, lo []uint8, shift uint8) {
	dst = dst[:16]
	for i := range dst {
		switch k := i + int(shift); {
		case k < 16:
			dst[i] = lo[k]
		case k < 32:
			dst[i] = hi[k-16]
		default:
			dst[i] = 0
		}
	}
}

// shiftGroupLeft is PSLLDQ on one 16-byte group: bytes move n places toward
// the high end, zeros come in, and n > 15 clears the group.
func shiftGroupLeft(dst, x []uint8, n uint8) {
	dst = dst[:16]
	for i := range dst {
		if k := i - int(n); k >= 0 {
			dst[i] = x[k]
		} else {
			dst[i] = 0
		}
	}
}

// shiftGroupRight is PSRLDQ on one 16-byte group: bytes move n places toward
// the low end, zeros come in, and n > 15 clears the group.
func shiftGroupRight(dst, x []uint8, n uint8) {
	dst = dst[:16]
	for i := range dst {
		if k := i + int(n); k < 16 {
			dst[i] = x[k]
		} else {
			dst[i] = 0
		}
	}
}
