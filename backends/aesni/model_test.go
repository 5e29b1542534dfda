package aesni

import (
	"fmt"
	"testing"

	"github.com/vaesgo/vaes/backends/internal/kerneltest"
	"github.com/vaesgo/vaes/ghash"
)

// Every kernel is run three ways on the same random input: the assembly
// function (on amd64; elsewhere the Go function that calls the model), the
// model called directly, and the exported function that checks its
// arguments and calls the kernel; and held to a reference built on
// crypto/aes, crypto/cipher or package ghash. All must agree byte for
// byte, in every byte of the buffers around the output too, so a write
// past dst is caught; see kerneltest.Run.

// sweepMax is the longest length of the exhaustive sweep: five batches of
// 8 blocks and a partial block, so every tail length follows every number
// of batches that takes its own path (sealAVX's loop starts at four).
const sweepMax = 16*8*5 + 15

// config is how this package's kernels are tested.
var config = kerneltest.Config{
	Assembly:      "aesni_amd64.s",
	SweepMax:      sweepMax,
	Long:          4096 + 1, // a partial block past 4 KiB
	Wrap:          40,
	CTR128Wraps:   []uint64{1, 2, 7, 8, 9, 100},
	CTR128Lengths: []int{0, 16, 48, 128, 144, 4096, 300},
	Layout:        referenceTable,
	Powers:        powers,
	HalfSums:      midSlot,
	// The last byte of the counter wraps in the first batch, the second, a
	// tail after one batch, and a tail after two.
	CounterBytes: []int{17, 100, 130, 250, 300},
	TableMax:     sweepMax,
}

// rows are this package's kernels with their models and exported
// functions.
var rows = []kerneltest.Row{
	kerneltest.Expand(expandKey, expandKeyModel, Expand),
	kerneltest.EncryptBlocks(encryptBlocks, encryptBlocksModel, EncryptBlocks),
	kerneltest.DecryptBlocks(decryptBlocks, decryptBlocksModel, DecryptBlocks),
	kerneltest.EncryptBlock(encryptBlock, encryptBlockModel, EncryptBlock),
	kerneltest.DecryptBlock(decryptBlock, decryptBlockModel, DecryptBlock),
	kerneltest.CBCEncrypt(cbcEncrypt, cbcEncryptModel, CBCEncrypt),
	kerneltest.CBCDecrypt(cbcDecrypt, cbcDecryptModel, CBCDecrypt),
	kerneltest.CTR32(ctr32, ctr32Model, CTR32),
	kerneltest.CTR64(ctr64, ctr64Model, CTR128),
	kerneltest.GHASHInit(ghashInit, ghashInitModel, GHASHInit),
	kerneltest.GHASH(ghashUpdate, ghashUpdateModel, GHASH),
	kerneltest.Seal(seal, sealModel, Seal),
	kerneltest.Open(open, openModel, Open),
	kerneltest.XTSEncrypt(xtsEncrypt, xtsEncryptModel, XTSEncrypt),
	kerneltest.XTSDecrypt(xtsDecrypt, xtsDecryptModel, XTSDecrypt),
	kerneltest.Seal(sealAVX, sealAVXModel, nil),
	kerneltest.Open(openAVX, openAVXModel, nil),
	kerneltest.Seal(sealPublicAVX, sealPublicAVXModel, SealPublic),
	kerneltest.Open(openPublicAVX, openPublicAVXModel, OpenPublic),
	kerneltest.Seal(sealTail, sealTailModel, nil),
	kerneltest.Open(openTail, openTailModel, nil),
}

// referenceTable is this package's table layout from package ghash: the
// key forms of H^1..H^16 and their half sums, as ghash.InitTable lays them
// out.
func referenceTable(t *ghash.Table, h *[16]byte) { ghash.InitTable(t, h, powers) }

// TestKernels runs every row. Seal and Open, the exported functions of
// both seal and sealAVX (open and openAVX), call the AVX kernels where
// useAVX is set, and SealPublic and OpenPublic the public AVX kernels
// where usePublicAVX is set too (on Intel's cores); on a CPU with AVX
// the rows run again with usePublicAVX flipped and with both cleared, so
// that the exported functions are held to the reference on every kernel
// set (the kernels themselves run in their own rows either way).
func TestKernels(t *testing.T) {
	kerneltest.Run(t, config, rows)
	if public := usePublicAVX; setPublicAVX(!public) {
		defer setPublicAVX(public)
		t.Run("PublicAVX="+fmt.Sprint(!public), func(t *testing.T) { kerneltest.Run(t, config, rows) })
	}
	if setAVX(false) {
		defer setAVX(true)
		setPublicAVX(false)
		t.Run("SSE", func(t *testing.T) { kerneltest.Run(t, config, rows) })
	}
}
