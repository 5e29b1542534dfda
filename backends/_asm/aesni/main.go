// Command aesni generates backends/aesni/aesni_amd64.s and the Go
// declarations of its functions (aesni_stub_amd64.go): the AES-NI and
// PCLMULQDQ kernels, eight blocks per iteration, in SSE encodings only.
//
// Every kernel here has a twin in backends/aesni/model_*.go with the same
// name and the suffix Model (seal and sealModel; generator file gcm.go,
// model file model_gcm.go), and every step of a kernel is emitted by a
// function named like the model function it mirrors (whiten, rounds,
// mulAccumulate, reduce, ...). The emitted Comment lines carry the same
// names, so a step can be found in the model, here and in the .s. Doc
// comments here say "model: x" for the twin of each emitter.
package main

//go:generate go run . -out ../../aesni/aesni_amd64.s -stubs ../../aesni/aesni_stub_amd64.go -pkg aesni

import . "github.com/mmcloughlin/avo/build"

func main() {
	ConstraintExpr("amd64,!purego")

	expandKey()
	blocksKernel("encryptBlocks", encryption)
	blocksKernel("decryptBlocks", decryption)
	blockKernel("encryptBlock", encryption)
	blockKernel("decryptBlock", decryption)
	ctrKernel("ctr32", inc32)
	ctrKernel("ctr64", inc64)
	ghashInit()
	ghashUpdate()
	seal()
	open()

	Generate()
}
