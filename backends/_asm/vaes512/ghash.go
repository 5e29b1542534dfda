package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
	"github.com/vaesgo/vaes/tables"
)

// powers is the number of key powers in the table: slot i holds the key
// form of H^(32-i), i = 0..31, so four consecutive slots are one register
// of powers (model: powers).
const powers = 32

// keyPowers returns the 64-byte memory operand of slots slot..slot+3 of the
// table at t (model: keyPowers). slot+3 must not pass 31, the last slot of
// the table; the last register of a tail loads its powers with lastPowers
// instead.
func keyPowers(t GPVirtual, slot int) Mem { return Mem{Base: t, Disp: 16 * slot} }

// reflectedPoly is tables.ReflectedPoly in every lane (model:
// reflectedPoly); the folds multiply by its high 64 bits, 0xC2<<56.
func reflectedPoly() Mem { return repeated("reflectedPoly", tables.ReflectedPoly) }

// accumulator is a sum of unreduced products, lane by lane, in three parts
// at bits 0, 64 and 128 (model: accumulator, ghash.Schoolbook), in
// schoolbook form. The two middle products of each multiply go in with one
// VPTERNLOGD; the low and high products are held until the next multiply,
// so that two of each go in with one VPTERNLOGD too. The first products
// initialise the parts.
type accumulator struct {
	lo, mid, hi      VecVirtual
	loHeld, hiHeld   VecVirtual
	held             bool
	midSum, outerSum bool // mid, and lo and hi, hold sums
}

// mulAccumulate adds x·h to a in every lane, with h a register or memory
// operand of key powers (model: mulAccumulate). VPCLMULQDQ's immediate
// picks the 64-bit half of each operand: bit 0 for x, bit 4 for h.
func (a *accumulator) mulAccumulate(x VecVirtual, h Op) {
	lo, m0, m1, hi := like(x), like(x), like(x), like(x)
	VPCLMULQDQ(U8(0x00), h, x, lo) // x.lo·h.lo
	VPCLMULQDQ(U8(0x10), h, x, m0) // x.lo·h.hi
	VPCLMULQDQ(U8(0x01), h, x, m1) // x.hi·h.lo
	VPCLMULQDQ(U8(0x11), h, x, hi) // x.hi·h.hi
	if !a.midSum {
		a.mid, a.midSum = m0, true
		VPXORD(m1, a.mid, a.mid)
	} else {
		xor3(a.mid, m0, m1)
	}
	switch {
	case !a.held:
		a.loHeld, a.hiHeld, a.held = lo, hi, true
		return
	case !a.outerSum:
		a.lo, a.hi, a.outerSum = a.loHeld, a.hiHeld, true
		VPXORD(lo, a.lo, a.lo)
		VPXORD(hi, a.hi, a.hi)
	default:
		xor3(a.lo, a.loHeld, lo)
		xor3(a.hi, a.hiHeld, hi)
	}
	a.held = false
}

// reduce returns, lane by lane, the field element each lane's sum stands
// for (model: reduce): fold(lo, mid), then fold(mid, hi). a is used up.
func (a *accumulator) reduce() VecVirtual {
	a.settle()
	Comment("reduce: fold(lo, mid), fold(mid, hi), lane by lane.")
	fold(a.lo, a.mid)
	fold(a.mid, a.hi)
	return a.hi
}

// settle adds the held low and high products into lo and hi.
func (a *accumulator) settle() {
	if a.held {
		if !a.outerSum {
			a.lo, a.hi = a.loHeld, a.hiHeld
		} else {
			VPXORD(a.loHeld, a.lo, a.lo)
			VPXORD(a.hiHeld, a.hi, a.hi)
		}
		a.held, a.outerSum = false, true
	}
}

// mulAccumulateFolded adds x·h to a in every lane, given also hf, the
// folded powers h·x^-64 (model: mulAccumulateFolded): x.lo·hf and x.hi·h
// both land 64 bits up, so the sum has no low part and needs one fold.
func (a *accumulator) mulAccumulateFolded(x VecVirtual, h, hf Op) {
	m0, m1, h0, h1 := like(x), like(x), like(x), like(x)
	VPCLMULQDQ(U8(0x00), hf, x, m0) // x.lo·hf.lo
	VPCLMULQDQ(U8(0x01), h, x, m1)  // x.hi·h.lo
	VPCLMULQDQ(U8(0x10), hf, x, h0) // x.lo·hf.hi
	VPCLMULQDQ(U8(0x11), h, x, h1)  // x.hi·h.hi
	if !a.midSum {
		a.mid, a.hi, a.midSum = m0, h0, true
		VPXORD(m1, a.mid, a.mid)
		VPXORD(h1, a.hi, a.hi)
		return
	}
	xor3(a.mid, m0, m1)
	xor3(a.hi, h0, h1)
}

// reduceFolded returns, lane by lane, the field element each lane's sum of
// mulAccumulateFolded stands for (model: reduceFolded): fold(mid, hi).
func (a *accumulator) reduceFolded() VecVirtual {
	Comment("reduceFolded: fold(mid, hi), lane by lane.")
	fold(a.mid, a.hi)
	return a.hi
}

// fold removes the low 64 bits of each lane of x by adding the multiple of
// the field polynomial that cancels them, and adds what is left into y
// (model: fold): y ^= x.lo·0xC2<<56 ^ swap(x). x is overwritten.
func fold(x, y VecVirtual) {
	t := like(x)
	VPCLMULQDQ(U8(0x10), reflectedPoly(), x, t) // t = x.lo·(0xC2<<56)
	VPSHUFD(U8(0x4e), x, x)                     // x = swap(x)
	xor3(y, t, x)
}

// horizontal writes the sum of the four lanes of x to y, the rest of y's
// register zero (model: horizontal). x is overwritten.
func horizontal(x, y VecVirtual) {
	if x.Size() == 32 {
		Comment("horizontal: add the two lanes.")
		VEXTRACTI32X4(U8(1), x, y.AsX())
		VPXORQ(x.AsX(), y.AsX(), y.AsX())
		return
	}
	Comment("horizontal: add the four lanes.")
	t := YMM()
	VEXTRACTI64X4(U8(1), x, t)
	VPXORQ(x.AsY(), t, t)
	VEXTRACTI32X4(U8(1), t, y.AsX())
	VPXORQ(t.AsX(), y.AsX(), y.AsX())
}

// loadHash loads the GHASH value at ptr into register form in lane 0 of a
// new register, the other lanes zero (model: loadHash).
func loadHash(ptr GPVirtual) VecVirtual {
	y := ZMM()
	loadHashInto(y, ptr)
	return y
}

// loadHashInto is loadHash into the register y.
func loadHashInto(y VecVirtual, ptr GPVirtual) {
	VMOVDQU64(Mem{Base: ptr}, y.AsX())
	VPSHUFB(byteReverse(), y.AsX(), y.AsX())
}

// storeHash stores lane 0 of y back to ptr in GCM's block form (model:
// storeHash).
func storeHash(y VecVirtual, ptr GPVirtual) {
	VPSHUFB(byteReverse(), y.AsX(), y.AsX())
	VMOVDQU64(y.AsX(), Mem{Base: ptr})
}

// ghashSum absorbs up to eight registers of blocks with one reduction
// (model: ghashSum). keys addresses the powers for register 0; register r
// uses the 64 bytes 64·r further on. If folded, the products use folded
// powers too and the sum needs one fold (mulAccumulateFolded). A width of
// 32 makes the registers YMM, two blocks each (ghashPair); zero means 64.
type ghashSum struct {
	width  int
	keys   Mem
	y      VecVirtual
	acc    accumulator
	folded bool
}

// absorb takes in register r of the data, in GCM's block order (model:
// ghashSum.absorb): reversed to register form, y added to block 0,
// multiplied and accumulated. x is not changed.
func (g *ghashSum) absorb(r int, x VecVirtual) {
	Commentf("ghashSum.absorb: register %d.", r)
	t := like(x)
	VPSHUFB(byteReverse(), x, t)
	if r == 0 {
		VPXORD(fit(g.y, t), t, t)
	}
	h := g.powers(r)
	if g.folded {
		g.acc.mulAccumulateFolded(t, h, foldPowers(h))
		return
	}
	g.acc.mulAccumulate(t, h)
}

// powers loads the powers of register r into a new register: one load for
// the four multiplies (the table need not be 64-byte aligned, and a load
// that crosses a cache line costs two).
func (g *ghashSum) powers(r int) VecVirtual {
	w := g.width
	if w == 0 {
		w = 64
	}
	h := newVec(w)
	VMOVDQU64(g.keys.Offset(w*r), h)
	return h
}

// foldPowers returns h·x^-64 lane by lane, fold(h, 0) (model:
// foldPowers): the low 64 bits of each lane folded into the rest, one
// VPCLMULQDQ, one VPSHUFD and one XOR. It depends on the table alone, so
// it runs while the data is still being encrypted.
func foldPowers(h VecVirtual) VecVirtual {
	Comment("foldPowers: h·x^-64.")
	t, f := like(h), like(h)
	VPCLMULQDQ(U8(0x10), reflectedPoly(), h, t)
	VPSHUFD(U8(0x4e), h, f)
	VPXORD(t, f, f)
	return f
}

// absorbFrom loads register r of the data from mem and absorbs it.
func (g *ghashSum) absorbFrom(r int, mem Mem) {
	x := ZMM()
	VMOVDQU64(mem.Offset(64*r), x)
	g.absorb(r, x)
}

// finish reduces the sum and adds its lanes into y (model:
// ghashSum.finish).
func (g *ghashSum) finish() {
	Comment("ghashSum.finish.")
	if g.folded {
		horizontal(g.acc.reduceFolded(), g.y)
		return
	}
	horizontal(g.acc.reduce(), g.y)
}

// ghashRegs absorbs regs registers of data, 64·regs bytes, into y with one
// reduction, for code that has no rounds to stitch with (model:
// ghashRegs).
func ghashRegs(table GPVirtual, y VecVirtual, data Mem, regs int) {
	g := ghashSum{keys: keyPowers(table, powers-4*regs), y: y}
	for r := range regs {
		g.absorbFrom(r, data)
	}
	g.finish()
}

// tailPowers returns a new register addressing the powers for a tail of
// n bytes, 0 < n <= 256 (model: tailPowers): slot 32-m with
// m = ceil(n/16) blocks, that is table + 512 - 16·m. A tail that takes its
// registers one at a time advances it by each register's bytes, and it
// then addresses the powers of the next: the last register's b blocks
// take the last b slots, H^b..H^1 (lastPowers).
func tailPowers(table, n GPVirtual) GPVirtual {
	p := GP64()
	tailPowersTo(p, table, n)
	return p
}

// tailPowersTo is tailPowers into the register p.
func tailPowersTo(p, table, n GPVirtual) {
	Comment("tailPowers: table + 512 - 16·ceil(n/16).")
	MOVQ(n, p)
	ADDQ(U8(15), p)
	ANDQ(I8(-16), p)
	NEGQ(p)
	LEAQ(Mem{Base: table, Index: p, Scale: 1, Disp: 16 * powers}, p)
}

// lastPowers loads the powers of a tail's last register, 1 <= n <= w bytes
// of data, into a new register of w = 32 or 64 bytes (model: lastPowers):
// the b = ceil(n/16) slots at p, the table's last, in its first b lanes
// and zero in the others, which would lie past the end of the table. It
// loads the w bytes that end with the table, which lie in it, and moves
// them down by w - 16·b bytes with VPERMB, whose zeroing mask clears the
// lanes past the b (the data there is zero too): no load reaches past the
// table, so none needs the masked load's care at a page's end.
func lastPowers(p, n GPVirtual, w int) VecVirtual {
	h := newVec(w)
	lastPowersTo(h, p, n)
	return h
}

// lastPowersTo is lastPowers into the register h.
func lastPowersTo(h VecVirtual, p, n GPVirtual) {
	w := int(h.Size())
	Comment("lastPowers: the table's last w bytes, moved down to the last register's b lanes.")
	b, s := GP64(), GP64()
	MOVQ(n, b)
	ADDQ(U8(15), b)
	ANDQ(I8(-16), b)
	MOVQ(U32(w), s)
	SUBQ(b, s)
	end := GP64()
	LEAQ(Mem{Base: p, Index: b, Scale: 1, Disp: -w}, end)
	VPERMB_Z(Mem{Base: end}, ramp(h, s), byteMask(b), h)
}

// tailSum is the GHASH sum of a tail that takes its data one register at
// a time (model: tailSum): accumulator's three parts in registers of their
// own, zeroed at the start, every product added the same way, its middle
// parts with one VPTERNLOGD and its low and high parts with one VPXORD
// each, so that each pass of a loop leaves them alike; and yx, what the
// next register absorbed adds to its block 0: the running hash until a
// register has taken it, then zero. yx is the hash's own register, which
// finish writes the result to.
type tailSum struct {
	lo, mid, hi, yx VecVirtual
}

// newTailSum returns a sum in new registers of w = 32 or 64 bytes around
// the hash register y; start sets it going.
func newTailSum(w int, y VecVirtual) tailSum {
	return tailSum{lo: newVec(w), mid: newVec(w), hi: newVec(w), yx: y}
}

// start zeroes the parts of s (model: tailSum.start); yx holds the running
// hash.
func (s tailSum) start() {
	Comment("tailSum.start: the parts zero; y goes in with the first register.")
	VPXORD(s.lo, s.lo, s.lo)
	VPXORD(s.mid, s.mid, s.mid)
	VPXORD(s.hi, s.hi, s.hi)
}

// absorb takes in the register x of data in GCM's block order, with h the
// register of its powers (model: tailSum.absorb): reversed to register
// form, yx added and cleared, multiplied and accumulated, each product
// added as it comes. x is not changed.
func (s tailSum) absorb(x VecVirtual, h Op) {
	Comment("tailSum.absorb.")
	t := like(x)
	yx := fit(s.yx, x)
	VPSHUFB(byteReverse(), x, t)
	VPXORD(yx, t, t)
	VPXORD(yx, yx, yx)
	lo, hi, m0, m1 := like(x), like(x), like(x), like(x)
	VPCLMULQDQ(U8(0x00), h, t, lo) // x.lo·h.lo
	VPXORD(lo, s.lo, s.lo)
	VPCLMULQDQ(U8(0x11), h, t, hi) // x.hi·h.hi
	VPXORD(hi, s.hi, s.hi)
	VPCLMULQDQ(U8(0x10), h, t, m0) // x.lo·h.hi
	VPCLMULQDQ(U8(0x01), h, t, m1) // x.hi·h.lo
	xor3(s.mid, m0, m1)
}

// finish reduces s and adds its lanes into y (model: tailSum.finish):
// absorbLast has left no low part, so one fold, then horizontal. s is
// used up.
func (s tailSum) finish() {
	Comment("tailSum.finish: fold(mid, hi), the lanes into y.")
	fold(s.mid, s.hi)
	horizontal(s.hi, s.yx)
}

// foldLow folds the low part of s into its middle (model:
// tailSum.foldLow): reduce's first fold, for a sum whose last register
// went in through absorb, before finish.
func (s tailSum) foldLow() {
	Comment("tailSum.foldLow: fold(lo, mid).")
	fold(s.lo, s.mid)
}

// absorbLast takes in the tail's last register x with its powers h (model:
// tailSum.absorbLast): first reduce's first fold, fold(lo, mid), of the
// registers before it, which are in by then, then x·h in folded form
// (mulAccumulateFolded, with foldPowers(h)), which has no low part. The
// last register's products are the last step before the reduction, so
// this leaves one fold between them and the result where absorb would
// leave two, for one multiply more off that path.
func (s tailSum) absorbLast(x VecVirtual, h VecVirtual) {
	Comment("tailSum.absorbLast.")
	hf := foldPowers(h)
	fold(s.lo, s.mid)
	t := like(x)
	VPSHUFB(byteReverse(), x, t)
	VPXORD(fit(s.yx, x), t, t)
	m0, m1, h0, h1 := like(x), like(x), like(x), like(x)
	VPCLMULQDQ(U8(0x00), hf, t, m0) // x.lo·hf.lo
	VPCLMULQDQ(U8(0x01), h, t, m1)  // x.hi·h.lo
	VPCLMULQDQ(U8(0x10), hf, t, h0) // x.lo·hf.hi
	VPCLMULQDQ(U8(0x11), h, t, h1)  // x.hi·h.hi
	xor3(s.mid, m0, m1)
	xor3(s.hi, h0, h1)
}

// ghashTail absorbs the last n < 256 bytes at p into y (model: ghashTail):
// m = ceil(n/16) blocks, the last zero-padded, one register at a time, the
// last loaded through a mask, multiplied by H^m down to H^1 and reduced
// once.
func ghashTail(table, p, n GPVirtual, y VecVirtual) {
	done := emit.NewLabel("ghashTailDone")
	Comment("ghashTail: the last n < 256 bytes, a register at a time.")
	TESTQ(n, n)
	JZ(LabelRef(done))
	s := newTailSum(64, y)
	s.start()
	keys := tailPowers(table, n)
	loop, last := emit.NewLabel("ghashTail"), emit.NewLabel("ghashTailLast")
	Label(loop)
	CMPQ(n, U8(64))
	JBE(LabelRef(last))
	x, h := ZMM(), ZMM()
	VMOVDQU64(Mem{Base: p}, x)
	VMOVDQU64(Mem{Base: keys}, h)
	s.absorb(x, h)
	advance(64, p, keys)
	SUBQ(U8(64), n)
	JMP(LabelRef(loop))
	Label(last)
	s.absorbLast(loadMasked(Mem{Base: p}, n, byteMask(n)), lastPowers(keys, n, 64))
	s.finish()
	Label(done)
}

// ghashUpdate emits the GHASH kernel (model: ghashUpdateModel; reference:
// ghash.Update).
func ghashUpdate() {
	api.Kernel("ghashUpdate", "func(table *[32][16]byte, y *[16]byte, data []byte)")
	Doc("ghashUpdate absorbs data into the running GHASH value y (GCM's block form)",
		"with the key powers in table: y = (y ^ X)·H for each block X, the last",
		"partial block padded with zeros.")
	table := emit.LoadGP(Param("table"))
	yp := emit.LoadGP(Param("y"))
	loadConsts()
	p := emit.LoadGP(Param("data").Base())
	n := emit.LoadGP(Param("data").Len())

	done := emit.NewLabel("ghashDone")
	long := shortPath(n, done)
	ghashShort(table, yp, loadShort(p, n, byteMask(n)))
	JMP(LabelRef(done))

	Label(long)
	wide := emit.NewLabel("ghashWide")
	CMPQ(n, U8(2*shortBytes))
	JA(LabelRef(wide))
	ghashPair(table, yp, p, n)
	JMP(LabelRef(done))

	Label(wide)
	y := loadHash(yp)
	loop, one, tail := emit.NewLabel("ghash32"), emit.NewLabel("ghash16"), emit.NewLabel("ghashTail")
	Comment("32 blocks at a time.")
	Label(loop)
	CMPQ(n, U32(16*powers))
	JB(LabelRef(one))
	ghashRegs(table, y, Mem{Base: p}, 8)
	advance(16*powers, p)
	SUBQ(U32(16*powers), n)
	JMP(LabelRef(loop))

	Label(one)
	Comment("16 blocks if that many remain.")
	CMPQ(n, U32(16*powers/2))
	JB(LabelRef(tail))
	ghashRegs(table, y, Mem{Base: p}, 4)
	advance(16*powers/2, p)
	SUBQ(U32(16*powers/2), n)

	Label(tail)
	ghashTail(table, p, n, y)
	storeHash(y, yp)
	Label(done)
	VZEROUPPER()
	RET()
}

// ghashPair absorbs the 17..32 bytes at p, two blocks, the second
// zero-padded, into the GHASH value at yp (model: ghashPair): one YMM
// register of data, loaded through a mask, multiplied by [H^2, H^1] with
// folded powers, one fold, and its two lanes added, with no 512-bit
// instruction, as on the one-block path. SealPieces hashes its gathered
// last block and the length block so, in one call; two one-block calls
// wait for each other's hash.
func ghashPair(table, yp, p, n GPVirtual) {
	Comment("ghashPair: 17..32 bytes, two blocks, on a YMM register.")
	y := loadHash(yp)
	x := loadMaskedTo(YMM(), Mem{Base: p}, n, byteMask(n))
	g := ghashSum{width: 32, keys: keyPowers(table, powers-2), y: y, folded: true}
	g.absorb(0, x)
	g.finish()
	storeHash(y, yp)
}

// ghashInit emits the key setup (model: ghashInitModel): the key forms of
// H^32..H^1 in slots 0..31.
func ghashInit() {
	api.Kernel("ghashInit", "func(table *[32][16]byte, h *[16]byte)")
	Doc("ghashInit writes the key forms of H^32, H^31, ..., H^1 into slots 0..31",
		"of table. h is E_K(0^128).")
	table := emit.LoadGP(Param("table"))
	hp := emit.LoadGP(Param("h"))
	loadConsts()

	h := ZMM()
	VBROADCASTI32X4(Mem{Base: hp}, h)
	VPSHUFB(byteReverse(), h, h)
	h1 := keyForm(h)
	Comment("H^2 in every lane.")
	h2 := mulLanes(h1, h1)
	q := ZMM()
	VSHUFI64X2(U8(0x00), h1, h2, q) // [H^2, H^2, H^1, H^1]
	Comment("[H^4, H^4, H^3, H^3].")
	r := mulLanes(q, h2)
	p4 := ZMM()
	VSHUFI64X2(U8(0x88), q, r, p4) // [H^4, H^3, H^2, H^1]
	Comment("H^8..H^5, then H^12..H^9 and H^16..H^13.")
	p8 := mulLanes(p4, laneZero(p4))
	h8 := laneZero(p8)
	p12 := mulLanes(p4, h8)
	p16 := mulLanes(p8, h8)
	h16 := laneZero(p16)
	for i, p := range []VecVirtual{p4, p8, p12, p16} {
		Commentf("Slots %d..%d, and 16 powers higher in slots %d..%d.", powers-4-4*i, powers-1-4*i, powers-20-4*i, powers-17-4*i)
		storePowers(table, powers-4-4*i, p)
		storePowers(table, powers-20-4*i, mulLanes(p, h16))
	}
	VZEROUPPER()
	RET()
}

// laneZero returns a new register holding lane 0 of p in every lane
// (model: shuffle128(p, p, 0, 0, 0, 0)).
func laneZero(p VecVirtual) VecVirtual {
	x := ZMM()
	VSHUFI64X2(U8(0x00), p, p, x)
	return x
}

// mulLanes returns x·h reduced, lane by lane, in a new register of x's
// size (model: mulLanes, and mulShort on XMM registers). x and h are not
// changed.
func mulLanes(x VecVirtual, h Op) VecVirtual {
	var acc accumulator
	acc.mulAccumulate(x, h)
	return acc.reduce()
}

// storePowers stores the four lanes of p to slots slot..slot+3 (model:
// storePowers).
func storePowers(table GPVirtual, slot int, p VecVirtual) {
	VMOVDQU64(p, keyPowers(table, slot))
}

// keyForm returns h·x^-1 in every lane (model: keyForm, ghash.MulX): each
// lane shifted left by one bit, and ReflectedPoly added if the bit shifted
// out was set. h is overwritten.
func keyForm(h VecVirtual) VecVirtual {
	Comment("keyForm: h<<1, plus ReflectedPoly if bit 127 of h was set.")
	carry, mask := ZMM(), ZMM()
	VPSHUFD(U8(0xff), h, mask) // every 32-bit lane = the top one of its block
	VPSRAD(U8(31), mask, mask) // all ones if bit 127 is set
	VPANDQ(reflectedPoly(), mask, mask)
	VPSRLQ(U8(63), h, carry)     // the top bit of each 64-bit half
	VPSLLDQ(U8(8), carry, carry) // the low half's top bit moves to bit 64; bit 127 leaves
	VPSLLQ(U8(1), h, h)
	xor3(h, carry, mask)
	return h
}
