package vaes256

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
	for len(src) >= batch {
		var r registers
		pairs := loadPairs(&r, src[:batch], 15)
		whiten(pairs, keys)
		d.rounds(pairs, keys, rounds, nil)
		storePairs(pairs, dst[:batch])
		src, dst = src[batch:], dst[batch:]
	}
	blocksTail(d, keys, rounds, dst[:len(src)], src)
}

// blocksTail encrypts or decrypts the last len(src)/16 < 30 blocks in one
// pass (asm: blocksTail).
func blocksTail(d direction, keys *[15][16]byte, rounds int, dst, src []byte) {
	if len(src) == 0 {
		return
	}
	w := tailWidth(blockWidths, len(src)/16)
	var r registers
	pairs := loadPairs(&r, src, w)
	whiten(pairs, keys)
	d.rounds(pairs, keys, rounds, nil)
	storePairs(pairs, dst)
}
