package vaes256

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

// sweepMax is the longest length of the exhaustive sweep: two batches of
// 30 blocks and a partial block, so every tail length of the blocks and
// counter-mode kernels follows zero, one and two batches, and every tail of
// the GCM kernels (batches of 16 blocks) follows zero to three.
const sweepMax = 16*30*2 + 15

// lengths returns 0..sweepMax and one long length, a partial block past
// 16 KiB.
func lengths() []int {
	return kerneltest.Lengths(sweepMax, 16384+1)
}

// blockLengths returns the whole numbers of blocks up to sweepMax, and
// 16 KiB and one block.
func blockLengths() []int {
	return kerneltest.BlockLengths(sweepMax, 16384+16)
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

func TestCTR32(t *testing.T) {
	kerneltest.ForKeys(t, referenceTable, func(t *testing.T, rng *rand.Rand, k *kerneltest.Key, all bool) {
		for _, n := range lengths() {
			input := kerneltest.RandomBytes(rng, n)
			ctr := kerneltest.RandomCounter(rng, 70)
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

// TestCTR64 holds ctr64 to its model and to crypto/cipher with counters
// whose low 64 bits do not wrap within the call, its contract, but carry
// out of their low 32 bits; CTR128 covers the wrap.
func TestCTR64(t *testing.T) {
	kerneltest.ForKeys(t, referenceTable, func(t *testing.T, rng *rand.Rand, k *kerneltest.Key, all bool) {
		for _, n := range lengths() {
			input := kerneltest.RandomBytes(rng, n)
			ctr := kerneltest.RandomCounter(rng, 70)
			binary.BigEndian.PutUint64(ctr[8:], rng.Uint64()>>1|0xffffff00)
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
	kerneltest.CTR128(t, CTR128, []uint64{1, 2, 7, 8, 9, 29, 30, 31, 100}, []int{0, 16, 48, 480, 496, 4096, 300})
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
				want = k.Table[i]
			}
			if model[i] != want || kernel[i] != want {
				t.Fatalf("slot %d: kernel %x, model %x, want %x", i, kernel[i], model[i], want)
			}
		}
	})
}

// TestGHASH checks GHASH against package ghash.
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
		{"SealPublic", true, SealPublic, sealPublicModel},
		{"OpenPublic", false, OpenPublic, openPublicModel},
	} {
		t.Run(c.name, func(t *testing.T) {
			kerneltest.ForKeys(t, referenceTable, func(t *testing.T, rng *rand.Rand, k *kerneltest.Key, all bool) {
				for _, n := range lengths() {
					input := kerneltest.RandomBytes(rng, n)
					ctr := kerneltest.RandomCounter(rng, 70)
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
	kerneltest.GCMAgainstStdlib(t, kernels, lengths(), 600)
}

// TestGCMPublic is TestGCM with SealPublic and OpenPublic.
func TestGCMPublic(t *testing.T) {
	kerneltest.GCMAgainstStdlib(t, publicKernels, lengths(), 600)
}

// TestCounterBytes runs Seal, Open, SealPublic and OpenPublic with every
// value of the counter's last byte, at lengths that end in each width of
// tail after zero, one and two batches, so that every batch and tail meets
// the last byte's wrap at every position (for the public kernels: every
// switch between the big-endian shortcut and the byte-reversed path; at
// 4200 bytes a counter starting at 2, the 12-byte nonce case, wraps its
// last byte in the loop).
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
	for _, n := range []int{17, 40, 100, 250, 512, 600, 1100, 1300, 4200} {
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

func TestPanics(t *testing.T) {
	kerneltest.Panics(t, kernels)
	kerneltest.Panics(t, publicKernels)
}
