package main

import (
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/gotypes"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

const gcmSignature = "func(keys *[15][16]byte, rounds int, table *[32][16]byte, ctr, y *[16]byte, dst, src []byte)"

// gcmKernel holds what seal and open load from their arguments. The
// counter's and the hash's pointers are loaded again to store them
// (store), so that no register holds them through the loops.
type gcmKernel struct {
	s           emit.Schedule
	table       GPVirtual
	dst, src, n GPVirtual
	c           counter
	slots       counterSlots
	setPtr      GPVirtual // sealPublicAVX: the counter set of its batches without GHASH
	y           VecVirtual
}

func loadGCMKernel() *gcmKernel {
	k := &gcmKernel{s: emit.LoadSchedule(Param("keys"), Param("rounds"))}
	k.table = loadTable()
	k.dst = emit.LoadGP(Param("dst").Base())
	k.src = emit.LoadGP(Param("src").Base())
	k.n = emit.LoadGP(Param("src").Len())
	k.c = loadCounter(emit.LoadGP(Param("ctr")), inc32)
	k.y = loadHash(emit.LoadGP(Param("y")))
	return k
}

// store stores the counter and the hash through their arguments.
func (k *gcmKernel) store() {
	k.c.store(emit.LoadGP(Param("ctr")))
	storeHash(k.y, emit.LoadGP(Param("y")))
}

// newCounterSlots allocates the counter slots on the stack, for the
// kernels that use them (seal, open and the public AVX kernels).
func newCounterSlots() counterSlots {
	return counterSlots{mem: AllocLocal(128), value: GP32(), key: GP32()}
}

// counterSlots holds the 8 counter blocks of the next batch of a GCM bulk
// loop on the stack, already XORed with round key 0 (model: counterSlots).
// Only their last 4 bytes change from batch to batch, and the loop
// rewrites just those with scalar instructions: add, byte swap, XOR with
// the last 4 bytes of round key 0, store. That takes 24 instructions per
// batch (PADDD, PSHUFB and PXOR for each block) off the vector ports,
// which AESENC and PCLMULQDQ keep busy in this loop.
//
// The CTR kernels and every tail use the byte-reversed counter instead:
// there the loads of a batch would follow the 4-byte stores to its slots
// too closely to be forwarded from them, and a short message would pay for
// filling the slots.
type counterSlots struct {
	mem   Mem       // block i of the next batch at 16*i
	value GPVirtual // the counter of block 0 of the next batch
	key   GPVirtual // bytes 12..15 of round key 0
}

// fill writes the next 8 whitened counter blocks with whole-block stores,
// which the first loads can be forwarded from, and loads the counter and
// the key bytes (model: counterSlots.fill).
func (sl counterSlots) fill(s emit.Schedule, c counter) []VecVirtual {
	Comment("counterSlots.fill: the first batch's whitened counter blocks.")
	blocks := c.blocks(8)
	whiten(s, blocks)
	storeBlocks(blocks, sl.mem)
	MOVL(s.Key(0).Offset(12), sl.key)
	MOVD(c.reg, sl.value) // lane 0 of the byte-reversed block is the counter
	return blocks
}

// next advances the counter by 8 and rewrites the last 4 bytes of each
// slot for the batch after the one just loaded (model: counterSlots.next).
func (sl counterSlots) next() {
	Comment("counterSlots.next: the counters of the following batch.")
	ADDL(U8(8), sl.value)
	t := GP32()
	for i := 0; i < 8; i++ {
		MOVL(sl.value, t)
		if i > 0 {
			ADDL(U8(i), t)
		}
		byteSwap32(t)
		XORL(sl.key, t)
		MOVL(t, sl.mem.Offset(16*i+12))
	}
}

// byteSwap32 reverses the bytes of r with three rotates (model: the byte
// swap in counterSlots.next): the 16-bit rotate swaps bytes 0 and 1, the
// 32-bit rotate swaps the halves, the second 16-bit rotate swaps the
// other pair. BSWAP would be one instruction, but on Intel cores from Ice
// Lake on it issues to ports 1 and 5, the vector ports that AESENC,
// PCLMULQDQ and the shuffles of this loop keep busy, while rotates go to
// ports 0 and 6; three rotates measured about 3% faster than BSWAP in the
// bulk loops on a Sapphire Rapids class Xeon.
func byteSwap32(r GPVirtual) {
	ROLW(U8(8), r.As16())
	RORL(U8(16), r)
	ROLW(U8(8), r.As16())
}

// clear zeroes the slots, which hold round key 0 XOR a known counter
// (model: counterSlots.clear).
func (sl counterSlots) clear() {
	Comment("counterSlots.clear: round key 0 must not stay on the stack.")
	zero := XMM()
	PXOR(zero, zero)
	for i := 0; i < 8; i++ {
		MOVOU(zero, sl.mem.Offset(16*i))
	}
}

// batch encrypts the next 8 counter blocks, XORs them with 128 bytes of
// src into dst and advances the pointers; g, if not nil, is a GHASH batch
// whose steps run between the AES rounds (model: gcmBatch). The eight
// GHASH block steps go after middle rounds 0..7 and the reduction after
// round 8: AESENC and PCLMULQDQ use different execution units on most
// cores, so each hides the other's latency.
func (k *gcmKernel) gcmBatch(g *ghashBatch) {
	k.slotsBatch(loadBlocks(k.slots.mem, 8), g)
}

// slotsBatch is gcmBatch from the counter blocks loaded from the slots, or
// for seal's first batch those counterSlots.fill has just stored, still
// in registers (model: slotsBatch).
func (k *gcmKernel) slotsBatch(blocks []VecVirtual, g *ghashBatch) {
	k.slots.next()
	k.c.advance(8)
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
	encryption.rounds(k.s, blocks, between)
	xorBlocks(blocks, Mem{Base: k.src})
	storeBlocks(blocks, Mem{Base: k.dst})
	advance(128, k.src, k.dst)
	SUBQ(U32(128), k.n)
}

// finish stores the counter and the hash and returns if no bytes are
// left, and otherwise hands the n bytes left to the kernel tail, sealTail
// or openTail, which return for it (model: finish).
func (k *gcmKernel) finish(tail string) {
	k.store()
	done := emit.NewLabel("gcmDone")
	TESTQ(k.n, k.n)
	JZ(LabelRef(done))
	handOff(tail, k.dst, k.src, k.n)
	Label(done)
	RET()
}

// handOff ends the kernel with a jump to the kernel name, which takes the
// kernel's arguments with dst and src the n bytes at dst and src, and
// returns to the kernel's caller: the jump is the kernel's return (RET
// with a target, which pops the kernel's frame), and the arguments are
// written over the kernel's own, which its caller does not read again.
// The counter and the hash must be in memory.
func handOff(name string, dst, src, n GPVirtual) {
	Commentf("handOff: the %s bytes left, to %s.", "n", name)
	for _, w := range []struct {
		c gotypes.Component
		r GPVirtual
	}{
		{Param("dst").Base(), dst}, {Param("dst").Len(), n}, {Param("dst").Cap(), n},
		{Param("src").Base(), src}, {Param("src").Len(), n}, {Param("src").Cap(), n},
	} {
		Store(w.r, w.c)
	}
	returnInto(name)
}

// returnInto ends the kernel with a jump to the kernel name, as its
// return. avo has no form of RET with a target.
func returnInto(name string) {
	Instruction(&ir.Instruction{Opcode: "RET", Operands: []Op{NewDataAddr(Symbol{Name: "·" + name}, 0)}, IsTerminal: true})
}

// shortTo hands a message of fewer than 128 bytes, all tail, to the kernel
// tail name as it is (model: the first branch of each model).
func shortTo(name string) {
	long := emit.NewLabel("gcmLong")
	n := GP64()
	Load(Param("src").Len(), n)
	CMPQ(n, U32(128))
	JAE(LabelRef(long))
	Commentf("Fewer than 128 bytes: all %s's.", name)
	returnInto(name)
	Label(long)
}

// tailKernel emits sealTail or openTail (model: sealTailModel,
// openTailModel): seal or open by ctrTail and ghashTail alone, 128 bytes
// at a time. Every GCM kernel hands it the fewer than 128 bytes its
// batches leave (finish), and a message shorter than a batch as it is
// (shortTo), so that the tails, unrolled for 8, 4 and 1 blocks, exist
// once rather than in each kernel; it takes any length, so that the tests
// hold it to its reference at every length. It is SSE code, as the tails
// of the AVX kernels were. (sealTail returning into ghashUpdate for its
// hash, one GHASH tail fewer, cost Seal of about 1350 bytes 1-2.5% on Zen
// 5: the hash's arguments through memory and ghashUpdate's loads again.)
func tailKernel(name string, open bool) {
	TEXT(name, NOSPLIT, gcmSignature)
	Pragma("noescape")
	if open {
		Doc(name+" is open by its tail alone, 128 bytes at a time: every open",
			"kernel hands it the bytes after its batches. src and dst may be the",
			"same slice.")
	} else {
		Doc(name+" is seal by its tail alone, 128 bytes at a time: every seal",
			"kernel hands it the bytes after its batches.")
	}
	k := loadGCMKernel()
	loop, whole := emit.NewLabel(name+"Loop"), emit.NewLabel(name+"Whole")
	m := GP64()
	Label(loop)
	Comment("m = min(n, 128): what ctrTail and ghashTail take at once.")
	MOVQ(k.n, m)
	CMPQ(m, U32(128))
	JBE(LabelRef(whole))
	MOVQ(U32(128), m)
	Label(whole)
	if open {
		Comment("Hash the tail before decrypting it, which may overwrite it.")
		ghashTail(k.table, k.src, m, k.y)
		ctrTail(k.s, k.c, k.dst, k.src, m)
	} else {
		ctrTail(k.s, k.c, k.dst, k.src, m)
		ghashTail(k.table, k.dst, m, k.y)
	}
	done := emit.NewLabel(name + "Done")
	SUBQ(m, k.n)
	JZ(LabelRef(done))
	ADDQ(m, k.src)
	ADDQ(m, k.dst)
	JMP(LabelRef(loop))
	Label(done)
	k.store()
	RET()
}

// startY starts the sum of the pair's second batch g entered alone, after
// the pairs, with y·H^8, which the first batch's block 0 would have
// carried into it (model: ghashBatch.startY): the three products of
// mulAccumulate, written into the parts of the sum g continues.
func (g *ghashBatch) startY() {
	Comment("ghashBatch.startY: the pair's second batch alone; its sum starts with y·H^8.")
	a := g.acc
	x := XMM()
	MOVOU(key(g.table, batch), a.lo)
	PCLMULQDQ(U8(0x00), g.y, a.lo) // y.lo·h.lo
	MOVOU(key(g.table, batch), a.hi)
	PCLMULQDQ(U8(0x11), g.y, a.hi) // y.hi·h.hi
	PSHUFD(U8(0x4e), g.y, a.mid)
	PXOR(g.y, a.mid) // mid.lo = y.hi ^ y.lo
	MOVOU(keyMid(g.table, batch), x)
	PCLMULQDQ(U8(0x00), x, a.mid)
}

// seal emits the stitched GCM encryption (model: sealModel). Iteration i
// encrypts batch i and hashes the ciphertext of batch i-1, which is in dst
// by then; the bulk loop does two batches at a time, whose hashing shares
// one reduction, and one more batch is the pair's second batch alone
// (startY); the last batch is hashed after the loop, and the bytes left go
// to sealTail, as does a message shorter than a batch.
func seal() {
	api.Kernel("seal", gcmSignature)
	Doc("seal is ctr32(keys, rounds, ctr, dst, src) followed by",
		"ghashUpdate(table, y, dst[:len(src)]), in one pass.")
	shortTo("sealTail")
	k := loadGCMKernel()
	k.slots = newCounterSlots()
	loop, second := emit.NewLabel("seal16"), emit.NewLabel("sealSecond")
	single, last := emit.NewLabel("seal8"), emit.NewLabel("sealLast")
	blocks := k.slots.fill(k.s, k.c)
	Comment("slotsBatch without GHASH: the first batch has no ciphertext before it;")
	Comment("its counter blocks are still in registers.")
	k.slotsBatch(blocks, nil)

	Label(loop)
	CMPQ(k.n, U32(256))
	JB(LabelRef(single))
	Comment("gcmBatch: encrypt this batch, hash the previous one times H^16..H^9.")
	a := &ghashBatch{table: k.table, data: Mem{Base: k.dst, Disp: -128}, y: k.y, top: powers}
	k.gcmBatch(a)
	Label(second)
	Comment("gcmBatch: encrypt the next batch, hash this one times H^8..H^1 and reduce.")
	b := a.pair(Mem{Base: k.dst, Disp: -128})
	k.gcmBatch(b)
	JMP(LabelRef(loop))

	Label(single)
	CMPQ(k.n, U32(128))
	JB(LabelRef(last))
	b.startY()
	JMP(LabelRef(second))

	Label(last)
	Comment("Hash the last batch.")
	g := ghashBatch{table: k.table, data: Mem{Base: k.dst, Disp: -128}, y: k.y, top: batch}
	g.all()
	k.slots.clear()
	k.finish("sealTail")
}

// open emits the stitched GCM decryption (model: openModel). Iteration i
// hashes the ciphertext of batch i while it decrypts it, two batches at a
// time with one reduction, and one more batch is the pair's second batch
// alone (startY): every GHASH load of a batch comes before its stores, so
// src and dst may be the same. The bytes left go to openTail, as does a
// message shorter than a batch.
func open() {
	api.Kernel("open", gcmSignature)
	Doc("open is ghashUpdate(table, y, src) followed by ctr32(keys, rounds,",
		"ctr, dst, src), in one pass; src and dst may be the same slice.")
	shortTo("openTail")
	k := loadGCMKernel()
	k.slots = newCounterSlots()
	loop, second := emit.NewLabel("open16"), emit.NewLabel("openSecond")
	single, done := emit.NewLabel("open8"), emit.NewLabel("openDone")
	k.slots.fill(k.s, k.c)

	Label(loop)
	CMPQ(k.n, U32(256))
	JB(LabelRef(single))
	Comment("gcmBatch: hash this batch's ciphertext times H^16..H^9 and decrypt it.")
	a := &ghashBatch{table: k.table, data: Mem{Base: k.src}, y: k.y, top: powers}
	k.gcmBatch(a)
	Label(second)
	Comment("gcmBatch: hash the next batch times H^8..H^1, reduce, and decrypt it.")
	b := a.pair(Mem{Base: k.src})
	k.gcmBatch(b)
	JMP(LabelRef(loop))

	Label(single)
	CMPQ(k.n, U32(128))
	JB(LabelRef(done))
	b.startY()
	JMP(LabelRef(second))

	Label(done)
	k.slots.clear()
	k.finish("openTail")
}
