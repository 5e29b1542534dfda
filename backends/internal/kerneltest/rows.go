package kerneltest

import (
	"crypto/cipher"
	"encoding/binary"
	"math/rand/v2"
	"reflect"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/ghash"
)

// A Row is one assembly kernel of a backend with its model, the exported
// function that calls it, and the reference the three are held to. The
// function that makes the row fixes its kind, and so its reference; Run
// names the row after the kernel, and checks that the model is the
// kernel's name followed by Model and that every function of the .s has a
// row.
//
// The kernel is the unexported function the .s defines (on other
// architectures, and under the purego tag, the Go function that calls the
// model); the exported function is the checked entry point production
// calls, or nil if there is none.
type Row struct {
	funcs [roles]any // as given, for their names

	// One of these is set: the kernels with an input and an output (or,
	// for GHASH, a running value only) reduced to one shape, GHASHInit's,
	// or the key expansion's.
	spec    *spec
	calls   [roles]call
	inits   [roles]func(t *ghash.Table, h *[16]byte)
	expands [roles]func(ks *aesround.Schedule, key []byte)

	// ctr128 is CTR128, the exported function of ctr64, which Run also
	// holds to crypto/cipher across the wraps.
	ctr128 func(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte)
}

// The roles of a row's functions, in the order a test runs them: the
// model first, so that when both differ the failure names the model.
const (
	model = iota
	kernel
	exported
	roles
)

// state is what a kernel carries from one call to the next: the counter
// block and the running GHASH value.
type state struct{ ctr, y [16]byte }

// call is a kernel, its model or the exported function, reduced to one
// shape: t is the key-power table, s the counter and running hash.
type call func(k *Key, t *ghash.Table, s *state, dst, src []byte)

// spec is how a kind of kernel is tested.
type spec struct {
	// lengths returns the lengths of the sweep.
	lengths func(c *Config) []int
	// counter returns a random counter block for one call.
	counter func(c *Config, rng *rand.Rand) [16]byte
	// reference computes dst and the state after the call.
	reference func(k *Key, s *state, dst, src []byte)
	// hashOnly marks GHASH: it writes nothing but the running hash.
	hashOnly bool
	// gcm marks the stitched GCM kernels, which the counter-byte sweep
	// runs.
	gcm bool
	// table marks the kernels that read the key-power table.
	table bool
}

// The function types of the kernels and their models.
type (
	BlocksFunc    func(keys *[15][16]byte, rounds int, dst, src []byte)
	BlockFunc     func(keys *[15][16]byte, rounds int, dst, src *[16]byte)
	CTRFunc       func(keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte)
	GHASHInitFunc func(t *[32][16]byte, h *[16]byte)
	GHASHFunc     func(t *[32][16]byte, y *[16]byte, data []byte)
	GCMFunc       func(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte)
	ExpandFunc    func(enc, dec *[15][16]byte, key []byte)
	CBCFunc       func(keys *[15][16]byte, rounds int, iv *[16]byte, dst, src []byte)
)

// row returns the row of kernel k, its model m and the exported function
// e, which may be nil; f reduces k and m to a call, g reduces e.
func row[K, E any](s *spec, k, m K, e E, f func(K) call, g func(E) call) Row {
	r := Row{funcs: [roles]any{model: m, kernel: k}, spec: s}
	r.calls[model], r.calls[kernel] = f(m), f(k)
	if !reflect.ValueOf(e).IsNil() {
		r.funcs[exported], r.calls[exported] = e, g(e)
	}
	return r
}

// EncryptBlocks is the row of a kernel that encrypts whole blocks with the
// encryption round keys, held to crypto/aes.
func EncryptBlocks(k, m BlocksFunc, e func(ks *aesround.Schedule, dst, src []byte)) Row {
	return blocksRow(false, k, m, e)
}

// DecryptBlocks is the row of a kernel that decrypts whole blocks with the
// decryption round keys, held to crypto/aes.
func DecryptBlocks(k, m BlocksFunc, e func(ks *aesround.Schedule, dst, src []byte)) Row {
	return blocksRow(true, k, m, e)
}

// blocksRow is the row of EncryptBlocks or DecryptBlocks.
func blocksRow(decrypt bool, k, m BlocksFunc, e func(ks *aesround.Schedule, dst, src []byte)) Row {
	s := blocksSpec(decrypt, func(c *Config) []int { return BlockLengths(c.SweepMax, (c.Long+15)&^15) })
	return row(s, k, m, e,
		func(f BlocksFunc) call {
			return func(k *Key, _ *ghash.Table, _ *state, dst, src []byte) {
				f(roundKeys(k, decrypt), k.KS.Rounds, dst, src)
			}
		},
		func(f func(ks *aesround.Schedule, dst, src []byte)) call {
			return func(k *Key, _ *ghash.Table, _ *state, dst, src []byte) { f(&k.KS, dst, src) }
		})
}

// EncryptBlock is the row of a kernel that encrypts one block, held to
// crypto/aes on eight random blocks per key and placement.
func EncryptBlock(k, m BlockFunc, e func(ks *aesround.Schedule, dst, src *[16]byte)) Row {
	return blockRow(false, k, m, e)
}

// DecryptBlock is the row of a kernel that decrypts one block, as
// EncryptBlock encrypts.
func DecryptBlock(k, m BlockFunc, e func(ks *aesround.Schedule, dst, src *[16]byte)) Row {
	return blockRow(true, k, m, e)
}

// blockRow is the row of EncryptBlock or DecryptBlock.
func blockRow(decrypt bool, k, m BlockFunc, e func(ks *aesround.Schedule, dst, src *[16]byte)) Row {
	s := blocksSpec(decrypt, func(*Config) []int { return []int{16, 16, 16, 16, 16, 16, 16, 16} })
	return row(s, k, m, e,
		func(f BlockFunc) call {
			return func(k *Key, _ *ghash.Table, _ *state, dst, src []byte) {
				f(roundKeys(k, decrypt), k.KS.Rounds, (*[16]byte)(dst), (*[16]byte)(src))
			}
		},
		func(f func(ks *aesround.Schedule, dst, src *[16]byte)) call {
			return func(k *Key, _ *ghash.Table, _ *state, dst, src []byte) {
				f(&k.KS, (*[16]byte)(dst), (*[16]byte)(src))
			}
		})
}

// blocksSpec is the spec of the blocks kernels, with crypto/aes for
// reference.
func blocksSpec(decrypt bool, lengths func(c *Config) []int) *spec {
	return &spec{
		lengths: lengths,
		counter: randomCounter,
		reference: func(k *Key, _ *state, dst, src []byte) {
			for i := 0; i < len(src); i += 16 {
				if decrypt {
					k.Block.Decrypt(dst[i:], src[i:])
				} else {
					k.Block.Encrypt(dst[i:], src[i:])
				}
			}
		},
	}
}

// roundKeys returns k's encryption or decryption round keys.
func roundKeys(k *Key, decrypt bool) *[15][16]byte {
	if decrypt {
		return &k.KS.Dec
	}
	return &k.KS.Enc
}

// CTR32 is the row of a kernel of GCM's counter mode, held to
// CTR32Reference, counter included.
func CTR32(k, m CTRFunc, e func(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte)) Row {
	s := &spec{
		lengths: sweepLengths,
		counter: randomCounter,
		reference: func(k *Key, s *state, dst, src []byte) {
			s.ctr = CTR32Reference(k.Block, s.ctr, dst, src)
		},
	}
	return row(s, k, m, e, ctrCall, ctrExported)
}

// CTR64 is the row of a kernel of counter mode on the low 64 bits of the
// counter, held to crypto/cipher's CTR with counters whose low 64 bits do
// not wrap within the call, its contract. Its exported function is
// CTR128, which splits its calls where they wrap and carries; Run also
// holds it to crypto/cipher across the wraps (Config.CTR128Wraps).
func CTR64(k, m CTRFunc, ctr128 func(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte)) Row {
	s := &spec{
		lengths: sweepLengths,
		counter: func(c *Config, rng *rand.Rand) [16]byte {
			ctr := RandomCounter(rng, c.Wrap)
			lo := rng.Uint64() >> 1
			if c.CTR64Carry {
				lo |= 0xffffff00
			}
			binary.BigEndian.PutUint64(ctr[8:], lo)
			return ctr
		},
		reference: func(k *Key, s *state, dst, src []byte) {
			cipher.NewCTR(k.Block, s.ctr[:]).XORKeyStream(dst, src)
			binary.BigEndian.PutUint64(s.ctr[8:], binary.BigEndian.Uint64(s.ctr[8:])+uint64(len(src)+15)/16)
		},
	}
	r := row(s, k, m, ctr128, ctrCall, ctrExported)
	r.ctr128 = ctr128
	return r
}

// ctrCall reduces a counter-mode kernel or model to a call.
func ctrCall(f CTRFunc) call {
	return func(k *Key, _ *ghash.Table, s *state, dst, src []byte) {
		f(&k.KS.Enc, k.KS.Rounds, &s.ctr, dst, src)
	}
}

// ctrExported reduces an exported counter-mode function to a call.
func ctrExported(f func(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte)) call {
	return func(k *Key, _ *ghash.Table, s *state, dst, src []byte) { f(&k.KS, &s.ctr, dst, src) }
}

// GHASH is the row of a kernel that absorbs data into a running GHASH
// value, held to package ghash. It has no output: the placements are the
// input's offsets, and the bytes where an output would go must keep their
// guard.
func GHASH(k, m GHASHFunc, e func(t *ghash.Table, y *[16]byte, data []byte)) Row {
	s := &spec{
		lengths: sweepLengths,
		counter: randomCounter,
		reference: func(k *Key, s *state, _, src []byte) {
			ghash.Update(ghash.FromBlock(&k.H), &s.y, src)
		},
		hashOnly: true,
		table:    true,
	}
	return row(s, k, m, e,
		func(f GHASHFunc) call {
			return func(_ *Key, t *ghash.Table, s *state, _, src []byte) {
				f((*[32][16]byte)(t), &s.y, src)
			}
		},
		func(f func(t *ghash.Table, y *[16]byte, data []byte)) call {
			return func(_ *Key, t *ghash.Table, s *state, _, src []byte) { f(t, &s.y, src) }
		})
}

// Seal is the row of a stitched kernel that encrypts with CTR32 and
// absorbs the ciphertext (its output) into the running hash, held to
// GCMReference.
func Seal(k, m GCMFunc, e func(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte)) Row {
	return gcmRow(true, k, m, e)
}

// Open is the row of a stitched kernel that absorbs the ciphertext (its
// input) into the running hash and decrypts it with CTR32, held to
// GCMReference.
func Open(k, m GCMFunc, e func(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte)) Row {
	return gcmRow(false, k, m, e)
}

// gcmRow is the row of Seal or Open.
func gcmRow(seal bool, k, m GCMFunc, e func(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte)) Row {
	s := &spec{
		lengths: sweepLengths,
		counter: randomCounter,
		reference: func(k *Key, s *state, dst, src []byte) {
			var out []byte
			out, s.ctr, s.y = GCMReference(k, s.ctr, s.y, src, seal)
			copy(dst, out)
		},
		gcm:   true,
		table: true,
	}
	return row(s, k, m, e,
		func(f GCMFunc) call {
			return func(k *Key, t *ghash.Table, s *state, dst, src []byte) {
				f(&k.KS.Enc, k.KS.Rounds, (*[32][16]byte)(t), &s.ctr, &s.y, dst, src)
			}
		},
		func(f func(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte)) call {
			return func(k *Key, t *ghash.Table, s *state, dst, src []byte) { f(&k.KS, t, &s.ctr, &s.y, dst, src) }
		})
}

// GHASHInit is the row of a kernel that fills the key-power table from the
// hash key, held to Config.Layout in the slots Config.Powers and
// Config.HalfSums name; the other slots, and the bytes around the table,
// must keep their guard.
func GHASHInit(k, m GHASHInitFunc, e func(t *ghash.Table, h *[16]byte)) Row {
	r := Row{funcs: [roles]any{model: m, kernel: k}}
	r.inits[model] = func(t *ghash.Table, h *[16]byte) { m((*[32][16]byte)(t), h) }
	r.inits[kernel] = func(t *ghash.Table, h *[16]byte) { k((*[32][16]byte)(t), h) }
	if e != nil {
		r.funcs[exported], r.inits[exported] = e, e
	}
	return r
}

// Expand is the row of a key expansion kernel, which fills the encryption
// and decryption round keys of a schedule whose Rounds the caller set,
// held to aesround.Expand on random keys of every size.
func Expand(k, m ExpandFunc, e func(ks *aesround.Schedule, key []byte)) Row {
	r := Row{funcs: [roles]any{model: m, kernel: k}}
	r.expands[model], r.expands[kernel] = expandCall(m), expandCall(k)
	if e != nil {
		r.funcs[exported], r.expands[exported] = e, e
	}
	return r
}

// expandCall sets the schedule's Rounds from the key's length and has f
// fill the round keys.
func expandCall(f ExpandFunc) func(ks *aesround.Schedule, key []byte) {
	return func(ks *aesround.Schedule, key []byte) {
		*ks = aesround.Schedule{Rounds: len(key)/4 + 6}
		f(&ks.Enc, &ks.Dec, key)
	}
}

// CBCEncrypt is the row of a kernel that encrypts whole blocks in cipher
// block chaining mode with the encryption round keys, held to
// crypto/cipher's CBC encrypter; the chaining value it leaves (the last
// ciphertext block) is the row's counter.
func CBCEncrypt(k, m CBCFunc, e func(ks *aesround.Schedule, iv *[16]byte, dst, src []byte)) Row {
	return cbcRow(false, k, m, e)
}

// CBCDecrypt is the row of a kernel that decrypts whole blocks in cipher
// block chaining mode with the decryption round keys, held to
// crypto/cipher's CBC decrypter, in place too; the chaining value it
// leaves (the last ciphertext block of its input) is the row's counter.
func CBCDecrypt(k, m CBCFunc, e func(ks *aesround.Schedule, iv *[16]byte, dst, src []byte)) Row {
	return cbcRow(true, k, m, e)
}

// cbcRow is the row of CBCEncrypt or CBCDecrypt.
func cbcRow(decrypt bool, k, m CBCFunc, e func(ks *aesround.Schedule, iv *[16]byte, dst, src []byte)) Row {
	s := &spec{
		lengths: func(c *Config) []int { return BlockLengths(c.SweepMax, (c.Long+15)&^15) },
		counter: func(_ *Config, rng *rand.Rand) [16]byte { return [16]byte(RandomBytes(rng, 16)) },
		reference: func(k *Key, s *state, dst, src []byte) {
			if len(src) == 0 {
				return
			}
			last := [16]byte(src[len(src)-16:])
			if decrypt {
				cipher.NewCBCDecrypter(k.Block, s.ctr[:]).CryptBlocks(dst, src)
				s.ctr = last
				return
			}
			cipher.NewCBCEncrypter(k.Block, s.ctr[:]).CryptBlocks(dst, src)
			s.ctr = [16]byte(dst[len(src)-16 : len(src)])
		},
	}
	return row(s, k, m, e,
		func(f CBCFunc) call {
			return func(k *Key, _ *ghash.Table, s *state, dst, src []byte) {
				f(roundKeys(k, decrypt), k.KS.Rounds, &s.ctr, dst, src)
			}
		},
		func(f func(ks *aesround.Schedule, iv *[16]byte, dst, src []byte)) call {
			return func(k *Key, _ *ghash.Table, s *state, dst, src []byte) { f(&k.KS, &s.ctr, dst, src) }
		})
}

// sweepLengths is every length up to c.SweepMax, and c.Long.
func sweepLengths(c *Config) []int { return Lengths(c.SweepMax, c.Long) }

// randomCounter is RandomCounter with c's Wrap.
func randomCounter(c *Config, rng *rand.Rand) [16]byte { return RandomCounter(rng, c.Wrap) }
