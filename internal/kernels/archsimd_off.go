//go:build !(goexperiment.simd && amd64 && go1.27) || vec_emulate

package kernels

import (
	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/ghash"
)

// Outside the archsimd build, archsimd.Available is false and dispatch never
// picks that backend, so these stand-ins for its kernels are never called.
// They keep backends/archsimd's kernels, and through them every backend's
// Go models, out of the program: the linker keeps what is reachable, and a
// switch that named archsimd's functions made all the models reachable
// (some 330 KB of machine code in a program that seals one message).

func archsimdCBCDecrypt(ks *aesround.Schedule, iv *[16]byte, dst, src []byte) { unreachable() }

func archsimdCBCEncrypt(ks *aesround.Schedule, iv *[16]byte, dst, src []byte) { unreachable() }

func archsimdCTR128(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte) { unreachable() }

func archsimdCTR32(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte) { unreachable() }

func archsimdDecryptBlock(ks *aesround.Schedule, dst, src *[16]byte) { unreachable() }

func archsimdDecryptBlocks(ks *aesround.Schedule, dst, src []byte) { unreachable() }

func archsimdEncryptBlock(ks *aesround.Schedule, dst, src *[16]byte) { unreachable() }

func archsimdEncryptBlocks(ks *aesround.Schedule, dst, src []byte) { unreachable() }

func archsimdExpand(ks *aesround.Schedule, key []byte) { unreachable() }

func archsimdGHASH(t *ghash.Table, y *[16]byte, data []byte) { unreachable() }

func archsimdGHASHInit(t *ghash.Table, h *[16]byte) { unreachable() }

func archsimdOpen(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	unreachable()
}

func archsimdOpenPublic(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	unreachable()
}

func archsimdSeal(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	unreachable()
}

func archsimdSealPublic(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	unreachable()
}

func archsimdXTSDecrypt(ks *aesround.Schedule, tweak *[16]byte, dst, src []byte) { unreachable() }

func archsimdXTSEncrypt(ks *aesround.Schedule, tweak *[16]byte, dst, src []byte) { unreachable() }

func unreachable() { panic("vaes: the archsimd backend is not built into this program") }
