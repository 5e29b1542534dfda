// Command aesni generates backends/aesni/aesni_amd64.s and the Go
// declarations of its functions (aesni_stub_amd64.go): the AES-NI and
// PCLMULQDQ kernels, eight blocks per iteration, in SSE encodings only.
//
// It also writes the Go around the kernels (see package api): aesni.go, the
// exported functions that check their arguments and call the kernels, and
// aesni_other.go, which stands in for the assembly off amd64 and under the
// purego tag with each kernel's model.
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

import (
	. "github.com/mmcloughlin/avo/build"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
)

func main() {
	ConstraintExpr("amd64,!purego")

	expandKey()
	blocksKernel("encryptBlocks", encryption)
	blocksKernel("decryptBlocks", decryption)
	blockKernel("encryptBlock", encryption)
	blockKernel("decryptBlock", decryption)
	cbcEncrypt()
	cbcDecrypt()
	ctrKernel("ctr32", inc32)
	ctrKernel("ctr64", inc64)
	ghashInit()
	ghashUpdate()
	seal()
	open()
	tailKernel("sealTail", false)
	tailKernel("openTail", true)
	xtsKernel("xtsEncrypt", encryption, "encrypts")
	xtsKernel("xtsDecrypt", decryption, "decrypts")
	sealAVX("sealAVX", false)
	openAVX("openAVX", false)
	sealAVX("sealPublicAVX", true)
	openAVX("openPublicAVX", true)

	Generate()
	api.Write(exported...)
}

// exported is the package's API in aesni.go: each function checks its
// arguments and calls its kernel.
var exported = []api.Wrapper{
	{Op: api.Expand, Kernel: "expandKey",
		Doc: "The kernel computes the round keys with AESKEYGENASSIST and AESIMC " +
			"instead of arithmetic on bit slices."},
	{Op: api.EncryptBlocks, Kernel: "encryptBlocks"},
	{Op: api.DecryptBlocks, Kernel: "decryptBlocks"},
	{Op: api.EncryptBlock, Kernel: "encryptBlock"},
	{Op: api.DecryptBlock, Kernel: "decryptBlock"},
	{Op: api.CBCEncrypt, Kernel: "cbcEncrypt"},
	{Op: api.CBCDecrypt, Kernel: "cbcDecrypt"},
	{Op: api.CTR32, Kernel: "ctr32"},
	{Op: api.CTR128, Kernel: "ctr64"},
	{Op: api.GHASHInit, Kernel: "ghashInit",
		Doc: "The key forms of H^1..H^16 are in slots 0..15 and their half sums " +
			"in slots 16..31, the layout of ghash.InitTable(t, h, 16)."},
	{Op: api.GHASH, Kernel: "ghashUpdate"},
	{Op: api.XTSEncrypt, Kernel: "xtsEncrypt"},
	{Op: api.XTSDecrypt, Kernel: "xtsDecrypt"},
	{Op: api.Seal, Kernel: "seal", Alt: "sealAVX", AltIf: "useAVX"},
	{Op: api.Open, Kernel: "open", Alt: "openAVX", AltIf: "useAVX"},
	{Op: api.SealPublic, Kernel: "seal", Alt: "sealAVX", AltIf: "useAVX", First: "sealPublicAVX", FirstIf: "usePublicAVX"},
	{Op: api.OpenPublic, Kernel: "open", Alt: "openAVX", AltIf: "useAVX", First: "openPublicAVX", FirstIf: "usePublicAVX"},
}
