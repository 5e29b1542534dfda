// Command vaes512 generates backends/vaes512/vaes512_amd64.s and the Go
// declarations of its functions (vaes512_stub_amd64.go): the VAES and
// VPCLMULQDQ kernels on the 32 512-bit ZMM registers, four blocks per
// register, 64 blocks per iteration for ECB, CTR and CBC decryption and 16
// for GCM.
//
// It also writes the Go around the kernels (see package api): vaes512.go, the
// exported functions that check their arguments and call the kernels, and
// vaes512_other.go, which stands in for the assembly off amd64 and under the
// purego tag with each kernel's model.
//
// Every kernel here has a twin in backends/vaes512/model_*.go with the same
// name and the suffix Model (seal and sealModel), and every step of a
// kernel is emitted by a function named like the model function it mirrors
// (loadRoundKeys, whiten, rounds, counter.blocks, mulAccumulate, reduce,
// horizontal, ...). The emitted Comment lines carry the same names, so a
// step can be found in the model, here and in the .s.
package main

//go:generate go run . -out ../../vaes512/vaes512_amd64.s -stubs ../../vaes512/vaes512_stub_amd64.go -pkg vaes512

import (
	. "github.com/mmcloughlin/avo/build"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
)

func main() {
	ConstraintExpr("amd64,!purego")

	for _, kernel := range []func(){
		func() { blocksKernel("encryptBlocks", encryption) },
		func() { blocksKernel("decryptBlocks", decryption) },
		func() { ctrKernel("ctr32", inc32) },
		func() { ctrKernel("ctr64", inc64) },
		ghashInit,
		ghashUpdate,
		func() { sealKernel("seal", false) },
		func() { openKernel("open", false) },
		func() { sealKernel("sealPublic", true) },
		func() { openKernel("openPublic", true) },
		cbcDecryptKernel,
		func() { xtsKernel("xtsEncrypt", encryption, "encrypts") },
		func() { xtsKernel("xtsDecrypt", decryption, "decrypts") },
	} {
		kernel()
		emitCold() // the kernel's out-of-line paths, after its last instruction
	}
	emitConsts()

	Generate()
	api.Write(exported...)
}

// exported is the package's API in vaes512.go: each function checks its
// arguments and calls its kernel.
var exported = []api.Wrapper{
	{Op: api.EncryptBlocks, Kernel: "encryptBlocks"},
	{Op: api.DecryptBlocks, Kernel: "decryptBlocks"},
	{Op: api.CTR32, Kernel: "ctr32"},
	{Op: api.CTR128, Kernel: "ctr64"},
	{Op: api.GHASHInit, Kernel: "ghashInit",
		Doc: "Slot i, i = 0..31, holds the key form of H^(32-i) (ghash.MulX of the " +
			"power, in register form), so that four consecutive slots load as one " +
			"register of powers; see the package documentation."},
	{Op: api.GHASH, Kernel: "ghashUpdate"},
	{Op: api.Seal, Kernel: "seal"},
	{Op: api.Open, Kernel: "open"},
	{Op: api.SealPublic, Kernel: "sealPublic"},
	{Op: api.OpenPublic, Kernel: "openPublic"},
	{Op: api.CBCDecrypt, Kernel: "cbcDecrypt"},
	{Op: api.XTSEncrypt, Kernel: "xtsEncrypt"},
	{Op: api.XTSDecrypt, Kernel: "xtsDecrypt"},
}
