package main

import (
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	"github.com/mmcloughlin/avo/gotypes"
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
	hp          GPVirtual // sealAVX: the data its GHASH batches read
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

// tailFrame is the stack a GCM kernel needs to hand the bytes its batches
// leave to ctr32 and ghashUpdate (model: gcmTail): the first callee's
// arguments, which must be the frame's first bytes, and the pointers and
// lengths of the second call, kept across the first.
type tailFrame struct {
	args  Mem // ctr32's 72 bytes of arguments, or ghashUpdate's 40
	saved Mem // dst, src, n, the hashed bytes' start and length
}

// newTailFrame allocates the frame; a kernel calls it before any other
// AllocLocal, so that the arguments are at 0(SP).
func newTailFrame() tailFrame {
	return tailFrame{args: AllocLocal(72), saved: AllocLocal(40)}
}

// ctrArgs writes the arguments of ctr32(keys, rounds, ctr, dst[:n],
// src[:n]), with the kernel's own keys, rounds and counter, to the words
// slot(0), slot(1), ...; ghashArgs writes those of ghashUpdate(table, y,
// data[:n]).
func ctrArgs(slot func(i int) Mem, dst, src, n Op) {
	r := GP64()
	for i, name := range []string{"keys", "rounds", "ctr"} {
		Load(Param(name), r)
		MOVQ(r, slot(i))
	}
	for i, v := range []Op{dst, n, n, src, n, n} {
		MOVQ(v, slot(3+i))
	}
}

func ghashArgs(slot func(i int) Mem, data, n Op) {
	r := GP64()
	for i, name := range []string{"table", "y"} {
		Load(Param(name), r)
		MOVQ(r, slot(i))
	}
	for i, v := range []Op{data, n, n} {
		MOVQ(v, slot(2+i))
	}
}

// outgoing is word i of the frame's outgoing arguments; own is word i of
// the kernel's own arguments, by the name vet checks it under.
func (f tailFrame) outgoing(i int) Mem { return f.args.Offset(8 * i) }

func own(i int) Mem {
	words := []gotypes.Component{Param("keys"), Param("rounds"), Param("table"), Param("ctr"), Param("y"),
		Param("dst").Base(), Param("dst").Len(), Param("dst").Cap(), Param("src").Base()}
	b, err := words[i].Resolve()
	if err != nil {
		panic(err)
	}
	return b.Addr
}

// ctr32 calls ctr32(keys, rounds, ctr, dst[:n], src[:n]) (model:
// ctr32Model). Every register is lost: the caller keeps nothing in one
// across the call.
func (f tailFrame) ctr32(dst, src, n Op) {
	ctrArgs(f.outgoing, dst, src, n)
	call("ctr32")
}

// call emits a call of the kernel name. avo's CALL takes a label only,
// and it does not know that a call clobbers every register: no register
// may hold a value across it.
func call(name string) {
	Instruction(&ir.Instruction{Opcode: "CALL", Operands: []Op{NewDataAddr(Symbol{Name: "·" + name}, 0)}})
}

// returnInto ends the kernel with a jump to the kernel name, as its
// return: name returns to the kernel's caller. Its arguments must be in
// the kernel's own argument words, which its caller no longer reads.
func returnInto(name string) {
	Instruction(&ir.Instruction{Opcode: "RET", Operands: []Op{NewDataAddr(Symbol{Name: "·" + name}, 0)}, IsTerminal: true})
}

// gcmTail hands the n bytes at src that the batches leave to ctr32, into
// dst, and the hashLen bytes of ciphertext at hash, which the batches have
// not hashed, to ghashUpdate (model: gcmTail). Seal calls ctr32 first,
// whose output it hashes, and so does open when dst is not src; open in
// place calls ghashUpdate first. ctr32's AES rounds are the longer chain:
// begun first, the hash runs beside them. The counter and the hash must be
// in memory. The second callee is the kernel's return (returnInto), its
// arguments written over the kernel's own; neither is called without
// bytes. The batches leave fewer than 256 bytes, which ctr32 encrypts
// eight blocks at a time, and at most 256 bytes more to hash, which
// ghashUpdate hashes eight blocks at a time: one copy of each tail, shared
// by every GCM kernel and the CTR mode, where each kernel had its own.
func (f tailFrame) gcmTail(open bool, dst, src, n, hash, hashLen GPVirtual) {
	Comment("gcmTail: the bytes the batches leave, by ctr32 and ghashUpdate.")
	if open {
		inPlace, end := emit.NewLabel("tailInPlace"), emit.NewLabel("tailEnd")
		CMPQ(dst, src)
		JE(LabelRef(inPlace))
		f.ctrFirst(dst, src, n, hash, hashLen, end)
		Label(inPlace)
		Comment("In place: hash the ciphertext before ctr32 overwrites it.")
		for i, r := range []GPVirtual{dst, src, n} {
			MOVQ(r, f.saved.Offset(8*i))
		}
		skip := emit.NewLabel("tailNoGHASH")
		TESTQ(hashLen, hashLen)
		JZ(LabelRef(skip))
		ghashArgs(f.outgoing, hash, hashLen)
		call("ghashUpdate")
		Label(skip)
		d, s, m := GP64(), GP64(), GP64()
		MOVQ(f.saved.Offset(16), m)
		TESTQ(m, m)
		JZ(LabelRef(end))
		MOVQ(f.saved, d)
		MOVQ(f.saved.Offset(8), s)
		ctrArgs(own, d, s, m)
		returnInto("ctr32")
		Label(end)
		RET()
		return
	}
	end := emit.NewLabel("tailEnd")
	f.ctrFirst(dst, src, n, hash, hashLen, end)
	Label(end)
	RET()
}

// ctrFirst is gcmTail's ctr32 call, then ghashUpdate as the kernel's
// return; it jumps to end if there are no bytes to hash.
func (f tailFrame) ctrFirst(dst, src, n, hash, hashLen GPVirtual, end string) {
	MOVQ(hash, f.saved.Offset(24))
	MOVQ(hashLen, f.saved.Offset(32))
	skip := emit.NewLabel("tailNoCTR")
	TESTQ(n, n)
	JZ(LabelRef(skip))
	ctrArgs(f.outgoing, dst, src, n)
	call("ctr32")
	Label(skip)
	p, m := GP64(), GP64()
	MOVQ(f.saved.Offset(32), m)
	TESTQ(m, m)
	JZ(LabelRef(end))
	MOVQ(f.saved.Offset(24), p)
	ghashArgs(own, p, m)
	returnInto("ghashUpdate")
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
// by then, two batches at a time, whose hashing shares one reduction; one
// batch after the pairs is the pair's second batch alone (startY). The
// first batch, which has no batch before it, is ctr32's, and a message
// shorter than two batches is all gcmTail's.
func seal() {
	api.Kernel("seal", gcmSignature)
	Doc("seal is ctr32(keys, rounds, ctr, dst, src) followed by",
		"ghashUpdate(table, y, dst[:len(src)]), in one pass.")
	f := newTailFrame()
	slots := newCounterSlots()
	d, s, n, hash, hashLen := GP64(), GP64(), GP64(), GP64(), GP64()
	Load(Param("dst").Base(), d)
	Load(Param("src").Base(), s)
	Load(Param("src").Len(), n)
	loop, second := emit.NewLabel("seal16"), emit.NewLabel("sealSecond")
	single, done := emit.NewLabel("seal8"), emit.NewLabel("sealDone")
	short, tail := emit.NewLabel("sealShort"), emit.NewLabel("sealTail")
	CMPQ(n, U32(2*128))
	JB(LabelRef(short))
	Comment("ctr32: the first batch, which has no ciphertext before it to hash.")
	f.ctr32(d, s, U32(128))
	k := loadGCMKernel()
	k.slots = slots
	advance(128, k.src, k.dst)
	SUBQ(U32(128), k.n)
	k.slots.fill(k.s, k.c)

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
	JB(LabelRef(done))
	b.startY()
	JMP(LabelRef(second))

	Label(done)
	k.slots.clear()
	k.c.store(k.ctrp)
	storeHash(k.y, k.yp)
	Comment("The last batch is not hashed yet.")
	MOVQ(k.dst, d)
	MOVQ(k.src, s)
	MOVQ(k.n, n)
	LEAQ(Mem{Base: k.dst, Disp: -128}, hash)
	LEAQ(Mem{Base: k.n, Disp: 128}, hashLen)
	JMP(LabelRef(tail))

	Label(short)
	MOVQ(d, hash)
	MOVQ(n, hashLen)
	Label(tail)
	f.gcmTail(false, d, s, n, hash, hashLen)
}

// open emits the stitched GCM decryption (model: openModel). Iteration i
// hashes the ciphertext of batch i while it decrypts it, two batches at a
// time with one reduction, and one batch after the pairs is the pair's
// second batch alone (startY): every GHASH load of a batch comes before
// its stores, so src and dst may be the same. What the batches leave is
// gcmTail's.
func open() {
	api.Kernel("open", gcmSignature)
	Doc("open is ghashUpdate(table, y, src) followed by ctr32(keys, rounds,",
		"ctr, dst, src), in one pass; src and dst may be the same slice.")
	f := newTailFrame()
	slots := newCounterSlots()
	d, s, n := GP64(), GP64(), GP64()
	Load(Param("dst").Base(), d)
	Load(Param("src").Base(), s)
	Load(Param("src").Len(), n)
	loop, second := emit.NewLabel("open16"), emit.NewLabel("openSecond")
	single, done, tail := emit.NewLabel("open8"), emit.NewLabel("openDone"), emit.NewLabel("openTail")
	CMPQ(n, U32(128))
	JB(LabelRef(tail))
	k := loadGCMKernel()
	k.slots = slots
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
	k.c.store(k.ctrp)
	storeHash(k.y, k.yp)
	MOVQ(k.dst, d)
	MOVQ(k.src, s)
	MOVQ(k.n, n)

	Label(tail)
	f.gcmTail(true, d, s, n, s, n)
}
