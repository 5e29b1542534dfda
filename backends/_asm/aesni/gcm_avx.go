package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
	"github.com/vaesgo/vaes/tables"
)

// The AVX kernels, sealAVX and openAVX, are seal and open for CPUs with
// AVX: the same steps in the same order, written in VEX encodings. Three
// operands need no register copies, and a VEX memory operand needs no
// alignment, so the key powers, their half sums, the polynomial and the
// source blocks are read by the instructions that use them (VPCLMULQDQ,
// VPXOR) instead of by loads of their own: about 70 fewer instructions per
// batch of 8 blocks, out of some 300. The vector instructions, which bound
// the loops, are as many as in seal and open. See the package doc.

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
	table GPVirtual
	data  Mem
	y     VecVirtual
	top   int
	carry bool
	acc   avxAccumulator
	even  VecVirtual
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
	g.acc.mulLoHi(x, key(g.table, p))
	if i%2 == 0 {
		g.even = x
		return
	}
	g.acc.mulMidPair(g.even, x, keyMid(g.table, p+1), keyMid(g.table, p))
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

// all runs every step and finish (model: ghashBatch.all).
func (g *avxBatch) all() {
	for i := 0; i < batch; i++ {
		g.step(i)
	}
	g.finish()
}

// pair returns the batch that continues the sum of g (model:
// ghashBatch.pair).
func (g *avxBatch) pair(data Mem) *avxBatch {
	return &avxBatch{table: g.table, data: data, y: g.y, top: batch, carry: true, acc: g.acc}
}

// avxFill is counterSlots.fill in VEX form (model: counterSlots.fill).
func (sl counterSlots) avxFill(s emit.Schedule, c counter) {
	Comment("counterSlots.fill: the first batch's whitened counter blocks.")
	adds := emit.CounterAdds(8)
	for i := 0; i < 8; i++ {
		b := XMM()
		if i == 0 {
			VPSHUFB(emit.ByteReverse(), c.reg, b)
		} else {
			VPADDD(adds.Offset(16*(i-1)), c.reg, b)
			VPSHUFB(emit.ByteReverse(), b, b)
		}
		VPXOR(s.Key(0), b, b)
		VMOVDQU(b, sl.mem.Offset(16*i))
	}
	MOVL(s.Key(0).Offset(12), sl.key)
	VMOVD(c.reg, sl.value) // lane 0 of the byte-reversed block is the counter
}

// avxNext is counterSlots.next with BSWAP for the byte swap (model:
// counterSlots.next): in this loop, with its loads folded into other
// instructions, BSWAP measured faster than the three rotates of
// byteSwap32, and it is one instruction where they are three.
func (sl counterSlots) avxNext() {
	Comment("counterSlots.next: the counters of the following batch.")
	ADDL(U8(8), sl.value)
	t := GP32()
	for i := 0; i < 8; i++ {
		LEAL(Mem{Base: sl.value, Disp: i}, t)
		BSWAPL(t)
		XORL(sl.key, t)
		MOVL(t, sl.mem.Offset(16*i+12))
	}
}

// avxBatch encrypts the next 8 counter blocks with g's steps between the
// rounds (model: gcmBatch), in VEX form: the source blocks are VPXOR's
// memory operands.
func (k *gcmKernel) avxBatch(g *avxBatch) {
	blocks := make([]VecVirtual, 8)
	for i := range blocks {
		blocks[i] = XMM()
		VMOVDQU(k.slots.mem.Offset(16*i), blocks[i])
	}
	k.slots.avxNext()
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

// sealAVX emits seal in VEX form (model: sealAVXModel), and
// sealPublicAVX the same with publicSlots for its counters while the
// counter allows (model: sealPublicAVXModel).
func sealAVX(name string, public bool) {
	api.Kernel(name, gcmSignature)
	if public {
		Doc(name+" is sealAVX for a public counter block: while the counter of",
			"each batch's block 0 is 2 modulo 8 (GCM with a 12-byte nonce, from the",
			"start of a message) it derives the counter blocks by XOR, which",
			"branches on the counter.")
	} else {
		Doc(name + " is seal for CPUs with AVX: the same steps in VEX encodings.")
	}
	k := loadGCMKernel()
	loop, single := emit.NewLabel(name+"16"), emit.NewLabel(name+"8")
	last, tail := emit.NewLabel(name+"Last"), emit.NewLabel(name+"Tail")
	CMPQ(k.n, U32(128))
	JB(LabelRef(tail))
	if public {
		general := emit.NewLabel(name + "General")
		sl := k.publicBranch(general)
		Comment("gcmBatch without GHASH: the first batch has no ciphertext before it.")
		k.publicBatch(sl, 0, nil)
		ploop, psingle := emit.NewLabel(name+"Public16"), emit.NewLabel(name+"Public8")
		Label(ploop)
		CMPQ(k.n, U32(256))
		JB(LabelRef(psingle))
		a := &avxBatch{table: k.table, data: Mem{Base: k.dst, Disp: -128}, y: k.y, top: powers}
		k.publicBatch(sl, 1, a)
		k.publicBatch(sl, 0, a.pair(Mem{Base: k.dst, Disp: -128}))
		JMP(LabelRef(ploop))
		Label(psingle)
		CMPQ(k.n, U32(128))
		JB(LabelRef(last))
		k.publicBatch(sl, 1, &avxBatch{table: k.table, data: Mem{Base: k.dst, Disp: -128}, y: k.y, top: batch})
		JMP(LabelRef(last))
		Label(general)
	}
	k.slots.avxFill(k.s, k.c)
	Comment("gcmBatch without GHASH: the first batch has no ciphertext before it.")
	k.avxBatch(nil)

	Label(loop)
	CMPQ(k.n, U32(256))
	JB(LabelRef(single))
	Comment("gcmBatch: encrypt this batch, hash the previous one times H^16..H^9.")
	a := &avxBatch{table: k.table, data: Mem{Base: k.dst, Disp: -128}, y: k.y, top: powers}
	k.avxBatch(a)
	Comment("gcmBatch: encrypt the next batch, hash this one times H^8..H^1 and reduce.")
	k.avxBatch(a.pair(Mem{Base: k.dst, Disp: -128}))
	JMP(LabelRef(loop))

	Label(single)
	CMPQ(k.n, U32(128))
	JB(LabelRef(last))
	Comment("gcmBatch: encrypt one more batch, hash the previous one.")
	k.avxBatch(&avxBatch{table: k.table, data: Mem{Base: k.dst, Disp: -128}, y: k.y, top: batch})

	Label(last)
	Comment("Hash the last batch.")
	g := avxBatch{table: k.table, data: Mem{Base: k.dst, Disp: -128}, y: k.y, top: batch}
	g.all()
	k.slots.clear()

	Label(tail)
	ctrTail(k.s, k.c, k.dst, k.src, k.n)
	ghashTail(k.table, k.dst, k.n, k.y)
	k.finish()
}

// openAVX emits open in VEX form (model: openAVXModel), and openPublicAVX
// the same with publicSlots while the counter allows (model:
// openPublicAVXModel).
func openAVX(name string, public bool) {
	api.Kernel(name, gcmSignature)
	if public {
		Doc(name+" is openAVX for a public counter block, as sealPublicAVX is",
			"sealAVX; src and dst may be the same slice.")
	} else {
		Doc(name+" is open for CPUs with AVX: the same steps in VEX encodings;",
			"src and dst may be the same slice.")
	}
	k := loadGCMKernel()
	loop, single := emit.NewLabel(name+"16"), emit.NewLabel(name+"8")
	done, tail := emit.NewLabel(name+"Done"), emit.NewLabel(name+"Tail")
	CMPQ(k.n, U32(128))
	JB(LabelRef(tail))
	if public {
		general := emit.NewLabel(name + "General")
		sl := k.publicBranch(general)
		ploop, psingle := emit.NewLabel(name+"Public16"), emit.NewLabel(name+"Public8")
		Label(ploop)
		CMPQ(k.n, U32(256))
		JB(LabelRef(psingle))
		a := &avxBatch{table: k.table, data: Mem{Base: k.src}, y: k.y, top: powers}
		k.publicBatch(sl, 0, a)
		k.publicBatch(sl, 1, a.pair(Mem{Base: k.src}))
		JMP(LabelRef(ploop))
		Label(psingle)
		CMPQ(k.n, U32(128))
		JB(LabelRef(done))
		k.publicBatch(sl, 0, &avxBatch{table: k.table, data: Mem{Base: k.src}, y: k.y, top: batch})
		JMP(LabelRef(done))
		Label(general)
	}
	k.slots.avxFill(k.s, k.c)

	Label(loop)
	CMPQ(k.n, U32(256))
	JB(LabelRef(single))
	Comment("gcmBatch: hash this batch's ciphertext times H^16..H^9 and decrypt it.")
	a := &avxBatch{table: k.table, data: Mem{Base: k.src}, y: k.y, top: powers}
	k.avxBatch(a)
	Comment("gcmBatch: hash the next batch times H^8..H^1, reduce, and decrypt it.")
	k.avxBatch(a.pair(Mem{Base: k.src}))
	JMP(LabelRef(loop))

	Label(single)
	CMPQ(k.n, U32(128))
	JB(LabelRef(done))
	Comment("gcmBatch: hash one more batch and decrypt it.")
	k.avxBatch(&avxBatch{table: k.table, data: Mem{Base: k.src}, y: k.y, top: batch})

	Label(done)
	k.slots.clear()

	Label(tail)
	Comment("Hash the tail before decrypting it, which may overwrite it.")
	ghashTail(k.table, k.src, k.n, k.y)
	ctrTail(k.s, k.c, k.dst, k.src, k.n)
	k.finish()
}

// publicBranch jumps to general unless the counter is 2 modulo 8, and
// otherwise fills publicSlots in the kernel's slot memory (model: the
// branch of sealPublicAVXModel). The branch is on the counter, which only
// the public kernels may do.
func (k *gcmKernel) publicBranch(general string) publicSlots {
	Comment("publicBranch: counter blocks by XOR while the counter is 2 modulo 8.")
	low := GP32()
	VMOVD(k.c.reg, low)
	ANDL(U8(7), low)
	CMPL(low, U8(2))
	JNE(LabelRef(general))
	sl := publicSlots{mem: k.slots.mem, value: k.slots.value, key: k.slots.key}
	sl.fill(k.s, k.c)
	return sl
}

// publicSlots holds the counter blocks of the public AVX kernels
// (sealPublicAVX, openPublicAVX) while the counter of each batch's block 0
// is 2 modulo 8, as it is for GCM with a 12-byte nonce from the start of
// a message (model: publicSlots). Then the counters c..c+7 of a batch are
// q+2..q+7 and q+8, q+9 for the multiple of 8 q = c-2, and q+j differs from
// q only in its low three bits: the whitened block of q+j is the whitened
// block of q with j XORed into its last byte (lastByteXor). Two whitened
// blocks, W(q) and W(q+8), give all eight with one VPXOR each; W(q+8) is
// the next batch's W(q), and the batch rewrites the last four bytes of
// the other slot to W(q+16), which the batch after next reads. So a batch
// of a pair reads its slot a (W(q)) and b (W(q+8)), and the next batch of
// the pair the two swapped. That takes the eight scalar rewrites of
// counterSlots (32 instructions and 8 loads per batch) down to one
// rewrite, two loads and eight VPXOR.
type publicSlots struct {
	mem   Mem       // W(q) and W(q+8), in the order a, b of the batch in hand
	value GPVirtual // c, the counter of block 0 of the next batch
	key   GPVirtual // bytes 12..15 of round key 0
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

// fill writes W(c-2) and W(c+6) into the slots and loads the counter and
// the key bytes (model: publicSlots.fill).
func (sl publicSlots) fill(s emit.Schedule, c counter) {
	Comment("publicSlots.fill: W(c-2) and W(c+6).")
	minus2 := emit.Data("counterMinus2", tables.CounterAdd(^uint32(1)))
	for i, add := range []Mem{minus2, emit.CounterAdds(8).Offset(16 * 5)} {
		b := XMM()
		VPADDD(add, c.reg, b)
		VPSHUFB(emit.ByteReverse(), b, b)
		VPXOR(s.Key(0), b, b)
		VMOVDQU(b, sl.mem.Offset(16*i))
	}
	MOVL(s.Key(0).Offset(12), sl.key)
	VMOVD(c.reg, sl.value)
}

// blocks returns the 8 whitened counter blocks of the batch whose W(q) is
// in slot a (0 or 1) and W(q+8) in the other (model:
// publicSlots.blocks).
func (sl publicSlots) blocks(a int) []VecVirtual {
	wq, wq8 := XMM(), XMM()
	VMOVDQU(sl.mem.Offset(16*a), wq)
	VMOVDQU(sl.mem.Offset(16*(1-a)), wq8)
	xors := lastByteXor()
	blocks := make([]VecVirtual, 8)
	for i := range blocks {
		blocks[i] = XMM()
		if i < 6 {
			VPXOR(xors.Offset(16*(i+2)), wq, blocks[i])
		} else {
			VPXOR(xors.Offset(16*(i-6)), wq8, blocks[i])
		}
	}
	return blocks
}

// next advances the counter by 8 and rewrites slot a, whose W(q) the
// batch in hand has read, to W(q+16) (model: publicSlots.next).
func (sl publicSlots) next(a int) {
	Comment("publicSlots.next: W(q+16) for the batch after next.")
	ADDL(U8(8), sl.value)
	t := GP32()
	LEAL(Mem{Base: sl.value, Disp: 6}, t) // q+16 = c+8+6
	BSWAPL(t)
	XORL(sl.key, t)
	MOVL(t, sl.mem.Offset(16*a+12))
}

// publicBatch is avxBatch on counter blocks from publicSlots, slot a
// holding W(q) (model: publicBatch).
func (k *gcmKernel) publicBatch(sl publicSlots, a int, g *avxBatch) {
	blocks := sl.blocks(a)
	sl.next(a)
	VPADDD(emit.CounterAdds(8).Offset(16*7), k.c.reg, k.c.reg)
	k.avxRounds(blocks, g)
}
