package vaes256

import (
	"github.com/vaesgo/vaes/tables"
	"github.com/vaesgo/vaes/vec"
)

// This file and the other model_*.go files are the kernels of
// vaes256_amd64.s written in Go with package vec: one vec.Uint8x32 or
// vec.Uint64x4 per YMM register, holding two blocks, one per 128-bit lane,
// and one method call per instruction or short idiom. Each function carries
// the name of the generator function in backends/_asm/vaes256 that emits the
// same step.

// direction is the cipher run forwards or backwards (asm: direction):
// VAESENC and VAESENCLAST, or VAESDEC and VAESDECLAST. chain, if not nil,
// makes it chainedDecryption (see model_cbc.go). A field the kernels test
// rather than functions they call, so that the compiler can put each
// round's instruction in the loop.
type direction struct {
	decrypt bool
	chain   []vec.Uint8x32
}

var (
	encryption = direction{}
	decryption = direction{decrypt: true}
)

// round is one middle round on a register of blocks (VAESENC or VAESDEC).
func (d direction) round(block vec.Uint8x32, key vec.Uint32x8) vec.Uint8x32 {
	if d.decrypt {
		return block.AESDecryptOneRound(key)
	}
	return block.AESEncryptOneRound(key)
}

// last is the last round on register j (VAESENCLAST or VAESDECLAST; for
// chainedDecryption and XTS's tweakedLast the key plus chain[j] first).
func (d direction) last(j int, block vec.Uint8x32, key vec.Uint32x8) vec.Uint8x32 {
	if d.chain != nil {
		key = key.AsUint8x32().Xor(d.chain[j]).AsUint32x8()
	}
	if d.decrypt {
		return block.AESDecryptLastRound(key)
	}
	return block.AESEncryptLastRound(key)
}

// registers is the storage of a pass's registers of blocks, at most 15;
// the kernels keep it in a local and pass its address.
type registers [15]vec.Uint8x32

// roundKey loads round key i into both lanes of one register (asm:
// VBROADCASTI128 into the key register, once per round).
func roundKey(keys *[15][16]byte, i int) vec.Uint32x8 { return broadcastKey(&keys[i]) }

// whiten adds round key 0 to every block (asm: whiten).
func whiten(pairs []vec.Uint8x32, keys *[15][16]byte) {
	k := roundKey(keys, 0).AsUint8x32()
	for i := range pairs {
		pairs[i] = pairs[i].Xor(k)
	}
}

// rounds runs rounds 1..nr over the blocks (asm: direction.rounds and
// emit.Schedule.Rounds). The nine rounds before the last are the "middle
// rounds" every key size has; between(i), if not nil, runs after middle
// round i, which is where the stitched GCM loops put one step of GHASH.
func (d direction) rounds(pairs []vec.Uint8x32, keys *[15][16]byte, nr int, between func(i int)) {
	for r := 1; r < nr; r++ {
		k := roundKey(keys, r)
		for i := range pairs {
			pairs[i] = d.round(pairs[i], k)
		}
		if i := r - (nr - 9); i >= 0 && between != nil {
			between(i)
		}
	}
	k := roundKey(keys, nr)
	for i := range pairs {
		pairs[i] = d.last(i, pairs[i], k)
	}
}

// The batches of the blocks and counter-mode kernels run their registers
// in groups the compiler keeps in registers: Go 1.27 keeps an array or a
// slice of vectors (registers, pairs) in memory, a load and a store per
// register per round, but a struct of up to four vectors in registers. A
// batch of 15 registers runs as registers 0..7, two quads, then registers
// 8..14, a quad and a trio, each group through all of its steps before the
// next: the assembly runs every step on all 15 registers at once, and AVX2
// leaves Go no room for 15 registers of blocks beside the round key and
// the compiler's own. The registers of a batch are independent of each
// other and each keeps the assembly's values and blocks, so the grouping
// changes nothing computed. Eight registers per round key are as many as
// VAESENC's latency (4 cycles, two a cycle) needs to keep both of its
// ports busy.
//
// The steps on a group take and return all of its registers: the compiler
// inlines none of them (its budget counts each vector operation as several
// nodes) and passes vectors in registers, and a group held across the call
// of a step on another would be saved to the stack and loaded back. They
// run the plain directions, encryption and decryption, whose last round
// needs no chain.

// quad is four registers of blocks, as a struct the compiler keeps in
// registers.
type quad struct{ b0, b1, b2, b3 vec.Uint8x32 }

// trio is three registers of blocks: with a quad, registers 8..14 of a
// batch of 15.
type trio struct{ b0, b1, b2 vec.Uint8x32 }

// broadcastKey loads a round key into both lanes of a register (asm:
// VBROADCASTI128).
func broadcastKey(key *[16]byte) vec.Uint32x8 {
	return vec.BroadcastUint8x16ToUint8x32(vec.LoadUint8x16Array(key)).AsUint32x8()
}

// roundKeys are round keys 0..nr, each in both lanes of a register, for
// the groups' rounds (asm: the VBROADCASTI128 from the schedule at each
// round of a batch, a load). archsimd has no 128-bit broadcast: one costs
// a load and two VINSERTI128, which compete with VAESENC for its ports. So
// the blocks and counter-mode models broadcast each key once per call into
// this local, and each round loads its key from there, one load as in the
// assembly.
//
// The keys are stored from the end of b, key i at b[i+14-nr], so that
// at every key size the nine middle rounds' keys are b[5:14] and the last
// round's b[14]: the rounds are written out with each key at a fixed
// offset (asm: emit.Schedule.Rounds, which emits them the same way), and
// only the rounds AES-192 and AES-256 add before the nine, b[first:5],
// run in a loop.
type roundKeys struct {
	b     [15]vec.Uint32x8
	first int // 15-nr: where round 1's key is
}

// loadRoundKeys sets k to round keys 0..nr of keys, broadcast.
func loadRoundKeys(k *roundKeys, keys *[15][16]byte, nr int) {
	for i := 0; i <= nr; i++ {
		k.b[14-nr+i] = broadcastKey(&keys[i])
	}
	k.first = 15 - nr
}

// key0 returns the address of round key 0.
func (k *roundKeys) key0() *vec.Uint32x8 { return &k.b[k.first-1] }

// extra returns the keys of the rounds before the nine middle ones: none
// for AES-128, two for AES-192, four for AES-256.
func (k *roundKeys) extra() []vec.Uint32x8 { return k.b[k.first:5] }

// loadQuad loads four registers of blocks from the first 128 bytes of src
// (asm: loadPairs on whole registers).
func loadQuad(src []byte) quad {
	_ = src[127]
	return quad{vec.LoadUint8x32(src[0:]), vec.LoadUint8x32(src[32:]),
		vec.LoadUint8x32(src[64:]), vec.LoadUint8x32(src[96:])}
}

// loadTrio loads three registers of blocks from the first 96 bytes of src
// (asm: loadPairs on whole registers).
func loadTrio(src []byte) trio {
	_ = src[95]
	return trio{vec.LoadUint8x32(src[0:]), vec.LoadUint8x32(src[32:]), vec.LoadUint8x32(src[64:])}
}

// storeQuad stores the four registers of q to the first 128 bytes of dst
// (asm: storePairs on whole registers).
func storeQuad(q quad, dst []byte) {
	_ = dst[127]
	q.b0.Store(dst[0:])
	q.b1.Store(dst[32:])
	q.b2.Store(dst[64:])
	q.b3.Store(dst[96:])
}

// storeTrio stores the three registers of t to the first 96 bytes of dst
// (asm: storePairs on whole registers).
func storeTrio(t trio, dst []byte) {
	_ = dst[95]
	t.b0.Store(dst[0:])
	t.b1.Store(dst[32:])
	t.b2.Store(dst[64:])
}

// xorStoreQuads XORs the first 256 bytes of src into the eight registers
// of keystream q and p and stores them to dst (asm: xorStore, VPXOR with
// a memory operand and VMOVDQU, register by register).
func xorStoreQuads(q, p quad, dst, src []byte) {
	_, _ = src[255], dst[255]
	q.b0.Xor(vec.LoadUint8x32(src[0:])).Store(dst[0:])
	q.b1.Xor(vec.LoadUint8x32(src[32:])).Store(dst[32:])
	q.b2.Xor(vec.LoadUint8x32(src[64:])).Store(dst[64:])
	q.b3.Xor(vec.LoadUint8x32(src[96:])).Store(dst[96:])
	p.b0.Xor(vec.LoadUint8x32(src[128:])).Store(dst[128:])
	p.b1.Xor(vec.LoadUint8x32(src[160:])).Store(dst[160:])
	p.b2.Xor(vec.LoadUint8x32(src[192:])).Store(dst[192:])
	p.b3.Xor(vec.LoadUint8x32(src[224:])).Store(dst[224:])
}

// xorStoreSeven is xorStoreQuads for the seven registers of q and t, 224
// bytes.
func xorStoreSeven(q quad, t trio, dst, src []byte) {
	_, _ = src[223], dst[223]
	q.b0.Xor(vec.LoadUint8x32(src[0:])).Store(dst[0:])
	q.b1.Xor(vec.LoadUint8x32(src[32:])).Store(dst[32:])
	q.b2.Xor(vec.LoadUint8x32(src[64:])).Store(dst[64:])
	q.b3.Xor(vec.LoadUint8x32(src[96:])).Store(dst[96:])
	t.b0.Xor(vec.LoadUint8x32(src[128:])).Store(dst[128:])
	t.b1.Xor(vec.LoadUint8x32(src[160:])).Store(dst[160:])
	t.b2.Xor(vec.LoadUint8x32(src[192:])).Store(dst[192:])
}

// encryptQuad is a middle round of encryption on the four registers of q
// with the key at key (VAESENC on each). On one line with the key's load:
// Go marks each inlined call with an instruction of the call's own line,
// and where there is none, with a NOP of its own (XCHGL AX, AX).
func encryptQuad(q quad, key *vec.Uint32x8) quad {
	return quad{q.b0.AESEncryptOneRound(*key), q.b1.AESEncryptOneRound(*key), q.b2.AESEncryptOneRound(*key), q.b3.AESEncryptOneRound(*key)}
}

// decryptQuad is encryptQuad with VAESDEC.
func decryptQuad(q quad, key *vec.Uint32x8) quad {
	return quad{q.b0.AESDecryptOneRound(*key), q.b1.AESDecryptOneRound(*key), q.b2.AESDecryptOneRound(*key), q.b3.AESDecryptOneRound(*key)}
}

// encryptLastQuad is encryptQuad with VAESENCLAST.
func encryptLastQuad(q quad, key *vec.Uint32x8) quad {
	return quad{q.b0.AESEncryptLastRound(*key), q.b1.AESEncryptLastRound(*key), q.b2.AESEncryptLastRound(*key), q.b3.AESEncryptLastRound(*key)}
}

// decryptLastQuad is encryptQuad with VAESDECLAST.
func decryptLastQuad(q quad, key *vec.Uint32x8) quad {
	return quad{q.b0.AESDecryptLastRound(*key), q.b1.AESDecryptLastRound(*key), q.b2.AESDecryptLastRound(*key), q.b3.AESDecryptLastRound(*key)}
}

// encryptTrio is encryptQuad on a trio.
func encryptTrio(t trio, key *vec.Uint32x8) trio {
	return trio{t.b0.AESEncryptOneRound(*key), t.b1.AESEncryptOneRound(*key), t.b2.AESEncryptOneRound(*key)}
}

// decryptTrio is decryptQuad on a trio.
func decryptTrio(t trio, key *vec.Uint32x8) trio {
	return trio{t.b0.AESDecryptOneRound(*key), t.b1.AESDecryptOneRound(*key), t.b2.AESDecryptOneRound(*key)}
}

// encryptLastTrio is encryptLastQuad on a trio.
func encryptLastTrio(t trio, key *vec.Uint32x8) trio {
	return trio{t.b0.AESEncryptLastRound(*key), t.b1.AESEncryptLastRound(*key), t.b2.AESEncryptLastRound(*key)}
}

// decryptLastTrio is decryptLastQuad on a trio.
func decryptLastTrio(t trio, key *vec.Uint32x8) trio {
	return trio{t.b0.AESDecryptLastRound(*key), t.b1.AESDecryptLastRound(*key), t.b2.AESDecryptLastRound(*key)}
}

// cipherQuads adds round key 0 to the eight registers of q and p, then
// runs rounds 1..nr over them, each round on all eight (asm: whiten,
// direction.rounds): the round key loaded once, eight VAESENC. The
// direction is tested once, not per register and round, and the rounds are
// written out (see roundKeys): a loop costs its own instructions and the
// keys' address arithmetic beside every eight VAESENC. The whitening is
// here rather than a step of its own, whose call would cost as much as its
// eight VPXOR.
//
// Each middle round is one line, the eight VAESENC and their key's load:
// Go marks each inlined call with an instruction of the call's own line,
// and where there is none, with a NOP of its own (XCHGL AX, AX). With a
// line per quad, or encryptQuad twice on a line, the load serves the first
// four and the second four took four NOPs, and the two calls two more, per
// round: 54 of the function's 150-odd instructions, about 5% of ECB's and
// CTR's time at 16 KiB. The extra rounds and the last one keep
// encryptQuad.
func (d direction) cipherQuads(q, p quad, k *roundKeys) (quad, quad) {
	b, extra := &k.b, k.extra()
	k0 := k.key0().AsUint8x32()
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

// cipherSeven is cipherQuads on the seven registers of q and t (asm:
// whiten, direction.rounds).
func (d direction) cipherSeven(q quad, t trio, k *roundKeys) (quad, trio) {
	b, extra := &k.b, k.extra()
	k0 := k.key0().AsUint8x32()
	q = quad{q.b0.Xor(k0), q.b1.Xor(k0), q.b2.Xor(k0), q.b3.Xor(k0)}
	t = trio{t.b0.Xor(k0), t.b1.Xor(k0), t.b2.Xor(k0)}
	if d.decrypt {
		for r := range extra {
			q, t = decryptQuad(q, &extra[r]), decryptTrio(t, &extra[r])
		}
		q, t = quad{q.b0.AESDecryptOneRound(b[5]), q.b1.AESDecryptOneRound(b[5]), q.b2.AESDecryptOneRound(b[5]), q.b3.AESDecryptOneRound(b[5])}, trio{t.b0.AESDecryptOneRound(b[5]), t.b1.AESDecryptOneRound(b[5]), t.b2.AESDecryptOneRound(b[5])}
		q, t = quad{q.b0.AESDecryptOneRound(b[6]), q.b1.AESDecryptOneRound(b[6]), q.b2.AESDecryptOneRound(b[6]), q.b3.AESDecryptOneRound(b[6])}, trio{t.b0.AESDecryptOneRound(b[6]), t.b1.AESDecryptOneRound(b[6]), t.b2.AESDecryptOneRound(b[6])}
		q, t = quad{q.b0.AESDecryptOneRound(b[7]), q.b1.AESDecryptOneRound(b[7]), q.b2.AESDecryptOneRound(b[7]), q.b3.AESDecryptOneRound(b[7])}, trio{t.b0.AESDecryptOneRound(b[7]), t.b1.AESDecryptOneRound(b[7]), t.b2.AESDecryptOneRound(b[7])}
		q, t = quad{q.b0.AESDecryptOneRound(b[8]), q.b1.AESDecryptOneRound(b[8]), q.b2.AESDecryptOneRound(b[8]), q.b3.AESDecryptOneRound(b[8])}, trio{t.b0.AESDecryptOneRound(b[8]), t.b1.AESDecryptOneRound(b[8]), t.b2.AESDecryptOneRound(b[8])}
		q, t = quad{q.b0.AESDecryptOneRound(b[9]), q.b1.AESDecryptOneRound(b[9]), q.b2.AESDecryptOneRound(b[9]), q.b3.AESDecryptOneRound(b[9])}, trio{t.b0.AESDecryptOneRound(b[9]), t.b1.AESDecryptOneRound(b[9]), t.b2.AESDecryptOneRound(b[9])}
		q, t = quad{q.b0.AESDecryptOneRound(b[10]), q.b1.AESDecryptOneRound(b[10]), q.b2.AESDecryptOneRound(b[10]), q.b3.AESDecryptOneRound(b[10])}, trio{t.b0.AESDecryptOneRound(b[10]), t.b1.AESDecryptOneRound(b[10]), t.b2.AESDecryptOneRound(b[10])}
		q, t = quad{q.b0.AESDecryptOneRound(b[11]), q.b1.AESDecryptOneRound(b[11]), q.b2.AESDecryptOneRound(b[11]), q.b3.AESDecryptOneRound(b[11])}, trio{t.b0.AESDecryptOneRound(b[11]), t.b1.AESDecryptOneRound(b[11]), t.b2.AESDecryptOneRound(b[11])}
		q, t = quad{q.b0.AESDecryptOneRound(b[12]), q.b1.AESDecryptOneRound(b[12]), q.b2.AESDecryptOneRound(b[12]), q.b3.AESDecryptOneRound(b[12])}, trio{t.b0.AESDecryptOneRound(b[12]), t.b1.AESDecryptOneRound(b[12]), t.b2.AESDecryptOneRound(b[12])}
		q, t = quad{q.b0.AESDecryptOneRound(b[13]), q.b1.AESDecryptOneRound(b[13]), q.b2.AESDecryptOneRound(b[13]), q.b3.AESDecryptOneRound(b[13])}, trio{t.b0.AESDecryptOneRound(b[13]), t.b1.AESDecryptOneRound(b[13]), t.b2.AESDecryptOneRound(b[13])}
		return decryptLastQuad(q, &b[14]), decryptLastTrio(t, &b[14])
	}
	for r := range extra {
		q, t = encryptQuad(q, &extra[r]), encryptTrio(t, &extra[r])
	}
	q, t = quad{q.b0.AESEncryptOneRound(b[5]), q.b1.AESEncryptOneRound(b[5]), q.b2.AESEncryptOneRound(b[5]), q.b3.AESEncryptOneRound(b[5])}, trio{t.b0.AESEncryptOneRound(b[5]), t.b1.AESEncryptOneRound(b[5]), t.b2.AESEncryptOneRound(b[5])}
	q, t = quad{q.b0.AESEncryptOneRound(b[6]), q.b1.AESEncryptOneRound(b[6]), q.b2.AESEncryptOneRound(b[6]), q.b3.AESEncryptOneRound(b[6])}, trio{t.b0.AESEncryptOneRound(b[6]), t.b1.AESEncryptOneRound(b[6]), t.b2.AESEncryptOneRound(b[6])}
	q, t = quad{q.b0.AESEncryptOneRound(b[7]), q.b1.AESEncryptOneRound(b[7]), q.b2.AESEncryptOneRound(b[7]), q.b3.AESEncryptOneRound(b[7])}, trio{t.b0.AESEncryptOneRound(b[7]), t.b1.AESEncryptOneRound(b[7]), t.b2.AESEncryptOneRound(b[7])}
	q, t = quad{q.b0.AESEncryptOneRound(b[8]), q.b1.AESEncryptOneRound(b[8]), q.b2.AESEncryptOneRound(b[8]), q.b3.AESEncryptOneRound(b[8])}, trio{t.b0.AESEncryptOneRound(b[8]), t.b1.AESEncryptOneRound(b[8]), t.b2.AESEncryptOneRound(b[8])}
	q, t = quad{q.b0.AESEncryptOneRound(b[9]), q.b1.AESEncryptOneRound(b[9]), q.b2.AESEncryptOneRound(b[9]), q.b3.AESEncryptOneRound(b[9])}, trio{t.b0.AESEncryptOneRound(b[9]), t.b1.AESEncryptOneRound(b[9]), t.b2.AESEncryptOneRound(b[9])}
	q, t = quad{q.b0.AESEncryptOneRound(b[10]), q.b1.AESEncryptOneRound(b[10]), q.b2.AESEncryptOneRound(b[10]), q.b3.AESEncryptOneRound(b[10])}, trio{t.b0.AESEncryptOneRound(b[10]), t.b1.AESEncryptOneRound(b[10]), t.b2.AESEncryptOneRound(b[10])}
	q, t = quad{q.b0.AESEncryptOneRound(b[11]), q.b1.AESEncryptOneRound(b[11]), q.b2.AESEncryptOneRound(b[11]), q.b3.AESEncryptOneRound(b[11])}, trio{t.b0.AESEncryptOneRound(b[11]), t.b1.AESEncryptOneRound(b[11]), t.b2.AESEncryptOneRound(b[11])}
	q, t = quad{q.b0.AESEncryptOneRound(b[12]), q.b1.AESEncryptOneRound(b[12]), q.b2.AESEncryptOneRound(b[12]), q.b3.AESEncryptOneRound(b[12])}, trio{t.b0.AESEncryptOneRound(b[12]), t.b1.AESEncryptOneRound(b[12]), t.b2.AESEncryptOneRound(b[12])}
	q, t = quad{q.b0.AESEncryptOneRound(b[13]), q.b1.AESEncryptOneRound(b[13]), q.b2.AESEncryptOneRound(b[13]), q.b3.AESEncryptOneRound(b[13])}, trio{t.b0.AESEncryptOneRound(b[13]), t.b1.AESEncryptOneRound(b[13]), t.b2.AESEncryptOneRound(b[13])}
	return encryptLastQuad(q, &b[14]), encryptLastTrio(t, &b[14])
}

// cipherQuad is cipherQuads on the four registers of q, its rounds in a
// loop (asm: whiten, direction.rounds): the tails' pass of four registers.
func (d direction) cipherQuad(q quad, k *roundKeys) quad {
	mid := k.b[k.first:14]
	k0 := k.key0().AsUint8x32()
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

// roundsTwo runs rounds 1..nr over two registers, a and b (asm:
// direction.rounds).
func (d direction) roundsTwo(a, b vec.Uint8x32, k *roundKeys) (vec.Uint8x32, vec.Uint8x32) {
	mid := k.b[k.first:14]
	if d.decrypt {
		for r := range mid {
			a, b = a.AESDecryptOneRound(mid[r]), b.AESDecryptOneRound(mid[r])
		}
		return a.AESDecryptLastRound(k.b[14]), b.AESDecryptLastRound(k.b[14])
	}
	for r := range mid {
		a, b = a.AESEncryptOneRound(mid[r]), b.AESEncryptOneRound(mid[r])
	}
	return a.AESEncryptLastRound(k.b[14]), b.AESEncryptLastRound(k.b[14])
}

// roundsOne runs rounds 1..nr over one register (asm: direction.rounds).
func (d direction) roundsOne(x vec.Uint8x32, k *roundKeys) vec.Uint8x32 {
	mid := k.b[k.first:14]
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

// passRounds runs whiten and rounds over the first w registers of r, a
// pass of one of blockWidths, in the groups of a batch (asm:
// whiten, direction.rounds): 15 registers as two quads, then a quad and a
// trio; 8 as two quads; 4 as a quad; 2 and 1 as vectors. The groups are
// loaded from r and stored back, once per pass.
func (d direction) passRounds(r *registers, w int, k *roundKeys) {
	k0 := k.key0().AsUint8x32()
	switch w {
	case 15, 8:
		q, p := d.cipherQuads(quad{r[0], r[1], r[2], r[3]}, quad{r[4], r[5], r[6], r[7]}, k)
		r[0], r[1], r[2], r[3] = q.b0, q.b1, q.b2, q.b3
		r[4], r[5], r[6], r[7] = p.b0, p.b1, p.b2, p.b3
		if w == 15 {
			q, t := d.cipherSeven(quad{r[8], r[9], r[10], r[11]}, trio{r[12], r[13], r[14]}, k)
			r[8], r[9], r[10], r[11] = q.b0, q.b1, q.b2, q.b3
			r[12], r[13], r[14] = t.b0, t.b1, t.b2
		}
	case 4:
		q := d.cipherQuad(quad{r[0], r[1], r[2], r[3]}, k)
		r[0], r[1], r[2], r[3] = q.b0, q.b1, q.b2, q.b3
	case 2:
		r[0], r[1] = d.roundsTwo(r[0].Xor(k0), r[1].Xor(k0), k)
	case 1:
		r[0] = d.roundsOne(r[0].Xor(k0), k)
	default:
		panic("vaes256: no pass of this width")
	}
}

// tailWidth returns the number of registers of the pass that finishes the
// last m blocks: the smallest of widths (largest first) whose registers
// hold m blocks (asm: the CMPQ ladder in front of each tail).
func tailWidth(widths []int, m int) int {
	w := widths[0]
	for _, v := range widths[1:] {
		if 2*v >= m {
			w = v
		}
	}
	return w
}

// loadPairs returns w registers, in r, holding the whole blocks of src,
// two to a register; registers (or high lanes) past the end of src are zero
// (asm: loadPairs, a ladder of 32-byte loads with a 16-byte load for an odd
// last block).
func loadPairs(r *registers, src []byte, w int) []vec.Uint8x32 {
	pairs := r[:w]
	whole := len(src) &^ 15
	for j := range pairs {
		// Register by register, not clear(pairs): memclr's SSE stores
		// are slow while the upper halves of the registers are dirty.
		switch {
		case 32*j+32 <= whole:
			pairs[j] = vec.LoadUint8x32(src[32*j:])
		case 32*j+16 <= whole:
			pairs[j] = vec.Uint8x32{}.SetLo(vec.LoadUint8x16(src[32*j:]))
		default:
			pairs[j] = vec.Uint8x32{}
		}
	}
	return pairs
}

// xorPairs XORs the whole blocks of src into the registers that hold
// their keystream (asm: the VPXOR of xorStorePairs).
func xorPairs(pairs []vec.Uint8x32, src []byte) {
	whole := len(src) &^ 15
	for j := range pairs {
		switch {
		case 32*j+32 <= whole:
			pairs[j] = pairs[j].Xor(vec.LoadUint8x32(src[32*j:]))
		case 32*j+16 <= whole:
			pairs[j] = pairs[j].Xor(vec.Uint8x32{}.SetLo(vec.LoadUint8x16(src[32*j:])))
		}
	}
}

// storePairs stores the registers' blocks to the whole blocks of dst, and
// nothing past them (asm: storePairs and the stores of xorStorePairs).
func storePairs(pairs []vec.Uint8x32, dst []byte) {
	whole := len(dst) &^ 15
	for j := range pairs {
		switch {
		case 32*j+32 <= whole:
			pairs[j].Store(dst[32*j:])
		case 32*j+16 <= whole:
			pairs[j].GetLo().Store(dst[32*j:])
		}
	}
}

// lane returns block i of the registers, lane i%2 of register i/2 (asm:
// a VMOVDQU of the low lane or a VEXTRACTI128 of the high one).
func lane(pairs []vec.Uint8x32, i int) vec.Uint8x16 {
	if i%2 == 0 {
		return pairs[i/2].GetLo()
	}
	return pairs[i/2].GetHi()
}

// byteReverse is tables.ByteReverse in both lanes, the VPSHUFB mask that
// reverses each block.
var byteReverse = vec.BroadcastUint8x16ToUint8x32(vec.LoadUint8x16Array(&tables.ByteReverse)).AsInt8x32()

// reverse reverses the bytes of each block of x (VPSHUFB with byteReverse).
func reverse(x vec.Uint8x32) vec.Uint8x32 { return x.PermuteOrZeroGrouped(byteReverse) }

// reverse128 reverses the bytes of one block (VPSHUFB on a 128-bit
// register, with the low half of byteReverse).
func reverse128(x vec.Uint8x16) vec.Uint8x16 {
	return x.PermuteOrZero(vec.LoadUint8x16Array(&tables.ByteReverse).AsInt8x16())
}
