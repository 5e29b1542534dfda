//go:build !amd64 || purego

package aesni

// sealTail and openTail have no exported function of their own: the seal
// and open kernels hand their last bytes to them, so the generated
// aesni_other.go, which declares the kernels the exported functions call,
// does not declare them. Here they are their models, as every kernel is.

func sealTail(keys *[15][16]byte, rounds int, table *[32][16]byte, ctr *[16]byte, y *[16]byte, dst []byte, src []byte) {
	sealTailModel(keys, rounds, table, ctr, y, dst, src)
}

func openTail(keys *[15][16]byte, rounds int, table *[32][16]byte, ctr *[16]byte, y *[16]byte, dst []byte, src []byte) {
	openTailModel(keys, rounds, table, ctr, y, dst, src)
}
