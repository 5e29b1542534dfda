package main

import (
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
	"github.com/vaesgo/vaes/tables"
)

// The AVX kernels, sealAVX and openAVX, are seal and open for CPUs with
// AVX, written in VEX encodings, with the counter blocks made in vector
// registers each batch (vecBatch). Three operands need no register copies,
// and a VEX memory operand needs no alignment, so the key powers, their
// half sums, the polynomial and the source blocks are read by the
// instructions that use them (VPCLMULQDQ, VPXOR) instead of by loads of
// their own. The public kernels, sealPublicAVX and openPublicAVX, move
// the counter blocks and the half sums to scalar instructions for Intel's
// cores, whose vector ports bound the loops. See the package doc.

// avxAccumulator is accumulator for the AVX kernels (model: accumulator).
type avxAccumulator struct {
	lo, mid, hi VecVirtual
}

// add adds the product part v to part; the first product becomes the part.
func (a *avxAccumulator) add(part *VecVirtual, v VecVirtual) {
	if *part == nil {
		*part = v
		return
	}
	VPXOR(v, *part, *part)
}

// mulLoHi adds the outer products x.lo·h.lo and x.hi·h.hi of x·H to a,
// reading the key form of H from memory (model: mulLoHi).
func (a *avxAccumulator) mulLoHi(x VecVirtual, h Mem) {
	t, u := XMM(), XMM()
	VPCLMULQDQ(U8(0x00), h, x, t) // t = x.lo·h.lo
	a.add(&a.lo, t)
	VPCLMULQDQ(U8(0x11), h, x, u) // u = x.hi·h.hi
	a.add(&a.hi, u)
}

// mulMidPair adds the Karatsuba middle products of x·H and z·G to a, with
// the half sums of H and G read from hMid and gMid (model: mulMidPair).
// x and z are not changed.
func (a *avxAccumulator) mulMidPair(x, z VecVirtual, hMid, gMid Mem) {
	t, m := XMM(), XMM()
	VPUNPCKLQDQ(z, x, t) // t = [x.lo, z.lo]
	VPUNPCKHQDQ(z, x, m) // m = [x.hi, z.hi]
	VPXOR(t, m, m)       // m = [x.lo^x.hi, z.lo^z.hi]
	k, l := XMM(), XMM()
	VPCLMULQDQ(U8(0x00), hMid, m, k) // k = (x.lo^x.hi)·(h.hi^h.lo)
	a.add(&a.mid, k)
	VPCLMULQDQ(U8(0x01), gMid, m, l) // l = (z.lo^z.hi)·(g.hi^g.lo)
	a.add(&a.mid, l)
}

// reduce writes the field element the sum stands for into y (model:
// reduce).
func (a *avxAccumulator) reduce(y VecVirtual) {
	Comment("karatsubaFinish: mid ^= lo ^ hi.")
	VPXOR(a.lo, a.mid, a.mid)
	VPXOR(a.hi, a.mid, a.mid)
	Comment("fold(lo, mid), fold(mid, hi).")
	avxFold(a.lo, a.mid, a.lo)
	avxFold(a.lo, a.hi, y)
}

// avxFold is fold in VEX form (model: fold): z = y ^ x.lo·0xC2<<56 ^
// swap(x), the polynomial read from memory.
func avxFold(x, y, z VecVirtual) {
	t, s := XMM(), XMM()
	VPCLMULQDQ(U8(0x10), emit.ReflectedPoly(), x, t) // t = x.lo·(0xC2<<56)
	VPSHUFD(U8(0x4e), x, s)                          // s = swap(x)
	VPXOR(t, s, s)
	VPXOR(y, s, z)
}

// avxBatch is ghashBatch for the AVX kernels (model: ghashBatch).
type avxBatch struct {
	table  GPVirtual
	data   Mem
	y      VecVirtual
	top    int
	carry  bool
	acc    avxAccumulator
	even   VecVirtual
	halves Mem
	// ahead is set if the batch before wrote halves (aheadHalfSums).
	ahead bool
}

// step absorbs block i, multiplied by H^(top-i) (model: ghashBatch.step).
func (g *avxBatch) step(i int) {
	Commentf("ghashBatch step %d: block %d times H^%d.", i, i, g.top-i)
	x := XMM()
	VMOVDQU(g.data.Offset(16*i), x)
	VPSHUFB(emit.ByteReverse(), x, x)
	if i == 0 && !g.carry {
		VPXOR(g.y, x, x)
	}
	p := g.top - i
	if i == 0 && g.halves.Base != nil && !g.ahead {
		g.halfSums()
	}
	g.acc.mulLoHi(x, key(g.table, p))
	if i%2 == 0 {
		g.even = x
		return
	}
	if g.scalarHalves(i) {
		g.acc.mulMidSums(g.halves.Offset(8*(i-1)), keyMid(g.table, p+1), keyMid(g.table, p), g.ahead)
		return
	}
	g.acc.mulMidPair(g.even, x, keyMid(g.table, p+1), keyMid(g.table, p))
}

// scalarHalves reports whether the odd step i takes its middle products
// from halfSums (model: ghashBatch.scalarHalves).
func (g *avxBatch) scalarHalves(i int) bool {
	return g.halves.Base != nil && (i != 1 || g.carry)
}

// halfSums stores the XOR of the two 8-byte halves of each block of the
// batch, in memory byte order, with scalar instructions, all but the first
// two blocks of a sum, whose first block takes in y (model:
// ghashBatch.halfSums). The loads, XORs and stores issue to other ports
// than the vector ones, and mulMidSums turns two of these sums into the
// operand of the middle products with one PSHUFB, where mulMidPair takes
// two unpacks and an XOR.
func (g *avxBatch) halfSums() {
	Comment("ghashBatch.halfSums: the blocks' half sums by scalar XORs.")
	first := 0
	if !g.carry {
		first = 2
	}
	storeHalfSums(g.data, g.halves, first)
}

// storeHalfSums writes the half sums of blocks first..7 of the 128 bytes
// at data to sums (model: storeHalfSums).
func storeHalfSums(data, sums Mem, first int) {
	r := GP64()
	for j := first; j < batch; j++ {
		MOVQ(data.Offset(16*j), r)
		XORQ(data.Offset(16*j+8), r)
		MOVQ(r, sums.Offset(8*j))
	}
}

// aheadHalfSums writes the half sums of the 128 bytes at data, which the
// next batch hashes, to sums (model: aheadHalfSums), a batch before
// mulMidSums loads them 16 bytes at a time.
func aheadHalfSums(data, sums Mem) {
	Comment("aheadHalfSums: the half sums of the data the next batch hashes.")
	storeHalfSums(data, sums, 0)
}

// mulMidSums adds the Karatsuba middle products of two blocks times H and
// G to a, the blocks' half sums read from sums, 8 bytes each in memory
// byte order, as storeHalfSums wrote them (model: mulMidSums). If they
// were written a batch before (ahead), one 16-byte load takes them;
// otherwise two 8-byte loads (VMOVQ, VPINSRQ), which cost a vector
// instruction but can be forwarded from the 8-byte stores just before: a
// 16-byte load cannot, and waits for the stores to reach the cache, which
// measured about 4% slower for Open.
func (a *avxAccumulator) mulMidSums(sums, hMid, gMid Mem, ahead bool) {
	m := XMM()
	if ahead {
		VMOVDQU(sums, m)
	} else {
		VMOVQ(sums, m)
		VPINSRQ(U8(1), sums.Offset(8), m, m)
	}
	VPSHUFB(halfReverse(), m, m)
	k, l := XMM(), XMM()
	VPCLMULQDQ(U8(0x00), hMid, m, k) // k = (x.lo^x.hi)·(h.hi^h.lo)
	a.add(&a.mid, k)
	VPCLMULQDQ(U8(0x01), gMid, m, l) // l = (z.lo^z.hi)·(g.hi^g.lo)
	a.add(&a.mid, l)
}

// halfReverse is the PSHUFB mask that reverses the bytes of each 8-byte
// half (model: halfReverse).
func halfReverse() Mem {
	var b [16]byte
	for i := range b {
		b[i] = byte(i/8*8 + 7 - i%8)
	}
	return emit.Data("halfReverse", b)
}

// finish reduces the sum into y if this batch ends it (model:
// ghashBatch.finish).
func (g *avxBatch) finish() {
	if g.top != batch {
		Comment("ghashBatch: no reduction; the next batch continues the sum.")
		return
	}
	Comment("ghashBatch: reduce.")
	g.acc.reduce(g.y)
}

// pair returns the batch that continues the sum of g (model:
// ghashBatch.pair).
func (g *avxBatch) pair(data Mem) *avxBatch {
	return &avxBatch{table: g.table, data: data, y: g.y, top: batch, carry: true, acc: g.acc, halves: g.halves, ahead: g.ahead}
}

// avxCounterBlocks returns the 8 whitened counter blocks c, ..., c+7 in
// new registers (model: counter.blocksQuads, then whitenQuads): each a
// VPADDD of the byte-reversed counter, a VPSHUFB and a VPXOR with round
// key 0, read from memory.
func avxCounterBlocks(s emit.Schedule, c counter) []VecVirtual {
	adds := emit.CounterAdds(8)
	blocks := make([]VecVirtual, 8)
	for i := range blocks {
		blocks[i] = XMM()
		if i == 0 {
			VPSHUFB(emit.ByteReverse(), c.reg, blocks[i])
		} else {
			VPADDD(adds.Offset(16*(i-1)), c.reg, blocks[i])
			VPSHUFB(emit.ByteReverse(), blocks[i], blocks[i])
		}
		VPXOR(s.Key(0), blocks[i], blocks[i])
	}
	return blocks
}

// vecBatch encrypts the next 8 counter blocks, made in vector registers
// from the byte-reversed counter, with g's steps between the rounds, and
// advances the counter by 8 (model: vecBatch). It is the batch of
// sealAVX and openAVX: three vector instructions a block where
// counterSlots takes a load and five scalar ones, which on AMD cores cost
// more than the vector work they save (see the package doc).
func (k *gcmKernel) vecBatch(g *avxBatch) {
	Comment("vecBatch: the counter blocks from the counter register.")
	blocks := avxCounterBlocks(k.s, k.c)
	VPADDD(emit.CounterAdds(8).Offset(16*7), k.c.reg, k.c.reg)
	k.avxRounds(blocks, g)
}

// avxRounds runs the rounds over the whitened counter blocks with g's
// steps between them, XORs the keystream with 128 bytes of src into dst
// and advances the pointers (model: the rest of gcmBatch).
func (k *gcmKernel) avxRounds(blocks []VecVirtual, g *avxBatch) {
	var between func(i int)
	if g != nil {
		between = func(i int) {
			if i < batch {
				g.step(i)
			} else {
				g.finish()
			}
		}
	}
	each := func(op func(key, block, dst Op)) func(Mem) {
		return func(key Mem) {
			r := XMM()
			VMOVDQU(key, r)
			for _, b := range blocks {
				op(r, b, b)
			}
		}
	}
	k.s.Rounds(each(VAESENC), each(VAESENCLAST), between)
	for i, b := range blocks {
		VPXOR(Mem{Base: k.src, Disp: 16 * i}, b, b)
		VMOVDQU(b, Mem{Base: k.dst, Disp: 16 * i})
	}
	advance(128, k.src, k.dst)
	SUBQ(U32(128), k.n)
}

// startY is ghashBatch.startY in VEX form (model: ghashBatch.startY).
func (g *avxBatch) startY() {
	Comment("ghashBatch.startY: the pair's second batch alone; its sum starts with y·H^8.")
	a, m := g.acc, XMM()
	VPCLMULQDQ(U8(0x00), key(g.table, batch), g.y, a.lo) // y.lo·h.lo
	VPCLMULQDQ(U8(0x11), key(g.table, batch), g.y, a.hi) // y.hi·h.hi
	VPSHUFD(U8(0x4e), g.y, m)
	VPXOR(g.y, m, m) // m.lo = y.hi ^ y.lo
	VPCLMULQDQ(U8(0x00), keyMid(g.table, batch), m, a.mid)
}

// sealAVX emits seal in VEX form (model: sealAVXModel), and
// sealPublicAVX the same with publicSlots for its counters (model:
// sealPublicAVXModel). Unlike seal, batch i hashes the ciphertext of batch
// i-2 (sealLoop). sealAVX hands the bytes after its batches to sealTail,
// as it does a message shorter than a batch; sealPublicAVX hands a message
// shorter than four batches or with a counter publicSlots cannot take to
// sealAVX, and so the fewer than two batches its pairs leave.
func sealAVX(name string, public bool) {
	api.Kernel(name, gcmSignature)
	if public {
		Doc(name+" is sealAVX for a public counter block: while the counter of",
			"each batch's block 0 is 2 modulo 8 (GCM with a 12-byte nonce, from the",
			"start of a message) it rewrites its counter blocks with scalar XORs",
			"from two words per batch, which branches on the counter. A message",
			"shorter than four batches, any other counter, and what its pairs",
			"leave it hands to sealAVX.")
	} else {
		Doc(name+" is seal for CPUs with AVX: batches in VEX encodings whose",
			"counter blocks are made in vector registers, each hashing the",
			"ciphertext of the batch two before it.")
	}
	if !public {
		shortTo("sealTail")
		k := loadGCMKernel()
		k.sealLoop(name, Mem{}, [2]Mem{}, func(_ int, g *avxBatch) { k.vecBatch(g) }, func() {}, false)
		k.finish("sealTail")
		return
	}
	slots := newCounterSlots()
	publicBranch(name, 4*128)
	k := loadGCMKernel()
	k.slots = slots
	sl := k.publicSlots(AllocLocal(128))
	k.sealLoop(name, AllocLocal(64), sl.mem, func(set int, g *avxBatch) { k.publicBatch(sl, set, g) },
		func() {
			sl.counter(k.c)
			sl.clear()
		}, true)
	k.slots.clear()
	k.finish("sealAVX")
}

// sealLoop emits the batches of sealAVX, run(set, g) emitting batch i
// (set i mod 2) with the GHASH batch g, and done what follows the last
// batch before the hashing (model: sealLoop). Batch i hashes the
// ciphertext of batch i-2, so that its data has been stored a whole batch
// before its GHASH steps begin and its first AES rounds do not wait for the
// batch just before; one batch after the pairs is the pair's second batch
// alone (startY), and the last two batches are hashed after the loop with
// one reduction. A message of one or two batches (and a tail) takes seal's
// order instead, the second batch hashing the first, so that it has a
// batch of GHASH stitched into its rounds. The public kernel, which has
// four batches or more, leaves fewer than two batches to sealAVX instead
// of one more batch: its counter sets go by pairs (public).
func (k *gcmKernel) sealLoop(prefix string, halves Mem, sets [2]Mem, run func(set int, g *avxBatch), done func(), public bool) {
	loop, single := emit.NewLabel(prefix+"16"), emit.NewLabel(prefix+"8")
	pairSecond := emit.NewLabel(prefix + "Second")
	last1, last2, hash := emit.NewLabel(prefix+"Last1"), emit.NewLabel(prefix+"Last2"), emit.NewLabel(prefix+"Hash")
	back := Mem{Base: k.dst, Disp: -256}
	short := emit.NewLabel(prefix + "Short")
	Comment("gcmBatch without GHASH: no ciphertext two batches before the first two,")
	Comment("one copy run twice: second is 0 for the first batch, 1 for the second.")
	again, second := emit.NewLabel(prefix+"Plain"), GP32()
	XORL(second, second)
	if public {
		Comment("The public kernel's counter set through setPtr: set 0, then set 1.")
		k.setPtr = GP64()
		LEAQ(sets[0], k.setPtr)
	}
	Label(again)
	run(-1, nil)
	TESTL(second, second)
	JNZ(LabelRef(loop))
	if !public {
		CMPQ(k.n, U32(256))
		JB(LabelRef(short))
	} else {
		LEAQ(sets[1], k.setPtr)
	}
	INCL(second)
	JMP(LabelRef(again))

	Label(loop)
	CMPQ(k.n, U32(256))
	JB(LabelRef(single))
	Comment("gcmBatch: encrypt this batch, hash the one two before times H^16..H^9.")
	a := &avxBatch{table: k.table, data: back, y: k.y, top: powers, halves: halves}
	run(0, a)
	Label(pairSecond)
	Comment("gcmBatch: encrypt the next batch, hash the one two before times H^8..H^1 and reduce.")
	b := a.pair(back)
	run(1, b)
	JMP(LabelRef(loop))

	Label(single)
	if !public {
		CMPQ(k.n, U32(128))
		JB(LabelRef(last2))
		b.startY()
		JMP(LabelRef(pairSecond))
	}

	Label(last2)
	done()
	Comment("Hash the last two batches times H^16..H^1 and reduce.")
	q, tp := GP64(), GP64()
	LEAQ(back, q)
	LEAQ(Mem{Base: k.table, Disp: 16 * batch}, tp)
	if !public {
		JMP(LabelRef(hash))
		Label(short)
		Comment("Two batches or one: hash the first while encrypting the second, as seal does.")
		CMPQ(k.n, U32(128))
		JB(LabelRef(last1))
		run(1, &avxBatch{table: k.table, data: Mem{Base: k.dst, Disp: -128}, y: k.y, top: batch, halves: halves})
		Label(last1)
		done()
		Comment("Hash the last batch times H^8..H^1 and reduce.")
		LEAQ(Mem{Base: k.dst, Disp: -128}, q)
		MOVQ(k.table, tp)
		Label(hash)
	}
	k.hashLast(q, tp)
}

// hashLast hashes the batches from q on after the loop, with one
// reduction (model: ghashBatch.all of each): one copy of a batch's GHASH
// steps, run once on the powers H^8..H^1 (tp is the table's register) or
// twice, on H^16..H^9 (tp 128 bytes further) and then on H^8..H^1, the
// running hash y taken into the first block only.
func (k *gcmKernel) hashLast(q, tp GPVirtual) {
	pass, reduce := emit.NewLabel("hashLastPass"), emit.NewLabel("hashLastReduce")
	g := avxBatch{table: tp, data: Mem{Base: q}, y: k.y, top: batch}
	g.acc = avxAccumulator{lo: XMM(), mid: XMM(), hi: XMM()}
	for _, r := range []VecVirtual{g.acc.lo, g.acc.mid, g.acc.hi} {
		VPXOR(r, r, r)
	}
	Label(pass)
	for i := 0; i < batch; i++ {
		g.step(i)
	}
	CMPQ(tp, k.table)
	JE(LabelRef(reduce))
	Comment("The second batch: H^8..H^1, y already taken in.")
	ADDQ(U8(16*batch), q)
	MOVQ(k.table, tp)
	VPXOR(k.y, k.y, k.y)
	JMP(LabelRef(pass))
	Label(reduce)
	Comment("ghashBatch: reduce.")
	g.acc.reduce(k.y)
}

// openAVX emits open in VEX form (model: openAVXModel), one batch after
// the pairs the pair's second batch alone (startY) and the bytes after its
// batches handed to openTail, as is a message shorter than a batch; and
// openPublicAVX the same with publicSlots (model: openPublicAVXModel),
// which hands a message shorter than two batches, any other counter and
// what its pairs leave to openAVX.
func openAVX(name string, public bool) {
	api.Kernel(name, gcmSignature)
	if public {
		Doc(name+" is openAVX for a public counter block, as sealPublicAVX is",
			"sealAVX; src and dst may be the same slice.")
	} else {
		Doc(name+" is open for CPUs with AVX: batches in VEX encodings whose",
			"counter blocks are made in vector registers; src and dst may be the",
			"same slice.")
	}
	loop, second := emit.NewLabel(name+"16"), emit.NewLabel(name+"Second")
	single, done := emit.NewLabel(name+"8"), emit.NewLabel(name+"Done")
	if public {
		slots := newCounterSlots()
		publicBranch(name, 2*128)
		k := loadGCMKernel()
		k.slots = slots
		halves, next := AllocLocal(64), AllocLocal(64)
		sl := k.publicSlots(AllocLocal(128))
		Label(loop)
		CMPQ(k.n, U32(256))
		JB(LabelRef(done))
		a := &avxBatch{table: k.table, data: Mem{Base: k.src}, y: k.y, top: powers, halves: halves}
		aheadHalfSums(Mem{Base: k.src, Disp: 128}, next)
		k.publicBatch(sl, 0, a)
		b := a.pair(Mem{Base: k.src})
		b.halves, b.ahead = next, true
		k.publicBatch(sl, 1, b)
		JMP(LabelRef(loop))
		Label(done)
		sl.counter(k.c)
		sl.clear()
		k.slots.clear()
		k.finish("openAVX")
		return
	}
	shortTo("openTail")
	k := loadGCMKernel()
	Label(loop)
	CMPQ(k.n, U32(256))
	JB(LabelRef(single))
	Comment("vecBatch: hash this batch's ciphertext times H^16..H^9 and decrypt it.")
	a := &avxBatch{table: k.table, data: Mem{Base: k.src}, y: k.y, top: powers}
	k.vecBatch(a)
	Label(second)
	Comment("vecBatch: hash the next batch times H^8..H^1, reduce, and decrypt it.")
	b := a.pair(Mem{Base: k.src})
	k.vecBatch(b)
	JMP(LabelRef(loop))

	Label(single)
	CMPQ(k.n, U32(128))
	JB(LabelRef(done))
	b.startY()
	JMP(LabelRef(second))
	Label(done)
	k.finish("openTail")
}

// publicBranch hands the message to the kernel's AVX form, sealAVX or
// openAVX, unless it has at least min bytes and the counter is 2 modulo 8
// (model: publicCounter): returnInto, with the same arguments. The branch
// is on the counter, which only the public kernels may do.
func publicBranch(name string, min int) {
	Comment("publicBranch: counter blocks by XOR while the counter is 2 modulo 8.")
	public, general := emit.NewLabel(name+"Public"), emit.NewLabel(name+"General")
	p, low := GP64(), GP32()
	Load(Param("src").Len(), p)
	CMPQ(p, U32(min))
	JB(LabelRef(general))
	Load(Param("ctr"), p)
	MOVL(Mem{Base: p, Disp: 12}, low)
	BSWAPL(low)
	ANDL(U8(7), low)
	CMPL(low, U8(2))
	JE(LabelRef(public))
	Label(general)
	avx := strings.Replace(name, "Public", "", 1)
	Comment("Return into " + avx + ", with the same arguments.")
	returnInto(avx)
	Label(public)
}

// publicSlots fills publicSlots in the kernel's slot memory and in more
// (model: publicSlots.fill).
func (k *gcmKernel) publicSlots(more Mem) publicSlots {
	sl := publicSlots{mem: [2]Mem{k.slots.mem, more}, value: GP32(), key: GP32(), group: GP32(), raw: GP32()}
	sl.fill(k.s, k.c)
	return sl
}

// publicSlots holds the counter blocks of the public AVX kernels
// (sealPublicAVX, openPublicAVX) while the counter of each batch's block 0
// is 2 modulo 8, as it is for GCM with a 12-byte nonce from the start of
// a message (model: publicSlots). It is counterSlots with two sets of
// slots, for even and odd batches, and a cheaper next: the counters
// c..c+7 of a batch are q+2..q+7 and q+8, q+9 for the multiple of 8
// q = c-2, and q+j differs from q only in its low three bits, so the last
// four bytes of the whitened block of q+j are those of W(q) with j XORed
// into the last byte. A batch rewrites the set it has loaded for the batch
// after next from two such words, W(q+16), kept from the batch before
// (group), and W(q+24), made from the byte-swapped counter word (raw): an
// XOR with a constant and a store each. That is no vector instruction and
// a byte swap only when the counter's last byte wraps, where
// counterSlots.next takes eight byte swaps (BSWAP issues to the ports of
// AESENC on Intel cores) and deriving the blocks by VPXOR from two
// whitened blocks takes eight vector instructions. The second set gives
// the 4-byte stores a whole batch to reach the cache before the 16-byte
// loads that cannot be forwarded from them.
type publicSlots struct {
	mem   [2]Mem    // set a holds block i of the next batch a at 16*i
	value GPVirtual // c, the counter of block 0 of the next batch
	key   GPVirtual // bytes 12..15 of round key 0
	group GPVirtual // bytes 12..15 of W(q+16) for the next batch's q = c-2
	raw   GPVirtual // q+24 byte-swapped (bytes 12..15 of its block, unwhitened)
}

// fill writes the first two batches' whitened counter blocks, each from
// W(q), W(q+8) or W(q+16) by one VPXOR (lastByteXor), and loads the
// counter, the key bytes and the group word (model: publicSlots.fill).
func (sl publicSlots) fill(s emit.Schedule, c counter) {
	Comment("publicSlots.fill: the whitened counter blocks of the first two batches.")
	adds := []Mem{emit.Data("counterMinus2", tables.CounterAdd(^uint32(1))), emit.CounterAdds(8).Offset(16 * 5), emit.CounterAdds(16).Offset(16 * 13)}
	w := make([]VecVirtual, 3)
	for i := range w {
		w[i] = XMM()
		VPADDD(adds[i], c.reg, w[i])
		VPSHUFB(emit.ByteReverse(), w[i], w[i])
		VPXOR(s.Key(0), w[i], w[i])
	}
	xors := lastByteXor()
	for i := 0; i < 16; i++ {
		a, j := i/8, i%8
		b := XMM()
		if j < 6 {
			VPXOR(xors.Offset(16*(j+2)), w[a], b)
		} else {
			VPXOR(xors.Offset(16*(j-6)), w[a+1], b)
		}
		VMOVDQU(b, sl.mem[a].Offset(16*j))
	}
	MOVL(s.Key(0).Offset(12), sl.key)
	VMOVD(c.reg, sl.value)
	Comment("publicSlots.fill: the group word W(q+16) = W(c+14), and q+24 = c+22 byte-swapped.")
	LEAL(Mem{Base: sl.value, Disp: 14}, sl.group)
	BSWAPL(sl.group)
	XORL(sl.key, sl.group)
	LEAL(Mem{Base: sl.value, Disp: 22}, sl.raw)
	BSWAPL(sl.raw)
}

// lastByteXor is entry j = 0..7: j in the last byte of a block, the
// byte-reversed tables.CounterAdd(j) (model: lastByteXor).
func lastByteXor() Mem {
	blocks := make([][16]byte, 8)
	for j := range blocks {
		a := tables.CounterAdd(uint32(j))
		for k := range a {
			blocks[j][15-k] = a[k]
		}
	}
	return emit.Data("lastByteXor", blocks...)
}

// next advances the counter by 8 and rewrites the last four bytes of each
// slot of set a, which the batch in hand has loaded, for the batch after
// next, unless the n bytes left from the batch in hand hold no batch after
// next (model: publicSlots.next). The branch is on the length. The
// byte-swapped counter advances by an add to its last byte, and only when
// that carries (one batch in 32) by a BSWAP, which issues to the AES ports;
// that branch is on the counter.
func (sl publicSlots) next(a int, n GPVirtual) {
	Comment("publicSlots.next: the counters of the batch after next, if there is one.")
	ADDL(U8(8), sl.value)
	skip := emit.NewLabel("publicSkip")
	CMPQ(n, U32(3*128))
	JB(LabelRef(skip))
	t, u := GP32(), GP32()
	MOVL(sl.raw, t)
	XORL(sl.key, t) // W(q+24)
	for j := 0; j < 8; j++ {
		w, x := sl.group, j+2
		if j >= 6 {
			w, x = t, j-6
		}
		if x == 0 {
			MOVL(w, sl.mem[a].Offset(16*j+12))
			continue
		}
		MOVL(w, u)
		XORL(U32(x<<24), u)
		MOVL(u, sl.mem[a].Offset(16*j+12))
	}
	MOVL(t, sl.group)
	Comment("publicSlots.next: q+32 byte-swapped: 8 added to the last byte, unless it carries.")
	noCarry := emit.NewLabel("publicNoCarry")
	ADDL(U32(8<<24), sl.raw)
	JCC(LabelRef(noCarry))
	LEAL(Mem{Base: sl.value, Disp: 22}, sl.raw) // q+32 = c+8+22
	BSWAPL(sl.raw)
	Label(noCarry)
	Label(skip)
}

// counter sets the byte-reversed counter from the scalar one after the
// last batch, so that the batches need not advance it (model:
// publicSlots.counter).
func (sl publicSlots) counter(c counter) {
	Comment("publicSlots.counter: the counter for the tail.")
	VPINSRD(U8(0), sl.value, c.reg, c.reg)
}

// clear zeroes the second set; the first is the kernel's counterSlots,
// which it clears (model: publicSlots.clear).
func (sl publicSlots) clear() {
	Comment("publicSlots.clear: round key 0 must not stay on the stack.")
	zero := XMM()
	VPXOR(zero, zero, zero)
	for i := 0; i < 8; i++ {
		VMOVDQU(zero, sl.mem[1].Offset(16*i))
	}
}

// publicBatch is avxBatch on counter blocks from set a of publicSlots
// (model: publicBatch).
func (k *gcmKernel) publicBatch(sl publicSlots, a int, g *avxBatch) {
	if a < 0 {
		// The set at k.setPtr (sealLoop's batches without GHASH).
		sl.mem[0], a = Mem{Base: k.setPtr}, 0
	}
	blocks := make([]VecVirtual, 8)
	for i := range blocks {
		blocks[i] = XMM()
		VMOVDQU(sl.mem[a].Offset(16*i), blocks[i])
	}
	sl.next(a, k.n)
	k.avxRounds(blocks, g)
}
