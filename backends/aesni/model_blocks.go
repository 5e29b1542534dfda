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
// remain, then one at a time: the 8 as two quads, the 4 as one (see quad).
func blocksModel(d direction, keys *[15][16]byte, rounds int, dst, src []byte) {
	var k roundKeys
	loadRoundKeys(&k, keys, rounds)
	for len(src) >= 128 {
		_, _ = src[127], dst[127]
		q, p := d.cipherQuads(loadQuad(src[0:]), loadQuad(src[64:]), &k)
		storeQuad(q, dst[0:])
		storeQuad(p, dst[64:])
		src, dst = src[128:], dst[128:]
	}
	if len(src) >= 64 {
		storeQuad(d.cipherQuad(loadQuad(src), &k), dst)
		src, dst = src[64:], dst[64:]
	}
	for len(src) >= 16 {
		d.cipherOne(vec.LoadUint8x16(src), &k).Store(dst)
		src, dst = src[16:], dst[16:]
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
