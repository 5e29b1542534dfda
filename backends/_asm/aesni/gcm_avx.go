package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
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

// sealAVX emits seal in VEX form (model: sealAVXModel).
func sealAVX() {
	api.Kernel("sealAVX", gcmSignature)
	Doc("sealAVX is seal for CPUs with AVX: the same steps in VEX encodings.")
	k := loadGCMKernel()
	loop, single := emit.NewLabel("sealAVX16"), emit.NewLabel("sealAVX8")
	last, tail := emit.NewLabel("sealAVXLast"), emit.NewLabel("sealAVXTail")
	CMPQ(k.n, U32(128))
	JB(LabelRef(tail))
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

// openAVX emits open in VEX form (model: openAVXModel).
func openAVX() {
	api.Kernel("openAVX", gcmSignature)
	Doc("openAVX is open for CPUs with AVX: the same steps in VEX encodings;",
		"src and dst may be the same slice.")
	k := loadGCMKernel()
	loop, single := emit.NewLabel("openAVX16"), emit.NewLabel("openAVX8")
	done, tail := emit.NewLabel("openAVXDone"), emit.NewLabel("openAVXTail")
	CMPQ(k.n, U32(128))
	JB(LabelRef(tail))
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
