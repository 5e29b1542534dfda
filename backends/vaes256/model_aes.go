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
// has no room in Go's hands for 15 registers of blocks beside the round key
// and the compiler's own. The registers of a batch are independent of each
// other and each keeps the assembly's values and blocks, so the grouping
// changes nothing computed. Eight registers per round key are as many as
// VAESENC's latency (4 cycles, two a cycle) needs to keep both of its
// ports busy.
//
// The steps on a group take and return all of its registers: the compiler
// inlines none of them (its budget counts each vector operation as several
// nodes) and passes vectors in registers, and a group held across the call
// of a step on another would be saved to the stack and loaded back.

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

// xorStoreQuad XORs the first 128 bytes of src into the four registers of
// keystream q and stores them to dst (asm: xorStore, VPXOR with a memory
// operand and VMOVDQU, register by register).
func xorStoreQuad(q quad, dst, src []byte) {
	_, _ = src[127], dst[127]
	q.b0.Xor(vec.LoadUint8x32(src[0:])).Store(dst[0:])
	q.b1.Xor(vec.LoadUint8x32(src[32:])).Store(dst[32:])
	q.b2.Xor(vec.LoadUint8x32(src[64:])).Store(dst[64:])
	q.b3.Xor(vec.LoadUint8x32(src[96:])).Store(dst[96:])
}

// xorStoreTrio is xorStoreQuad for three registers, 96 bytes.
func xorStoreTrio(t trio, dst, src []byte) {
	_, _ = src[95], dst[95]
	t.b0.Xor(vec.LoadUint8x32(src[0:])).Store(dst[0:])
	t.b1.Xor(vec.LoadUint8x32(src[32:])).Store(dst[32:])
	t.b2.Xor(vec.LoadUint8x32(src[64:])).Store(dst[64:])
}

// whitenQuads adds round key 0 to the eight registers of q and p (asm:
// whiten).
func whitenQuads(q, p quad, keys *[15][16]byte) (quad, quad) {
	k := broadcastKey(&keys[0]).AsUint8x32()
	return quad{q.b0.Xor(k), q.b1.Xor(k), q.b2.Xor(k), q.b3.Xor(k)},
		quad{p.b0.Xor(k), p.b1.Xor(k), p.b2.Xor(k), p.b3.Xor(k)}
}

// whitenSeven adds round key 0 to the seven registers of q and t (asm:
// whiten).
func whitenSeven(q quad, t trio, keys *[15][16]byte) (quad, trio) {
	k := broadcastKey(&keys[0]).AsUint8x32()
	return quad{q.b0.Xor(k), q.b1.Xor(k), q.b2.Xor(k), q.b3.Xor(k)},
		trio{t.b0.Xor(k), t.b1.Xor(k), t.b2.Xor(k)}
}

// whitenQuad adds round key 0 to the four registers of q (asm: whiten).
func whitenQuad(q quad, keys *[15][16]byte) quad {
	k := broadcastKey(&keys[0]).AsUint8x32()
	return quad{q.b0.Xor(k), q.b1.Xor(k), q.b2.Xor(k), q.b3.Xor(k)}
}

// roundsQuads runs rounds 1..nr over the eight registers of q and p,
// registers i..i+7 of their batch (the index matters to d.last's chain),
// each round on all eight (asm: direction.rounds): the round key
// broadcast once, eight VAESENC. The direction is tested once, outside the
// loop of the middle rounds: a test per register per round is a branch
// beside every VAESENC.
func (d direction) roundsQuads(i int, q, p quad, keys *[15][16]byte, nr int) (quad, quad) {
	mid := keys[1:nr]
	if d.decrypt {
		for r := range mid {
			k := broadcastKey(&mid[r])
			q = quad{q.b0.AESDecryptOneRound(k), q.b1.AESDecryptOneRound(k),
				q.b2.AESDecryptOneRound(k), q.b3.AESDecryptOneRound(k)}
			p = quad{p.b0.AESDecryptOneRound(k), p.b1.AESDecryptOneRound(k),
				p.b2.AESDecryptOneRound(k), p.b3.AESDecryptOneRound(k)}
		}
	} else {
		for r := range mid {
			k := broadcastKey(&mid[r])
			q = quad{q.b0.AESEncryptOneRound(k), q.b1.AESEncryptOneRound(k),
				q.b2.AESEncryptOneRound(k), q.b3.AESEncryptOneRound(k)}
			p = quad{p.b0.AESEncryptOneRound(k), p.b1.AESEncryptOneRound(k),
				p.b2.AESEncryptOneRound(k), p.b3.AESEncryptOneRound(k)}
		}
	}
	k := broadcastKey(&keys[nr])
	return quad{d.last(i, q.b0, k), d.last(i+1, q.b1, k), d.last(i+2, q.b2, k), d.last(i+3, q.b3, k)},
		quad{d.last(i+4, p.b0, k), d.last(i+5, p.b1, k), d.last(i+6, p.b2, k), d.last(i+7, p.b3, k)}
}

// roundsSeven is roundsQuads on the seven registers of q and t, registers
// i..i+6 of their batch (asm: direction.rounds).
func (d direction) roundsSeven(i int, q quad, t trio, keys *[15][16]byte, nr int) (quad, trio) {
	mid := keys[1:nr]
	if d.decrypt {
		for r := range mid {
			k := broadcastKey(&mid[r])
			q = quad{q.b0.AESDecryptOneRound(k), q.b1.AESDecryptOneRound(k),
				q.b2.AESDecryptOneRound(k), q.b3.AESDecryptOneRound(k)}
			t = trio{t.b0.AESDecryptOneRound(k), t.b1.AESDecryptOneRound(k), t.b2.AESDecryptOneRound(k)}
		}
	} else {
		for r := range mid {
			k := broadcastKey(&mid[r])
			q = quad{q.b0.AESEncryptOneRound(k), q.b1.AESEncryptOneRound(k),
				q.b2.AESEncryptOneRound(k), q.b3.AESEncryptOneRound(k)}
			t = trio{t.b0.AESEncryptOneRound(k), t.b1.AESEncryptOneRound(k), t.b2.AESEncryptOneRound(k)}
		}
	}
	k := broadcastKey(&keys[nr])
	return quad{d.last(i, q.b0, k), d.last(i+1, q.b1, k), d.last(i+2, q.b2, k), d.last(i+3, q.b3, k)},
		trio{d.last(i+4, t.b0, k), d.last(i+5, t.b1, k), d.last(i+6, t.b2, k)}
}

// roundsQuad is roundsQuads on the four registers of q, registers i..i+3
// of their pass (asm: direction.rounds).
func (d direction) roundsQuad(i int, q quad, keys *[15][16]byte, nr int) quad {
	mid := keys[1:nr]
	if d.decrypt {
		for r := range mid {
			k := broadcastKey(&mid[r])
			q = quad{q.b0.AESDecryptOneRound(k), q.b1.AESDecryptOneRound(k),
				q.b2.AESDecryptOneRound(k), q.b3.AESDecryptOneRound(k)}
		}
	} else {
		for r := range mid {
			k := broadcastKey(&mid[r])
			q = quad{q.b0.AESEncryptOneRound(k), q.b1.AESEncryptOneRound(k),
				q.b2.AESEncryptOneRound(k), q.b3.AESEncryptOneRound(k)}
		}
	}
	k := broadcastKey(&keys[nr])
	return quad{d.last(i, q.b0, k), d.last(i+1, q.b1, k), d.last(i+2, q.b2, k), d.last(i+3, q.b3, k)}
}

// roundsTwo runs rounds 1..nr over registers i and i+1 of their pass, a
// and b (asm: direction.rounds).
func (d direction) roundsTwo(i int, a, b vec.Uint8x32, keys *[15][16]byte, nr int) (vec.Uint8x32, vec.Uint8x32) {
	mid := keys[1:nr]
	if d.decrypt {
		for r := range mid {
			k := broadcastKey(&mid[r])
			a, b = a.AESDecryptOneRound(k), b.AESDecryptOneRound(k)
		}
	} else {
		for r := range mid {
			k := broadcastKey(&mid[r])
			a, b = a.AESEncryptOneRound(k), b.AESEncryptOneRound(k)
		}
	}
	k := broadcastKey(&keys[nr])
	return d.last(i, a, k), d.last(i+1, b, k)
}

// roundsOne runs rounds 1..nr over x, register i of its pass (asm:
// direction.rounds).
func (d direction) roundsOne(i int, x vec.Uint8x32, keys *[15][16]byte, nr int) vec.Uint8x32 {
	mid := keys[1:nr]
	if d.decrypt {
		for r := range mid {
			x = x.AESDecryptOneRound(broadcastKey(&mid[r]))
		}
	} else {
		for r := range mid {
			x = x.AESEncryptOneRound(broadcastKey(&mid[r]))
		}
	}
	return d.last(i, x, broadcastKey(&keys[nr]))
}

// passRounds runs whiten and rounds over the first w registers of r, a
// pass of one of blockWidths or gcmWidths, in the groups of a batch (asm:
// whiten, direction.rounds): 15 registers as two quads, then a quad and
// a trio; 8 as two quads; 4 as a quad; 2 and 1 as vectors. The groups
// are loaded from r and stored back, once per pass.
func (d direction) passRounds(r *registers, w int, keys *[15][16]byte, nr int) {
	switch w {
	case 15, 8:
		q, p := quad{r[0], r[1], r[2], r[3]}, quad{r[4], r[5], r[6], r[7]}
		q, p = whitenQuads(q, p, keys)
		q, p = d.roundsQuads(0, q, p, keys, nr)
		r[0], r[1], r[2], r[3] = q.b0, q.b1, q.b2, q.b3
		r[4], r[5], r[6], r[7] = p.b0, p.b1, p.b2, p.b3
		if w == 15 {
			q, t := quad{r[8], r[9], r[10], r[11]}, trio{r[12], r[13], r[14]}
			q, t = whitenSeven(q, t, keys)
			q, t = d.roundsSeven(8, q, t, keys, nr)
			r[8], r[9], r[10], r[11] = q.b0, q.b1, q.b2, q.b3
			r[12], r[13], r[14] = t.b0, t.b1, t.b2
		}
	case 4:
		q := whitenQuad(quad{r[0], r[1], r[2], r[3]}, keys)
		q = d.roundsQuad(0, q, keys, nr)
		r[0], r[1], r[2], r[3] = q.b0, q.b1, q.b2, q.b3
	case 2:
		k := roundKey(keys, 0).AsUint8x32()
		r[0], r[1] = d.roundsTwo(0, r[0].Xor(k), r[1].Xor(k), keys, nr)
	case 1:
		r[0] = d.roundsOne(0, r[0].Xor(roundKey(keys, 0).AsUint8x32()), keys, nr)
	default:
		whiten(r[:w], keys)
		d.rounds(r[:w], keys, nr, nil)
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
		pairs[j] = vec.Uint8x32{}
		if 32*j < whole {
			pairs[j], _ = vec.LoadUint8x32Part(src[32*j : min(whole, 32*j+32)])
		}
	}
	return pairs
}

// xorPairs XORs the whole blocks of src into the registers that hold
// their keystream (asm: the VPXOR of xorStorePairs).
func xorPairs(pairs []vec.Uint8x32, src []byte) {
	whole := len(src) &^ 15
	for j := range pairs {
		if 32*j < whole {
			part, _ := vec.LoadUint8x32Part(src[32*j : min(whole, 32*j+32)])
			pairs[j] = pairs[j].Xor(part)
		}
	}
}

// storePairs stores the registers' blocks to the whole blocks of dst, and
// nothing past them (asm: storePairs and the stores of xorStorePairs).
func storePairs(pairs []vec.Uint8x32, dst []byte) {
	whole := len(dst) &^ 15
	for j := range pairs {
		if 32*j < whole {
			pairs[j].StorePart(dst[32*j : min(whole, 32*j+32)])
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
