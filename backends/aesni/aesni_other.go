//go:build !amd64 || purego

package aesni

// Without the assembly the kernels are their models, so the package still
// works (and its tests still hold the models to crypto/aes); Available
// reports false so that dispatch never picks it.

// Available reports whether this CPU runs the assembly kernels; on this
// architecture or build there are none.
func Available() bool { return false }

func expandKey(enc, dec *[15][16]byte, key []byte) { expandKeyModel(enc, dec, key) }

func encryptBlocks(keys *[15][16]byte, rounds int, dst, src []byte) {
	encryptBlocksModel(keys, rounds, dst, src)
}

func decryptBlocks(keys *[15][16]byte, rounds int, dst, src []byte) {
	decryptBlocksModel(keys, rounds, dst, src)
}

func encryptBlock(keys *[15][16]byte, rounds int, dst, src *[16]byte) {
	encryptBlockModel(keys, rounds, dst, src)
}

func decryptBlock(keys *[15][16]byte, rounds int, dst, src *[16]byte) {
	decryptBlockModel(keys, rounds, dst, src)
}

func ctr32(keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte) {
	ctr32Model(keys, rounds, ctr, dst, src)
}

func ctr64(keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte) {
	ctr64Model(keys, rounds, ctr, dst, src)
}

func ghashInit(table *[32][16]byte, h *[16]byte) { ghashInitModel(table, h) }

func ghashUpdate(table *[32][16]byte, y *[16]byte, data []byte) {
	ghashUpdateModel(table, y, data)
}

func seal(keys *[15][16]byte, rounds int, table *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	sealModel(keys, rounds, table, ctr, y, dst, src)
}

func open(keys *[15][16]byte, rounds int, table *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	openModel(keys, rounds, table, ctr, y, dst, src)
}
