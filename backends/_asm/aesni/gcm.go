package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

const gcmSignature = "func(keys *[15][16]byte, rounds int, table *[32][16]byte, ctr, y *[16]byte, dst, src []byte)"

// gcmKernel holds what seal and open load from their arguments.
type gcmKernel struct {
	s           emit.Schedule
	table       GPVirtual
	ctrp, yp    GPVirtual
	dst, src, n GPVirtual
	c           counter
	slots       counterSlots
	y           VecVirtual
}

func loadGCMKernel() *gcmKernel {
	k := &gcmKernel{s: emit.LoadSchedule(Param("keys"), Param("rounds"))}
	k.table = emit.LoadGP(Param("table"))
	k.ctrp = emit.LoadGP(Param("ctr"))
	k.yp = emit.LoadGP(Param("y"))
	k.dst = emit.LoadGP(Param("dst").Base())
	k.src = emit.LoadGP(Param("src").Base())
	k.n = emit.LoadGP(Param("src").Len())
	k.c = loadCounter(k.ctrp, inc32)
	k.y = loadHash(k.yp)
	return k
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
func (sl counterSlots) fill(s emit.Schedule, c counter) {
	Comment("counterSlots.fill: the first batch's whitened counter blocks.")
	blocks := c.blocks(8)
	whiten(s, blocks)
	storeBlocks(blocks, sl.mem)
	MOVL(s.Key(0).Offset(12), sl.key)
	MOVD(c.reg, sl.value) // lane 0 of the byte-reversed block is the counter
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
	blocks := loadBlocks(k.slots.mem, 8)
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

func (k *gcmKernel) finish() {
	k.c.store(k.ctrp)
	storeHash(k.y, k.yp)
	RET()
}

// seal emits the stitched GCM encryption (model: sealModel). Iteration i
// encrypts batch i and hashes the ciphertext of batch i-1, which is in dst
// by then; the bulk loop does two batches at a time, whose hashing shares
// one reduction, then at most one more batch follows; the last batch is
// hashed after the loop.
func seal() {
	api.Kernel("seal", gcmSignature)
	Doc("seal is ctr32(keys, rounds, ctr, dst, src) followed by",
		"ghashUpdate(table, y, dst[:len(src)]), in one pass.")
	k := loadGCMKernel()
	k.slots = newCounterSlots()
	loop, single := emit.NewLabel("seal16"), emit.NewLabel("seal8")
	last, tail := emit.NewLabel("sealLast"), emit.NewLabel("sealTail")
	CMPQ(k.n, U32(128))
	JB(LabelRef(tail))
	k.slots.fill(k.s, k.c)
	Comment("gcmBatch without GHASH: the first batch has no ciphertext before it.")
	k.gcmBatch(nil)

	Label(loop)
	CMPQ(k.n, U32(256))
	JB(LabelRef(single))
	Comment("gcmBatch: encrypt this batch, hash the previous one times H^16..H^9.")
	a := &ghashBatch{table: k.table, data: Mem{Base: k.dst, Disp: -128}, y: k.y, top: powers}
	k.gcmBatch(a)
	Comment("gcmBatch: encrypt the next batch, hash this one times H^8..H^1 and reduce.")
	k.gcmBatch(a.pair(Mem{Base: k.dst, Disp: -128}))
	JMP(LabelRef(loop))

	Label(single)
	CMPQ(k.n, U32(128))
	JB(LabelRef(last))
	Comment("gcmBatch: encrypt one more batch, hash the previous one.")
	k.gcmBatch(&ghashBatch{table: k.table, data: Mem{Base: k.dst, Disp: -128}, y: k.y, top: batch})

	Label(last)
	Comment("Hash the last batch.")
	g := ghashBatch{table: k.table, data: Mem{Base: k.dst, Disp: -128}, y: k.y, top: batch}
	g.all()
	k.slots.clear()

	Label(tail)
	ctrTail(k.s, k.c, k.dst, k.src, k.n)
	ghashTail(k.table, k.dst, k.n, k.y)
	k.finish()
}

// open emits the stitched GCM decryption (model: openModel). Iteration i
// hashes the ciphertext of batch i while it decrypts it, two batches at a
// time with one reduction, then at most one more batch: every GHASH load of
// a batch comes before its stores, so src and dst may be the same.
func open() {
	api.Kernel("open", gcmSignature)
	Doc("open is ghashUpdate(table, y, src) followed by ctr32(keys, rounds,",
		"ctr, dst, src), in one pass; src and dst may be the same slice.")
	k := loadGCMKernel()
	k.slots = newCounterSlots()
	loop, single := emit.NewLabel("open16"), emit.NewLabel("open8")
	done, tail := emit.NewLabel("openDone"), emit.NewLabel("openTail")
	CMPQ(k.n, U32(128))
	JB(LabelRef(tail))
	k.slots.fill(k.s, k.c)

	Label(loop)
	CMPQ(k.n, U32(256))
	JB(LabelRef(single))
	Comment("gcmBatch: hash this batch's ciphertext times H^16..H^9 and decrypt it.")
	a := &ghashBatch{table: k.table, data: Mem{Base: k.src}, y: k.y, top: powers}
	k.gcmBatch(a)
	Comment("gcmBatch: hash the next batch times H^8..H^1, reduce, and decrypt it.")
	k.gcmBatch(a.pair(Mem{Base: k.src}))
	JMP(LabelRef(loop))

	Label(single)
	CMPQ(k.n, U32(128))
	JB(LabelRef(done))
	Comment("gcmBatch: hash one more batch and decrypt it.")
	k.gcmBatch(&ghashBatch{table: k.table, data: Mem{Base: k.src}, y: k.y, top: batch})

	Label(done)
	k.slots.clear()

	Label(tail)
	Comment("Hash the tail before decrypting it, which may overwrite it.")
	ghashTail(k.table, k.src, k.n, k.y)
	ctrTail(k.s, k.c, k.dst, k.src, k.n)
	k.finish()
}
