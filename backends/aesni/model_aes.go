package aesni

import "github.com/vaesgo/vaes/vec"

// This file and the other model_*.go files are the kernels of
// aesni_amd64.s written in Go with package vec: one vec.Uint8x16 or
// vec.Uint64x2 per XMM register, one method call per instruction or short
// idiom. Each function carries the name of the generator function in
// backends/_asm/aesni that emits the same step.

// direction is the cipher run forwards or backwards (asm: direction).
// decrypt says which for the grouped steps (cipherQuads and the rest), which
// test it rather than call round and last: the compiler inlines no call
// through a function value.
type direction struct {
	round, last func(block vec.Uint8x16, key vec.Uint32x4) vec.Uint8x16
	decrypt     bool
}

var (
	encryption = direction{
		round: vec.Uint8x16.AESEncryptOneRound,  // AESENC
		last:  vec.Uint8x16.AESEncryptLastRound, // AESENCLAST
	}
	decryption = direction{
		round:   vec.Uint8x16.AESDecryptOneRound,  // AESDEC
		last:    vec.Uint8x16.AESDecryptLastRound, // AESDECLAST
		decrypt: true,
	}
)

// roundKey loads round key i (asm: MOVOU of the round key into the register
// every block's instruction reads).
func roundKey(keys *[15][16]byte, i int) vec.Uint32x4 {
	return vec.LoadUint8x16Array(&keys[i]).AsUint32x4()
}

// whiten adds round key 0 to every block (asm: whiten).
func whiten(blocks []vec.Uint8x16, keys *[15][16]byte) {
	k := roundKey(keys, 0).AsUint8x16()
	for i := range blocks {
		blocks[i] = blocks[i].Xor(k)
	}
}

// rounds runs rounds 1..nr over the blocks (asm: direction.rounds and
// emit.Schedule.Rounds). The last nine rounds before the final one are the
// "middle rounds" every key size has; between(i), if not nil, runs after
// middle round i, which is where the stitched GCM loops put one step of
// GHASH.
func (d direction) rounds(blocks []vec.Uint8x16, keys *[15][16]byte, nr int, between func(i int)) {
	for r := 1; r < nr; r++ {
		k := roundKey(keys, r)
		for i := range blocks {
			blocks[i] = d.round(blocks[i], k)
		}
		if i := r - (nr - 9); i >= 0 && between != nil {
			between(i)
		}
	}
	k := roundKey(keys, nr)
	for i := range blocks {
		blocks[i] = d.last(blocks[i], k)
	}
}

// loadBlocks loads len(blocks) consecutive blocks from src. The registers
// of a batch are an array in the caller.
func loadBlocks(blocks []vec.Uint8x16, src []byte) {
	for i := range blocks {
		blocks[i] = vec.LoadUint8x16(src[16*i:])
	}
}

// xorBlocks XORs the consecutive blocks of src into blocks (asm:
// xorBlocks).
func xorBlocks(blocks []vec.Uint8x16, src []byte) {
	for i := range blocks {
		blocks[i] = blocks[i].Xor(vec.LoadUint8x16(src[16*i:]))
	}
}

// storeBlocks stores blocks to consecutive blocks of dst.
func storeBlocks(blocks []vec.Uint8x16, dst []byte) {
	for i, b := range blocks {
		b.Store(dst[16*i:])
	}
}

// The blocks and counter-mode models run their batch of 8 registers as
// two quads, registers 0..3 and 4..7: Go 1.27 keeps an array or a slice of
// vectors (the registers of the steps above) in memory, a load and a store
// per register per step, but a struct of up to four vectors in registers.
// Each step takes and returns all the registers of its group, so the
// compiler saves none around a call. The assembly runs every step on the 8
// registers at once, as these do on the two quads together; the 4-block
// pass is one quad and the one-block pass one register. The grouping
// changes nothing computed: the registers hold the assembly's blocks.

// quad is four registers of blocks, as a struct the compiler keeps in
// registers.
type quad struct{ b0, b1, b2, b3 vec.Uint8x16 }

// roundKeys are round keys 0..nr, stored from the end of b, key i at
// b[i+14-nr], so that at every key size the nine middle rounds' keys are
// b[5:14] and the last round's b[14]: the rounds are written out with each
// key at a fixed offset (asm: emit.Schedule.Rounds, which emits them the
// same way), and only the rounds AES-192 and AES-256 add before the nine,
// b[first:5], run in a loop. Each round loads its key from here, one load
// as the assembly's MOVOU of the round key. The models copy the keys once
// per call into a local.
type roundKeys struct {
	b     [15]vec.Uint32x4
	first int // 15-nr: where round 1's key is
}

// loadRoundKeys sets k to round keys 0..nr of keys.
func loadRoundKeys(k *roundKeys, keys *[15][16]byte, nr int) {
	for i := 0; i <= nr; i++ {
		k.b[14-nr+i] = vec.LoadUint8x16Array(&keys[i]).AsUint32x4()
	}
	k.first = 15 - nr
}

// key0 returns round key 0.
func (k *roundKeys) key0() vec.Uint8x16 { return k.b[k.first-1].AsUint8x16() }

// extra returns the keys of the rounds before the nine middle ones: none
// for AES-128, two for AES-192, four for AES-256.
func (k *roundKeys) extra() []vec.Uint32x4 { return k.b[k.first:5] }

// loadQuad loads four blocks from the first 64 bytes of src (asm:
// loadBlocks).
func loadQuad(src []byte) quad {
	_ = src[63]
	return quad{vec.LoadUint8x16(src[0:]), vec.LoadUint8x16(src[16:]),
		vec.LoadUint8x16(src[32:]), vec.LoadUint8x16(src[48:])}
}

// storeQuad stores the four blocks of q to the first 64 bytes of dst (asm:
// storeBlocks).
func storeQuad(q quad, dst []byte) {
	_ = dst[63]
	q.b0.Store(dst[0:])
	q.b1.Store(dst[16:])
	q.b2.Store(dst[32:])
	q.b3.Store(dst[48:])
}

// xorStoreQuads XORs the first 128 bytes of src into the eight blocks of
// keystream q and p and stores them to dst (asm: xorBlocks, storeBlocks).
func xorStoreQuads(q, p quad, dst, src []byte) {
	_, _ = src[127], dst[127]
	q.b0.Xor(vec.LoadUint8x16(src[0:])).Store(dst[0:])
	q.b1.Xor(vec.LoadUint8x16(src[16:])).Store(dst[16:])
	q.b2.Xor(vec.LoadUint8x16(src[32:])).Store(dst[32:])
	q.b3.Xor(vec.LoadUint8x16(src[48:])).Store(dst[48:])
	p.b0.Xor(vec.LoadUint8x16(src[64:])).Store(dst[64:])
	p.b1.Xor(vec.LoadUint8x16(src[80:])).Store(dst[80:])
	p.b2.Xor(vec.LoadUint8x16(src[96:])).Store(dst[96:])
	p.b3.Xor(vec.LoadUint8x16(src[112:])).Store(dst[112:])
}

// encryptQuad is a round of encryption on the four blocks of q with the key
// at key (AESENC on each).
func encryptQuad(q quad, key *vec.Uint32x4) quad {
	return quad{q.b0.AESEncryptOneRound(*key), q.b1.AESEncryptOneRound(*key), q.b2.AESEncryptOneRound(*key), q.b3.AESEncryptOneRound(*key)}
}

// decryptQuad is encryptQuad with AESDEC.
func decryptQuad(q quad, key *vec.Uint32x4) quad {
	return quad{q.b0.AESDecryptOneRound(*key), q.b1.AESDecryptOneRound(*key), q.b2.AESDecryptOneRound(*key), q.b3.AESDecryptOneRound(*key)}
}

// encryptLastQuad is encryptQuad with AESENCLAST.
func encryptLastQuad(q quad, key *vec.Uint32x4) quad {
	return quad{q.b0.AESEncryptLastRound(*key), q.b1.AESEncryptLastRound(*key), q.b2.AESEncryptLastRound(*key), q.b3.AESEncryptLastRound(*key)}
}

// decryptLastQuad is encryptQuad with AESDECLAST.
func decryptLastQuad(q quad, key *vec.Uint32x4) quad {
	return quad{q.b0.AESDecryptLastRound(*key), q.b1.AESDecryptLastRound(*key), q.b2.AESDecryptLastRound(*key), q.b3.AESDecryptLastRound(*key)}
}

// cipherQuads adds round key 0 to the eight blocks of q and p, then runs
// rounds 1..nr over them, each round on all eight (asm: whiten,
// direction.rounds): the round key loaded once, eight AESENC. The
// direction is tested once, and the nine middle rounds are written out
// (see roundKeys), each on one line: Go marks each inlined call with an
// instruction of the call's own line, and where there is none, with a NOP
// of its own.
func (d direction) cipherQuads(q, p quad, k *roundKeys) (quad, quad) {
	b, extra := &k.b, k.extra()
	k0 := k.key0()
	q = quad{q.b0.Xor(k0), q.b1.Xor(k0), q.b2.Xor(k0), q.b3.Xor(k0)}
	p = quad{p.b0.Xor(k0), p.b1.Xor(k0), p.b2.Xor(k0), p.b3.Xor(k0)}
	if d.decrypt {
		for r := range extra {
			q, p = decryptQuad(q, &extra[r]), decryptQuad(p, &extra[r])
		}
		q, p = quad{q.b0.AESDecryptOneRound(b[5]), q.b1.AESDecryptOneRound(b[5]), q.b2.AESDecryptOneRound(b[5]), q.b3.AESDecryptOneRound(b[5])}, quad{p.b0.AESDecryptOneRound(b[5]), p.b1.AESDecryptOneRound(b[5]), p.b2.AESDecryptOneRound(b[5]), p.b3.AESDecryptOneRound(b[5])}
		q, p = quad{q.b0.AESDecryptOneRound(b[6]), q.b1.AESDecryptOneRound(b[6]), q.b2.AESDecryptOneRound(b[6]), q.b3.AESDecryptOneRound(b[6])}, quad{p.b0.AESDecryptOneRound(b[6]), p.b1.AESDecryptOneRound(b[6]), p.b2.AESDecryptOneRound(b[6]), p.b3.AESDecryptOneRound(b[6])}
		q, p = quad{q.b0.AESDecryptOneRound(b[7]), q.b1.AESDecryptOneRound(b[7]), q.b2.AESDecryptOneRound(b[7]), q.b3.AESDecryptOneRound(b[7])}, quad{p.b0.AESDecryptOneRound(b[7]), p.b1.AESDecryptOneRound(b[7]), p.b2.AESDecryptOneRound(b[7]), p.b3.AESDecryptOneRound(b[7])}
		q, p = quad{q.b0.AESDecryptOneRound(b[8]), q.b1.AESDecryptOneRound(b[8]), q.b2.AESDecryptOneRound(b[8]), q.b3.AESDecryptOneRound(b[8])}, quad{p.b0.AESDecryptOneRound(b[8]), p.b1.AESDecryptOneRound(b[8]), p.b2.AESDecryptOneRound(b[8]), p.b3.AESDecryptOneRound(b[8])}
		q, p = quad{q.b0.AESDecryptOneRound(b[9]), q.b1.AESDecryptOneRound(b[9]), q.b2.AESDecryptOneRound(b[9]), q.b3.AESDecryptOneRound(b[9])}, quad{p.b0.AESDecryptOneRound(b[9]), p.b1.AESDecryptOneRound(b[9]), p.b2.AESDecryptOneRound(b[9]), p.b3.AESDecryptOneRound(b[9])}
		q, p = quad{q.b0.AESDecryptOneRound(b[10]), q.b1.AESDecryptOneRound(b[10]), q.b2.AESDecryptOneRound(b[10]), q.b3.AESDecryptOneRound(b[10])}, quad{p.b0.AESDecryptOneRound(b[10]), p.b1.AESDecryptOneRound(b[10]), p.b2.AESDecryptOneRound(b[10]), p.b3.AESDecryptOneRound(b[10])}
		q, p = quad{q.b0.AESDecryptOneRound(b[11]), q.b1.AESDecryptOneRound(b[11]), q.b2.AESDecryptOneRound(b[11]), q.b3.AESDecryptOneRound(b[11])}, quad{p.b0.AESDecryptOneRound(b[11]), p.b1.AESDecryptOneRound(b[11]), p.b2.AESDecryptOneRound(b[11]), p.b3.AESDecryptOneRound(b[11])}
		q, p = quad{q.b0.AESDecryptOneRound(b[12]), q.b1.AESDecryptOneRound(b[12]), q.b2.AESDecryptOneRound(b[12]), q.b3.AESDecryptOneRound(b[12])}, quad{p.b0.AESDecryptOneRound(b[12]), p.b1.AESDecryptOneRound(b[12]), p.b2.AESDecryptOneRound(b[12]), p.b3.AESDecryptOneRound(b[12])}
		q, p = quad{q.b0.AESDecryptOneRound(b[13]), q.b1.AESDecryptOneRound(b[13]), q.b2.AESDecryptOneRound(b[13]), q.b3.AESDecryptOneRound(b[13])}, quad{p.b0.AESDecryptOneRound(b[13]), p.b1.AESDecryptOneRound(b[13]), p.b2.AESDecryptOneRound(b[13]), p.b3.AESDecryptOneRound(b[13])}
		return decryptLastQuad(q, &b[14]), decryptLastQuad(p, &b[14])
	}
	for r := range extra {
		q, p = encryptQuad(q, &extra[r]), encryptQuad(p, &extra[r])
	}
	q, p = quad{q.b0.AESEncryptOneRound(b[5]), q.b1.AESEncryptOneRound(b[5]), q.b2.AESEncryptOneRound(b[5]), q.b3.AESEncryptOneRound(b[5])}, quad{p.b0.AESEncryptOneRound(b[5]), p.b1.AESEncryptOneRound(b[5]), p.b2.AESEncryptOneRound(b[5]), p.b3.AESEncryptOneRound(b[5])}
	q, p = quad{q.b0.AESEncryptOneRound(b[6]), q.b1.AESEncryptOneRound(b[6]), q.b2.AESEncryptOneRound(b[6]), q.b3.AESEncryptOneRound(b[6])}, quad{p.b0.AESEncryptOneRound(b[6]), p.b1.AESEncryptOneRound(b[6]), p.b2.AESEncryptOneRound(b[6]), p.b3.AESEncryptOneRound(b[6])}
	q, p = quad{q.b0.AESEncryptOneRound(b[7]), q.b1.AESEncryptOneRound(b[7]), q.b2.AESEncryptOneRound(b[7]), q.b3.AESEncryptOneRound(b[7])}, quad{p.b0.AESEncryptOneRound(b[7]), p.b1.AESEncryptOneRound(b[7]), p.b2.AESEncryptOneRound(b[7]), p.b3.AESEncryptOneRound(b[7])}
	q, p = quad{q.b0.AESEncryptOneRound(b[8]), q.b1.AESEncryptOneRound(b[8]), q.b2.AESEncryptOneRound(b[8]), q.b3.AESEncryptOneRound(b[8])}, quad{p.b0.AESEncryptOneRound(b[8]), p.b1.AESEncryptOneRound(b[8]), p.b2.AESEncryptOneRound(b[8]), p.b3.AESEncryptOneRound(b[8])}
	q, p = quad{q.b0.AESEncryptOneRound(b[9]), q.b1.AESEncryptOneRound(b[9]), q.b2.AESEncryptOneRound(b[9]), q.b3.AESEncryptOneRound(b[9])}, quad{p.b0.AESEncryptOneRound(b[9]), p.b1.AESEncryptOneRound(b[9]), p.b2.AESEncryptOneRound(b[9]), p.b3.AESEncryptOneRound(b[9])}
	q, p = quad{q.b0.AESEncryptOneRound(b[10]), q.b1.AESEncryptOneRound(b[10]), q.b2.AESEncryptOneRound(b[10]), q.b3.AESEncryptOneRound(b[10])}, quad{p.b0.AESEncryptOneRound(b[10]), p.b1.AESEncryptOneRound(b[10]), p.b2.AESEncryptOneRound(b[10]), p.b3.AESEncryptOneRound(b[10])}
	q, p = quad{q.b0.AESEncryptOneRound(b[11]), q.b1.AESEncryptOneRound(b[11]), q.b2.AESEncryptOneRound(b[11]), q.b3.AESEncryptOneRound(b[11])}, quad{p.b0.AESEncryptOneRound(b[11]), p.b1.AESEncryptOneRound(b[11]), p.b2.AESEncryptOneRound(b[11]), p.b3.AESEncryptOneRound(b[11])}
	q, p = quad{q.b0.AESEncryptOneRound(b[12]), q.b1.AESEncryptOneRound(b[12]), q.b2.AESEncryptOneRound(b[12]), q.b3.AESEncryptOneRound(b[12])}, quad{p.b0.AESEncryptOneRound(b[12]), p.b1.AESEncryptOneRound(b[12]), p.b2.AESEncryptOneRound(b[12]), p.b3.AESEncryptOneRound(b[12])}
	q, p = quad{q.b0.AESEncryptOneRound(b[13]), q.b1.AESEncryptOneRound(b[13]), q.b2.AESEncryptOneRound(b[13]), q.b3.AESEncryptOneRound(b[13])}, quad{p.b0.AESEncryptOneRound(b[13]), p.b1.AESEncryptOneRound(b[13]), p.b2.AESEncryptOneRound(b[13]), p.b3.AESEncryptOneRound(b[13])}
	return encryptLastQuad(q, &b[14]), encryptLastQuad(p, &b[14])
}

// cipherQuad is cipherQuads on the four blocks of q, its rounds in a loop
// (asm: whiten, direction.rounds): the 4-block passes.
func (d direction) cipherQuad(q quad, k *roundKeys) quad {
	mid := k.b[k.first:14]
	k0 := k.key0()
	q = quad{q.b0.Xor(k0), q.b1.Xor(k0), q.b2.Xor(k0), q.b3.Xor(k0)}
	if d.decrypt {
		for r := range mid {
			q = decryptQuad(q, &mid[r])
		}
		return decryptLastQuad(q, &k.b[14])
	}
	for r := range mid {
		q = encryptQuad(q, &mid[r])
	}
	return encryptLastQuad(q, &k.b[14])
}

// cipherOne is cipherQuad on one block (asm: whiten, direction.rounds):
// the one-block passes.
func (d direction) cipherOne(x vec.Uint8x16, k *roundKeys) vec.Uint8x16 {
	mid := k.b[k.first:14]
	x = x.Xor(k.key0())
	if d.decrypt {
		for r := range mid {
			x = x.AESDecryptOneRound(mid[r])
		}
		return x.AESDecryptLastRound(k.b[14])
	}
	for r := range mid {
		x = x.AESEncryptOneRound(mid[r])
	}
	return x.AESEncryptLastRound(k.b[14])
}
