package main

import (
	"math/bits"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
	"github.com/vaesgo/vaes/ghash"
)

// The GHASH key table is ghash.Table in the layout of ghash.InitTable with
// sixteen powers: slot i holds the key form of H^(i+1), slot 16+i
// (ghash.MaxPowers+i) its half sum (high 64 bits XOR low 64 bits) in the
// low 64 bits. A batch is 8 blocks; the bulk loops of seal and open hash
// two batches against H^16..H^1 with one reduction (model: powers, batch,
// midSlot).
const (
	powers  = 16
	batch   = 8
	midSlot = ghash.MaxPowers
)

// tableBias is how far into the table its register points (loadTable):
// the key forms of H^1..H^16 are then at 8-bit displacements, -128 to 112,
// which the loops read twice a block, where H^9..H^16 took 32-bit ones, 3
// bytes more an instruction.
const tableBias = 128

// loadTable loads the table argument, tableBias bytes into the table.
func loadTable() GPVirtual {
	t := emit.LoadGP(Param("table"))
	SUBQ(I8(-tableBias), t)
	return t
}

// key returns the address of the key form of H^p in the table whose
// register is t (loadTable) (model: key).
func key(t GPVirtual, p int) Mem { return Mem{Base: t, Disp: 16*(p-1) - tableBias} }

// keyMid returns the address of the half sum of H^p (model: keyMid).
func keyMid(t GPVirtual, p int) Mem { return Mem{Base: t, Disp: 16*(midSlot+p-1) - tableBias} }

// accumulator is a sum of unreduced products in three parts, lo, mid and hi,
// at bits 0, 64 and 128 of the 256-bit sum (model: accumulator;
// reference: ghash.Karatsuba). mid is in Karatsuba form until reduce.
type accumulator struct {
	lo, mid, hi VecVirtual
}

// add adds the product part v to part; the first product becomes the part.
func (a *accumulator) add(part *VecVirtual, v VecVirtual) {
	if *part == nil {
		*part = v
		return
	}
	PXOR(v, *part)
}

// zero starts a with all parts zero, for sums built in a loop.
func (a *accumulator) zero() {
	a.lo, a.mid, a.hi = XMM(), XMM(), XMM()
	for _, p := range []VecVirtual{a.lo, a.mid, a.hi} {
		PXOR(p, p)
	}
}

// mulAccumulate adds x·H to a, with the key form of H at h and its half
// sum at hMid, as a Karatsuba product: three multiplies, lo, hi and the
// product of the half sums (model: mulAccumulate; reference:
// ghash.Karatsuba). x is overwritten. The four-multiply schoolbook product
// was measured too; see the package doc of backends/aesni.
func (a *accumulator) mulAccumulate(x VecVirtual, h, hMid Mem) {
	t, k, m, km := XMM(), XMM(), XMM(), XMM()
	MOVOU(h, t)
	MOVOU(h, k)               // a second load rather than a register copy of x
	PCLMULQDQ(U8(0x00), x, t) // t = h.lo·x.lo
	a.add(&a.lo, t)
	PSHUFD(U8(0x4e), x, m)    // m = x with its halves swapped
	PXOR(x, m)                // m.lo = x.hi ^ x.lo
	PCLMULQDQ(U8(0x11), k, x) // x = x.hi·h.hi
	a.add(&a.hi, x)
	MOVOU(hMid, km)
	PCLMULQDQ(U8(0x00), km, m) // m = (x.hi^x.lo)·(h.hi^h.lo)
	a.add(&a.mid, m)
}

// mulLoHi adds the outer products x.lo·h.lo and x.hi·h.hi of x·H to a,
// with the key form of H at h, computed in registers loaded with the key
// so that x is not changed (model: mulLoHi). The middle product follows
// in mulMidPair, for two blocks at once.
func (a *accumulator) mulLoHi(x VecVirtual, h Mem) {
	t, u := XMM(), XMM()
	MOVOU(h, t)
	MOVOU(h, u)
	PCLMULQDQ(U8(0x00), x, t) // t = h.lo·x.lo
	a.add(&a.lo, t)
	PCLMULQDQ(U8(0x11), x, u) // u = h.hi·x.hi
	a.add(&a.hi, u)
}

// mulMidPair adds the Karatsuba middle products of two blocks, x·H and
// z·G, to a, with the half sums of H and G at hMid and gMid (model:
// mulMidPair). Both half sums of the data come from one XOR of two
// unpacks, [x.lo, z.lo] ^ [x.hi, z.hi]: three instructions for two blocks
// where each block alone takes a shuffle and an XOR. x and z are
// overwritten.
func (a *accumulator) mulMidPair(x, z VecVirtual, hMid, gMid Mem) {
	t, k, l := XMM(), XMM(), XMM()
	MOVO(x, t)
	PUNPCKLQDQ(z, t) // t = [x.lo, z.lo]
	PUNPCKHQDQ(z, x) // x = [x.hi, z.hi]
	PXOR(t, x)       // x = [x.lo^x.hi, z.lo^z.hi]
	MOVOU(hMid, k)
	PCLMULQDQ(U8(0x00), x, k) // k = (h.hi^h.lo)·(x.hi^x.lo)
	a.add(&a.mid, k)
	MOVOU(gMid, l)
	PCLMULQDQ(U8(0x10), x, l) // l = (g.hi^g.lo)·(z.hi^z.lo)
	a.add(&a.mid, l)
}

// reduce writes the field element the sum stands for into y (model:
// reduce): ghash.KaratsubaFinish, then two folds,
// ghash.Fold(ghash.Fold(lo, mid), hi). a is used up.
func (a *accumulator) reduce(y VecVirtual) {
	Comment("karatsubaFinish: mid ^= lo ^ hi.")
	PXOR(a.lo, a.mid)
	PXOR(a.hi, a.mid)
	Comment("fold(lo, mid), fold(mid, hi).")
	fold(a.lo, a.mid, a.lo)
	fold(a.lo, a.hi, y)
}

// fold removes the low 64 bits of x by adding the multiple of the field
// polynomial that cancels them, and adds what is left to y, the part 64
// bits above x, writing the sum into z (model: fold): z = y ^
// x.lo·0xC2<<56 ^ swap(x). x is overwritten when z is x. Loading the
// polynomial into the product's register, rather than copying x there,
// saves a register move.
func fold(x, y, z VecVirtual) {
	t := XMM()
	MOVOU(emit.ReflectedPoly(), t)
	PCLMULQDQ(U8(0x01), x, t) // t = x.lo·(0xC2<<56)
	PSHUFD(U8(0x4e), x, z)    // z = swap(x)
	PXOR(t, z)
	PXOR(y, z)
}

// loadHash loads the GHASH value at ptr into register form (model:
// loadHash).
func loadHash(ptr GPVirtual) VecVirtual {
	y := XMM()
	MOVOU(Mem{Base: ptr}, y)
	PSHUFB(emit.ByteReverse(), y)
	return y
}

// storeHash stores the GHASH value y back to ptr in GCM's block form
// (model: storeHash).
func storeHash(y VecVirtual, ptr GPVirtual) {
	PSHUFB(emit.ByteReverse(), y)
	MOVOU(y, Mem{Base: ptr})
}

// ghashBatch absorbs eight blocks in steps that a stitched loop can spread
// between AES rounds (model: ghashBatch). Block i is multiplied by
// H^(top-i). A batch with top 8 ends a sum and reduces it; a batch with top
// 16 is the first of a pair, and the batch after it (top 8, carry set)
// continues its unreduced sum in the same three registers, so two batches
// share one reduction.
type ghashBatch struct {
	table GPVirtual
	data  Mem
	y     VecVirtual
	top   int  // the power of H for block 0: 8 or 16
	carry bool // acc holds the first batch of a pair, which took in y
	acc   accumulator
	even  VecVirtual // block i-1 after an even step i-1, for mulMidPair
}

// step absorbs block i, multiplied by H^(top-i); block 0 of a sum first
// takes in the running hash y (model: ghashBatch.step). Each step adds the
// outer products of its block; an odd step adds the middle products of its
// block and the one before.
func (g *ghashBatch) step(i int) {
	Commentf("ghashBatch step %d: block %d times H^%d.", i, i, g.top-i)
	x := XMM()
	MOVOU(g.data.Offset(16*i), x)
	PSHUFB(emit.ByteReverse(), x)
	if i == 0 && !g.carry {
		PXOR(g.y, x)
	}
	p := g.top - i
	g.acc.mulLoHi(x, key(g.table, p))
	if i%2 == 0 {
		g.even = x
		return
	}
	g.acc.mulMidPair(g.even, x, keyMid(g.table, p+1), keyMid(g.table, p))
}

// finish reduces the sum into y if this batch ends it (model:
// ghashBatch.finish).
func (g *ghashBatch) finish() {
	if g.top != batch {
		Comment("ghashBatch: no reduction; the next batch continues the sum.")
		return
	}
	Comment("ghashBatch: reduce.")
	g.acc.reduce(g.y)
}

// all runs every step and finish, for code that has no rounds to stitch
// with (model: ghashBatch.all).
func (g *ghashBatch) all() {
	for i := 0; i < batch; i++ {
		g.step(i)
	}
	g.finish()
}

// pair returns the batch that continues the sum of g, a batch with top 16,
// over the 8 blocks at data (model: ghashBatch.pair).
func (g *ghashBatch) pair(data Mem) *ghashBatch {
	return &ghashBatch{table: g.table, data: data, y: g.y, top: batch, carry: true, acc: g.acc}
}

// ghashTail absorbs the last n < 128 bytes at p into y: m = ceil(n/16)
// blocks, the last zero-padded, multiplied by H^m down to H^1 and reduced
// once (model: ghashTail). p and n are not changed.
func ghashTail(table, p, n GPVirtual, y VecVirtual) {
	done := emit.NewLabel("ghashTailDone")
	Comment("ghashTail: the last n < 128 bytes.")
	TESTQ(n, n)
	JZ(LabelRef(done))

	Comment("Block j of m is multiplied by H^(m-j): start at slot m-1 and walk down.")
	h, q, whole := GP64(), GP64(), GP64()
	MOVQ(n, h)
	ADDQ(U8(15), h)
	SHRQ(U8(4), h)
	SHLQ(U8(4), h)
	ADDQ(table, h)
	SUBQ(U32(16+tableBias), h) // the table's register is tableBias into it
	MOVQ(p, q)
	MOVQ(n, whole)
	SHRQ(U8(4), whole)

	var acc accumulator
	acc.zero()
	absorb := func(x VecVirtual) {
		PSHUFB(emit.ByteReverse(), x)
		PXOR(y, x)
		PXOR(y, y) // y enters the first block only
		acc.mulAccumulate(x, Mem{Base: h}, Mem{Base: h, Disp: 16 * midSlot})
		SUBQ(U8(16), h)
	}

	loop, partial, reduce := emit.NewLabel("ghashTailBlock"), emit.NewLabel("ghashTailPartial"), emit.NewLabel("ghashTailReduce")
	Label(loop)
	TESTQ(whole, whole)
	JZ(LabelRef(partial))
	x := XMM()
	MOVOU(Mem{Base: q}, x)
	absorb(x)
	ADDQ(U8(16), q)
	DECQ(whole)
	JMP(LabelRef(loop))

	Label(partial)
	TESTQ(U32(15), n)
	JZ(LabelRef(reduce))
	absorb(emit.LoadPartial(q, n))

	Label(reduce)
	acc.reduce(y)
	Label(done)
}

// ghashUpdate emits the GHASH kernel (model: ghashUpdateModel; reference:
// ghash.Update).
func ghashUpdate() {
	api.Kernel("ghashUpdate", "func(table *[32][16]byte, y *[16]byte, data []byte)")
	Doc("ghashUpdate absorbs data into the running GHASH value y (GCM's block form)",
		"with the key powers in table: y = (y ^ X)·H for each block X, the last",
		"partial block padded with zeros.")
	table := loadTable()
	yp := emit.LoadGP(Param("y"))
	p := emit.LoadGP(Param("data").Base())
	n := emit.LoadGP(Param("data").Len())

	y := loadHash(yp)
	loop, tail := emit.NewLabel("ghash8"), emit.NewLabel("ghashTail")
	Comment("8 blocks at a time.")
	Label(loop)
	CMPQ(n, U32(128))
	JB(LabelRef(tail))
	g := ghashBatch{table: table, data: Mem{Base: p}, y: y, top: batch}
	g.all()
	advance(128, p)
	SUBQ(U32(128), n)
	JMP(LabelRef(loop))

	Label(tail)
	ghashTail(table, p, n, y)
	storeHash(y, yp)
	RET()
}

// ghashInit emits the key setup (model: ghashInitModel): the key forms of
// H^1..H^16 and their half sums, in the slots of ghash.InitTable(t, h, 16).
// H^p is H^(p-q)·H^q with q the largest power of 2 below p, so the
// longest chain of products that wait on each other is H^2, H^4, H^8,
// H^16: four, where products by H alone would make fifteen.
func ghashInit() {
	api.Kernel("ghashInit", "func(table *[32][16]byte, h *[16]byte)")
	Doc("ghashInit writes the key forms of H^1..H^16 and their half sums into",
		"the 32 slots of table, as ghash.InitTable(table, h, 16) does.",
		"h is E_K(0^128).")
	table := loadTable()
	hp := emit.LoadGP(Param("h"))

	h := loadHash(hp)
	k := keyForm(h)
	storeKey(table, 1, k)
	for p := 2; p <= powers; p++ {
		q := 1 << (bits.Len(uint(p-1)) - 1) // the largest power of 2 below p
		Commentf("H^%d = H^%d·H^%d.", p, p-q, q)
		x := XMM()
		MOVOU(key(table, p-q), x)
		var acc accumulator
		acc.mulAccumulate(x, key(table, q), keyMid(table, q))
		k = XMM()
		acc.reduce(k)
		storeKey(table, p, k)
	}
	RET()
}

// keyForm returns h·x^-1, the form in which the key is stored so that the
// reflected product needs no shift (model: keyForm, ghash.MulX): h shifted
// left by one bit, and if the bit shifted out was set, ReflectedPoly
// added. h is overwritten.
func keyForm(h VecVirtual) VecVirtual {
	Comment("keyForm: h<<1, plus ReflectedPoly if bit 127 of h was set.")
	carry, mask := XMM(), XMM()
	PSHUFD(U8(0xff), h, mask) // every lane = lane 3 of h
	PSRAL(U8(31), mask)       // all ones if bit 127 is set
	PAND(emit.ReflectedPoly(), mask)
	MOVO(h, carry)
	PSRLQ(U8(63), carry) // the top bit of each 64-bit half
	PSLLDQ(U8(8), carry) // the low half's top bit moves to bit 64; bit 127 leaves
	PSLLQ(U8(1), h)
	PXOR(carry, h)
	PXOR(mask, h)
	return h
}

// storeKey stores the key form k of H^p and its half sum into the table
// (model: storeKey). k is not changed. The half sum goes in one 16-byte
// store, so that the load of it that may follow at once is forwarded from
// the store (two 8-byte stores would make it wait for both to complete).
func storeKey(table GPVirtual, p int, k VecVirtual) {
	MOVOU(k, key(table, p))
	m := XMM()
	PSHUFD(U8(0x4e), k, m)
	PXOR(k, m)
	PSLLDQ(U8(8), m)
	PSRLDQ(U8(8), m) // its low 64 bits, the high ones zero
	MOVOU(m, keyMid(table, p))
}
