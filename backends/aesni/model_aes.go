package aesni

import "github.com/vaesgo/vaes/vec"

// This file and the other model_*.go files are the kernels of
// aesni_amd64.s written in Go with package vec: one vec.Uint8x16 or
// vec.Uint64x2 per XMM register, one method call per instruction or short
// idiom. Each function carries the name of the generator function in
// backends/_asm/aesni that emits the same step.

// direction is the cipher run forwards or backwards (asm: direction).
type direction struct {
	round, last func(block vec.Uint8x16, key vec.Uint32x4) vec.Uint8x16
}

var (
	encryption = direction{
		round: vec.Uint8x16.AESEncryptOneRound,  // AESENC
		last:  vec.Uint8x16.AESEncryptLastRound, // AESENCLAST
	}
	decryption = direction{
		round: vec.Uint8x16.AESDecryptOneRound,  // AESDEC
		last:  vec.Uint8x16.AESDecryptLastRound, // AESDECLAST
	}
)

// roundKey loads round key i (asm: MOVOU of the round key into the register
// every block's instruction reads).
func roundKey(keys *[15][16]byte, i int) vec.Uint32x4 {
	return vec.LoadUint8x16Array(&keys[i]).AsUint32x4()
}

// whiten adds round key 0 to every block (asm: whiten).
func whiten(blocks []vec.Uint8x16, keys *[15][16]byte) {
	k := roundKey(keys, 0).AsUint8x16()
	for i := range blocks {
		blocks[i] = blocks[i].Xor(k)
	}
}

// rounds runs rounds 1..nr over the blocks (asm: direction.rounds and
// emit.Schedule.Rounds). The last nine rounds before the final one are the
// "middle rounds" every key size has; between(i), if not nil, runs after
// middle round i, which is where the stitched GCM loops put one step of
// GHASH.
func (d direction) rounds(blocks []vec.Uint8x16, keys *[15][16]byte, nr int, between func(i int)) {
	for r := 1; r < nr; r++ {
		k := roundKey(keys, r)
		for i := range blocks {
			blocks[i] = d.round(blocks[i], k)
		}
		if i := r - (nr - 9); i >= 0 && between != nil {
			between(i)
		}
	}
	k := roundKey(keys, nr)
	for i := range blocks {
		blocks[i] = d.last(blocks[i], k)
	}
}

// loadBlocks loads len(blocks) consecutive blocks from src. The registers
// of a batch are an array in the caller.
func loadBlocks(blocks []vec.Uint8x16, src []byte) {
	for i := range blocks {
		blocks[i] = vec.LoadUint8x16(src[16*i:])
	}
}

// xorBlocks XORs the consecutive blocks of src into blocks (asm:
// xorBlocks).
func xorBlocks(blocks []vec.Uint8x16, src []byte) {
	for i := range blocks {
		blocks[i] = blocks[i].Xor(vec.LoadUint8x16(src[16*i:]))
	}
}

// storeBlocks stores blocks to consecutive blocks of dst.
func storeBlocks(blocks []vec.Uint8x16, dst []byte) {
	for i, b := range blocks {
		b.Store(dst[16*i:])
	}
}
