package vaes256

import (
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

// sweepMax is the longest length of the exhaustive sweep: two batches of
// 30 blocks and a partial block, so every tail length of the blocks and
// counter-mode kernels follows zero, one and two batches, and every tail of
// the GCM kernels (batches of 16 blocks) follows zero to three.
const sweepMax = 16*30*2 + 15

// config is how this package's kernels are tested.
var config = kerneltest.Config{
	Assembly: "vaes256_amd64.s",
	SweepMax: sweepMax,
	Long:     16384 + 1, // a partial block past 16 KiB
	Wrap:     70,
	// ctr64's counters carry out of their low 32 bits, which the
	// last-byte shortcut must carry over.
	CTR64Carry:    true,
	CTR128Wraps:   []uint64{1, 2, 7, 8, 9, 29, 30, 31, 100},
	CTR128Lengths: []int{0, 16, 48, 480, 496, 4096, 300},
	Layout:        referenceTable,
	Powers:        powers,
	HalfSums:      midSlot,
	// Lengths that end in each width of tail after zero, one and two
	// batches, so that every batch and tail meets the last byte's wrap at
	// every position (for the public kernels: every switch between the
	// big-endian shortcut and the byte-reversed path; at 4200 bytes a
	// counter starting at 2, the 12-byte nonce case, wraps its last byte
	// in the loop).
	CounterBytes: []int{17, 40, 100, 250, 512, 600, 1100, 1300, 4200},
	// Two batches past the longest tail.
	TableMax: 16*gcmBlocks*3 - 1,
}

// rows are this package's kernels with their models and exported
// functions.
var rows = []kerneltest.Row{
	kerneltest.EncryptBlocks(encryptBlocks, encryptBlocksModel, EncryptBlocks),
	kerneltest.DecryptBlocks(decryptBlocks, decryptBlocksModel, DecryptBlocks),
	kerneltest.CTR32(ctr32, ctr32Model, CTR32),
	kerneltest.CTR64(ctr64, ctr64Model, CTR128),
	kerneltest.GHASHInit(ghashInit, ghashInitModel, GHASHInit),
	kerneltest.GHASH(ghashUpdate, ghashUpdateModel, GHASH),
	kerneltest.Seal(seal, sealModel, Seal),
	kerneltest.Open(open, openModel, Open),
	kerneltest.Seal(sealPublic, sealPublicModel, SealPublic),
	kerneltest.Open(openPublic, openPublicModel, OpenPublic),
	kerneltest.CBCDecrypt(cbcDecrypt, cbcDecryptModel, CBCDecrypt),
	kerneltest.XTSEncrypt(xtsEncrypt, xtsEncryptModel, XTSEncrypt),
	kerneltest.XTSDecrypt(xtsDecrypt, xtsDecryptModel, XTSDecrypt),
}

// referenceTable fills t in this package's layout from package ghash's key
// powers: the key form of H^(16-i) in slot i, its half sum in both halves of
// slot 16+i.
func referenceTable(t *ghash.Table, h *[16]byte) {
	for i, k := range ghash.Powers(ghash.FromBlock(h), powers) {
		s := powers - 1 - i
		k.PutRegister(&t[s])
		mid := k.Hi ^ k.Lo
		ghash.Element{Hi: mid, Lo: mid}.PutRegister(&t[midSlot+s])
	}
}

func TestKernels(t *testing.T) { kerneltest.Run(t, config, rows) }
