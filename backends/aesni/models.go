package aesni

import (
	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/backends/internal/kernel"
	"github.com/vaesgo/vaes/ghash"
)

// Models has a method for every exported kernel of this package, with the
// same parameters, checks and panics, that runs the kernel's Go model (the
// <kernel>Model function of model_*.go) instead of the assembly. The
// archsimd backend calls them: built with Go 1.27 and GOEXPERIMENT=simd on
// amd64, package vec's types are simd/archsimd's vectors and the models
// compile to vector instructions. Anywhere else they run on vec's
// emulation, exact and slow.
var Models models

// models is the type of Models.
type models struct{}

// Expand is the package-level Expand, run by its model.
func (models) Expand(ks *aesround.Schedule, key []byte) {
	switch len(key) {
	case 16, 24, 32:
	default:
		panic(name + ": invalid key length")
	}
	*ks = aesround.Schedule{Rounds: len(key)/4 + 6}
	expandKeyModel(&ks.Enc, &ks.Dec, key)
}

// EncryptBlocks is the package-level EncryptBlocks, run by its model.
func (models) EncryptBlocks(ks *aesround.Schedule, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckBlocks(name, dst, src)
	encryptBlocksModel(&ks.Enc, ks.Rounds, dst, src)
}

// DecryptBlocks is the package-level DecryptBlocks, run by its model.
func (models) DecryptBlocks(ks *aesround.Schedule, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckBlocks(name, dst, src)
	decryptBlocksModel(&ks.Dec, ks.Rounds, dst, src)
}

// EncryptBlock is the package-level EncryptBlock, run by its model.
func (models) EncryptBlock(ks *aesround.Schedule, dst, src *[16]byte) {
	kernel.CheckSchedule(name, ks)
	encryptBlockModel(&ks.Enc, ks.Rounds, dst, src)
}

// DecryptBlock is the package-level DecryptBlock, run by its model.
func (models) DecryptBlock(ks *aesround.Schedule, dst, src *[16]byte) {
	kernel.CheckSchedule(name, ks)
	decryptBlockModel(&ks.Dec, ks.Rounds, dst, src)
}

// CBCEncrypt is the package-level CBCEncrypt, run by its model.
func (models) CBCEncrypt(ks *aesround.Schedule, iv *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckBlocks(name, dst, src)
	cbcEncryptModel(&ks.Enc, ks.Rounds, iv, dst, src)
}

// CBCDecrypt is the package-level CBCDecrypt, run by its model.
func (models) CBCDecrypt(ks *aesround.Schedule, iv *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckBlocks(name, dst, src)
	cbcDecryptModel(&ks.Dec, ks.Rounds, iv, dst, src)
}

// CTR32 is the package-level CTR32, run by its model.
func (models) CTR32(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckLength(name, dst, src)
	ctr32Model(&ks.Enc, ks.Rounds, ctr, dst, src)
}

// CTR128 is the package-level CTR128, run by its model.
func (models) CTR128(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckLength(name, dst, src)
	for len(src) > 0 {
		n, lo := kernel.SplitCTR128(ctr, len(src))
		ctr64Model(&ks.Enc, ks.Rounds, ctr, dst[:n], src[:n])
		kernel.CarryCTR128(ctr, lo)
		dst, src = dst[n:], src[n:]
	}
}

// GHASHInit is the package-level GHASHInit, run by its model.
func (models) GHASHInit(t *ghash.Table, h *[16]byte) {
	ghashInitModel((*[32][16]byte)(t), h)
}

// GHASH is the package-level GHASH, run by its model.
func (models) GHASH(t *ghash.Table, y *[16]byte, data []byte) {
	ghashUpdateModel((*[32][16]byte)(t), y, data)
}

// Seal is the package-level Seal, run by its model.
func (models) Seal(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckLength(name, dst, src)
	sealModel(&ks.Enc, ks.Rounds, (*[32][16]byte)(t), ctr, y, dst, src)
}

// Open is the package-level Open, run by its model.
func (models) Open(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckLength(name, dst, src)
	openModel(&ks.Enc, ks.Rounds, (*[32][16]byte)(t), ctr, y, dst, src)
}
