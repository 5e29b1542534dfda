package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
	"github.com/mmcloughlin/avo/x86"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

// The GHASH key table (model: powers, midSlot): slot i, i < 16, holds the
// key form of H^(16-i), highest power first, so that a 32-byte load at slot
// s gives the keys of two consecutive blocks; slot 16+i holds the half sum
// of slot i's key in both 64-bit halves. The 32 slots are all used, so no
// load may reach past a pair that starts at slot 14: a register with one
// block takes its key alone (oneKey).
const (
	powers  = 16
	midSlot = 16
)

// key returns the address of the key forms in slots s and s+1 of the table
// at t, a 32-byte memory operand.
func key(t GPVirtual, s int) Mem { return Mem{Base: t, Disp: 16 * s} }

// keyMid returns the address of their half sums.
func keyMid(t GPVirtual, s int) Mem { return Mem{Base: t, Disp: 16 * (midSlot + s)} }

// keyBoth loads the key form in slot s into both lanes of a new register
// (model: keyBoth): a broadcast is a load, no vector ALU instruction.
func keyBoth(t GPVirtual, s int) VecVirtual {
	k := YMM()
	VBROADCASTI128(Mem{Base: t, Disp: 16 * s}, k)
	return k
}

// keyMidBoth loads the half sum of slot s's key into both lanes of into
// (model: keyMidBoth).
func keyMidBoth(t GPVirtual, s int, into VecVirtual) VecVirtual {
	VBROADCASTI128(Mem{Base: t, Disp: 16 * (midSlot + s)}, into)
	return into
}

// oneKey loads the key form at h and its half sum, 16 bytes each, into
// the low lanes of k and kMid and clears their high lanes (model: oneKey,
// oneKeyMid): the keys of a register that holds one block. A pair load
// there would read the slot above H^1, the half sum of H^16, as a key, and
// the slot above H^1's half sum, past the end of the table.
func oneKey(h GPVirtual, k, kMid VecVirtual) {
	emit.ZeroUpper(x86.VMOVDQU(Mem{Base: h}, k.AsX()))
	emit.ZeroUpper(x86.VMOVDQU(Mem{Base: h, Disp: 16 * midSlot}, kMid.AsX()))
}

// pairKeys loads the key forms at h and h+16 and their half sums into k
// and kMid (model: key, keyMid): the keys of a register of two blocks.
func pairKeys(h GPVirtual, k, kMid VecVirtual) {
	VMOVDQU(Mem{Base: h}, k)
	VMOVDQU(Mem{Base: h, Disp: 16 * midSlot}, kMid)
}

// accumulator is, in each lane, a sum of unreduced products in three parts,
// lo, mid and hi, at bits 0, 64 and 128 of the 256-bit sum (model:
// accumulator). mid is in Karatsuba form until reduce.
type accumulator struct {
	lo, mid, hi VecVirtual
}

// add adds the product part v to part; the first product becomes the part.
func (a *accumulator) add(part *VecVirtual, v VecVirtual) {
	if *part == nil {
		*part = v
		return
	}
	VPXOR(v, *part, *part)
}

// mulAccumulate adds x·H to a, lane by lane, with the key forms at h and
// their half sums at hMid, memory or registers (model: mulAccumulate):
// three VPCLMULQDQ for two blocks. x is overwritten.
func (a *accumulator) mulAccumulate(x VecVirtual, h, hMid Op) {
	t, m := YMM(), YMM()
	VPCLMULQDQ(U8(0x00), h, x, t) // t = x.lo·h.lo
	a.add(&a.lo, t)
	VPSHUFD(U8(0x4e), x, m)       // m = x with its halves swapped
	VPXOR(x, m, m)                // m.lo = x.hi ^ x.lo
	VPCLMULQDQ(U8(0x11), h, x, x) // x = x.hi·h.hi
	a.add(&a.hi, x)
	VPCLMULQDQ(U8(0x00), hMid, m, m) // m = (x.hi^x.lo)·(h.hi^h.lo)
	a.add(&a.mid, m)
}

// mulLoHi adds the lo and hi products of x·H to a, lane by lane, with the
// key forms at h (model: mulLoHi): two VPCLMULQDQ for two blocks, the
// first half of mulAccumulate. x is not changed.
func (a *accumulator) mulLoHi(x VecVirtual, h Op) {
	t := YMM()
	VPCLMULQDQ(U8(0x00), h, x, t) // t = x.lo·h.lo
	a.add(&a.lo, t)
	if r, ok := h.(VecVirtual); ok {
		t = r // the key's register takes the second product
	} else {
		t = YMM()
	}
	VPCLMULQDQ(U8(0x11), h, x, t) // t = x.hi·h.hi
	a.add(&a.hi, t)
}

// mulMidPair adds the middle products of x1·H and x2·H to a, the rest of
// mulAccumulate for two registers, with the half sums of x1's keys at
// hMid1 and of x2's at hMid2 (model: halfSumPair, midProductsAt): the unpacks put x1's and
// x2's half sums side by side in each lane with one XOR, where mulAccumulate
// spends a VPSHUFD and a VPXOR on each register. The table holds each half
// sum in both halves of its slot, so x2's, in the high halves, meets its
// key through VPCLMULQDQ $0x11. x1 and x2 are overwritten.
//
// If hMid1 and hMid2 are nil, keys(into, i) loads the half sums of
// register i's keys (0 for x1, 1 for x2) into the register into, which is
// then free, and returns it.
func (a *accumulator) mulMidPair(x1, x2 VecVirtual, hMid1, hMid2 Op, keys func(into VecVirtual, i int) Op) {
	m := YMM()
	VPUNPCKLQDQ(x2, x1, m)  // m = x1.lo : x2.lo in each lane
	VPUNPCKHQDQ(x2, x1, x1) // x1 = x1.hi : x2.hi
	VPXOR(x1, m, m)         // m = x1's half sums : x2's
	if keys != nil {
		hMid1 = keys(x1, 0)
	}
	VPCLMULQDQ(U8(0x00), hMid1, m, x1) // x1's middle product
	a.add(&a.mid, x1)
	if keys != nil {
		hMid2 = keys(x2, 1)
		VPCLMULQDQ(U8(0x11), hMid2, m, x2) // x2's middle product
		a.add(&a.mid, x2)
		return
	}
	VPCLMULQDQ(U8(0x11), hMid2, m, m) // x2's middle product
	a.add(&a.mid, m)
}

// reduce returns, in each lane, the field element that lane's sum stands
// for (model: reduce): ghash.KaratsubaFinish, then two folds. a is used up.
func (a *accumulator) reduce() VecVirtual { return a.reduceInto(a.hi) }

// reduceInto is reduce with the result in dst, which may be a's hi.
//
// The XORs are grouped so that the part that arrives last, usually mid (its
// products pass one more shuffle and XOR than lo's and hi's), meets the
// fewest of them: lo's share of the Karatsuba finish and of the first fold
// is summed on its own (foldLo), mid takes hi and that sum, and the second
// fold adds hi and swap(mid) before the product of mid arrives. Two XORs
// instead of four lie between mid and the second VPCLMULQDQ, one instead of
// two after it; the count is the same.
func (a *accumulator) reduceInto(dst VecVirtual) VecVirtual {
	Comment("karatsubaFinish and fold(lo, mid): mid ^= hi ^ foldLo(lo).")
	foldLo(a.lo)
	VPXOR(a.hi, a.mid, a.mid)
	VPXOR(a.lo, a.mid, a.mid)
	Comment("fold(mid, hi).")
	fold(a.mid, a.hi, dst)
	return dst
}

// foldLo turns the low part x into swap(x) ^ (x.lo·0xC2<<56 ^ x) in each lane
// (model: foldLo): what the Karatsuba finish (mid ^= lo) and the fold of lo
// into mid add to mid, summed without mid.
func foldLo(x VecVirtual) {
	t := YMM()
	VPCLMULQDQ(U8(0x10), emit.ReflectedPoly2(), x, t) // t = x.lo·(0xC2<<56)
	VPXOR(x, t, t)
	VPSHUFD(U8(0x4e), x, x) // x = swap(x)
	VPXOR(t, x, x)
}

// fold removes the low 64 bits of each lane of x by adding the multiple of
// the field polynomial that cancels them, and adds what is left into y, the
// part 64 bits above x, writing the sum to dst (model: fold): dst = (y ^
// swap(x)) ^ x.lo·0xC2<<56, the product last. x and y are overwritten.
func fold(x, y, dst VecVirtual) {
	t := YMM()
	VPCLMULQDQ(U8(0x10), emit.ReflectedPoly2(), x, t) // t = x.lo·(0xC2<<56)
	VPSHUFD(U8(0x4e), x, x)                           // x = swap(x)
	VPXOR(x, y, y)
	VPXOR(t, y, dst)
}

// sumLanes adds the two lanes of x into y, whose upper lane it clears
// (model: sumLanes).
func sumLanes(x, y VecVirtual) {
	t := XMM()
	VEXTRACTI128(U8(1), x, t)
	emit.ZeroUpper(x86.VPXOR(t, x.AsX(), y.AsX()))
}

// loadHash loads the GHASH value at ptr into register form, its upper lane
// clear (model: loadHash).
func loadHash(ptr GPVirtual) VecVirtual {
	y := YMM()
	emit.ZeroUpper(x86.VMOVDQU(Mem{Base: ptr}, y.AsX()))
	emit.ZeroUpper(x86.VPSHUFB(emit.ByteReverse(), y.AsX(), y.AsX()))
	return y
}

// storeHash stores the GHASH value y back to ptr in GCM's block form
// (model: storeHash).
func storeHash(y VecVirtual, ptr GPVirtual) {
	VPSHUFB(emit.ByteReverse(), y.AsX(), y.AsX())
	VMOVDQU(y.AsX(), Mem{Base: ptr})
}

// ghashBatch absorbs gcmBlocks blocks with one reduction, one register of
// two blocks per step, in steps that a stitched loop can spread between AES
// rounds (model: ghashBatch). Steps come in pairs: the even step keeps its
// register for the odd one, which multiplies the half sums of both at once
// (mulMidPair).
//
// A carried batch leaves y in two lanes, not summed, for the next batch,
// which adds it into blocks 0 and 1 (model: ghashBatch.carried). Its
// register j takes the key of block 2j, H^(16-2j), in both lanes
// (keyBoth), so the high lane's sum is H times what it stands for; the
// next batch multiplies it by one power less than the low lane's, which
// makes up for that, and the last batch of a message, not carried, takes
// the usual pairs of keys and sums the lanes. That saves sumLanes, a
// VEXTRACTI128 and a VPXOR, per batch.
type ghashBatch struct {
	table   GPVirtual
	data    Mem
	regs    []VecVirtual // if not nil, the data, in registers, used up
	y       VecVirtual
	carried bool
	acc     accumulator
	pending VecVirtual
}

// step absorbs blocks 2j and 2j+1: they are multiplied by H^(16-2j) and
// H^(15-2j); block 0 first takes in the running hash y (model: the
// steps gcmBatch and ghashBatch.all write out). An even step does the lo and hi products and keeps
// the register; the odd step after it does its own and then the middle
// products of both (mulMidPair).
func (g *ghashBatch) step(j int) {
	s := powers - gcmBlocks + 2*j
	Commentf("ghashBatch step %d: blocks %d, %d times H^%d, H^%d.", j, 2*j, 2*j+1, powers-s, powers-s-1)
	var x VecVirtual
	if g.regs != nil {
		x = g.regs[j]
	} else {
		x = YMM()
		VMOVDQU(g.data.Offset(32*j), x)
	}
	VPSHUFB(emit.ByteReverse2(), x, x)
	if j == 0 {
		VPXOR(g.y, x, x)
	}
	if g.carried {
		g.acc.mulLoHi(x, keyBoth(g.table, s))
	} else {
		g.acc.mulLoHi(x, key(g.table, s))
	}
	if j%2 == 0 {
		g.pending = x
		return
	}
	if g.carried {
		g.acc.mulMidPair(g.pending, x, nil, nil, func(into VecVirtual, i int) Op {
			return keyMidBoth(g.table, s-2+2*i, into)
		})
		return
	}
	g.acc.mulMidPair(g.pending, x, keyMid(g.table, s-2), keyMid(g.table, s), nil)
}

// finish reduces the sum into y: both lanes if the batch is carried, else
// their sum (model: the end of gcmBatch and of ghashBatch.all).
func (g *ghashBatch) finish() {
	if g.carried {
		Comment("ghashBatch.finish: reduce into y, lanes carried.")
		g.acc.reduceInto(g.y)
		return
	}
	Comment("ghashBatch.finish: reduce, sumLanes.")
	sumLanes(g.acc.reduce(), g.y)
}

// all runs every step and finish, for code that has no rounds to stitch
// with (model: ghashBatch.all). Steps 0 and 1, the pair that takes in y,
// come last, so that the chain from the running hash to the next one
// passes through a few XORs of the sums instead of eight steps.
func (g *ghashBatch) all() {
	for j := 2; j < gcmWidth; j++ {
		g.step(j)
	}
	g.step(0)
	g.step(1)
	g.finish()
}

// tailHash is the GHASH of a tail of n < 32·gcmWidth bytes, m =
// ceil(n/16) blocks, the last zero-padded, absorbed one register of two
// blocks at a time into one sum and reduced once (model: tailHash): block
// j of m is multiplied by H^(m-j), so the keys start at slot 16-m, h, and
// walk up two slots a register. The running hash y enters the first
// register's block 0 and is then zeroed. ghashTail absorbs a tail on its
// own; the GCM kernels' gcmTail absorbs each register of the tail as its
// pass makes or reads it.
type tailHash struct {
	table, h GPVirtual
	acc      accumulator
	y        VecVirtual
}

// startTailHash sets up the keys' walk for a tail of n > 0 bytes and
// zeroes the sum (model: startTailHash).
func startTailHash(table, n GPVirtual, y VecVirtual) *tailHash {
	Comment("tailHash: block j of m is multiplied by H^(m-j): start at slot 16-m and walk up.")
	t := &tailHash{table: table, h: GP64(), y: y}
	MOVQ(n, t.h)
	ADDQ(U8(15), t.h)
	ANDQ(I8(-16), t.h)
	NEGQ(t.h)
	LEAQ(Mem{Base: table, Index: t.h, Scale: 1, Disp: 16 * powers}, t.h)
	t.acc = accumulator{lo: YMM(), mid: YMM(), hi: YMM()}
	for _, r := range []VecVirtual{t.acc.lo, t.acc.mid, t.acc.hi} {
		VPXOR(r, r, r)
	}
	return t
}

// absorb adds the register x of two data blocks, in GCM's byte order,
// times the keys k and kMid to the sum, and moves the keys' walk to the
// next register (model: tailHash.absorb). x is overwritten.
func (t *tailHash) absorb(x VecVirtual, k, kMid Op) {
	VPSHUFB(emit.ByteReverse2(), x, x)
	VPXOR(t.y, x, x)
	VPXOR(t.y, t.y, t.y)
	t.acc.mulAccumulate(x, k, kMid)
	ADDQ(U8(32), t.h)
}

// absorbPair absorbs x, a register of two whole blocks (model:
// tailHash.absorb with key and keyMid).
func (t *tailHash) absorbPair(x VecVirtual) {
	t.absorb(x, Mem{Base: t.h}, Mem{Base: t.h, Disp: 16 * midSlot})
}

// loadLast loads the last r < 32 bytes at q, r > 0, zero-padded, into a
// new register x, and the keys of the tail's last register into k and
// kMid: a pair of keys if it holds two blocks, else one key (oneKey)
// (model: the loads of tailHash.absorbLast). q is used up.
func (t *tailHash) loadLast(q, r GPVirtual) (x, k, kMid VecVirtual) {
	low, one, loaded := emit.NewLabel("tailHashLow"), emit.NewLabel("tailHashOne"), emit.NewLabel("tailHashLoaded")
	x, k, kMid = YMM(), YMM(), YMM()
	CMPQ(r, U8(16))
	JB(LabelRef(low))
	JE(LabelRef(one))
	Comment("A whole block and the partial one above it: a pair of keys.")
	hi := YMM()
	emit.ZeroUpper(x86.VMOVDQU(Mem{Base: q}, x.AsX()))
	ADDQ(U8(16), q)
	emit.LoadPartialAVX(hi, q, r)
	VINSERTI128(U8(1), hi.AsX(), x, x)
	pairKeys(t.h, k, kMid)
	JMP(LabelRef(loaded))
	Label(one)
	Comment("One whole block: one key.")
	emit.ZeroUpper(x86.VMOVDQU(Mem{Base: q}, x.AsX()))
	oneKey(t.h, k, kMid)
	JMP(LabelRef(loaded))
	Label(low)
	Comment("The partial block alone: one key.")
	emit.LoadPartialAVX(x, q, r)
	oneKey(t.h, k, kMid)
	Label(loaded)
	return x, k, kMid
}

// absorbLast absorbs the last r < 32 bytes at q, r > 0, zero-padded, as
// the last register (model: tailHash.absorbLast). q is used up.
func (t *tailHash) absorbLast(q, r GPVirtual) {
	x, k, kMid := t.loadLast(q, r)
	t.absorb(x, k, kMid)
}

// finish reduces the sum into y (model: tailHash.finish): the lanes summed,
// but for a tail of one block, whose high lane holds nothing.
func (t *tailHash) finish(n GPVirtual) {
	one, done := emit.NewLabel("tailHashOne"), emit.NewLabel("tailHashDone")
	Comment("tailHash.finish: reduce, sumLanes.")
	sum := t.acc.reduce()
	CMPQ(n, U8(16))
	JBE(LabelRef(one))
	sumLanes(sum, t.y)
	JMP(LabelRef(done))
	Label(one)
	Comment("One block: the high lane holds nothing.")
	emit.ZeroUpper(x86.VMOVDQU(sum.AsX(), t.y.AsX()))
	Label(done)
}

// ghashTail absorbs the last n < 32·gcmWidth bytes at p into y, a
// tailHash one register at a time (model: ghashTail). p and n are not
// changed.
func ghashTail(table, p, n GPVirtual, y VecVirtual) {
	loop, last, fin, done := emit.NewLabel("ghashTailPair"), emit.NewLabel("ghashTailLast"), emit.NewLabel("ghashTailFinish"), emit.NewLabel("ghashTailDone")
	Comment("ghashTail: the last n < 256 bytes.")
	TESTQ(n, n)
	JZ(LabelRef(done))
	t := startTailHash(table, n, y)
	q, r := GP64(), GP64()
	MOVQ(p, q)
	MOVQ(n, r)
	Label(loop)
	CMPQ(r, U8(32))
	JB(LabelRef(last))
	x := YMM()
	VMOVDQU(Mem{Base: q}, x)
	t.absorbPair(x)
	advance(32, q)
	SUBQ(U8(32), r)
	JMP(LabelRef(loop))
	Label(last)
	TESTQ(r, r)
	JZ(LabelRef(fin))
	t.absorbLast(q, r)
	Label(fin)
	t.finish(n)
	Label(done)
}

// ghashUpdate emits the GHASH kernel (model: ghashUpdateModel; reference:
// ghash.Update): at most one block takes ghashShort on XMM registers.
func ghashUpdate() {
	api.Kernel("ghashUpdate", "func(table *[32][16]byte, y *[16]byte, data []byte)")
	Doc("ghashUpdate absorbs data into the running GHASH value y (GCM's block form)",
		"with the key powers in table: y = (y ^ X)·H for each block X, the last",
		"partial block padded with zeros.")
	table := emit.LoadGP(Param("table"))
	yp := emit.LoadGP(Param("y"))
	p := emit.LoadGP(Param("data").Base())
	n := emit.LoadGP(Param("data").Len())

	exit := emit.NewLabel("ghashExit")
	long := shortPath(n, exit)
	ghashShort(table, yp, loadShort(p, n))
	Label(exit)
	RET()

	Label(long)
	y := loadHash(yp)
	loop, tail := emit.NewLabel("ghash16"), emit.NewLabel("ghashTail")
	Commentf("%d blocks at a time.", gcmBlocks)
	Label(loop)
	CMPQ(n, U32(16*gcmBlocks))
	JB(LabelRef(tail))
	g := ghashBatch{table: table, data: Mem{Base: p}, y: y}
	g.all()
	advance(16*gcmBlocks, p)
	SUBQ(U32(16*gcmBlocks), n)
	JMP(LabelRef(loop))

	Label(tail)
	ghashTail(table, p, n, y)
	storeHash(y, yp)
	VZEROUPPER()
	RET()
}

// ghashInit emits the key setup (model: ghashInitModel): the key forms of
// H^16..H^1 and their half sums, in this backend's layout, in rounds of
// independent multiplies.
func ghashInit() {
	api.Kernel("ghashInit", "func(table *[32][16]byte, h *[16]byte)")
	Doc("ghashInit writes the key forms of H^16, ..., H^1 into slots 0..15 of",
		"table and their half sums, in both 64-bit halves, into slots 16..31.",
		"h is E_K(0^128).")
	table := emit.LoadGP(Param("table"))
	hp := emit.LoadGP(Param("h"))

	h := loadHash(hp)
	k := keyForm(h)
	VMOVDQU(k.AsX(), key(table, powers-1))
	k1 := YMM()
	VBROADCASTI128(key(table, powers-1), k1)
	Comment("H^2 = H·H in both lanes.")
	h2 := mulKeys(k1, k1, halfSums(k1))
	first := YMM()
	VINSERTI128(U8(1), k.AsX(), h2, first) // H^2:H^1
	storeKeys(table, powers-2, first)
	pairs := []VecVirtual{first}
	for m, power := h2, 2; ; power *= 2 { // m is H^power in both lanes
		mMid := halfSums(m)
		n := len(pairs)
		for i := 0; i < n; i++ {
			Commentf("H^%d:H^%d = H^%d:H^%d · H^%d.", 2*i+2+power, 2*i+1+power, 2*i+2, 2*i+1, power)
			p := mulKeys(pairs[i], m, mMid)
			storeKeys(table, powers-2-2*(n+i), p)
			pairs = append(pairs, p)
		}
		if len(pairs) == powers/2 {
			break
		}
		m = broadcastLow(pairs[len(pairs)-1])
	}
	VZEROUPPER()
	RET()
}

// mulKeys returns a new register holding x·y lane by lane, both in key
// form, with yMid the half sums of y (model: mulKeys): one product,
// reduced. x and y are not changed.
func mulKeys(x, y, yMid VecVirtual) VecVirtual {
	var acc accumulator
	t := YMM()
	VMOVDQU(x, t)
	acc.mulAccumulate(t, y, yMid)
	return acc.reduce()
}

// broadcastLow returns a new register with x's low lane in both lanes
// (model: broadcastLow).
func broadcastLow(x VecVirtual) VecVirtual {
	b := YMM()
	VPERM2I128(U8(0x00), x, x, b)
	return b
}

// halfSums returns a new register with each lane's high 64 bits XOR its low
// 64 bits in both halves of the lane (model: halfSums).
func halfSums(k VecVirtual) VecVirtual {
	m := YMM()
	VPSHUFD(U8(0x4e), k, m)
	VPXOR(k, m, m)
	return m
}

// storeKeys stores the pair of key forms p in slots s and s+1 of the table
// and their half sums in slots 16+s and 16+s+1 (model: storeKeys). p is not
// changed.
func storeKeys(table GPVirtual, s int, p VecVirtual) {
	VMOVDQU(p, key(table, s))
	VMOVDQU(halfSums(p), keyMid(table, s))
}

// keyForm returns h·x^-1, the form in which the key is stored so that the
// reflected product needs no shift (model: keyForm, ghash.MulX): h shifted
// left by one bit, and if the bit shifted out was set, ReflectedPoly
// added. h, a 128-bit value, is overwritten.
func keyForm(h VecVirtual) VecVirtual {
	Comment("keyForm: h<<1, plus ReflectedPoly if bit 127 of h was set.")
	carry, mask := XMM(), XMM()
	x := h.AsX()
	VPSHUFD(U8(0xff), x, mask) // every lane = lane 3 of h
	VPSRAD(U8(31), mask, mask) // all ones if bit 127 is set
	VPAND(emit.ReflectedPoly(), mask, mask)
	VPSRLQ(U8(63), x, carry)     // the top bit of each 64-bit half
	VPSLLDQ(U8(8), carry, carry) // the low half's top bit moves to bit 64; bit 127 leaves
	VPSLLQ(U8(1), x, x)
	VPXOR(carry, x, x)
	VPXOR(mask, x, x)
	return h
}
