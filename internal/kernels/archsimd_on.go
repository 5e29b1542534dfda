//go:build goexperiment.simd && amd64 && go1.27 && !vec_emulate

package kernels

import (
	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/backends/archsimd"
	"github.com/vaesgo/vaes/ghash"
)

// The archsimd backend's kernels, in the one build where it can be
// chosen: Go 1.27 with GOEXPERIMENT=simd on amd64. Everywhere else
// archsimd_off.go stands in, so that a program does not link the models
// that package runs (see archsimd_off.go).

func archsimdCBCDecrypt(ks *aesround.Schedule, iv *[16]byte, dst, src []byte) {
	archsimd.CBCDecrypt(ks, iv, dst, src)
}

func archsimdCBCEncrypt(ks *aesround.Schedule, iv *[16]byte, dst, src []byte) {
	archsimd.CBCEncrypt(ks, iv, dst, src)
}

func archsimdCTR128(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte) {
	archsimd.CTR128(ks, ctr, dst, src)
}

func archsimdCTR32(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte) {
	archsimd.CTR32(ks, ctr, dst, src)
}

func archsimdDecryptBlock(ks *aesround.Schedule, dst, src *[16]byte) {
	archsimd.DecryptBlock(ks, dst, src)
}

func archsimdDecryptBlocks(ks *aesround.Schedule, dst, src []byte) {
	archsimd.DecryptBlocks(ks, dst, src)
}

func archsimdEncryptBlock(ks *aesround.Schedule, dst, src *[16]byte) {
	archsimd.EncryptBlock(ks, dst, src)
}

func archsimdEncryptBlocks(ks *aesround.Schedule, dst, src []byte) {
	archsimd.EncryptBlocks(ks, dst, src)
}

func archsimdExpand(ks *aesround.Schedule, key []byte) { archsimd.Expand(ks, key) }

func archsimdGHASH(t *ghash.Table, y *[16]byte, data []byte) { archsimd.GHASH(t, y, data) }

func archsimdGHASHInit(t *ghash.Table, h *[16]byte) { archsimd.GHASHInit(t, h) }

func archsimdOpen(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	archsimd.Open(ks, t, ctr, y, dst, src)
}

func archsimdOpenPublic(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	archsimd.OpenPublic(ks, t, ctr, y, dst, src)
}

func archsimdSeal(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	archsimd.Seal(ks, t, ctr, y, dst, src)
}

func archsimdSealPublic(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	archsimd.SealPublic(ks, t, ctr, y, dst, src)
}

func archsimdXTSDecrypt(ks *aesround.Schedule, tweak *[16]byte, dst, src []byte) {
	archsimd.XTSDecrypt(ks, tweak, dst, src)
}

func archsimdXTSEncrypt(ks *aesround.Schedule, tweak *[16]byte, dst, src []byte) {
	archsimd.XTSEncrypt(ks, tweak, dst, src)
}
