package vaes256

import "github.com/vaesgo/vaes/vec"

// CBC decryption: plaintext block i is D(C_i) ^ C_(i-1), with C_(-1) the
// chaining value iv. The D(C_i) do not wait for each other, so the kernel
// runs the block loop's 30 blocks (15 registers) per iteration and adds
// the previous ciphertext blocks in the last round. AES decryption ends by
// adding the last round key, so
//
//	D(C_i) ^ C_(i-1) = VAESDECLAST(state_i, lastKey ^ C_(i-1))
//
// The VPXOR that makes the round's key costs what a VPXOR after the last
// round would, but it does not wait for the rounds: the plaintext comes
// out of VAESDECLAST itself.
//
// Register j holds C_2j and C_2j+1 and needs C_2j-1 and C_2j: the
// ciphertext shifted back by one block, the 32 bytes at 32j-16. For every
// register but the first those lie in src and are VPXOR's memory operand.
// For register 0 the block before is the last one of the previous batch,
// which the batch's stores have overwritten if the kernel runs in place, or
// iv; so the kernel keeps register 0's operand, the chain, in a 32-byte
// slot of the frame: iv and the first block at the start (firstChain), the
// 32 bytes around each batch's end before that batch stores anything
// (nextChain). Every load of a batch comes before its first store, so dst
// may be src. The tail leaves its last ciphertext block in iv
// (lastCiphertext).

// cbcDecryptModel is cbcDecrypt (asm: cbcDecryptKernel): 30 blocks per
// iteration while more than 30 remain (the chain of the next batch reads
// the block after this one), then the last 1..30 blocks in one pass
// (cbcTail), which leaves the last ciphertext block in iv.
func cbcDecryptModel(keys *[15][16]byte, rounds int, iv *[16]byte, dst, src []byte) {
	if len(src) == 0 {
		return
	}
	const batch = 32 * 15
	chain := firstChain(iv, src)
	for len(src) > batch {
		var r registers
		pairs := cbcPass(&r, keys, rounds, chain, src[:batch], 15)
		chain = nextChain(src[batch-16 : batch+16])
		storePairs(pairs, dst[:batch])
		src, dst = src[batch:], dst[batch:]
	}
	cbcTail(keys, rounds, chain, iv, dst[:len(src)], src)
}

// firstChain returns the previous ciphertext blocks of the first register:
// iv, then the first block of src (asm: firstChain, a VMOVDQU of iv and a
// VINSERTI128 of the block into the high lane, stored to the frame).
func firstChain(iv *[16]byte, src []byte) vec.Uint8x32 {
	return vec.Uint8x32{}.SetLo(vec.LoadUint8x16Array(iv)).SetHi(vec.LoadUint8x16(src[:16]))
}

// nextChain returns the next batch's chain: the last block of this batch
// and the first of the next, the 32 bytes of s (asm: nextChain, one VMOVDQU
// from src+464 and one to the frame).
func nextChain(s []byte) vec.Uint8x32 { return vec.LoadUint8x32(s) }

// cbcTail decrypts the last 1..30 blocks in one pass of the narrowest
// width that holds them, and leaves the last ciphertext block in iv (asm:
// cbcTail).
func cbcTail(keys *[15][16]byte, rounds int, chain vec.Uint8x32, iv *[16]byte, dst, src []byte) {
	w := tailWidth(blockWidths, len(src)/16)
	var r registers
	pairs := cbcPass(&r, keys, rounds, chain, src, w)
	lastCiphertext(iv, src)
	storePairs(pairs, dst)
}

// lastCiphertext copies the last block of src to iv, where the next call
// goes on (asm: lastCiphertext, through an XMM register, before the stores).
func lastCiphertext(iv *[16]byte, src []byte) {
	vec.LoadUint8x16(src[len(src)-16:]).StoreArray(iv)
}

// cbcPass loads the whole blocks of src into w registers and decrypts
// them in r, each XORed with the ciphertext block before it; it stores
// nothing (asm: cbcPass).
func cbcPass(r *registers, keys *[15][16]byte, rounds int, chain vec.Uint8x32, src []byte, w int) []vec.Uint8x32 {
	pairs := loadPairs(r, src, w)
	whiten(pairs, keys)
	var p registers
	chainedDecryption(previousBlocks(&p, chain, src, w)).rounds(pairs, keys, rounds, nil)
	return pairs
}

// previousBlocks returns, for each of w registers of blocks loaded from
// src, the ciphertext blocks before its own: the chain for register 0, the
// 32 bytes at 32j-16 for register j, or the 16 there if register j holds
// one block (asm: the memory operands of chainedDecryption's VPXOR, 32 or
// 16 bytes as the ladder finds). Registers past the data get zero.
func previousBlocks(r *registers, chain vec.Uint8x32, src []byte, w int) []vec.Uint8x32 {
	prev := r[:w]
	clear(prev)
	prev[0] = chain
	for j := 1; j < w && 32*j < len(src); j++ {
		prev[j], _ = vec.LoadUint8x32Part(src[32*j-16 : min(len(src), 32*j+16)])
	}
	return prev
}

// chainedDecryption is decryption whose last round, for register j,
// takes the last round key plus prev[j] (asm: chainedDecryption:
// a VBROADCASTI128 of the key, a VPXOR of the operand, VAESDECLAST). For
// a register of one block the assembly's 16-byte VPXOR clears the key's
// high lane where this leaves it; the assembly also skips the last round
// of registers past the data. Neither lane is stored.
func chainedDecryption(prev []vec.Uint8x32) direction {
	return direction{decrypt: true, chain: prev}
}
