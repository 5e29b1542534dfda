package aesni

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
// kernel (the assembly on amd64, the model elsewhere), the model called
// directly, and a reference built on crypto/aes, crypto/cipher or package
// ghash. All three must agree byte for byte, in every byte of the buffers
// around the output too, so a write past dst is caught.

// sweepMax is the longest length of the exhaustive sweep: three batches of
// 8 blocks and a partial block, so every tail length follows every number
// of batches.
const sweepMax = 16*8*3 + 15

// lengths returns 0..sweepMax and one long length, a partial block past
// 4 KiB.
func lengths() []int {
	return kerneltest.Lengths(sweepMax, 4096+1)
}

// blockLengths returns the whole numbers of blocks up to sweepMax, and
// 4 KiB and one block.
func blockLengths() []int {
	return kerneltest.BlockLengths(sweepMax, 4096+16)
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
			for _, p := range kerneltest.Placements(n, all) {
				kerneltest.Check(t, "EncryptBlocks", p,
					p.Run(t, input, func(dst, src []byte) { EncryptBlocks(&k.KS, dst, src) }),
					p.Run(t, input, func(dst, src []byte) { encryptBlocksModel(&k.KS.Enc, k.KS.Rounds, dst, src) }),
					p.Expect(enc))
				kerneltest.Check(t, "DecryptBlocks", p,
					p.Run(t, input, func(dst, src []byte) { DecryptBlocks(&k.KS, dst, src) }),
					p.Run(t, input, func(dst, src []byte) { decryptBlocksModel(&k.KS.Dec, k.KS.Rounds, dst, src) }),
					p.Expect(dec))
			}
		}
	})
}

// TestBlock holds the one-block kernels to the model and crypto/aes, in
// place and out of place at every placement the sweep uses.
func TestBlock(t *testing.T) {
	kerneltest.ForKeys(t, referenceTable, func(t *testing.T, rng *rand.Rand, k *kerneltest.Key, all bool) {
		for range 8 {
			input := kerneltest.RandomBytes(rng, 16)
			enc, dec := make([]byte, 16), make([]byte, 16)
			k.Block.Encrypt(enc, input)
			k.Block.Decrypt(dec, input)
			block := func(f func(dst, src *[16]byte)) func(dst, src []byte) {
				return func(dst, src []byte) { f((*[16]byte)(dst), (*[16]byte)(src)) }
			}
			for _, p := range kerneltest.Placements(16, all) {
				kerneltest.Check(t, "EncryptBlock", p,
					p.Run(t, input, block(func(dst, src *[16]byte) { EncryptBlock(&k.KS, dst, src) })),
					p.Run(t, input, block(func(dst, src *[16]byte) { encryptBlockModel(&k.KS.Enc, k.KS.Rounds, dst, src) })),
					p.Expect(enc))
				kerneltest.Check(t, "DecryptBlock", p,
					p.Run(t, input, block(func(dst, src *[16]byte) { DecryptBlock(&k.KS, dst, src) })),
					p.Run(t, input, block(func(dst, src *[16]byte) { decryptBlockModel(&k.KS.Dec, k.KS.Rounds, dst, src) })),
					p.Expect(dec))
			}
		}
	})
}

func TestCTR32(t *testing.T) {
	kerneltest.ForKeys(t, referenceTable, func(t *testing.T, rng *rand.Rand, k *kerneltest.Key, all bool) {
		for _, n := range lengths() {
			input := kerneltest.RandomBytes(rng, n)
			ctr := kerneltest.RandomCounter(rng, 40)
			want := make([]byte, n)
			wantCtr := kerneltest.CTR32Reference(k.Block, ctr, want, input)
			for _, p := range kerneltest.Placements(n, all) {
				kc, mc := ctr, ctr
				kerneltest.Check(t, "CTR32", p,
					p.Run(t, input, func(dst, src []byte) { CTR32(&k.KS, &kc, dst, src) }),
					p.Run(t, input, func(dst, src []byte) { ctr32Model(&k.KS.Enc, k.KS.Rounds, &mc, dst, src) }),
					p.Expect(want))
				if kc != wantCtr || mc != wantCtr {
					t.Fatalf("CTR32 %v: counter %x (model %x), want %x", p, kc, mc, wantCtr)
				}
			}
		}
	})
}

// TestCTR64 holds ctr64 to its model with counters whose low 64 bits do
// not wrap within the call, its contract; CTR128 covers the wrap.
func TestCTR64(t *testing.T) {
	kerneltest.ForKeys(t, referenceTable, func(t *testing.T, rng *rand.Rand, k *kerneltest.Key, all bool) {
		for _, n := range lengths() {
			input := kerneltest.RandomBytes(rng, n)
			ctr := kerneltest.RandomCounter(rng, 40)
			binary.BigEndian.PutUint64(ctr[8:], rng.Uint64()>>1)
			want := make([]byte, n)
			cipher.NewCTR(k.Block, ctr[:]).XORKeyStream(want, input)
			for _, p := range kerneltest.Placements(n, all) {
				kc, mc := ctr, ctr
				kerneltest.Check(t, "ctr64", p,
					p.Run(t, input, func(dst, src []byte) { ctr64(&k.KS.Enc, k.KS.Rounds, &kc, dst, src) }),
					p.Run(t, input, func(dst, src []byte) { ctr64Model(&k.KS.Enc, k.KS.Rounds, &mc, dst, src) }),
					p.Expect(want))
				if kc != mc {
					t.Fatalf("ctr64 %v: counter %x, model %x", p, kc, mc)
				}
			}
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
	kerneltest.CTR128(t, CTR128, []uint64{1, 2, 7, 8, 9, 100}, []int{0, 16, 48, 128, 144, 4096, 300})
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
			if i < powers || midSlot <= i && i < midSlot+powers {
				want = k.Table[i] // ghash.InitTable(&k.Table, &k.H, 8)
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
			for _, p := range kerneltest.Placements(n, all) {
				if p.InPlace {
					continue // GHASH has no output buffer
				}
				buf := bytes.Repeat([]byte{kerneltest.Guard}, n+32)
				copy(buf[p.SrcOff:], data)
				d := buf[p.SrcOff : p.SrcOff+n]
				ky, my := y, y
				GHASH(&k.Table, &ky, d)
				ghashUpdateModel(k.Tab(), &my, d)
				if ky != want || my != want {
					t.Fatalf("GHASH %v: kernel %x, model %x, want %x", p, ky, my, want)
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
	} {
		t.Run(c.name, func(t *testing.T) {
			kerneltest.ForKeys(t, referenceTable, func(t *testing.T, rng *rand.Rand, k *kerneltest.Key, all bool) {
				for _, n := range lengths() {
					input := kerneltest.RandomBytes(rng, n)
					ctr := kerneltest.RandomCounter(rng, 40)
					y := [16]byte(kerneltest.RandomBytes(rng, 16))
					want, wantCtr, wantY := kerneltest.GCMReference(k, ctr, y, input, c.seal)
					for _, p := range kerneltest.Placements(n, all) {
						kc, ky, mc, my := ctr, y, ctr, y
						kerneltest.Check(t, c.name, p,
							p.Run(t, input, func(dst, src []byte) { c.kernel(&k.KS, &k.Table, &kc, &ky, dst, src) }),
							p.Run(t, input, func(dst, src []byte) { c.model(&k.KS.Enc, k.KS.Rounds, k.Tab(), &mc, &my, dst, src) }),
							p.Expect(want))
						if kc != wantCtr || mc != wantCtr || ky != wantY || my != wantY {
							t.Fatalf("%s %v: counter %x (model %x), want %x; hash %x (model %x), want %x",
								c.name, p, kc, mc, wantCtr, ky, my, wantY)
						}
					}
				}
			})
		})
	}
}

// TestGCM drives the kernels as the root package does and compares the
// result with crypto/cipher's GCM: Seal is CTR32 from J0+1, then GHASH of
// the additional data, the ciphertext and the length block.
func TestGCM(t *testing.T) {
	kerneltest.GCMAgainstStdlib(t, kernels, lengths(), 40)
}

func TestPanics(t *testing.T) {
	kerneltest.Panics(t, kernels)
	t.Run("Expand/length", func(t *testing.T) {
		kerneltest.WantPanic(t, "aesni: invalid key length", func() { Expand(new(aesround.Schedule), make([]byte, 20)) })
	})
}

func TestExpand(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, size := range []int{16, 24, 32} {
		for range 100 {
			key := kerneltest.RandomBytes(rng, size)
			var want, kernel aesround.Schedule
			aesround.Expand(&want, key)
			Expand(&kernel, key)
			model := aesround.Schedule{Rounds: want.Rounds}
			expandKeyModel(&model.Enc, &model.Dec, key)
			if model != want {
				t.Fatalf("AES-%d key %x: model schedule differs from aesround.Expand", 8*size, key)
			}
			if kernel != want {
				t.Fatalf("AES-%d key %x: kernel schedule differs from aesround.Expand", 8*size, key)
			}
		}
	}
}
