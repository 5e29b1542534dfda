package vaes512

import "github.com/vaesgo/vaes/vec"

// stepWidths are the widths, in registers of four blocks, that the ECB and
// CTR kernels step down through after their 16-register loop: each runs at
// most once, as the bits of the number of whole registers left say.
var stepWidths = []int{8, 4, 2, 1}

// encryptBlocksModel is encryptBlocks (asm: blocksKernel).
func encryptBlocksModel(keys *[15][16]byte, rounds int, dst, src []byte) {
	defer vec.ZeroUpper()
	if len(src) == shortBytes {
		blocksShort(true, keys, rounds, dst, src)
		return
	}
	blocksModel(encryption, keys, rounds, dst, src)
}

// decryptBlocksModel is decryptBlocks (asm: blocksKernel).
func decryptBlocksModel(keys *[15][16]byte, rounds int, dst, src []byte) {
	defer vec.ZeroUpper()
	if len(src) == shortBytes {
		blocksShort(false, keys, rounds, dst, src)
		return
	}
	blocksModel(decryption, keys, rounds, dst, src)
}

// blocksModel runs 64 blocks (16 registers) per iteration while 64 remain,
// then 32, 16, 8 and 4 blocks once each if that many remain, then the last
// 1..3 blocks in one register through masked loads and stores.
func blocksModel(d direction, keys *[15][16]byte, rounds int, dst, src []byte) {
	var k roundKeys
	loadRoundKeys(&k, keys, rounds)
	for len(src) >= 64*16 {
		blocksBatch(d, &k, 16, dst, src)
		src, dst = src[64*16:], dst[64*16:]
	}
	for _, width := range stepWidths {
		if len(src) >= 64*width {
			blocksBatch(d, &k, width, dst, src)
			src, dst = src[64*width:], dst[64*width:]
		}
	}
	if n := len(src); n > 0 {
		x := loadMasked(src, n)
		x = whitenOne(x, &k)
		x = d.roundsOne(0, x, &k)
		storeMasked(x, dst, n)
	}
}

// blocksBatch runs the cipher over width registers of blocks (asm:
// blocksBatch). Widths of eight registers or more run two quads at a time,
// width 4 one (see quad), widths 2 and 1 a register at a time.
func blocksBatch(d direction, k *roundKeys, width int, dst, src []byte) {
	if width%8 == 0 {
		for i := 0; i < width; i += 8 {
			q, p := loadQuad(src[64*i:]), loadQuad(src[64*i+256:])
			q, p = whitenQuads(q, p, k)
			q, p = d.roundsQuads(i, q, p, k)
			storeQuad(q, dst[64*i:])
			storeQuad(p, dst[64*i+256:])
		}
		return
	}
	if width%4 == 0 {
		for i := 0; i < width; i += 4 {
			q := loadQuad(src[64*i:])
			q = whitenQuad(q, k)
			q = d.roundsQuad(i, q, k)
			storeQuad(q, dst[64*i:])
		}
		return
	}
	for i := 0; i < width; i++ {
		x := vec.LoadUint8x64(src[64*i:]) // asm: loadBlocks
		x = whitenOne(x, k)
		x = d.roundsOne(i, x, k)
		x.Store(dst[64*i:]) // asm: storeBlocks
	}
}
