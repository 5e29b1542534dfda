package vaes512

import (
	"bytes"
	"crypto/cipher"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/backends/internal/kerneltest"
	"github.com/vaesgo/vaes/ghash"
)

// Every kernel is run three ways on the same random input: the exported
// kernel (the assembly on amd64, the model elsewhere) at every placement,
// the model called directly at one placement, and a reference built on
// crypto/aes, crypto/cipher or package ghash. All must agree byte for byte,
// in every byte of the buffers around the output too, so a write past dst
// is caught. The model runs at one placement per length only because it is
// slow; on machines without the assembly the exported kernels are the
// models, and they run at every placement.

// sweepMax is the longest length of the exhaustive sweep: two iterations of
// the 64-block loop and a partial block, so every tail length follows zero,
// one and two iterations of every loop.
const sweepMax = 16*64*2 + 15

// longLength is one length past the sweep: 16 KiB and a byte.
const longLength = 16*1024 + 1

// lengths returns 0..sweepMax and longLength.
func lengths() []int {
	return kerneltest.Lengths(sweepMax, longLength)
}

// blockLengths returns the whole numbers of blocks up to sweepMax, and
// 16 KiB and one block.
func blockLengths() []int {
	return kerneltest.BlockLengths(sweepMax, longLength+15)
}

// modelPlacement is the one placement the model runs at for length n:
// in place for odd numbers of blocks, out of place for even ones.
func modelPlacement(n int) kerneltest.Placement {
	if n/16%2 == 1 {
		return kerneltest.Placement{N: n, SrcOff: n % 16, DstOff: n % 16, InPlace: true}
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

// sweep runs the model at its placement and the kernel at every placement
// of length n and compares both with want; it stops the test at the first
// difference.
func sweep(t *testing.T, what string, n int, all bool, input, want []byte, kernel, model func(dst, src []byte)) {
	t.Helper()
	mp := modelPlacement(n)
	if got, exp := mp.Run(t, input, model), mp.Expect(want); !bytes.Equal(got, exp) {
		t.Fatalf("%s %v: model differs from reference\nmodel %x\nwant  %x", what, mp, got, exp)
	}
	for _, p := range kerneltest.Placements(n, all) {
		if got, exp := p.Run(t, input, kernel), p.Expect(want); !bytes.Equal(got, exp) {
			t.Fatalf("%s %v: kernel differs from reference\nkernel %x\nwant   %x", what, p, got, exp)
		}
	}
}

func TestBlocks(t *testing.T) {
	kerneltest.ForKeys(t, referenceTable, func(t *testing.T, rng *rand.Rand, k *kerneltest.Key, all bool) {
		for _, n := range blockLengths() {
			input := kerneltest.RandomBytes(rng, n)
			enc, dec := make([]byte, n), make([]byte, n)
			for i := 0; i < n; i += 16 {
				k.Block.Encrypt(enc[i:], input[i:])
				k.Block.Decrypt(dec[i:], input[i:])
			}
			sweep(t, "EncryptBlocks", n, all, input, enc,
				func(dst, src []byte) { EncryptBlocks(&k.KS, dst, src) },
				func(dst, src []byte) { encryptBlocksModel(&k.KS.Enc, k.KS.Rounds, dst, src) })
			sweep(t, "DecryptBlocks", n, all, input, dec,
				func(dst, src []byte) { DecryptBlocks(&k.KS, dst, src) },
				func(dst, src []byte) { decryptBlocksModel(&k.KS.Dec, k.KS.Rounds, dst, src) })
		}
	})
}

// counterCheck records the counter a kernel leaves and compares it with
// the expected one.
func counterCheck(t *testing.T, what string, n int, got, model, want [16]byte) {
	t.Helper()
	if got != want || model != want {
		t.Fatalf("%s n=%d: counter %x (model %x), want %x", what, n, got, model, want)
	}
}

func TestCTR32(t *testing.T) {
	kerneltest.ForKeys(t, referenceTable, func(t *testing.T, rng *rand.Rand, k *kerneltest.Key, all bool) {
		for _, n := range lengths() {
			input := kerneltest.RandomBytes(rng, n)
			ctr := kerneltest.RandomCounter(rng, 80)
			want := make([]byte, n)
			wantCtr := kerneltest.CTR32Reference(k.Block, ctr, want, input)
			var kc, mc [16]byte
			sweep(t, "CTR32", n, all, input, want,
				func(dst, src []byte) { kc = ctr; CTR32(&k.KS, &kc, dst, src) },
				func(dst, src []byte) { mc = ctr; ctr32Model(&k.KS.Enc, k.KS.Rounds, &mc, dst, src) })
			counterCheck(t, "CTR32", n, kc, mc, wantCtr)
		}
	})
}

// TestCTR64 holds ctr64 to crypto/cipher's CTR with counters whose low 64
// bits do not wrap within the call, its contract; CTR128 covers the wrap.
func TestCTR64(t *testing.T) {
	kerneltest.ForKeys(t, referenceTable, func(t *testing.T, rng *rand.Rand, k *kerneltest.Key, all bool) {
		for _, n := range lengths() {
			input := kerneltest.RandomBytes(rng, n)
			ctr := kerneltest.RandomCounter(rng, 80)
			binary.BigEndian.PutUint64(ctr[8:], rng.Uint64()>>1)
			want := make([]byte, n)
			cipher.NewCTR(k.Block, ctr[:]).XORKeyStream(want, input)
			wantCtr := ctr
			binary.BigEndian.PutUint64(wantCtr[8:], binary.BigEndian.Uint64(ctr[8:])+uint64(n+15)/16)
			var kc, mc [16]byte
			sweep(t, "ctr64", n, all, input, want,
				func(dst, src []byte) { kc = ctr; ctr64(&k.KS.Enc, k.KS.Rounds, &kc, dst, src) },
				func(dst, src []byte) { mc = ctr; ctr64Model(&k.KS.Enc, k.KS.Rounds, &mc, dst, src) })
			counterCheck(t, "ctr64", n, kc, mc, wantCtr)
		}
	})
}

// TestCTR128 checks CTR128 against crypto/cipher's CTR, whose counter is the
// whole block, including where the low 64 bits and all 128 bits wrap, and
// across calls (the counter CTR128 leaves must be where crypto/cipher's
// stream is).
func TestCTR128(t *testing.T) {
	// Whole blocks keep the two streams in step; the partial block comes
	// last.
	kerneltest.CTR128(t, CTR128, []uint64{1, 2, 3, 4, 5, 63, 64, 65, 100}, []int{0, 16, 48, 128, 144, 1024, 4096, 300})
}

func TestGHASHInit(t *testing.T) {
	kerneltest.ForKeys(t, referenceTable, func(t *testing.T, rng *rand.Rand, k *kerneltest.Key, all bool) {
		var kernel, model ghash.Table
		for i := range kernel {
			for j := range kernel[i] {
				kernel[i][j], model[i][j] = kerneltest.Guard, kerneltest.Guard
			}
		}
		GHASHInit(&kernel, &k.H)
		ghashInitModel((*[32][16]byte)(&model), &k.H)
		for i := range kernel {
			want := [16]byte(bytes.Repeat([]byte{kerneltest.Guard}, 16))
			if i < powers {
				want = k.Table[i]
			}
			if model[i] != want || kernel[i] != want {
				t.Fatalf("slot %d: kernel %x, model %x, want %x", i, kernel[i], model[i], want)
			}
		}
	})
}

func TestGHASH(t *testing.T) {
	kerneltest.ForKeys(t, referenceTable, func(t *testing.T, rng *rand.Rand, k *kerneltest.Key, all bool) {
		h := ghash.FromBlock(&k.H)
		for _, n := range lengths() {
			y := [16]byte(kerneltest.RandomBytes(rng, 16))
			data := kerneltest.RandomBytes(rng, n)
			want := y
			ghash.Update(h, &want, data)
			my := y
			ghashUpdateModel(k.Tab(), &my, data)
			if my != want {
				t.Fatalf("GHASH n=%d: model %x, want %x", n, my, want)
			}
			for _, p := range kerneltest.Placements(n, all) {
				if p.InPlace {
					continue // GHASH has no output buffer
				}
				buf := bytes.Repeat([]byte{kerneltest.Guard}, n+32)
				copy(buf[p.SrcOff:], data)
				ky := y
				GHASH(&k.Table, &ky, buf[p.SrcOff:p.SrcOff+n])
				if ky != want {
					t.Fatalf("GHASH %v: kernel %x, want %x", p, ky, want)
				}
			}
		}
	})
}

func TestSealOpen(t *testing.T) {
	type kernel func(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte)
	type model func(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte)
	for _, c := range []struct {
		name   string
		seal   bool
		kernel kernel
		model  model
	}{
		{"Seal", true, Seal, sealModel},
		{"Open", false, Open, openModel},
		{"SealPublic", true, SealPublic, sealPublicModel},
		{"OpenPublic", false, OpenPublic, openPublicModel},
	} {
		t.Run(c.name, func(t *testing.T) {
			kerneltest.ForKeys(t, referenceTable, func(t *testing.T, rng *rand.Rand, k *kerneltest.Key, all bool) {
				for _, n := range lengths() {
					input := kerneltest.RandomBytes(rng, n)
					ctr := kerneltest.RandomCounter(rng, 80)
					y := [16]byte(kerneltest.RandomBytes(rng, 16))
					want, wantCtr, wantY := kerneltest.GCMReference(k, ctr, y, input, c.seal)
					var kc, ky, mc, my [16]byte
					sweep(t, c.name, n, all, input, want,
						func(dst, src []byte) {
							kc, ky = ctr, y
							c.kernel(&k.KS, &k.Table, &kc, &ky, dst, src)
							if kc != wantCtr || ky != wantY {
								t.Fatalf("%s n=%d: counter %x, want %x; hash %x, want %x", c.name, n, kc, wantCtr, ky, wantY)
							}
						},
						func(dst, src []byte) {
							mc, my = ctr, y
							c.model(&k.KS.Enc, k.KS.Rounds, k.Tab(), &mc, &my, dst, src)
						})
					if mc != wantCtr || my != wantY {
						t.Fatalf("%s model n=%d: counter %x, want %x; hash %x, want %x", c.name, n, mc, wantCtr, my, wantY)
					}
				}
			})
		})
	}
}

// TestCounterBytes runs Seal, Open, SealPublic and OpenPublic with every
// value of the counter's last byte, at lengths that end in each kind of
// tail, so that every batch and tail meets the last byte's wrap at every
// position (for the public kernels: every switch between the big-endian
// shortcut and the byte-reversed path).
func TestCounterBytes(t *testing.T) {
	type kernel func(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte)
	type model func(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte)
	kernels := []struct {
		name   string
		seal   bool
		kernel kernel
		model  model
	}{
		{"Seal", true, Seal, sealModel},
		{"Open", false, Open, openModel},
		{"SealPublic", true, SealPublic, sealPublicModel},
		{"OpenPublic", false, OpenPublic, openPublicModel},
	}
	rng := rand.New(rand.NewPCG(7, 8))
	k := kerneltest.NewKey(t, rng, 16, referenceTable)
	for _, n := range []int{17, 100, 256, 300, 512, 600, 1100, 1300} {
		input := kerneltest.RandomBytes(rng, n)
		for b := range 256 {
			ctr := [16]byte(kerneltest.RandomBytes(rng, 16))
			ctr[15] = byte(b)
			if b%2 == 0 {
				ctr[14] = 0xff // and the byte above wraps too
			}
			y := [16]byte(kerneltest.RandomBytes(rng, 16))
			for _, c := range kernels {
				want, wantCtr, wantY := kerneltest.GCMReference(k, ctr, y, input, c.seal)
				kc, ky, mc, my := ctr, y, ctr, y
				got, model := make([]byte, n), make([]byte, n)
				c.kernel(&k.KS, &k.Table, &kc, &ky, got, input)
				c.model(&k.KS.Enc, k.KS.Rounds, k.Tab(), &mc, &my, model, input)
				if !bytes.Equal(got, want) || kc != wantCtr || ky != wantY {
					t.Fatalf("%s n=%d last byte %#x: kernel differs from reference", c.name, n, b)
				}
				if !bytes.Equal(model, want) || mc != wantCtr || my != wantY {
					t.Fatalf("%s n=%d last byte %#x: model differs from reference", c.name, n, b)
				}
			}
		}
	}
}

// TestGCM drives the kernels as the root package does and compares the
// result with crypto/cipher's GCM: Seal is CTR32 from J0+1, then GHASH of
// the additional data, the ciphertext and the length block.
func TestGCM(t *testing.T) {
	kerneltest.GCMAgainstStdlib(t, kernels, lengths(), 300)
}

// TestGCMPublic is TestGCM with SealPublic and OpenPublic.
func TestGCMPublic(t *testing.T) {
	kerneltest.GCMAgainstStdlib(t, publicKernels, lengths(), 300)
}

func TestPanics(t *testing.T) {
	kerneltest.Panics(t, kernels)
	kerneltest.Panics(t, publicKernels)
}
