package vaes512

import "github.com/vaesgo/vaes/vec"

// CBC decryption: plaintext block i is D(C_i) ^ C_(i-1), with C_(-1) the
// chaining value iv. Unlike encryption, every D(C_i) is independent, so the
// kernel runs the ECB loop's 64 blocks per iteration and adds the previous
// ciphertext block in the last round: AES decryption ends by adding the
// last round key, so
//
//	D(C_i) ^ C_(i-1) = VAESDECLAST(state_i, lastKey ^ C_(i-1))
//
// and one VPXORD per register (the last key plus the register's previous
// ciphertext blocks) costs what the XOR after the last round would, but it
// runs beside the rounds, not after them.
//
// A register of blocks C_4j..C_4j+3 needs C_4j-1..C_4j+2: the ciphertext
// shifted by one block, the 64 bytes 16 before the register's own. For
// every register but the first of a batch those bytes lie in src, a
// VPXORD memory operand. For the first, the block before is the last one of
// the previous batch, already overwritten when the kernel runs in place, or
// iv: the kernel carries it in lane 0 of a register (the chain) from batch
// to batch and moves the register's first three blocks in beside it
// (chainOperand). Every load of a batch comes before its first store, so
// dst may be src.

// cbcDecryptModel is cbcDecrypt (asm: cbcDecryptKernel): one block on its
// own (cbcShort), else 64 blocks (16 registers) per iteration while 64 remain, then 32, 16, 8 and 4 blocks
// once each if that many remain, then the last 1..3 blocks in one register
// through masks, carrying the chain through all of them; it leaves the
// last ciphertext block in iv.
func cbcDecryptModel(keys *[15][16]byte, rounds int, iv *[16]byte, dst, src []byte) {
	defer vec.ZeroUpper()
	if len(src) == 0 {
		return
	}
	if len(src) == shortBytes {
		cbcShort(keys, rounds, iv, dst, src)
		return
	}
	var k roundKeys
	loadRoundKeys(&k, keys, rounds)
	chain := loadChain(iv[:])
	var regs, prev [16]vec.Uint8x64 // the registers of a batch, zeroed once
	for len(src) >= 64*16 {
		chain = cbcBatch(&k, regs[:16], prev[:16], chain, dst, src)
		src, dst = src[64*16:], dst[64*16:]
	}
	for _, width := range stepWidths {
		if len(src) >= 64*width {
			chain = cbcBatch(&k, regs[:width], prev[:width], chain, dst, src)
			src, dst = src[64*width:], dst[64*width:]
		}
	}
	if n := len(src); n > 0 {
		chain = cbcTail(&k, chain, dst, src, n)
	}
	storeChain(chain, iv)
}

// loadChain returns the block at s in every lane of a register (asm:
// loadChain, VBROADCASTI32X4 from memory). Only lane 0 matters; a broadcast
// writes the whole register, where a 16-byte load into its XMM part would
// count, for the register allocator, as keeping the rest alive.
func loadChain(s []byte) vec.Uint8x64 {
	return vec.BroadcastUint8x16ToUint8x64(vec.LoadUint8x16(s))
}

// storeChain stores lane 0 of chain to iv (asm: storeChain).
func storeChain(chain vec.Uint8x64, iv *[16]byte) {
	chain.GetLo().GetLo().StoreArray(iv)
}

// chainOperand returns the previous ciphertext blocks of x, the first
// register of blocks of a batch or of the tail, as loaded: the carried
// block, lane 0 of chain, then x's blocks 0..2 (asm: chainOperand, VALIGNQ
// of x with itself by six 64-bit lanes, merging into chain under the mask
// of lanes 2..7). In the tail, x's lanes past the data are zero; they meet
// only blocks that are not stored.
func chainOperand(chain, x vec.Uint8x64) vec.Uint8x64 {
	c, b := chain.AsUint64x8(), x.AsUint64x8()
	return setLanes(lane(c, 0), lane(b, 0), lane(b, 1), lane(b, 2)).AsUint8x64()
}

// chainedDecryption is decryption whose last round, for register i of
// blocks, takes the last round key plus prev[i], the register's
// previous ciphertext blocks (asm: chainedDecryption: a VPXORD of the key
// and the operand, then VAESDECLAST).
func chainedDecryption(prev []vec.Uint8x64) direction {
	return direction{decrypt: true, chain: prev}
}

// cbcBatch decrypts width = len(blocks) registers of blocks, with prev
// for the registers of their previous ciphertext blocks, and returns the
// chain for the next batch, the batch's last ciphertext block (asm:
// cbcBatch). Register
// 0's previous blocks come from chainOperand, register i's from the 64
// bytes at 64i-16; the new chain is loaded before anything is stored.
func cbcBatch(k *roundKeys, blocks, prev []vec.Uint8x64, chain vec.Uint8x64, dst, src []byte) vec.Uint8x64 {
	width := len(blocks)
	loadBlocks(blocks, src)
	prev[0] = chainOperand(chain, blocks[0])
	whiten(blocks, k)
	for i := 1; i < width; i++ {
		prev[i] = vec.LoadUint8x64(src[64*i-16:])
	}
	chainedDecryption(prev).rounds(blocks, k)
	next := loadChain(src[64*width-16:])
	storeBlocks(blocks, dst)
	return next
}

// cbcTail decrypts the last n bytes, 1..3 blocks, in one register through
// masked loads and stores, and returns their last ciphertext block (asm:
// cbcTail).
func cbcTail(k *roundKeys, chain vec.Uint8x64, dst, src []byte, n int) vec.Uint8x64 {
	blocks := []vec.Uint8x64{loadMasked(src, n)}
	prev := chainOperand(chain, blocks[0])
	whiten(blocks, k)
	chainedDecryption([]vec.Uint8x64{prev}).rounds(blocks, k)
	next := loadChain(src[n-16:])
	storeMasked(blocks[0], dst, n)
	return next
}

// cbcShort is cbcDecrypt on exactly one block, the short path of the other
// kernels (asm: cbcShort): rounds16 on an XMM register, iv added after the
// last round, plain 16-byte loads and stores. With no round key broadcast
// and no mask, it runs 1.2-1.4 times as fast as the register path on one
// block (see the package documentation).
func cbcShort(keys *[15][16]byte, rounds int, iv *[16]byte, dst, src []byte) {
	c := vec.LoadUint8x16(src)
	x := rounds16(false, c, keys, rounds).Xor(vec.LoadUint8x16Array(iv))
	x.Store(dst)
	c.StoreArray(iv)
}
