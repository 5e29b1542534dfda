package vaes512

import (
	"unsafe"

	"github.com/vaesgo/vaes/vec"
)

// This file and the other model_*.go files are the kernels of
// vaes512_amd64.s written in Go with package vec: one vec.Uint8x64 or
// vec.Uint64x8 per ZMM register (four 16-byte blocks, one per 128-bit
// lane), one method call per instruction or short idiom. Each function
// carries the name of the generator function in backends/_asm/vaes512 that
// emits the same step.

// direction is the cipher run forwards or backwards (asm: direction):
// VAESENC and VAESENCLAST, or VAESDEC and VAESDECLAST. chain, if not nil,
// makes it chainedDecryption (see model_cbc.go). A field the kernels test
// rather than functions they call, so that the compiler can put each
// round's instruction in the loop.
type direction struct {
	decrypt bool
	chain   []vec.Uint8x64
}

var (
	encryption = direction{}
	decryption = direction{decrypt: true}
)

// last is the last round on register i of blocks (VAESENCLAST or
// VAESDECLAST; for chainedDecryption and XTS's tweakedLast the key plus
// chain[i] first).
func (d direction) last(i int, blocks vec.Uint8x64, key vec.Uint32x16) vec.Uint8x64 {
	if d.chain != nil {
		key = key.AsUint8x64().Xor(d.chain[i]).AsUint32x16()
	}
	if d.decrypt {
		return blocks.AESDecryptLastRound(key)
	}
	return blocks.AESEncryptLastRound(key)
}

// roundKeys are the round keys 0..nr of a schedule, each broadcast to the
// four lanes of a register, so that one VAESENC runs a round on four blocks
// (asm: roundKeys). The kernels load them once per call and keep them in
// registers: 15 of the 32 for AES-256.
//
// The model broadcasts each key where a round uses it (key) instead. Go
// 1.27 keeps at most four vectors of a struct in registers, so a copy of
// the fifteen broadcast keys lives in memory: a local the compiler zeroes
// on every call (968 bytes in 16-byte stores) before the broadcasts fill
// it, which cost more than all of a 64-byte call's rounds. A broadcast per
// use (a 16-byte load and archsimd's inserts) runs beside the VAESENC of
// the round before, which it does not wait for.
type roundKeys struct {
	s  *[15][16]byte
	nr int
}

// loadRoundKeys sets k to round keys 0..nr of keys (asm: loadRoundKeys,
// one VBROADCASTI32X4 each; see roundKeys for where the model broadcasts).
func loadRoundKeys(k *roundKeys, keys *[15][16]byte, nr int) {
	k.s, k.nr = keys, nr
}

// key returns round key i in every lane (asm: the register loadRoundKeys
// broadcast it to).
func (k *roundKeys) key(i int) vec.Uint32x16 { return broadcastKey(&k.s[i]) }

// broadcastKey returns key in all four lanes of a register (asm:
// VBROADCASTI32X4).
func broadcastKey(key *[16]byte) vec.Uint32x16 {
	return vec.BroadcastUint8x16ToUint8x64(vec.LoadUint8x16Array(key)).AsUint32x16()
}

// middle returns round keys 1..nr-1, those of the rounds before the last.
func (k *roundKeys) middle() [][16]byte { return k.s[1:k.nr] }

// whiten adds round key 0 to every register of blocks (asm: whiten).
func whiten(blocks []vec.Uint8x64, k *roundKeys) {
	k0 := k.key(0).AsUint8x64()
	for i := range blocks {
		blocks[i] = blocks[i].Xor(k0)
	}
}

// whitenOne is whiten for one register (asm: whiten).
func whitenOne(x vec.Uint8x64, k *roundKeys) vec.Uint8x64 { return x.Xor(k.key(0).AsUint8x64()) }

// rounds runs rounds 1..nr over the blocks (asm: roundKeys.rounds). The nine rounds before the last are the "middle
// rounds" every key size has; the stitched GCM loops put the steps of
// GHASH between them (see stitch.rounds).
//
// Without between, the rounds run over the blocks eight or four registers
// at a time (roundsQuads, roundsQuad): the assembly holds every register of
// a batch in a ZMM register for all the rounds, and Go 1.27 keeps an array
// of vectors in memory (a load and a store per register per round) but a
// struct of four in registers. The rounds of different registers are
// independent, so the order in which they interleave does not change the
// result.
func (d direction) rounds(blocks []vec.Uint8x64, k *roundKeys) {
	i := 0
	for ; i+8 <= len(blocks); i += 8 {
		q := quad{blocks[i], blocks[i+1], blocks[i+2], blocks[i+3]}
		p := quad{blocks[i+4], blocks[i+5], blocks[i+6], blocks[i+7]}
		q, p = d.roundsQuads(i, q, p, k)
		blocks[i], blocks[i+1], blocks[i+2], blocks[i+3] = q.b0, q.b1, q.b2, q.b3
		blocks[i+4], blocks[i+5], blocks[i+6], blocks[i+7] = p.b0, p.b1, p.b2, p.b3
	}
	for ; i+4 <= len(blocks); i += 4 {
		q := quad{blocks[i], blocks[i+1], blocks[i+2], blocks[i+3]}
		q = d.roundsQuad(i, q, k)
		blocks[i], blocks[i+1], blocks[i+2], blocks[i+3] = q.b0, q.b1, q.b2, q.b3
	}
	for ; i < len(blocks); i++ {
		blocks[i] = d.roundsOne(i, blocks[i], k)
	}
}

// roundsOne runs rounds 1..nr over x, register i of its batch, with the
// direction tested once (see roundsQuad).
func (d direction) roundsOne(i int, x vec.Uint8x64, k *roundKeys) vec.Uint8x64 {
	if d.decrypt {
		for r, mid := 0, k.middle(); r < len(mid); r++ {
			key := broadcastKey(&mid[r])
			x = x.AESDecryptOneRound(key)
		}
	} else {
		for r, mid := 0, k.middle(); r < len(mid); r++ {
			key := broadcastKey(&mid[r])
			x = x.AESEncryptOneRound(key)
		}
	}
	return d.last(i, x, k.key(k.nr))
}

// quad is four registers of blocks, i..i+3 of a batch, as a struct that
// the compiler keeps in registers (Go 1.27 registers a struct of up to four
// vectors, not an array of them). The batch steps of ECB and CTR run over
// their batch a quad or two at a time; each register's steps are the
// assembly's, in its order, and the registers of a batch are independent
// of each other, so the grouping does not change what is computed.
type quad struct{ b0, b1, b2, b3 vec.Uint8x64 }

// loadQuad loads four consecutive registers of blocks from src (asm:
// loadBlocks).
func loadQuad(src []byte) quad {
	_ = src[255]
	return quad{vec.LoadUint8x64(src[0:]), vec.LoadUint8x64(src[64:]),
		vec.LoadUint8x64(src[128:]), vec.LoadUint8x64(src[192:])}
}

// whitenQuad adds round key 0 to the four registers of q (asm: whiten).
func whitenQuad(q quad, k *roundKeys) quad {
	k0 := k.key(0).AsUint8x64()
	return quad{q.b0.Xor(k0), q.b1.Xor(k0), q.b2.Xor(k0), q.b3.Xor(k0)}
}

// xorQuad XORs four consecutive registers of src into q (asm: xorBlocks).
func xorQuad(q quad, src []byte) quad {
	_ = src[255]
	return quad{q.b0.Xor(vec.LoadUint8x64(src[0:])), q.b1.Xor(vec.LoadUint8x64(src[64:])),
		q.b2.Xor(vec.LoadUint8x64(src[128:])), q.b3.Xor(vec.LoadUint8x64(src[192:]))}
}

// whitenQuads is whitenQuad on two quads (asm: whiten).
func whitenQuads(q, p quad, k *roundKeys) (quad, quad) {
	k0 := k.key(0).AsUint8x64()
	return quad{q.b0.Xor(k0), q.b1.Xor(k0), q.b2.Xor(k0), q.b3.Xor(k0)},
		quad{p.b0.Xor(k0), p.b1.Xor(k0), p.b2.Xor(k0), p.b3.Xor(k0)}
}

// xorQuads is xorQuad on two quads, eight consecutive registers of src
// (asm: xorBlocks).
func xorQuads(q, p quad, src []byte) (quad, quad) {
	_ = src[511]
	return quad{q.b0.Xor(vec.LoadUint8x64(src[0:])), q.b1.Xor(vec.LoadUint8x64(src[64:])),
			q.b2.Xor(vec.LoadUint8x64(src[128:])), q.b3.Xor(vec.LoadUint8x64(src[192:]))},
		quad{p.b0.Xor(vec.LoadUint8x64(src[256:])), p.b1.Xor(vec.LoadUint8x64(src[320:])),
			p.b2.Xor(vec.LoadUint8x64(src[384:])), p.b3.Xor(vec.LoadUint8x64(src[448:]))}
}

// storeQuad stores the four registers of q to dst (asm: storeBlocks).
func storeQuad(q quad, dst []byte) {
	_ = dst[255]
	q.b0.Store(dst[0:])
	q.b1.Store(dst[64:])
	q.b2.Store(dst[128:])
	q.b3.Store(dst[192:])
}

// roundsQuad runs rounds 1..nr over the four registers of q, registers
// i..i+3 of their batch (the index matters to chainedDecryption and
// tweakedLast), each round on all four (asm: roundKeys.rounds). The
// direction is tested once, outside the loop of the middle rounds: a test
// per register per round is a branch beside every VAESENC, which costs more
// than the VAESENC.
func (d direction) roundsQuad(i int, q quad, k *roundKeys) quad {
	if d.decrypt {
		for r, mid := 0, k.middle(); r < len(mid); r++ {
			key := broadcastKey(&mid[r])
			q = quad{q.b0.AESDecryptOneRound(key), q.b1.AESDecryptOneRound(key),
				q.b2.AESDecryptOneRound(key), q.b3.AESDecryptOneRound(key)}
		}
	} else {
		for r, mid := 0, k.middle(); r < len(mid); r++ {
			key := broadcastKey(&mid[r])
			q = quad{q.b0.AESEncryptOneRound(key), q.b1.AESEncryptOneRound(key),
				q.b2.AESEncryptOneRound(key), q.b3.AESEncryptOneRound(key)}
		}
	}
	key := k.key(k.nr)
	return quad{d.last(i, q.b0, key), d.last(i+1, q.b1, key),
		d.last(i+2, q.b2, key), d.last(i+3, q.b3, key)}
}

// roundsQuads is roundsQuad on two quads, registers i..i+7 of their batch,
// each round on all eight (asm: roundKeys.rounds). The batches of eight
// registers or more run two quads at a time: with four, a round's VAESENC
// waits for the previous round's results more than the assembly's sixteen
// do, and the loop's own instructions count twice as much per block (at
// 16 KiB, CTR and ECB took 1.25 to 1.35 times as long as with eight). The
// compiler keeps both quads and the round key in registers.
//
// The steps on two quads (counter.quads, whitenQuads, roundsQuads,
// xorQuads) take and return both: the compiler inlines none of them (its
// budget counts each vector operation as several nodes), and a quad held
// across the call of a step on the other would be saved to the stack and
// loaded back, at offsets that need not be 64-byte aligned.
func (d direction) roundsQuads(i int, q, p quad, k *roundKeys) (quad, quad) {
	if d.decrypt {
		for r, mid := 0, k.middle(); r < len(mid); r++ {
			key := broadcastKey(&mid[r])
			q = quad{q.b0.AESDecryptOneRound(key), q.b1.AESDecryptOneRound(key),
				q.b2.AESDecryptOneRound(key), q.b3.AESDecryptOneRound(key)}
			p = quad{p.b0.AESDecryptOneRound(key), p.b1.AESDecryptOneRound(key),
				p.b2.AESDecryptOneRound(key), p.b3.AESDecryptOneRound(key)}
		}
	} else {
		for r, mid := 0, k.middle(); r < len(mid); r++ {
			key := broadcastKey(&mid[r])
			q = quad{q.b0.AESEncryptOneRound(key), q.b1.AESEncryptOneRound(key),
				q.b2.AESEncryptOneRound(key), q.b3.AESEncryptOneRound(key)}
			p = quad{p.b0.AESEncryptOneRound(key), p.b1.AESEncryptOneRound(key),
				p.b2.AESEncryptOneRound(key), p.b3.AESEncryptOneRound(key)}
		}
	}
	key := k.key(k.nr)
	return quad{d.last(i, q.b0, key), d.last(i+1, q.b1, key),
			d.last(i+2, q.b2, key), d.last(i+3, q.b3, key)},
		quad{d.last(i+4, p.b0, key), d.last(i+5, p.b1, key),
			d.last(i+6, p.b2, key), d.last(i+7, p.b3, key)}
}

// loadBlocks loads len(blocks) consecutive registers of blocks from src
// (asm: loadBlocks). The registers of a batch are an array in the caller.
func loadBlocks(blocks []vec.Uint8x64, src []byte) {
	for i := range blocks {
		blocks[i] = vec.LoadUint8x64(src[64*i:])
	}
}

// storeBlocks stores blocks to consecutive registers' worth of dst (asm:
// storeBlocks).
func storeBlocks(blocks []vec.Uint8x64, dst []byte) {
	for i, b := range blocks {
		b.Store(dst[64*i:])
	}
}

// byteMask returns the mask that enables bytes 0..n-1 of a register,
// 1 <= n <= 64 (asm: byteMask: MOVQ $-1, BZHIQ n, KMOVQ). BZHI keeps the
// whole word for n = 64.
func byteMask(n int) vec.Mask8x64 {
	bits := ^uint64(0)
	if n < 64 {
		bits = 1<<n - 1
	}
	return vec.Mask8x64FromBits(bits)
}

// loadMasked loads the first n bytes of s, 1 <= n <= 64, and zeroes the
// rest of the register (asm: loadMasked, VMOVDQU8 with a zeroing mask). The
// assembly addresses 64 bytes at s and the mask keeps it from touching any
// past n; archsimd has no masked load of a slice shorter than the register,
// and LoadUint8x64Part loads the same register from the n bytes alone. Where
// the 64 bytes at s cross a page boundary (pastPage), the load takes the 64
// bytes that end with the data instead (loadEnd).
func loadMasked(s []byte, n int) vec.Uint8x64 {
	if pastPage(s, 64) {
		return loadEnd(s, n)
	}
	x, _ := vec.LoadUint8x64Part(s[:n])
	return x
}

// storeMasked stores the first n bytes of x to s, 1 <= n <= 64 (asm:
// storeMasked, VMOVDQU8 with a merging mask, which is archsimd's StorePart
// of a slice shorter than the register); no byte of s past n is written.
// Where the 64 bytes at s cross a page boundary (pastPage), it stores
// through the 64 bytes that end with the data instead (storeEnd).
func storeMasked(x vec.Uint8x64, s []byte, n int) {
	if pastPage(s, 64) {
		storeEnd(x, s, n)
		return
	}
	x.StorePart(s[:n])
}

// pageSize is the smallest page of amd64 (asm: pageSize).
const pageSize = 4096

// pastPage reports whether the w bytes at s cross a page boundary (asm:
// pastPage: LEAL, ANDL, CMPL, JA). A masked load or store of n bytes at s
// leaves bytes n..w-1 alone, but if some of them lie on a page that holds
// none of the data and that page is unmapped or not touched yet, the CPU
// suppresses the fault they would take in a microcode assist, hundreds of
// cycles on Intel cores. Addresses are public, so the kernels may branch
// on them; the assembly takes the other path out of line.
func pastPage(s []byte, w int) bool {
	a := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	return a%pageSize > pageSize-uintptr(w)
}

// endMask returns the mask of the last n of a register's 64 bytes (asm:
// endMask: SHLXQ of all ones by 64-n, KMOVQ).
func endMask(n int) vec.Mask8x64 { return vec.Mask8x64FromBits(^uint64(0) << (64 - n)) }

// ramp returns the register of bytes off, off+1, ..., off+63 (asm: ramp,
// a load from rampBytes, the bytes 0..127, at off).
func ramp(off int) vec.Uint8x64 {
	var b [64]byte
	for i := range b {
		b[i] = byte(off + i)
	}
	return vec.LoadUint8x64Array(&b)
}

// loadEnd is loadMasked of the n bytes at s from the 64 bytes that end
// with them, at s-(64-n) (asm: loadEnd): loaded through endMask(n), whose
// disabled bytes lie below s on its own page (pastPage holds only when s
// is less than 64 bytes below a page boundary), then moved down by 64-n with
// VPERMB, byte 64-n+i to i, under the zeroing mask byteMask(n) (one
// instruction; the model permutes, then keeps the first n bytes). The
// model's window is a copy, since Go cannot address the bytes before s.
func loadEnd(s []byte, n int) vec.Uint8x64 {
	var w [64]byte
	copy(w[64-n:], s[:n])
	x := vec.LoadUint8x64ArrayMasked(&w, endMask(n))
	return keepMasked(x.Permute(ramp(64-n)), n)
}

// storeEnd is storeMasked of the first n bytes of x through the 64 bytes
// that end at s[n] (asm: storeEnd): VPERMB with the indexes n+i, which
// count modulo 64, moves byte i up to 64-n+i, and the store at s-(64-n)
// enables the last n bytes (endMask), all of them s's.
func storeEnd(x vec.Uint8x64, s []byte, n int) {
	y := x.Permute(ramp(n))
	var w [64]byte
	y.StoreArrayMasked(&w, endMask(n))
	copy(s[:n], w[64-n:])
}

// keepMasked zeroes the bytes of x from n on, 1 <= n <= 64 (asm:
// keepMasked, VMOVDQU8 register to register with a zeroing mask).
func keepMasked(x vec.Uint8x64, n int) vec.Uint8x64 {
	var w [64]byte
	x.StoreArray(&w)
	return vec.LoadUint8x64ArrayMasked(&w, byteMask(n))
}

// xor3 returns a ^ b ^ c (asm: VPTERNLOGD $0x96, one instruction for a
// three-way XOR).
func xor3(a, b, c vec.Uint64x8) vec.Uint64x8 { return a.Xor(b).Xor(c) }
