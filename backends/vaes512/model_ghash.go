package vaes512

import (
	"unsafe"

	"github.com/vaesgo/vaes/tables"
	"github.com/vaesgo/vaes/vec"
)

// powers is the number of key powers in the table, H^32..H^1: one
// reduction covers up to 32 blocks, eight registers (asm: powers).
const powers = 32

// keyPowers loads table slots slot..slot+3 as one register (asm: keyPowers,
// the address of a 64-byte memory operand). Slot i holds the key form of
// H^(32-i), so lane j of the register at slot 32-m+4r is the power that
// block 4r+j of an m-block run is multiplied by, H^(m-4r-j). The four slots
// must lie in the table; the last register of a tail loads its powers
// with lastPowers.
func keyPowers(t *[32][16]byte, slot int) vec.Uint64x8 {
	// The four slots as one 64-byte array: they lie in the table, which
	// the bounds check makes sure of (joining four 16-byte loads took
	// eight instructions, and a slice of the table's bytes three bounds
	// checks).
	_ = t[slot+3]
	return vec.LoadUint8x64Array((*[64]byte)(unsafe.Pointer(&t[slot]))).AsUint64x8()
}

// tailPowers returns the slot of the first power of a tail of n bytes,
// 0 < n <= 256: 32-m for its m = ceil(n/16) blocks (asm: tailPowers,
// which returns the slot's address). A tail that takes its registers one
// at a time moves on four slots a register, and its last register's b
// blocks take the last b slots, H^b..H^1 (lastPowers).
func tailPowers(n int) int { return powers - (n+15)/16 }

// lastPowers loads the powers of the last register of a tail, slots
// slot..31 with slot >= 28, in its first 32-slot lanes and zero in the
// lanes past H^1, which would lie past the end of the table (asm:
// lastPowers): keyPowers of slot 28, the table's last 64 bytes, moved
// down by slot-28 lanes (VPERMB) and the lanes past H^1 cleared (the
// assembly's zeroing mask; here an AND). The data in those lanes is zero
// too.
func lastPowers(t *[32][16]byte, slot int) vec.Uint64x8 {
	d := slot - (powers - 4)
	if d == 0 {
		return keyPowers(t, slot)
	}
	x := keyPowers(t, powers-4).AsUint8x64().Permute(laneMoves[d])
	return x.And(keepLanes[4-d]).AsUint64x8()
}

// laneMoves[d] is the VPERMB index register that moves lane d+i to lane i
// (bytes 16d+j, modulo 64), and keepLanes[l] the register of all ones in
// lanes 0..l-1 and zero above, for lastPowers; built once.
var laneMoves, keepLanes = func() (moves, keep [4]vec.Uint8x64) {
	for d := range 4 {
		var b, k [64]byte
		for j := range b {
			b[j] = byte(16*d + j)
			if j < 16*d {
				k[j] = 0xff
			}
		}
		moves[d], keep[d] = vec.LoadUint8x64Array(&b), vec.LoadUint8x64Array(&k)
	}
	return moves, keep
}()

// storePowers stores the four lanes of p to slots slot..slot+3 (asm:
// storePowers).
func storePowers(t *[32][16]byte, slot int, p vec.Uint64x8) {
	var w [64]byte
	p.AsUint8x64().StoreArray(&w)
	for j := range 4 {
		copy(t[slot+j][:], w[16*j:])
	}
}

// reflectedPoly is tables.ReflectedPoly in every lane,
// 0xC2000000000000000000000000000001 (asm: repeated "reflectedPoly", in
// loopConsts).
var reflectedPoly = lanes(tables.ReflectedPoly, tables.ReflectedPoly, tables.ReflectedPoly, tables.ReflectedPoly).AsUint64x8()

// swap exchanges the two 64-bit halves of every lane (VPSHUFD $0x4e).
func swap(x vec.Uint64x8) vec.Uint64x8 {
	return x.AsUint32x16().PermuteScalarsGrouped(2, 3, 0, 1).AsUint64x8()
}

// accumulator is a sum of unreduced products, lane by lane, in three parts
// at bits 0, 64 and 128 of a 256-bit value, schoolbook form (asm:
// accumulator; reference: ghash.Schoolbook). Each product has one low, two
// middle and one high part; the middle ones are added with one three-way
// XOR, and the low and high ones of a product are held until the next
// product comes, so that two of each go in with one three-way XOR too. The
// assembly's first products initialise the parts instead of adding to
// zero; the sum is the same.
//
// An accumulator is a value of three vectors, and the product it holds is
// a second value beside it: Go 1.27 keeps a struct of up to four vectors in
// registers, and the stitched loops carry both through their rounds.
type accumulator struct{ lo, mid, hi vec.Uint64x8 }

// product is the four partial products of x·h, lane by lane (asm:
// mulAccumulate's four VPCLMULQDQ): low, the two middle ones and high.
type product struct{ lo, m0, m1, hi vec.Uint64x8 }

// multiply returns the partial products of x·h (asm: the four VPCLMULQDQ
// of mulAccumulate; the immediate picks each operand's 64-bit half).
func multiply(x, h vec.Uint64x8) product {
	return product{
		x.CarrylessMultiplyEven(h),    // x.lo·h.lo
		x.CarrylessMultiplyEvenOdd(h), // x.lo·h.hi
		x.CarrylessMultiplyOddEven(h), // x.hi·h.lo
		x.CarrylessMultiplyOdd(h),     // x.hi·h.hi
	}
}

// addMiddle adds the middle parts of p to a with one three-way XOR (asm:
// mulAccumulate's VPTERNLOGD, or VPXORD for the first product).
func (a accumulator) addMiddle(p product) accumulator {
	a.mid = xor3(a.mid, p.m0, p.m1)
	return a
}

// addOuter adds the low and high parts of p and of held, the products
// before p, to a, with one three-way XOR each (asm: mulAccumulate's two
// VPTERNLOGD, or VPXORD for the first pair).
func (a accumulator) addOuter(p, held product) accumulator {
	a.lo = xor3(a.lo, held.lo, p.lo)
	a.hi = xor3(a.hi, held.hi, p.hi)
	return a
}

// mulAccumulate adds x·h, register r of a sum, to a in every lane, with h
// a register of key powers, and returns the products to hold (asm:
// mulAccumulate): four VPCLMULQDQ, the middle parts added, and the low
// and high parts held if r is even, else added with the held ones of
// register r-1: every other product three VPTERNLOGD, else one.
// Registers come in order from 0, so held is always the previous one's.
func (a accumulator) mulAccumulate(r int, x, h vec.Uint64x8, held product) (accumulator, product) {
	p := multiply(x, h)
	a = a.addMiddle(p)
	if r&1 == 1 {
		a = a.addOuter(p, held)
	}
	return a, p
}

// reduce returns, lane by lane, the field element each lane's sum stands
// for, given the products held from register r-1, r registers in all (asm:
// reduce; reference: ghash.Reduce): the held parts go in first when r is
// odd.
func (a accumulator) reduce(r int, held product) vec.Uint64x8 {
	if r&1 == 1 {
		a.lo = a.lo.Xor(held.lo)
		a.hi = a.hi.Xor(held.hi)
	}
	// fold(fold(lo, mid), hi), each fold written out: fold costs 103 in
	// Go's inliner, over its budget of 80, so reduce would make two calls.
	mid := xor3(a.mid, foldTerm(a.lo), swap(a.lo))
	return xor3(a.hi, foldTerm(mid), swap(mid))
}

// foldPowers returns h·x^-64 lane by lane, fold(h, 0) (asm: foldPowers):
// the low 64 bits of each lane of powers folded into the rest. It depends
// on the table alone, so the assembly forms it while the data is still
// being encrypted.
func foldPowers(h vec.Uint64x8) vec.Uint64x8 { return fold(h, vec.Uint64x8{}) }

// mulAccumulateFolded adds x·h to a in every lane, given also
// hf = foldPowers(h) (asm: mulAccumulateFolded): x = x.hi·x^64 + x.lo, and
// x.lo·h = x.lo·hf·x^64, so both x.lo·hf and x.hi·h land 64 bits up, in
// mid and hi. The sum has no low part, and reduceFolded needs one fold
// where reduce needs two: one VPCLMULQDQ and one VPTERNLOGD less from the
// last product to the result, for the same four VPCLMULQDQ per register
// and the three of foldPowers, which come off that path.
func (a accumulator) mulAccumulateFolded(x, h, hf vec.Uint64x8) accumulator {
	a.mid = xor3(a.mid, x.CarrylessMultiplyEven(hf), x.CarrylessMultiplyOddEven(h))
	a.hi = xor3(a.hi, x.CarrylessMultiplyEvenOdd(hf), x.CarrylessMultiplyOdd(h))
	return a
}

// reduceFolded returns, lane by lane, the field element each lane's sum of
// mulAccumulateFolded stands for (asm: reduceFolded): fold(mid, hi).
func (a accumulator) reduceFolded() vec.Uint64x8 { return fold(a.mid, a.hi) }

// fold removes the low 64 bits of each lane of x by adding the multiple of
// the field polynomial that cancels them, and adds what is left into y, the
// part 64 bits above x (asm: fold; reference: ghash.Fold): one VPCLMULQDQ,
// one VPSHUFD and one VPTERNLOGD.
func fold(x, y vec.Uint64x8) vec.Uint64x8 { return xor3(y, foldTerm(x), swap(x)) }

// foldTerm is fold's VPCLMULQDQ: x.lo·(0xC2<<56) in every lane, the
// multiple of the field polynomial that cancels the low 64 bits of x.
func foldTerm(x vec.Uint64x8) vec.Uint64x8 { return x.CarrylessMultiplyEvenOdd(reflectedPoly) }

// horizontal returns the sum of the four lanes of x in lane 0, the other
// lanes zero (asm: horizontal: VEXTRACTI64X4 and an XOR, VEXTRACTI32X4 and
// an XOR; the narrow results zero the rest of the register).
func horizontal(x vec.Uint64x8) vec.Uint64x8 { return widen(laneSum(x)) }

// laneSum returns the sum of the four lanes of x (horizontal's
// VEXTRACTI64X4 and VEXTRACTI32X4 and their XORs). Apart from widen so
// that each inlines: horizontal costs 93 in Go's inliner.
func laneSum(x vec.Uint64x8) vec.Uint8x16 {
	half := x.GetLo().Xor(x.GetHi())
	return half.GetLo().Xor(half.GetHi()).AsUint8x16()
}

// widen returns the register holding x in lane 0 and zeros above, which is
// what an instruction writing the XMM part of a register leaves.
func widen(x vec.Uint8x16) vec.Uint64x8 {
	return vec.Uint8x64{}.SetLo(vec.Uint8x32{}.SetLo(x)).AsUint64x8()
}

// loadHash loads a GHASH value into register form, in lane 0 (asm:
// loadHash).
func loadHash(y *[16]byte) vec.Uint64x8 { return widen(reverse16(vec.LoadUint8x16Array(y))) }

// storeHash stores lane 0 of h back in GCM's block form (asm: storeHash).
func storeHash(h vec.Uint64x8, y *[16]byte) {
	reverse16(h.AsUint8x64().GetLo().GetLo()).StoreArray(y)
}

// ghashSum absorbs up to 32 blocks, eight registers of data, with one
// reduction (asm: ghashSum). Register r of an m-block run is multiplied
// lane by lane by the powers at slot first+4r, first = 32-m; the running
// hash y enters block 0. If folded, the products use folded powers and
// the sum needs one fold (mulAccumulateFolded). acc and held are the
// accumulator and the products it holds, n the registers taken in so far;
// if m is not a multiple of four, register last takes lastPowers.
type ghashSum struct {
	table      *[32][16]byte
	first      int
	y          vec.Uint64x8
	acc        accumulator
	held       product
	n          int
	folded     bool
	last       int
	lastPowers vec.Uint64x8
}

// start begins a sum in g, in place (asm: ghashSum): table t, the first
// slot, the running hash y and folded, and a zero accumulator. A literal
// of ghashSum is built by the compiler in a temporary and copied with
// 16-byte moves, whose loads stall on the 64-byte store of y before them;
// field by field, every vector goes in with one 64-byte store.
func (g *ghashSum) start(t *[32][16]byte, first int, y vec.Uint64x8, folded bool) {
	g.table, g.first, g.y, g.folded, g.n, g.last = t, first, y, folded, 0, -1
	g.acc = accumulator{}
}

// lastKeys loads the powers of the last register of a run of m = 32-first
// blocks, if m is not a multiple of four, once for the sum (asm:
// ghashPair's YMM load of the last two slots, whose upper lanes the
// model's 512-bit register has too, here zero). Kept apart from start,
// which must stay small enough to inline: a call that stores t through g
// would make the table escape.
func (g *ghashSum) lastKeys() {
	if m := powers - g.first; m%4 != 0 {
		g.last = m / 4
		g.lastPowers = lastPowers(g.table, g.first+4*g.last)
	}
}

// operand returns register r of the data in register form, reversed, with
// y added to block 0 (asm: ghashSum.absorb's VPSHUFB and VPXORD).
func (g *ghashSum) operand(r int, data vec.Uint8x64) vec.Uint64x8 {
	x := reverse(data).AsUint64x8()
	if r == 0 {
		x = x.Xor(g.y)
	}
	return x
}

// powers returns the key powers of register r (asm: ghashSum.powers):
// keyPowers, or lastPowers for the last register of a run whose block
// count is not a multiple of four.
func (g *ghashSum) powers(r int) vec.Uint64x8 {
	if r == g.last {
		return g.lastPowers
	}
	return keyPowers(g.table, g.first+4*r)
}

// absorb takes in register r of the data, in GCM's block order (asm:
// ghashSum.absorb): reversed to register form, y added to block 0, then
// multiplied and accumulated.
func (g *ghashSum) absorb(r int, data vec.Uint8x64) {
	x, h := g.operand(r, data), g.powers(r)
	if g.folded {
		g.acc = g.acc.mulAccumulateFolded(x, h, foldPowers(h))
	} else {
		g.acc, g.held = g.acc.mulAccumulate(r, x, h, g.held)
	}
	g.n = r + 1
}

// finish reduces the sum and adds its lanes into y (asm: ghashSum.finish).
func (g *ghashSum) finish() {
	if g.folded {
		g.y = horizontal(g.acc.reduceFolded())
		return
	}
	// horizontal, written out (see laneSum): with reduce, finish is two
	// calls (it was five: finish, reduce, fold twice, horizontal).
	g.y = widen(laneSum(g.acc.reduce(g.n, g.held)))
}

// ghashRegs absorbs regs registers of data, 64·regs bytes, into y with one
// reduction, for code that has no rounds to stitch with (asm: ghashRegs).
func ghashRegs(t *[32][16]byte, y vec.Uint64x8, data []byte, regs int) vec.Uint64x8 {
	vec.ZeroUpper() // before the zeroing of g (see sealTail)
	var g ghashSum
	g.start(t, powers-4*regs, y, false)
	for r := range regs {
		g.absorb(r, vec.LoadUint8x64(data[64*r:]))
	}
	g.finish()
	return g.y
}

// ghashTail absorbs the last n = len(data) < 256 bytes: m = ceil(n/16)
// blocks, the last zero-padded, one register at a time, the last loaded
// through a mask, multiplied by H^m down to H^1 and reduced once (asm:
// ghashTail).
func ghashTail(t *[32][16]byte, y vec.Uint64x8, data []byte) vec.Uint64x8 {
	vec.ZeroUpper() // before the zeroing of s (see loadTail)
	n := len(data)
	if n == 0 {
		return y
	}
	var s tailSum
	s.start(y)
	slot := tailPowers(n)
	for n > 64 {
		s.absorb(vec.LoadUint8x64(data), keyPowers(t, slot))
		data, slot, n = data[64:], slot+4, n-64
	}
	s.absorbLast(loadTail(data, n), lastPowers(t, slot))
	return s.finish()
}

// tailSum is the GHASH sum of a tail that takes its data one register at
// a time (asm: tailSum): accumulator's three parts, zeroed at the start,
// every product added alike, so that each pass of a loop leaves them
// alike; and yx, what the next register absorbed adds to its block 0:
// the running hash until a register has taken it, then zero.
type tailSum struct{ lo, mid, hi, yx vec.Uint64x8 }

// start zeroes the parts of s and gives yx the running hash y (asm:
// tailSum.start, where yx is the hash's own register).
func (s *tailSum) start(y vec.Uint64x8) {
	s.lo, s.mid, s.hi, s.yx = vec.Uint64x8{}, vec.Uint64x8{}, vec.Uint64x8{}, y
}

// absorb takes in the register data in GCM's block order, with h its
// powers (asm: tailSum.absorb): reversed to register form, yx added and
// cleared, multiplied, and each product added as it comes.
func (s *tailSum) absorb(data vec.Uint8x64, h vec.Uint64x8) {
	x := reverse(data).AsUint64x8().Xor(s.yx)
	s.yx = vec.Uint64x8{}
	p := multiply(x, h)
	s.lo, s.hi = s.lo.Xor(p.lo), s.hi.Xor(p.hi)
	s.mid = xor3(s.mid, p.m0, p.m1)
}

// absorbPending adds the last batch's ciphertext, the 256 bytes of
// pending, to s, before a tail of n bytes: its registers take the 16
// powers before the tail's, so that one reduction covers both (asm:
// gcmKernel.absorbPending).
func (s *tailSum) absorbPending(t *[32][16]byte, pending []byte, n int) {
	slot := tailPowers(n) - 16
	for r := range 4 {
		s.absorb(vec.LoadUint8x64(pending[64*r:]), keyPowers(t, slot+4*r))
	}
}

// foldLow folds the low part of s into its middle (asm: tailSum.foldLow),
// for a sum whose last register went in through absorb.
func (s *tailSum) foldLow() {
	s.mid, s.lo = fold(s.lo, s.mid), vec.Uint64x8{}
}

// absorbLast takes in the tail's last register, data, with its powers h
// (asm: tailSum.absorbLast): foldLow, then the products in folded form
// (mulAccumulateFolded), which have no low part.
func (s *tailSum) absorbLast(data vec.Uint8x64, h vec.Uint64x8) {
	s.foldLow()
	x := reverse(data).AsUint64x8().Xor(s.yx)
	hf := foldPowers(h)
	s.mid = xor3(s.mid, x.CarrylessMultiplyEven(hf), x.CarrylessMultiplyOddEven(h))
	s.hi = xor3(s.hi, x.CarrylessMultiplyEvenOdd(hf), x.CarrylessMultiplyOdd(h))
}

// finish returns the sum reduced, its lanes added (asm: tailSum.finish):
// with no low part left (absorbLast or foldLow), fold(mid, hi), then
// horizontal.
func (s *tailSum) finish() vec.Uint64x8 { return horizontal(fold(s.mid, s.hi)) }

// ghashPair absorbs n = len(data) bytes, 16 < n <= 32: two blocks, the
// second zero-padded, loaded through a mask, multiplied by H^2 and H^1 with
// folded powers and reduced with one fold (asm: ghashPair, on one YMM
// register, whose two lanes are the first two of the register here).
func ghashPair(t *[32][16]byte, y vec.Uint64x8, data []byte) vec.Uint64x8 {
	vec.ZeroUpper() // before the zeroing of g (see sealTail)
	var g ghashSum
	g.start(t, powers-2, y, true)
	g.lastKeys()
	g.absorb(0, loadTail(data, len(data)))
	g.finish()
	return g.y
}

// ghashUpdateModel is ghashUpdate (asm: ghashUpdate): one block on the
// short path, two on ghashPair's, else 32 blocks per reduction, then 16 if
// that many remain, then the tail.
func ghashUpdateModel(t *[32][16]byte, y *[16]byte, data []byte) {
	defer vec.ZeroUpper()
	if len(data) <= shortBytes {
		if len(data) > 0 {
			ghashUpdateShort(t, y, data)
		}
		return
	}
	if len(data) <= 2*shortBytes {
		storeHash(ghashPair(t, loadHash(y), data), y)
		return
	}
	h := loadHash(y)
	for len(data) >= 16*powers {
		h = ghashRegs(t, h, data, 8)
		data = data[16*powers:]
	}
	if len(data) >= 16*powers/2 {
		h = ghashRegs(t, h, data, 4)
		data = data[16*powers/2:]
	}
	h = ghashTail(t, h, data)
	storeHash(h, y)
}

// ghashInitModel is ghashInit (asm: ghashInit). It computes the key forms
// of H^1, H^2, then [H^4, H^3, H^2, H^1] in one register, and from there
// the other seven registers of powers by multiplying whole registers by
// H^4, H^8 and H^16 in every lane: six multiplies in a row instead of 31.
func ghashInitModel(t *[32][16]byte, h *[16]byte) {
	defer vec.ZeroUpper()
	h1 := keyForm(reverse(vec.BroadcastUint8x16ToUint8x64(vec.LoadUint8x16Array(h))).AsUint64x8())
	h2 := mulLanes(h1, h1)              // H^2 in every lane
	q := shuffle128(h2, h1, 0, 0, 0, 0) // [H^2, H^2, H^1, H^1]
	r := mulLanes(q, h2)                // [H^4, H^4, H^3, H^3]
	p4 := shuffle128(r, q, 0, 2, 0, 2)  // [H^4, H^3, H^2, H^1]
	h4 := shuffle128(p4, p4, 0, 0, 0, 0)
	p8 := mulLanes(p4, h4) // [H^8, ..., H^5]
	h8 := shuffle128(p8, p8, 0, 0, 0, 0)
	p12 := mulLanes(p4, h8) // [H^12, ..., H^9]
	p16 := mulLanes(p8, h8) // [H^16, ..., H^13]
	h16 := shuffle128(p16, p16, 0, 0, 0, 0)
	for i, p := range []vec.Uint64x8{p4, p8, p12, p16} {
		storePowers(t, powers-4-4*i, p)
		storePowers(t, powers-20-4*i, mulLanes(p, h16)) // 16 powers higher
	}
}

// mulLanes returns x·h reduced, lane by lane (asm: mulLanes).
func mulLanes(x, h vec.Uint64x8) vec.Uint64x8 {
	acc, p := accumulator{}.mulAccumulate(0, x, h, product{})
	return acc.reduce(1, p)
}

// shuffle128 returns the register whose lanes are lanes a and b of x and
// lanes c and d of y (VSHUFI64X2).
func shuffle128(x, y vec.Uint64x8, a, b, c, d int) vec.Uint64x8 {
	return setLanes(lane(x, a), lane(x, b), lane(y, c), lane(y, d))
}

// lane returns lane i of x.
func lane(x vec.Uint64x8, i int) vec.Uint64x2 {
	half := x.GetLo()
	if i >= 2 {
		half = x.GetHi()
	}
	if i%2 == 0 {
		return half.GetLo()
	}
	return half.GetHi()
}

// setLanes returns the register with x_i in lane i.
func setLanes(x0, x1, x2, x3 vec.Uint64x2) vec.Uint64x8 {
	var lo, hi vec.Uint64x4
	return vec.Uint64x8{}.SetLo(lo.SetLo(x0).SetHi(x1)).SetHi(hi.SetLo(x2).SetHi(x3))
}

// keyForm returns h·x^-1 in every lane, the form in which the key is stored
// so that the reflected product needs no shift (asm: keyForm; reference:
// ghash.MulX): each lane shifted left by one bit, and ReflectedPoly added
// if the bit shifted out was set.
func keyForm(h vec.Uint64x8) vec.Uint64x8 {
	// All ones if bit 127 is set. The assembly broadcasts that bit's
	// 32-bit lane in every lane (VPSHUFD $0xff) and shifts its sign in
	// (VPSRAD $31); vec has no arithmetic shift, so the model does the
	// same with one scalar, which serves every lane because all four
	// hold the same h.
	mask := vec.BroadcastUint64x8(-(lane(h, 0).GetElem(1) >> 63))
	// The top bit of each half, moved up one half: bit 63 to bit 64.
	carry := h.ShiftAllRight(63).AsUint8x64().ShiftBytesLeftGrouped(8).AsUint64x8()
	return xor3(h.ShiftAllLeft(1), carry, mask.And(reflectedPoly))
}
