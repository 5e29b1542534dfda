// Command vaes256 generates backends/vaes256/vaes256_amd64.s and the Go
// declarations of its functions (vaes256_stub_amd64.go): the VAES and
// VPCLMULQDQ kernels on the sixteen 256-bit YMM registers, two blocks per
// register, in VEX encodings only (no EVEX, nothing from AVX-512).
//
// Every kernel here has a twin in backends/vaes256/model_*.go with the same
// name and the suffix Model (seal and sealModel), and every step of a
// kernel is emitted by a function named like the model function it mirrors
// (whiten, rounds, counter.blocks, mulAccumulate, reduce, sumLanes, ...).
// The emitted Comment lines carry the same names, so a step can be found in
// the model, here and in the .s.
//
// The package doc of backends/vaes256 derives the register budget (30
// blocks for blocks and counter mode, 16 for GCM), gives the register
// table and the CPU predicate, and says how the code does without
// AVX-512's extra registers, three-way XOR and masked byte moves.
package main

//go:generate go run . -out ../../vaes256/vaes256_amd64.s -stubs ../../vaes256/vaes256_stub_amd64.go -pkg vaes256

import . "github.com/mmcloughlin/avo/build"

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

	Generate()
}
