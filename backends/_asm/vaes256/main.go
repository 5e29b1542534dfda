// Command vaes256 generates backends/vaes256/vaes256_amd64.s and the Go
// declarations of its functions (vaes256_stub_amd64.go): the VAES and
// VPCLMULQDQ kernels on the sixteen 256-bit YMM registers, two blocks per
// register, in VEX encodings only (no EVEX, nothing from AVX-512).
//
// It also writes the Go around the kernels (see package api): vaes256.go, the
// exported functions that check their arguments and call the kernels, and
// vaes256_other.go, which stands in for the assembly off amd64 and under the
// purego tag with each kernel's model.
//
// Every kernel here has a twin in backends/vaes256/model_*.go with the same
// name and the suffix Model (seal and sealModel), and every step of a
// kernel is emitted by a function named like the model function it mirrors
// (whiten, rounds, counter.blocks, mulAccumulate, reduce, sumLanes, ...).
// The emitted Comment lines carry the same names, so a step can be found in
// the model, here and in the .s.
//
// The package doc of backends/vaes256 derives the register budget (30
// blocks for blocks, counter mode and CBC decryption, 16 for GCM), gives
// the register table and the CPU predicate, and says how the code does
// without AVX-512's extra registers, three-way XOR and masked byte moves.
package main

//go:generate go run . -out ../../vaes256/vaes256_amd64.s -stubs ../../vaes256/vaes256_stub_amd64.go -pkg vaes256

import (
	. "github.com/mmcloughlin/avo/build"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
)

func main() {
	ConstraintExpr("amd64,!purego")

	blocksKernel("encryptBlocks", encryption)
	blocksKernel("decryptBlocks", decryption)
	ctrKernel("ctr32", inc32, false)
	ctrKernel("ctr64", inc64, true)
	ghashInit()
	ghashUpdate()
	sealKernel("seal", false)
	openKernel("open", false)
	sealKernel("sealPublic", true)
	openKernel("openPublic", true)
	cbcDecryptKernel()
	xtsKernel("xtsEncrypt", encryption, "encrypts")
	xtsKernel("xtsDecrypt", decryption, "decrypts")

	Generate()
	api.Write(exported...)
}

// exported is the package's API in vaes256.go: each function checks its
// arguments and calls its kernel.
var exported = []api.Wrapper{
	{Op: api.EncryptBlocks, Kernel: "encryptBlocks"},
	{Op: api.DecryptBlocks, Kernel: "decryptBlocks"},
	{Op: api.CTR32, Kernel: "ctr32"},
	{Op: api.CTR128, Kernel: "ctr64"},
	{Op: api.GHASHInit, Kernel: "ghashInit",
		Doc: "The key forms of H^16..H^1 are in slots 0..15, highest power first, " +
			"and their half sums in slots 16..31 (see the package documentation)."},
	{Op: api.GHASH, Kernel: "ghashUpdate"},
	{Op: api.Seal, Kernel: "seal"},
	{Op: api.Open, Kernel: "open"},
	{Op: api.SealPublic, Kernel: "sealPublic"},
	{Op: api.OpenPublic, Kernel: "openPublic"},
	{Op: api.CBCDecrypt, Kernel: "cbcDecrypt"},
	{Op: api.XTSEncrypt, Kernel: "xtsEncrypt"},
	{Op: api.XTSDecrypt, Kernel: "xtsDecrypt"},
}
