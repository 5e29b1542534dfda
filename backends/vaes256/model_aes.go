package vaes256

import (
	"github.com/vaesgo/vaes/tables"
	"github.com/vaesgo/vaes/vec"
)

// This file and the other model_*.go files are the kernels of
// vaes256_amd64.s written in Go with package vec: one vec.Uint8x32 or
// vec.Uint64x4 per YMM register, holding two blocks, one per 128-bit lane,
// and one method call per instruction or short idiom. Each function carries
// the name of the generator function in backends/_asm/vaes256 that emits the
// same step.

// direction is the cipher run forwards or backwards (asm: direction):
// VAESENC and VAESENCLAST, or VAESDEC and VAESDECLAST. chain, if not nil,
// makes it chainedDecryption (see model_cbc.go). A field the kernels test
// rather than functions they call, so that the compiler can put each
// round's instruction in the loop.
type direction struct {
	decrypt bool
	chain   []vec.Uint8x32
}

var (
	encryption = direction{}
	decryption = direction{decrypt: true}
)

// round is one middle round on a register of blocks (VAESENC or VAESDEC).
func (d direction) round(block vec.Uint8x32, key vec.Uint32x8) vec.Uint8x32 {
	if d.decrypt {
		return block.AESDecryptOneRound(key)
	}
	return block.AESEncryptOneRound(key)
}

// last is the last round on register j (VAESENCLAST or VAESDECLAST; for
// chainedDecryption and XTS's tweakedLast the key plus chain[j] first).
func (d direction) last(j int, block vec.Uint8x32, key vec.Uint32x8) vec.Uint8x32 {
	if d.chain != nil {
		key = key.AsUint8x32().Xor(d.chain[j]).AsUint32x8()
	}
	if d.decrypt {
		return block.AESDecryptLastRound(key)
	}
	return block.AESEncryptLastRound(key)
}

// registers is the storage of a pass's registers of blocks, at most 15;
// the kernels keep it in a local and pass its address.
type registers [15]vec.Uint8x32

// roundKey loads round key i into both lanes of one register (asm:
// VBROADCASTI128 into the key register, once per round).
func roundKey(keys *[15][16]byte, i int) vec.Uint32x8 {
	return vec.BroadcastUint8x16ToUint8x32(vec.LoadUint8x16Array(&keys[i])).AsUint32x8()
}

// whiten adds round key 0 to every block (asm: whiten).
func whiten(pairs []vec.Uint8x32, keys *[15][16]byte) {
	k := roundKey(keys, 0).AsUint8x32()
	for i := range pairs {
		pairs[i] = pairs[i].Xor(k)
	}
}

// rounds runs rounds 1..nr over the blocks (asm: direction.rounds and
// emit.Schedule.Rounds). The nine rounds before the last are the "middle
// rounds" every key size has; between(i), if not nil, runs after middle
// round i, which is where the stitched GCM loops put one step of GHASH.
func (d direction) rounds(pairs []vec.Uint8x32, keys *[15][16]byte, nr int, between func(i int)) {
	for r := 1; r < nr; r++ {
		k := roundKey(keys, r)
		for i := range pairs {
			pairs[i] = d.round(pairs[i], k)
		}
		if i := r - (nr - 9); i >= 0 && between != nil {
			between(i)
		}
	}
	k := roundKey(keys, nr)
	for i := range pairs {
		pairs[i] = d.last(i, pairs[i], k)
	}
}

// tailWidth returns the number of registers of the pass that finishes the
// last m blocks: the smallest of widths (largest first) whose registers
// hold m blocks (asm: the CMPQ ladder in front of each tail).
func tailWidth(widths []int, m int) int {
	w := widths[0]
	for _, v := range widths[1:] {
		if 2*v >= m {
			w = v
		}
	}
	return w
}

// loadPairs returns w registers, in r, holding the whole blocks of src,
// two to a register; registers (or high lanes) past the end of src are zero
// (asm: loadPairs, a ladder of 32-byte loads with a 16-byte load for an odd
// last block).
func loadPairs(r *registers, src []byte, w int) []vec.Uint8x32 {
	pairs := r[:w]
	clear(pairs)
	whole := len(src) &^ 15
	for j := range pairs {
		if 32*j < whole {
			pairs[j], _ = vec.LoadUint8x32Part(src[32*j : min(whole, 32*j+32)])
		}
	}
	return pairs
}

// xorPairs XORs the whole blocks of src into the registers that hold
// their keystream (asm: the VPXOR of xorStorePairs).
func xorPairs(pairs []vec.Uint8x32, src []byte) {
	whole := len(src) &^ 15
	for j := range pairs {
		if 32*j < whole {
			part, _ := vec.LoadUint8x32Part(src[32*j : min(whole, 32*j+32)])
			pairs[j] = pairs[j].Xor(part)
		}
	}
}

// storePairs stores the registers' blocks to the whole blocks of dst, and
// nothing past them (asm: storePairs and the stores of xorStorePairs).
func storePairs(pairs []vec.Uint8x32, dst []byte) {
	whole := len(dst) &^ 15
	for j := range pairs {
		if 32*j < whole {
			pairs[j].StorePart(dst[32*j : min(whole, 32*j+32)])
		}
	}
}

// lane returns block i of the registers, lane i%2 of register i/2 (asm:
// a VMOVDQU of the low lane or a VEXTRACTI128 of the high one).
func lane(pairs []vec.Uint8x32, i int) vec.Uint8x16 {
	if i%2 == 0 {
		return pairs[i/2].GetLo()
	}
	return pairs[i/2].GetHi()
}

// byteReverse is tables.ByteReverse in both lanes, the VPSHUFB mask that
// reverses each block.
var byteReverse = vec.BroadcastUint8x16ToUint8x32(vec.LoadUint8x16Array(&tables.ByteReverse)).AsInt8x32()

// reverse reverses the bytes of each block of x (VPSHUFB with byteReverse).
func reverse(x vec.Uint8x32) vec.Uint8x32 { return x.PermuteOrZeroGrouped(byteReverse) }

// reverse128 reverses the bytes of one block (VPSHUFB on a 128-bit
// register, with the low half of byteReverse).
func reverse128(x vec.Uint8x16) vec.Uint8x16 {
	return x.PermuteOrZero(vec.LoadUint8x16Array(&tables.ByteReverse).AsInt8x16())
}
