package aesni

import "github.com/vaesgo/vaes/vec"

// encryptBlocksModel is encryptBlocks (asm: blocksKernel).
func encryptBlocksModel(keys *[15][16]byte, rounds int, dst, src []byte) {
	blocksModel(encryption, keys, rounds, dst, src)
}

// decryptBlocksModel is decryptBlocks (asm: blocksKernel).
func decryptBlocksModel(keys *[15][16]byte, rounds int, dst, src []byte) {
	blocksModel(decryption, keys, rounds, dst, src)
}

// blocksModel runs 8 blocks per iteration while 8 remain, then 4 once if 4
// remain, then one at a time.
func blocksModel(d direction, keys *[15][16]byte, rounds int, dst, src []byte) {
	for _, width := range []int{8, 4, 1} {
		for len(src) >= 16*width {
			var regs [8]vec.Uint8x16
			blocks := regs[:width]
			loadBlocks(blocks, src)
			whiten(blocks, keys)
			d.rounds(blocks, keys, rounds, nil)
			storeBlocks(blocks, dst)
			src, dst = src[16*width:], dst[16*width:]
		}
	}
}

// encryptBlockModel is encryptBlock (asm: blockKernel).
func encryptBlockModel(keys *[15][16]byte, rounds int, dst, src *[16]byte) {
	blockModel(encryption, keys, rounds, dst, src)
}

// decryptBlockModel is decryptBlock (asm: blockKernel).
func decryptBlockModel(keys *[15][16]byte, rounds int, dst, src *[16]byte) {
	blockModel(decryption, keys, rounds, dst, src)
}

// blockModel runs the cipher over one block: blocksModel's one-at-a-time
// step, without the loop.
func blockModel(d direction, keys *[15][16]byte, rounds int, dst, src *[16]byte) {
	var regs [1]vec.Uint8x16
	blocks := regs[:]
	loadBlocks(blocks, src[:])
	whiten(blocks, keys)
	d.rounds(blocks, keys, rounds, nil)
	storeBlocks(blocks, dst[:])
}
