package vaes512

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
// past dst is caught; see kerneltest.Run. The model runs at one placement
// per length only, because it is slow; on machines without the assembly
// the kernel is the model, and it runs at every placement.

// sweepMax is the longest length of the exhaustive sweep: two iterations of
// the 64-block loop and a partial block, so every tail length follows zero,
// one and two iterations of every loop.
const sweepMax = 16*64*2 + 15

// config is how this package's kernels are tested.
var config = kerneltest.Config{
	Assembly:       "vaes512_amd64.s",
	SweepMax:       sweepMax,
	Long:           16*1024 + 1, // a partial block past 16 KiB
	ModelPlacement: modelPlacement,
	Wrap:           80,
	CTR128Wraps:    []uint64{1, 2, 3, 4, 5, 63, 64, 65, 100},
	CTR128Lengths:  []int{0, 16, 48, 128, 144, 1024, 4096, 300},
	Layout:         referenceTable,
	Powers:         powers,
	// Lengths that end in each kind of tail, so that every batch and tail
	// meets the last byte's wrap at every position (for the public
	// kernels: every switch between the big-endian shortcut and the
	// byte-reversed path).
	CounterBytes: []int{17, 100, 256, 300, 512, 600, 1100, 1300},
	// A pair of batches, one batch and every tail.
	TableMax: 4*gcmBytes - 1,
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

// modelPlacement is the one placement the model runs at for length n:
// by the number of blocks, in place, out of place, or out of place with a
// dst longer than src, in turn.
func modelPlacement(n int) kerneltest.Placement {
	switch n / 16 % 3 {
	case 1:
		return kerneltest.Placement{N: n, SrcOff: n % 16, DstOff: n % 16, InPlace: true}
	case 2:
		return kerneltest.Placement{N: n, SrcOff: n % 16, DstOff: (n + 3) % 16, LongDst: true}
	}
	return kerneltest.Placement{N: n, SrcOff: n % 16, DstOff: (n + 5) % 16}
}

// referenceTable lays out the key powers from package ghash as the package
// documentation says: slot i holds the key form of H^(32-i).
func referenceTable(t *ghash.Table, h *[16]byte) {
	*t = ghash.Table{}
	for i, k := range ghash.Powers(ghash.FromBlock(h), powers) {
		k.PutRegister(&t[powers-1-i])
	}
}

// TestKernels runs every row, and where there is assembly every row again
// with zmmTails flipped, so that the GCM kernels are held to their models
// on both paths of a message of 33 to 256 bytes, whichever this CPU's
// vendor picks.
func TestKernels(t *testing.T) {
	kerneltest.Run(t, config, rows)
	old, ok := setZMMTails(false)
	if !ok {
		return
	}
	setZMMTails(!old)
	defer setZMMTails(old)
	t.Run("zmmTails="+fmt.Sprint(!old), func(t *testing.T) { kerneltest.Run(t, config, rows) })
}
