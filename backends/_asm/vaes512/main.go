// Command vaes512 generates backends/vaes512/vaes512_amd64.s and the Go
// declarations of its functions (vaes512_stub_amd64.go): the VAES and
// VPCLMULQDQ kernels on the 32 512-bit ZMM registers, four blocks per
// register, 64 blocks per iteration for ECB and CTR and 16 for GCM.
//
// Every kernel here has a twin in backends/vaes512/model_*.go with the same
// name and the suffix Model (seal and sealModel), and every step of a
// kernel is emitted by a function named like the model function it mirrors
// (loadRoundKeys, whiten, rounds, counter.blocks, mulAccumulate, reduce,
// horizontal, ...). The emitted Comment lines carry the same names, so a
// step can be found in the model, here and in the .s.
package main

//go:generate go run . -out ../../vaes512/vaes512_amd64.s -stubs ../../vaes512/vaes512_stub_amd64.go -pkg vaes512

import . "github.com/mmcloughlin/avo/build"

func main() {
	ConstraintExpr("amd64,!purego")

	blocksKernel("encryptBlocks", encryption)
	blocksKernel("decryptBlocks", decryption)
	ctrKernel("ctr32", inc32)
	ctrKernel("ctr64", inc64)
	ghashInit()
	ghashUpdate()
	sealKernel("seal", false)
	openKernel("open", false)
	sealKernel("sealPublic", true)
	openKernel("openPublic", true)
	emitConsts()

	Generate()
}
