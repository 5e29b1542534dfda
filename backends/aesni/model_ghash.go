package aesni

import (
	"encoding/binary"
	"math/bits"

	"github.com/vaesgo/vaes/ghash"
	"github.com/vaesgo/vaes/tables"
	"github.com/vaesgo/vaes/vec"
)

// The GHASH key table: slot p-1 holds the key form of H^p, slot 16+p-1
// (ghash.MaxPowers+p-1) its half sum, as ghash.InitTable(t, h, 16) lays
// them out; a batch is 8 blocks, and the bulk loops of Seal and Open hash
// two batches against H^16..H^1 with one reduction (asm: powers, batch,
// midSlot).
const (
	powers  = 16
	batch   = 8
	midSlot = ghash.MaxPowers
)

// key returns the key form of H^p from the table (asm: key).
func key(t *[32][16]byte, p int) vec.Uint64x2 {
	return vec.LoadUint8x16Array(&t[p-1]).AsUint64x2()
}

// keyMid returns the half sum of the key form of H^p (asm: keyMid).
func keyMid(t *[32][16]byte, p int) vec.Uint64x2 {
	return vec.LoadUint8x16Array(&t[midSlot+p-1]).AsUint64x2()
}

// reflectedPoly is tables.ReflectedPoly, 0xC2000000000000000000000000000001.
var reflectedPoly = vec.LoadUint8x16Array(&tables.ReflectedPoly).AsUint64x2()

// swap exchanges the two 64-bit halves of x (PSHUFD $0x4e).
func swap(x vec.Uint64x2) vec.Uint64x2 {
	return x.AsUint32x4().PermuteScalars(2, 3, 0, 1).AsUint64x2()
}

// accumulator is a sum of unreduced products in three parts at bits 0, 64
// and 128 of a 256-bit value, mid in Karatsuba form (asm: accumulator;
// reference: ghash.Karatsuba). The assembly's first product initialises the
// parts instead of adding to zero; the sum is the same.
type accumulator struct {
	lo, mid, hi vec.Uint64x2
}

// mulAccumulate adds x·H to a, with h the key form of H and hMid its half
// sum (asm: mulAccumulate).
func (a *accumulator) mulAccumulate(x, h, hMid vec.Uint64x2) {
	a.lo = a.lo.Xor(x.CarrylessMultiplyEven(h)) // x.lo·h.lo
	m := swap(x).Xor(x)                         // m.lo = x.hi ^ x.lo
	a.hi = a.hi.Xor(x.CarrylessMultiplyOdd(h))  // x.hi·h.hi
	a.mid = a.mid.Xor(m.CarrylessMultiplyEven(hMid))
}

// mulLoHi adds the outer products x.lo·h.lo and x.hi·h.hi of x·H to a
// (asm: mulLoHi); the middle product follows in mulMidPair.
func (a *accumulator) mulLoHi(x, h vec.Uint64x2) {
	a.lo = a.lo.Xor(x.CarrylessMultiplyEven(h))
	a.hi = a.hi.Xor(x.CarrylessMultiplyOdd(h))
}

// mulMidPair adds the Karatsuba middle products of x·H and z·G to a, with
// hMid and gMid the half sums of H and G (asm: mulMidPair): the data's half
// sums come from one XOR of two unpacks (PUNPCKLQDQ, PUNPCKHQDQ).
func (a *accumulator) mulMidPair(x, z, hMid, gMid vec.Uint64x2) {
	m := x.InterleaveLo(z).Xor(x.InterleaveHi(z)) // [x.lo^x.hi, z.lo^z.hi]
	a.mid = a.mid.Xor(m.CarrylessMultiplyEven(hMid))
	a.mid = a.mid.Xor(m.CarrylessMultiplyOddEven(gMid))
}

// halfReverse is the PSHUFB mask that reverses the bytes of each 8-byte
// half (asm: halfReverse).
var halfReverse = func() vec.Int8x16 {
	var b [16]byte
	for i := range b {
		b[i] = byte(i/8*8 + 7 - i%8)
	}
	return vec.LoadUint8x16Array(&b).AsInt8x16()
}()

// mulMidSums is mulMidPair with the data's half sums of x and z, in memory
// byte order, from the scalar halfSums (asm: avxAccumulator.mulMidSums):
// one PSHUFB puts them in register form.
func (a *accumulator) mulMidSums(sums []uint64, hMid, gMid vec.Uint64x2) {
	m := vec.LoadUint64x2(sums).AsUint8x16().PermuteOrZero(halfReverse).AsUint64x2()
	a.mid = a.mid.Xor(m.CarrylessMultiplyEven(hMid))
	a.mid = a.mid.Xor(m.CarrylessMultiplyOddEven(gMid))
}

// reduce returns the field element the sum stands for (asm: reduce;
// reference: ghash.KaratsubaFinish, then ghash.Reduce).
func (a accumulator) reduce() vec.Uint64x2 {
	mid := a.mid.Xor(a.lo).Xor(a.hi) // karatsubaFinish
	return fold(fold(a.lo, mid), a.hi)
}

// fold removes the low 64 bits of x by adding the multiple of the field
// polynomial that cancels them, and adds what is left into y, the part 64
// bits above x (asm: fold; reference: ghash.Fold).
func fold(x, y vec.Uint64x2) vec.Uint64x2 {
	t := x.CarrylessMultiplyEvenOdd(reflectedPoly) // x.lo·(0xC2<<56)
	return y.Xor(t).Xor(swap(x))
}

// loadHash loads a GHASH value into register form (asm: loadHash).
func loadHash(y *[16]byte) vec.Uint64x2 {
	return reverse(vec.LoadUint8x16Array(y)).AsUint64x2()
}

// storeHash stores a GHASH value back in GCM's block form (asm: storeHash).
func storeHash(h vec.Uint64x2, y *[16]byte) {
	reverse(h.AsUint8x16()).StoreArray(y)
}

// loadData loads a data block (the first 16 bytes of b, or all of a
// shorter b zero-padded) into register form.
func loadData(b []byte) vec.Uint64x2 {
	part, _ := vec.LoadUint8x16Part(b)
	return reverse(part).AsUint64x2()
}

// ghashBatch absorbs eight blocks in steps that a stitched loop spreads
// between AES rounds (asm: ghashBatch). Block i is multiplied by
// H^(top-i). A batch with top 8 ends a sum and reduces it; a batch with top
// 16 is the first of a pair, and the batch after it (top 8, carry set)
// continues its unreduced sum, so two batches share one reduction.
type ghashBatch struct {
	table *[32][16]byte
	data  []byte
	y     vec.Uint64x2
	top   int  // the power of H for block 0: 8 or 16
	carry bool // acc holds the first batch of a pair, which took in y
	acc   accumulator
	even  vec.Uint64x2 // block i-1 after an even step i-1, for mulMidPair

	// The AVX kernels take the data's half sums with scalar XORs (scalar
	// set): halves[j] is the XOR of the two 8-byte halves of block j.
	scalar bool
	halves [batch]uint64
	ahead  bool // halves came from aheadHalfSums in the batch before
}

// halfSums XORs the two 8-byte halves of each block with scalar
// instructions, all but the first two blocks of a sum, whose first block
// takes in y (asm: avxBatch.halfSums): that takes the unpacks and the XOR
// of mulMidPair off the vector ports for one PSHUFB in mulMidSums.
func (g *ghashBatch) halfSums() {
	first := 0
	if !g.carry {
		first = 2
	}
	storeHalfSums(g.data, &g.halves, first)
}

// storeHalfSums writes the half sums of blocks first..7 of data to sums
// (asm: storeHalfSums).
func storeHalfSums(data []byte, sums *[batch]uint64, first int) {
	for j := first; j < batch; j++ {
		sums[j] = binary.LittleEndian.Uint64(data[16*j:]) ^ binary.LittleEndian.Uint64(data[16*j+8:])
	}
}

// aheadHalfSums writes the half sums of the batch of data that the next
// batch hashes (asm: aheadHalfSums).
func aheadHalfSums(data []byte, sums *[batch]uint64) { storeHalfSums(data, sums, 0) }

// scalarHalves reports whether the odd step i takes its middle products
// from halfSums.
func (g *ghashBatch) scalarHalves(i int) bool { return g.scalar && (i != 1 || g.carry) }

// step absorbs block i, multiplied by H^(top-i); block 0 of a sum first
// takes in the running hash (asm: ghashBatch.step). Each step adds the
// outer products of its block; an odd step adds the middle products of its
// block and the one before.
func (g *ghashBatch) step(i int) {
	x := reverse(vec.LoadUint8x16(g.data[16*i:])).AsUint64x2() // a whole block: loadData's PSHUFB
	if i == 0 && !g.carry {
		x = x.Xor(g.y)
	}
	p := g.top - i
	if i == 0 && g.scalar && !g.ahead {
		g.halfSums()
	}
	g.acc.mulLoHi(x, key(g.table, p))
	if i%2 == 0 {
		g.even = x
		return
	}
	if g.scalarHalves(i) {
		g.acc.mulMidSums(g.halves[i-1:i+1], keyMid(g.table, p+1), keyMid(g.table, p))
		return
	}
	g.acc.mulMidPair(g.even, x, keyMid(g.table, p+1), keyMid(g.table, p))
}

// startY starts the sum of the pair's second batch entered alone, after
// the pairs, with y·H^8, which the first batch's block 0 would have
// carried into it (asm: ghashBatch.startY).
func (g *ghashBatch) startY() {
	g.acc.mulAccumulate(g.y, key(g.table, batch), keyMid(g.table, batch))
}

// finish reduces the sum into y if this batch ends it (asm:
// ghashBatch.finish).
func (g *ghashBatch) finish() {
	if g.top == batch {
		g.y = g.acc.reduce()
	}
}

// all runs every step and finish (asm: ghashBatch.all).
func (g *ghashBatch) all() {
	for i := 0; i < batch; i++ {
		g.step(i)
	}
	g.finish()
}

// pair returns the batch that continues the sum of g, a batch with top 16,
// over the next 8 blocks at data (asm: ghashBatch.pair).
func (g *ghashBatch) pair(data []byte) ghashBatch {
	return ghashBatch{table: g.table, data: data, top: batch, carry: true, acc: g.acc, scalar: g.scalar, halves: g.halves, ahead: g.ahead}
}

// ghashTail absorbs the last len(data) < 128 bytes: m = ceil(len(data)/16)
// blocks, the last zero-padded, multiplied by H^m down to H^1 and reduced
// once (asm: ghashTail).
func ghashTail(t *[32][16]byte, data []byte, y vec.Uint64x2) vec.Uint64x2 {
	if len(data) == 0 {
		return y
	}
	m := (len(data) + 15) / 16
	var acc accumulator
	for j := 0; j < m; j++ {
		x := loadData(data[16*j:]).Xor(y)
		y = vec.Uint64x2{} // y enters the first block only
		acc.mulAccumulate(x, key(t, m-j), keyMid(t, m-j))
	}
	return acc.reduce()
}

// ghashUpdateModel is ghashUpdate (asm: ghashUpdate).
func ghashUpdateModel(t *[32][16]byte, y *[16]byte, data []byte) {
	h := loadHash(y)
	for len(data) >= 128 {
		g := ghashBatch{table: t, data: data, y: h, top: batch}
		g.all()
		h = g.y
		data = data[128:]
	}
	h = ghashTail(t, data, h)
	storeHash(h, y)
}

// ghashInitModel is ghashInit (asm: ghashInit): H^p = H^(p-q)·H^q with q
// the largest power of 2 below p, so no chain of dependent products is
// longer than H^2, H^4, H^8, H^16.
func ghashInitModel(t *[32][16]byte, h *[16]byte) {
	k := keyForm(loadHash(h))
	storeKey(t, 1, k)
	for p := 2; p <= powers; p++ {
		q := 1 << (bits.Len(uint(p-1)) - 1) // H^p = H^(p-q)·H^q
		var acc accumulator
		acc.mulAccumulate(vec.LoadUint8x16Array(&t[p-q-1]).AsUint64x2(), key(t, q), keyMid(t, q))
		storeKey(t, p, acc.reduce())
	}
}

// keyForm returns h·x^-1, the form in which the key is stored so that the
// reflected product needs no shift (asm: keyForm; reference: ghash.MulX):
// h shifted left by one bit, and ReflectedPoly added if the bit shifted out
// was set.
func keyForm(h vec.Uint64x2) vec.Uint64x2 {
	// All ones if bit 127 is set. The assembly broadcasts that bit's
	// 32-bit lane (PSHUFD) and shifts its sign in (PSRAL); vec has no
	// arithmetic shift, so the model does the same with one scalar.
	mask := vec.BroadcastUint64x2(-(h.GetElem(1) >> 63))
	// The top bit of each half, moved up one half: bit 63 to bit 64.
	carry := h.ShiftAllRight(63).AsUint8x16().ShiftBytesLeft(8).AsUint64x2()
	return h.ShiftAllLeft(1).Xor(carry).Xor(mask.And(reflectedPoly))
}

// storeKey stores the key form k of H^p and its half sum (asm: storeKey).
func storeKey(t *[32][16]byte, p int, k vec.Uint64x2) {
	k.AsUint8x16().StoreArray(&t[p-1])
	mid := swap(k).Xor(k).SetElem(1, 0) // MOVQ keeps the low half
	mid.AsUint8x16().StoreArray(&t[midSlot+p-1])
}
