package vaes256

import (
	"github.com/vaesgo/vaes/tables"
	"github.com/vaesgo/vaes/vec"
)

// The GHASH key table (asm: powers, midSlot; see the package doc): slot i,
// i < 16, holds the key form of H^(16-i), highest power first, so that one
// 32-byte load at slot s gives the keys of two consecutive blocks; slot
// 16+i holds the half sum of slot i's key in both 64-bit halves. The 32
// slots are all used: a register that holds one block takes its key alone
// (oneKey, oneKeyMid).
const (
	powers  = 16
	midSlot = 16
)

// pairAt loads slots s and s+1 of the table into the low and high lanes
// (asm: one 32-byte load, or a memory operand of VPCLMULQDQ).
func pairAt(t *[32][16]byte, s int) vec.Uint64x4 {
	return vec.Uint8x32{}.SetLo(vec.LoadUint8x16Array(&t[s])).SetHi(vec.LoadUint8x16Array(&t[s+1])).AsUint64x4()
}

// key returns the key forms in slots s and s+1 (asm: key).
func key(t *[32][16]byte, s int) vec.Uint64x4 { return pairAt(t, s) }

// keyMid returns their half sums (asm: keyMid).
func keyMid(t *[32][16]byte, s int) vec.Uint64x4 { return pairAt(t, midSlot+s) }

// keyBoth returns the key form in slot s in both lanes (asm: keyBoth, a
// VBROADCASTI128): the keys of a register of a carried batch.
func keyBoth(t *[32][16]byte, s int) vec.Uint64x4 {
	return vec.BroadcastUint8x16ToUint8x32(vec.LoadUint8x16Array(&t[s])).AsUint64x4()
}

// keyMidBoth returns the half sum of slot s's key in both lanes (asm:
// keyMidBoth).
func keyMidBoth(t *[32][16]byte, s int) vec.Uint64x4 { return keyBoth(t, midSlot+s) }

// oneKey returns the key form in slot s in the low lane and zero in the
// high lane (asm: oneKey, a 16-byte VEX load, which clears the high lane):
// the key of a register that holds one block. The slot above H^1's key is
// the half sum of H^16, and the slot above H^1's half sum is past the end
// of the table, so neither is read.
func oneKey(t *[32][16]byte, s int) vec.Uint64x4 {
	return widen(vec.LoadUint8x16Array(&t[s]).AsUint64x2())
}

// oneKeyMid returns the half sum of slot s's key alone (asm: oneKey).
func oneKeyMid(t *[32][16]byte, s int) vec.Uint64x4 { return oneKey(t, midSlot+s) }

// reflectedPoly is tables.ReflectedPoly in both lanes (asm:
// emit.ReflectedPoly2).
var reflectedPoly = vec.BroadcastUint8x16ToUint8x32(vec.LoadUint8x16Array(&tables.ReflectedPoly)).AsUint64x4()

// swap exchanges the two 64-bit halves of each lane (VPSHUFD $0x4e).
func swap(x vec.Uint64x4) vec.Uint64x4 {
	return x.AsUint32x8().PermuteScalarsGrouped(2, 3, 0, 1).AsUint64x4()
}

// accumulator is, in each lane, a sum of unreduced products in three parts
// at bits 0, 64 and 128 of a 256-bit value, mid in Karatsuba form (asm:
// accumulator; reference: ghash.Karatsuba). The assembly's first product
// initialises the parts instead of adding to zero; the sum is the same.
type accumulator struct {
	lo, mid, hi vec.Uint64x4
}

// mulAccumulate adds x·H to a, lane by lane, with h the key forms and hMid
// their half sums (asm: mulAccumulate): three VPCLMULQDQ for two blocks.
func (a *accumulator) mulAccumulate(x, h, hMid vec.Uint64x4) {
	a.lo = a.lo.Xor(x.CarrylessMultiplyEven(h)) // x.lo·h.lo
	m := swap(x).Xor(x)                         // m.lo = x.hi ^ x.lo
	a.hi = a.hi.Xor(x.CarrylessMultiplyOdd(h))  // x.hi·h.hi
	a.mid = a.mid.Xor(m.CarrylessMultiplyEven(hMid))
}

// mulLoHi returns a plus the lo and hi products of x·H, lane by lane,
// with h the key forms (asm: mulLoHi): the first half of mulAccumulate. On
// a value, which the compiler keeps in registers (through a pointer, the
// accumulator would live in memory).
func (a accumulator) mulLoHi(x, h vec.Uint64x4) accumulator {
	a.lo = a.lo.Xor(x.CarrylessMultiplyEven(h))
	a.hi = a.hi.Xor(x.CarrylessMultiplyOdd(h))
	return a
}

// mulLoHiAt is mulLoHi with the keys read from h (asm: mulLoHi with a
// memory operand), on one line with their load: Go marks each inlined
// call with an instruction of the call's own line, or else with a NOP of
// its own (XCHGL AX, AX), and here the load is that instruction for all
// six calls.
func (a accumulator) mulLoHiAt(x vec.Uint64x4, h *vec.Uint8x32) accumulator {
	return accumulator{a.lo.Xor(x.CarrylessMultiplyEven(h.AsUint64x4())), a.mid, a.hi.Xor(x.CarrylessMultiplyOdd(h.AsUint64x4()))}
}

// midOne returns a plus the middle product of one register, with m its
// half sums (halfSums) and hMid those of its keys (asm: mulAccumulate's
// last VPCLMULQDQ): with mulLoHi, mulAccumulate on a value.
func (a accumulator) midOne(m, hMid vec.Uint64x4) accumulator {
	a.mid = a.mid.Xor(m.CarrylessMultiplyEven(hMid))
	return a
}

// halfSumPair and midProductsAt are mulMidPair (asm: mulMidPair), in two
// pieces so that each inlines: they add the middle products of x1·H and
// x2·H to the sum, the rest of mulAccumulate for two registers. The
// unpacks put x1's half sums in the low halves and x2's in the high halves
// with one XOR for both.
//
// halfSumPair returns the half sums of x1's blocks in the low halves of
// its lanes and x2's in the high halves (mulMidPair's unpacks and their
// VPXOR).
func halfSumPair(x1, x2 vec.Uint64x4) vec.Uint64x4 {
	return x1.InterleaveLoGrouped(x2).Xor(x1.InterleaveHiGrouped(x2))
}

// midProductsAt returns a plus the middle products of the half sums m of
// two registers, with the half sums of their keys, each in both halves of
// its lane, read from h1 and h2 (mulMidPair's VPCLMULQDQ, with memory
// operands), on one line with their loads (see mulLoHiAt).
func (a accumulator) midProductsAt(m vec.Uint64x4, h1, h2 *vec.Uint8x32) accumulator {
	return accumulator{a.lo, a.mid.Xor(m.CarrylessMultiplyEven(h1.AsUint64x4())).Xor(m.CarrylessMultiplyOdd(h2.AsUint64x4())), a.hi}
}

// reduce returns, in each lane, the field element that lane's sum stands
// for (asm: reduceInto; reference: ghash.KaratsubaFinish, then
// ghash.Reduce): mid ^ lo ^ hi, folded into hi after lo is folded into it,
// with the XORs grouped as the assembly groups them.
func (a accumulator) reduce() vec.Uint64x4 {
	mid := a.mid.Xor(a.hi).Xor(foldLo(a.lo)) // karatsubaFinish, fold(lo, mid)
	return fold(mid, a.hi)
}

// foldLo returns swap(x) ^ (x.lo·0xC2<<56 ^ x) in each lane (asm: foldLo):
// what the Karatsuba finish and the fold of the low part x add to mid.
func foldLo(x vec.Uint64x4) vec.Uint64x4 {
	t := x.CarrylessMultiplyEvenOdd(reflectedPoly).Xor(x) // x.lo·(0xC2<<56) ^ x
	return swap(x).Xor(t)
}

// fold removes the low 64 bits of each lane of x by adding the multiple of
// the field polynomial that cancels them, and adds what is left into y, the
// part 64 bits above x (asm: fold; reference: ghash.Fold).
func fold(x, y vec.Uint64x4) vec.Uint64x4 {
	t := x.CarrylessMultiplyEvenOdd(reflectedPoly) // x.lo·(0xC2<<56)
	return y.Xor(swap(x)).Xor(t)
}

// sumLanes adds the two lanes (asm: sumLanes): GHASH is linear, so the
// sums of the even and the odd blocks' products are reduced side by side
// and added at the end.
func sumLanes(x vec.Uint64x4) vec.Uint64x2 { return x.GetLo().Xor(x.GetHi()) }

// widen puts y in the low lane of a register whose high lane is zero, as
// a VEX-encoded 128-bit instruction leaves it.
func widen(y vec.Uint64x2) vec.Uint64x4 { return vec.Uint64x4{}.SetLo(y) }

// loadHash loads a GHASH value into register form (asm: loadHash).
func loadHash(y *[16]byte) vec.Uint64x2 {
	return reverse128(vec.LoadUint8x16Array(y)).AsUint64x2()
}

// storeHash stores a GHASH value back in GCM's block form (asm: storeHash).
func storeHash(h vec.Uint64x2, y *[16]byte) {
	reverse128(h.AsUint8x16()).StoreArray(y)
}

// loadData loads two data blocks (the first 32 bytes of b, or all of a
// shorter b zero-padded) into register form.
func loadData(b []byte) vec.Uint64x4 {
	part, _ := vec.LoadUint8x32Part(b)
	return reverse(part).AsUint64x4()
}

// ghashBatch absorbs gcmBlocks blocks with one reduction, one register of
// two blocks per step, in steps that a stitched loop spreads between AES
// rounds (asm: ghashBatch): gcmBatch runs them written out between its
// rounds, and all without rounds. Steps come in pairs: the even step keeps
// its register for the odd one, which multiplies the half sums of both at
// once (mulMidPair). The data is 256 bytes in memory.
//
// y is the running hash in register form, in the low lane, or, after a
// carried batch, in two lanes whose sum, the high lane divided by H, it
// stands for (asm: ghashBatch.carried). A carried batch gives register j
// the key of block 2j, H^(16-2j), in both lanes (keyBoth), so its high
// lane's sum comes out H times what it stands for; the next batch adds y
// into blocks 0 and 1 and multiplies the high lane by H^15, one power less
// than the low lane's H^16, which makes up for that. A batch that is not
// carried takes the usual pairs of keys and sums the lanes (sumLanes).
// keys are the keys of its registers: gcmKeys.carried for a carried
// batch, else gcmKeys.pairs.
//
// The kernels declare their batch with their other locals and set its
// fields one by one, for the reasons vaes512's stitch gives: a function
// returning one would have the compiler build it in a temporary and copy
// it through loads that stall.
type ghashBatch struct {
	data    *[gcmBytes]byte
	keys    *[2 * gcmWidth]vec.Uint8x32
	y       vec.Uint64x4
	carried bool
}

// all runs every step and finish, for code that has no rounds to stitch
// with, on a batch that is not carried (asm: ghashBatch.all). Steps 0 and
// 1, the pair that takes in y, come last: the sum is the same, and in the
// assembly the chain from the running hash to the next one passes through
// a few XORs of the sums instead of eight steps. The steps are gcmBatch's,
// the sum a value.
func (g *ghashBatch) all() {
	data, keys := g.data, g.keys
	var acc accumulator
	for j := 2; j < gcmWidth; j += 2 { // steps j and j+1
		x0 := stitchReg(data, j)
		acc = acc.mulLoHiAt(x0, &keys[j])
		x1 := stitchReg(data, j+1)
		acc = acc.mulLoHiAt(x1, &keys[j+1])
		acc = acc.midProductsAt(halfSumPair(x0, x1), &keys[gcmWidth+j], &keys[gcmWidth+j+1])
	}
	x0 := stitchReg(data, 0).Xor(g.y) // step 0: block 0 takes in y
	acc = acc.mulLoHiAt(x0, &keys[0])
	x1 := stitchReg(data, 1) // step 1
	acc = acc.mulLoHiAt(x1, &keys[1])
	acc = acc.midProductsAt(halfSumPair(x0, x1), &keys[gcmWidth+0], &keys[gcmWidth+1])
	g.y = widen(sumLanes(acc.reduce())) // finish
}

// tailHash is the GHASH of a tail of n < 32·gcmWidth bytes, m =
// ceil(n/16) blocks, the last zero-padded, absorbed one register of two
// blocks at a time into one sum and reduced once (asm: tailHash): block j
// of m is multiplied by H^(m-j), so the keys start at slot 16-m, s, and
// walk up two slots a register. The running hash y enters the first
// register's block 0 and is then zero. If m is odd the last register holds
// one block and takes H^1 alone, its high lane zero (oneKey). ghashTail
// absorbs a tail on its own; gcmTail absorbs each register of the tail as
// its pass makes or reads it.
//
// The methods copy the state into locals, loop over their registers and
// copy it back: a sum updated through a pointer in the loop would live in
// memory, and a method on a value of this size is not inlined and copies
// it through memory at every call.
type tailHash struct {
	t   *[32][16]byte
	s   int
	acc accumulator
	y   vec.Uint64x4
}

// startTailHash starts the hash of a tail of n > 0 bytes (asm:
// startTailHash): the keys' walk at slot 16-m, the sum zero.
func startTailHash(t *[32][16]byte, n int, y vec.Uint64x4) tailHash {
	return tailHash{t: t, s: powers - (n+15)/16, y: y}
}

// hashStored absorbs data, whole registers of two blocks (asm:
// tailHash.absorbPair, for each; in seal's gcmTail, hashStored).
func (th *tailHash) hashStored(data []byte) {
	t, s, acc, y := th.t, th.s, th.acc, th.y
	for ; len(data) > 0; data = data[32:] {
		x := reverse(vec.LoadUint8x32(data[:32])).AsUint64x4().Xor(y) // asm: tailHash.absorb
		y = vec.Uint64x4{}
		acc = acc.mulLoHi(x, key(t, s)).midOne(halfSums(x), keyMid(t, s)) // mulAccumulate
		s += 2
	}
	th.s, th.acc, th.y = s, acc, y
}

// lastKeys returns the keys of the tail's last register, of r < 32 bytes:
// a pair of keys if it holds two blocks, else one key (asm: the keys of
// tailHash.loadLast).
func (th *tailHash) lastKeys(r int) (h, hMid vec.Uint64x4) {
	if r > 16 {
		return key(th.t, th.s), keyMid(th.t, th.s)
	}
	return oneKey(th.t, th.s), oneKeyMid(th.t, th.s)
}

// absorb adds x, the last register in register form, times the keys h
// and hMid to the sum, y entering first (asm: tailHash.absorb).
func (th *tailHash) absorb(x, h, hMid vec.Uint64x4) {
	x = x.Xor(th.y)
	th.y = vec.Uint64x4{}
	th.acc = th.acc.mulLoHi(x, h).midOne(halfSums(x), hMid) // mulAccumulate
	th.s += 2
}

// absorbLast absorbs the last 0 < len(data) < 32 bytes, zero-padded, as
// the last register (asm: tailHash.absorbLast, tailHash.loadLast).
func (th *tailHash) absorbLast(data []byte) {
	h, hMid := th.lastKeys(len(data))
	th.absorb(loadData(data), h, hMid)
}

// finish returns the hash, the sum reduced (asm: tailHash.finish): the
// lanes summed, but for a tail of n <= 16 bytes, whose high lane holds
// nothing.
func (th *tailHash) finish(n int) vec.Uint64x4 {
	sum := th.acc.reduce()
	if n <= 16 {
		return sum // its high lane is zero: so are the data's and the key's
	}
	return widen(sumLanes(sum))
}

// ghashTail absorbs the last n = len(data) < 32·gcmWidth bytes into y, a
// tailHash one register at a time (asm: ghashTail).
func ghashTail(t *[32][16]byte, data []byte, y vec.Uint64x4) vec.Uint64x4 {
	n := len(data)
	if n == 0 {
		return y
	}
	th := startTailHash(t, n, y)
	whole := n &^ 31
	th.hashStored(data[:whole])
	if whole < n {
		th.absorbLast(data[whole:])
	}
	return th.finish(n)
}

// ghashUpdateModel is ghashUpdate (asm: ghashUpdate): at most one block
// takes ghashUpdateShort.
func ghashUpdateModel(t *[32][16]byte, y *[16]byte, data []byte) {
	if len(data) <= shortBytes {
		if len(data) > 0 {
			ghashUpdateShort(t, y, data)
		}
		return
	}
	defer vec.ZeroUpper()
	var g ghashBatch
	var k gcmKeys
	g.y = widen(loadHash(y))
	if len(data) >= 16*gcmBlocks {
		loadPairKeys(&k, t)
		g.keys = &k.pairs
	}
	for len(data) >= 16*gcmBlocks {
		g.data = (*[gcmBytes]byte)(data)
		g.all()
		data = data[16*gcmBlocks:]
	}
	storeHash(ghashTail(t, data, g.y).GetLo(), y)
}

// ghashInitModel is ghashInit (asm: ghashInit): the key form of H in slot
// 15 and H^2 in both lanes; then the pairs, in slots 14, 12, ..., 0, in
// three rounds of multiplies that do not wait for each other within a
// round: H^2:H^1, then H^4:H^3 = H^2:H^1·H^2, then the next two pairs
// times H^4, then the next four times H^8. Eight multiplies in a row would
// take twice as long.
func ghashInitModel(t *[32][16]byte, h *[16]byte) {
	k := keyForm(loadHash(h))
	k.AsUint8x16().StoreArray(&t[powers-1])
	k1 := vec.BroadcastUint8x16ToUint8x32(vec.LoadUint8x16Array(&t[powers-1])).AsUint64x4()
	h2 := mulKeys(k1, k1, halfSums(k1)) // H^2 in both lanes
	first := h2.SetHi(k)                // H^2:H^1
	storeKeys(t, powers-2, first)
	pairs := []vec.Uint64x4{first}
	for m := h2; ; m = broadcastLow(pairs[len(pairs)-1]) { // H^2, H^4, H^8
		mMid := halfSums(m)
		n := len(pairs)
		for i := range n {
			p := mulKeys(pairs[i], m, mMid) // pair n+i
			storeKeys(t, powers-2-2*(n+i), p)
			pairs = append(pairs, p)
		}
		if len(pairs) == powers/2 {
			break
		}
	}
}

// mulKeys returns x·y lane by lane, both in key form, with yMid the half
// sums of y (asm: mulKeys): one product, reduced.
func mulKeys(x, y, yMid vec.Uint64x4) vec.Uint64x4 {
	var acc accumulator
	acc.mulAccumulate(x, y, yMid)
	return acc.reduce()
}

// broadcastLow returns x's low lane in both lanes (VPERM2I128 $0x00).
func broadcastLow(x vec.Uint64x4) vec.Uint64x4 { return x.ConcatPermute128Scalars(0, 0, x) }

// halfSums returns each lane's high 64 bits XOR its low 64 bits, in both
// halves of the lane (asm: halfSums).
func halfSums(k vec.Uint64x4) vec.Uint64x4 { return swap(k).Xor(k) }

// storeKeys stores the pair of key forms p in slots s and s+1 and their
// half sums in slots 16+s and 16+s+1 (asm: storeKeys).
func storeKeys(t *[32][16]byte, s int, p vec.Uint64x4) {
	p.AsUint8x32().GetLo().StoreArray(&t[s])
	p.AsUint8x32().GetHi().StoreArray(&t[s+1])
	m := halfSums(p).AsUint8x32()
	m.GetLo().StoreArray(&t[midSlot+s])
	m.GetHi().StoreArray(&t[midSlot+s+1])
}

// keyForm returns h·x^-1, the form in which the key is stored so that the
// reflected product needs no shift (asm: keyForm; reference: ghash.MulX):
// h shifted left by one bit, and ReflectedPoly added if the bit shifted out
// was set.
func keyForm(h vec.Uint64x2) vec.Uint64x2 {
	// All ones if bit 127 is set. The assembly broadcasts that bit's
	// 32-bit lane (VPSHUFD) and shifts its sign in (VPSRAD); vec has no
	// arithmetic shift, so the model does the same with one scalar.
	mask := vec.BroadcastUint64x2(-(h.GetElem(1) >> 63))
	// The top bit of each half, moved up one half: bit 63 to bit 64.
	carry := h.ShiftAllRight(63).AsUint8x16().ShiftBytesLeft(8).AsUint64x2()
	poly := vec.LoadUint8x16Array(&tables.ReflectedPoly).AsUint64x2()
	return h.ShiftAllLeft(1).Xor(carry).Xor(mask.And(poly))
}
