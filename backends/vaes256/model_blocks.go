package vaes256

import "github.com/vaesgo/vaes/vec"

// The widths, in registers of two blocks, of the passes of blocks and
// counter mode: one loop at the widest, then one pass at the narrowest
// width that holds what is left (asm: blockWidths).
var blockWidths = []int{15, 8, 4, 2, 1}

// encryptBlocksModel is encryptBlocks (asm: blocksKernel): exactly one
// block takes blocksShort.
func encryptBlocksModel(keys *[15][16]byte, rounds int, dst, src []byte) {
	if len(src) == shortBytes {
		blocksShort(true, keys, rounds, dst, src)
		return
	}
	blocksModel(encryption, keys, rounds, dst, src)
}

// decryptBlocksModel is decryptBlocks (asm: blocksKernel).
func decryptBlocksModel(keys *[15][16]byte, rounds int, dst, src []byte) {
	if len(src) == shortBytes {
		blocksShort(false, keys, rounds, dst, src)
		return
	}
	blocksModel(decryption, keys, rounds, dst, src)
}

// blocksModel runs 30 blocks (15 registers) per iteration while 30
// remain, then the m < 30 blocks left in one pass of 8, 4, 2 or 1 registers
// or, for more than 16 blocks, 15.
func blocksModel(d direction, keys *[15][16]byte, rounds int, dst, src []byte) {
	const batch = 32 * 15
	// The locals are declared before any vector instruction: the compiler
	// zeroes them with SSE stores, slow while the upper halves of the
	// vector registers are dirty.
	var k roundKeys
	var r registers // the tail's
	loadRoundKeys(&k, keys, rounds)
	for len(src) >= batch {
		blocksBatch(d, &k, dst[:batch], src[:batch])
		src, dst = src[batch:], dst[batch:]
	}
	blocksTail(&r, d, &k, dst[:len(src)], src)
	vec.ZeroUpper()
}

// blocksBatch runs the cipher over one batch, 15 registers of 480 bytes
// (asm: the loop blocks30: loadPairs, whiten, rounds and storePairs on 15
// registers), registers 0..7 as two quads, then registers 8..14 as a
// quad and a trio (see quad).
func blocksBatch(d direction, k *roundKeys, dst, src []byte) {
	_, _ = src[32*15-1], dst[32*15-1]
	q, p := d.cipherQuads(loadQuad(src[0:]), loadQuad(src[128:]), k)
	storeQuad(q, dst[0:])
	storeQuad(p, dst[128:])
	q, t := d.cipherSeven(loadQuad(src[256:]), loadTrio(src[384:]), k)
	storeQuad(q, dst[256:])
	storeTrio(t, dst[384:])
}

// blocksTail encrypts or decrypts the last len(src)/16 < 30 blocks in one
// pass (asm: blocksTail), its registers in r (see passRounds).
func blocksTail(r *registers, d direction, k *roundKeys, dst, src []byte) {
	if len(src) == 0 {
		return
	}
	w := tailWidth(blockWidths, len(src)/16)
	pairs := loadPairs(r, src, w)
	d.passRounds(r, w, k)
	storePairs(pairs, dst)
}
