package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

const gcmSignature = "func(keys *[15][16]byte, rounds int, table *[32][16]byte, ctr, y *[16]byte, dst, src []byte)"

// gcmBytes is the batch of the stitched loops: 16 blocks, four registers
// (model: gcmBytes). Two batches share one GHASH reduction.
const gcmBytes = 256

// gcmKernel holds what seal and open load from their arguments.
type gcmKernel struct {
	s           emit.Schedule
	k           *roundKeys
	table       GPVirtual
	ctrp, yp    GPVirtual
	dst, src, n GPVirtual
	public      bool
	c           gcmCounter
	y           VecVirtual
	// ct, if not nil (seal), receives each batch's ciphertext, which the
	// next batch or the tail hashes from there instead of reloading it
	// from dst right after its stores; seal's round keys are then loaded
	// with loadRoundKeysOnUse, to leave the registers for it.
	ct []VecVirtual
}

func loadGCMKernel(public bool) *gcmKernel {
	k := &gcmKernel{s: emit.LoadSchedule(Param("keys"), Param("rounds")), public: public}
	k.table = emit.LoadGP(Param("table"))
	k.ctrp = emit.LoadGP(Param("ctr"))
	k.yp = emit.LoadGP(Param("y"))
	k.dst = emit.LoadGP(Param("dst").Base())
	k.src = emit.LoadGP(Param("src").Base())
	k.n = emit.LoadGP(Param("src").Len())
	return k
}

// loadVectors loads the round keys, the counter unless it is public, and
// the hash, for the batches, into ZMM registers; a public counter gets its
// registers here and is loaded by loadPublic. Of the extra keys of
// AES-192 and AES-256, seal loads all on use (loadRoundKeysOnUse), to
// leave their registers to the carried ciphertext (gcmKernel.ct), and open
// AES-256's first two (loadRoundKeysHalfOnUse): with all four held, no
// allocation of open's registers was found.
func (k *gcmKernel) loadVectors() {
	if k.ct != nil {
		k.k = loadRoundKeysOnUse(k.s)
	} else {
		k.k = loadRoundKeysHalfOnUse(k.s)
	}
	if k.public {
		k.c = publicCounter{be: ZMM(), low: GP64()}
	} else {
		k.c = loadCounterTo(k.ctrp, inc32, 64)
	}
	k.y = loadHash(k.yp)
}

// loadPublic loads a public counter (loadPublicCounter); for any other
// counter, loadVectors has loaded it.
func (k *gcmKernel) loadPublic() {
	if c, ok := k.c.(publicCounter); ok {
		loadPublicCounter(c, k.ctrp)
	}
}

// sealShort is seal on 1..16 bytes (model: sealShort).
func (k *gcmKernel) sealShort() {
	mask := byteMask(k.n)
	c, ks := XMM(), XMM()
	VMOVDQU64(Mem{Base: k.ctrp}, c)
	VMOVDQA64(c, ks)
	rounds16(encryption, k.s, ks)
	x := loadShort(k.src, k.n, mask)
	VPXORD(ks, x, x)
	storeShort(x, k.dst, k.n, mask)
	Comment("keepShort: zero the bytes past n.")
	VMOVDQU8_Z(x, mask, x)
	ghashShort(k.table, k.yp, x)
	storeCounter16(inc32, c, k.ctrp)
}

// openShort is open on 1..16 bytes (model: openShort): the hash of the
// ciphertext runs while the block is encrypted.
func (k *gcmKernel) openShort() {
	mask := byteMask(k.n)
	c, ks := XMM(), XMM()
	VMOVDQU64(Mem{Base: k.ctrp}, c)
	x := loadShort(k.src, k.n, mask)
	ghashShort(k.table, k.yp, x)
	VMOVDQA64(c, ks)
	rounds16(encryption, k.s, ks)
	VPXORD(ks, x, x)
	storeShort(x, k.dst, k.n, mask)
	storeCounter16(inc32, c, k.ctrp)
}

// stitched returns the between function of roundKeys.rounds that spreads
// up to four registers of GHASH over the nine middle rounds (model:
// stitch.rounds): register first+i, from load(i), absorbed after middle round 2i
// for i < z, and, if finish, the reduction after middle round 8. VAESENC
// and VPCLMULQDQ issue to different ports, so each hides the other's
// latency; every other round keeps the mix even (3% faster at 16 KiB than
// four rounds in a row).
func stitched(g *ghashSum, first int, load func(i int) VecVirtual, z int, finish bool) func(i int) {
	return func(i int) {
		switch {
		case i%2 == 0 && i/2 < z:
			g.absorb(first+i/2, load(i/2))
		case i == 8 && finish:
			g.finish()
		}
	}
}

// from returns the loader of consecutive registers of data at mem.
func from(mem Mem) func(r int) VecVirtual {
	return func(r int) VecVirtual {
		x := ZMM()
		VMOVDQU64(mem.Offset(64*r), x)
		return x
	}
}

// carried returns the loader of the previous batch's ciphertext from the
// registers it was stored from.
func (k *gcmKernel) carried() func(r int) VecVirtual {
	return func(r int) VecVirtual { return k.ct[r] }
}

// batch encrypts the next four registers of counter blocks, XORs them with
// 256 bytes of src into dst, through ct if it is set, and advances the
// pointers (model: gcmBatch);
// between, if not nil, runs the steps of GHASH between the rounds.
func (k *gcmKernel) batch(between func(i int)) {
	blocks := k.c.blocks(4)
	k.k.whiten(blocks)
	k.k.rounds(encryption, blocks, between)
	if k.ct != nil {
		Comment("The ciphertext stays in the carried registers.")
		for r, b := range blocks {
			VPXORD(Mem{Base: k.src, Disp: 64 * r}, b, k.ct[r])
		}
		blocks = k.ct
	} else {
		xorBlocks(blocks, Mem{Base: k.src})
	}
	storeBlocks(blocks, Mem{Base: k.dst})
	advance(gcmBytes, k.src, k.dst)
	SUBQ(U32(gcmBytes), k.n)
}

// finish stores the counter and the hash (model: counter.store and
// storeHash): t is the tail's counter (tailCounter) at its last register,
// advanced here by the ceil(n/16) blocks that register used, n = 0..w.
func (k *gcmKernel) finish(t VecVirtual) {
	counter{reg: t, add: inc32}.store(k.ctrp, blocksUsed(k.n))
	storeHash(k.y, k.yp)
}

// ret is the kernels' single exit.
func ret(label string) {
	Label(label)
	VZEROUPPER()
	RET()
}

// sealKernel emits seal or sealPublic, the stitched GCM encryption (model:
// sealKernel); public says whether the counter is public (see
// publicCounter). Each batch hashes the ciphertext of the batch before it,
// carried in registers (gcmKernel.ct): pairs of batches with one reduction
// while more than 512 bytes remain, then one batch if more than 256 remain.
// The last batch's ciphertext goes into the tail's sum (absorbPending), and
// the last 1..256 bytes are the tail (sealTail), one ZMM register at a
// time. A message of at most 256 bytes is the tail alone, on YMM registers
// (tailVectors), or on ZMM registers past zmmFrom bytes where zmmTails is
// set, through the same code as after the batches.
func sealKernel(name string, public bool) {
	api.Kernel(name, gcmSignature)
	if public {
		Doc("sealPublic is seal for a public counter block (GCM with a 12-byte",
			"nonce): it may branch on the counter's value.")
	} else {
		Doc("seal is ctr32(keys, rounds, ctr, dst, src) followed by",
			"ghashUpdate(table, y, dst[:len(src)]), in one pass.")
	}
	k := loadGCMKernel(public)
	loadConsts()
	exit := emit.NewLabel("sealExit")
	long := shortPath(k.n, exit)
	k.sealShort()
	JMP(LabelRef(exit))

	Label(long)
	loop, one, none := emit.NewLabel("seal32"), emit.NewLabel("seal16"), emit.NewLabel("sealNone")
	CMPQ(k.n, U32(gcmBytes))
	JBE(LabelRef(none))
	k.ct = newBlocks(4)
	k.loadVectors()
	k.loadPublic()
	Comment("gcmBatch without GHASH: the first batch has no ciphertext before it.")
	k.batch(nil)

	Label(loop)
	CMPQ(k.n, U32(2*gcmBytes))
	JBE(LabelRef(one))
	Comment("Two batches, each hashing the one before it, one reduction.")
	g := ghashSum{keys: keyPowers(k.table, 0), y: k.y}
	k.batch(stitched(&g, 0, k.carried(), 4, false))
	sum := g.acc // the first batch's sum, which the second adds to
	second := emit.NewLabel("sealSecond")
	Label(second)
	k.batch(stitched(&g, 4, k.carried(), 4, true))
	JMP(LabelRef(loop))

	Label(one)
	pending := emit.NewLabel("sealPending")
	CMPQ(k.n, U32(gcmBytes))
	JBE(LabelRef(pending))
	Comment("One batch hashing the one before it: the pair's second, its sum zeroed",
		"and y added to the first block it hashes (in the blocks' byte order, as",
		"the carried ciphertext is), whose powers are the same, H^16..H^1.")
	yb := ZMM()
	VPSHUFB(byteReverse(), k.y, yb)
	VPXORD(yb, k.ct[0], k.ct[0])
	VPXORD(sum.lo, sum.lo, sum.lo)
	VPXORD(sum.mid, sum.mid, sum.mid)
	VPXORD(sum.hi, sum.hi, sum.hi)
	JMP(LabelRef(second))

	Label(pending)
	t, s := ZMM(), newTailSum(64, k.y)
	k.c.tailCounter(t)
	s.start()
	tail := k.sealTail(s, t, 64, true)
	k.finish(t)
	JMP(LabelRef(exit))

	Label(none)
	half := emit.NewLabel("sealHalf")
	zmmTail(k.n, half)
	Comment("The tail alone, on ZMM registers: the registers of the tail after the batches.")
	k.k.load()
	loadCounterInto(t, k.ctrp, inc32)
	loadHashInto(k.y, k.yp)
	s.start()
	JMP(LabelRef(tail))

	Label(half)
	Comment("The tail alone, on YMM registers.")
	t = k.tailVectors(32)
	s = newTailSum(32, k.y)
	s.start()
	k.sealTail(s, t, 32, false)
	k.finish(t)
	ret(exit)
}

// tailHalf is the longest message that open runs as a tail alone on YMM
// registers of two blocks (model: tailHalf); seal does so up to 256 bytes.
// On AMD's cores, past zmmFrom bytes both run on ZMM registers (zmmTail).
const tailHalf = 128

// zmmFrom is the longest message of a tail alone that runs on YMM
// registers on AMD's cores too: one register of them.
const zmmFrom = 32

// zmmTail jumps to half, the tail alone on YMM registers, unless n is more
// than zmmFrom bytes and zmmTails is set; it falls through to the ZMM
// registers' path.
func zmmTail(n GPVirtual, half string) {
	CMPQ(n, U8(zmmFrom))
	JBE(LabelRef(half))
	Comment("zmmTails: past zmmFrom bytes, ZMM registers on AMD's cores.")
	CMPB(zmmTails(), U8(0))
	JE(LabelRef(half))
}

// zmmTails is the package's byte variable zmmTails, set at init on AMD's
// cores: seal, open and their Public forms then run a message of more
// than zmmFrom bytes that is a tail alone on ZMM registers rather than
// YMM. The branch is on the CPU, fixed for the process.
func zmmTails() Mem { return NewDataAddr(Symbol{Name: "·zmmTails"}, 0) }

// tailVectors loads what a tail alone needs into new registers of w bytes
// (model: the tail-only branches of sealKernel and openKernel): every round
// key, the counter as a counter of any kind (the tail's counter steps
// alike for a public one) and the hash. It returns the counter.
func (k *gcmKernel) tailVectors(w int) VecVirtual {
	k.k = loadRoundKeysTo(k.s, w)
	c := loadCounterTo(k.ctrp, inc32, w)
	k.y = loadHash(k.yp)
	return c.reg
}

// absorbPending returns the between step of roundKeys.rounds that adds
// the last batch's ciphertext, carried in k.ct, to the tail's sum s, one
// register after each of middle rounds 0, 2, 4 and 6 of the tail's first
// register (model: tailSum.absorbPending), with the 16 powers before the
// tail's, which start at p, so that one reduction covers both. Spread
// over the rounds, the multiplies reach the multiplier four at a time: all
// sixteen at once, ahead of the tail's rounds, held those rounds up (Seal
// of 1350 bytes 5-8% slower on Zen 5).
func (k *gcmKernel) absorbPending(s tailSum, p GPVirtual) func(i int) {
	return func(i int) {
		if i%2 != 0 || i/2 >= len(k.ct) {
			return
		}
		r := i / 2
		Commentf("absorbPending: register %d of the last batch.", r)
		h := ZMM()
		VMOVDQU64(Mem{Base: p, Disp: 64*r - gcmBytes}, h)
		s.absorb(k.ct[r], h)
	}
}

// sealTail encrypts the last 0 < n <= 256 bytes one register of w = 32 or
// 64 bytes at a time, the last through masks, and hashes each into s from
// its register, with the powers from tailPowers on; it ends with the
// reduction into y, n the bytes of the last register and t that
// register's counter (model: sealTail). A register's hash waits for its
// rounds, a chain of 10 to 14 VAESENC, and multiplies that wait hold up
// the issue of what comes after them: so each pass hashes the register two
// before it, once the rounds of the two after that one have issued, and
// the last pass the one before it and itself (absorbLast). Hashed in its
// own pass, or in the next, a register's multiplies held up the next
// registers' rounds; hashed in a second loop, the registers were read back
// from dst right after their stores and waited for them (docs/notes.md).
//
// If pending, the tail follows the batches: the rounds of its first two
// registers run together, with the last batch's hash between them
// (absorbPending), and a tail of one register drops the second's. The
// label returned enters the loop from the top, for a tail with no batch
// before it in the same registers.
func (k *gcmKernel) sealTail(s tailSum, t VecVirtual, w int, pending bool) string {
	Commentf("sealTail: the last 0 < n <= 256 bytes, a register of %d bytes at a time.", w)
	p, f1, f2, x, c1, c2 := GP64(), GP64(), GP64(), newVec(w), newVec(w), newVec(w)
	if pending {
		// The pending batch's, free once absorbed: registers fewer to allocate.
		c1, c2 = k.ct[0], k.ct[1]
	}
	setup := func() {
		tailPowersTo(p, k.table, k.n)
		Comment("Register j has a register before it if n <= f1 and two if n <= f2.")
		LEAQ(Mem{Base: k.n, Disp: -w}, f1)
		LEAQ(Mem{Base: k.n, Disp: -2 * w}, f2)
	}
	entry, loop, rounded, hashed, last := emit.NewLabel("sealTailEntry"), emit.NewLabel("sealTail"), emit.NewLabel("sealTailRounded"), emit.NewLabel("sealTailHashed"), emit.NewLabel("sealTailLast")
	if pending {
		setup()
		Comment("The first two registers, with the last batch's hash between their",
			"rounds; a tail of one register drops the second's.")
		x1, t1 := newVec(w), newVec(w)
		tailBlocksTo(x, t)
		VPADDD(laneAdd(w/16), t, t1)
		tailBlocksTo(x1, t1)
		k.k.whiten([]VecVirtual{x, x1})
		k.k.rounds(encryption, []VecVirtual{x, x1}, k.absorbPending(s, p))
		CMPQ(k.n, U8(w))
		JBE(LabelRef(last))
		tailStep(t, w)
		VPXORD(Mem{Base: k.src}, x, c1)
		VMOVDQU64(c1, Mem{Base: k.dst})
		advance(w, k.src, k.dst)
		SUBQ(U8(w), k.n)
		VMOVDQA64(x1, x)
		JMP(LabelRef(rounded))
	}
	Label(entry)
	setup()
	Label(loop)
	tailBlocksTo(x, t)
	k.k.whiten([]VecVirtual{x})
	k.k.rounds(encryption, []VecVirtual{x}, nil)
	Label(rounded)
	Comment("The register two before this one, if any.")
	CMPQ(k.n, f2)
	JG(LabelRef(hashed))
	h := newVec(w)
	VMOVDQU64(Mem{Base: p}, h)
	s.absorb(c2, h)
	advance(w, p)
	Label(hashed)
	CMPQ(k.n, U8(w))
	JBE(LabelRef(last))
	tailStep(t, w)
	VMOVDQA64(c1, c2)
	VPXORD(Mem{Base: k.src}, x, c1)
	VMOVDQU64(c1, Mem{Base: k.dst})
	advance(w, k.src, k.dst)
	SUBQ(U8(w), k.n)
	JMP(LabelRef(loop))

	Label(last)
	Comment("The register before the last, if any.")
	one := emit.NewLabel("sealTailOne")
	CMPQ(k.n, f1)
	JG(LabelRef(one))
	h1 := newVec(w)
	VMOVDQU64(Mem{Base: p}, h1)
	s.absorb(c1, h1)
	advance(w, p)
	Label(one)
	Comment("The last register, through masks.")
	mask := byteMask(k.n)
	d := loadMaskedTo(newVec(w), Mem{Base: k.src}, k.n, mask)
	VPXORD(x, d, d)
	storeMasked(d, mask, Mem{Base: k.dst}, k.n)
	keepMasked(d, mask)
	s.absorbLast(d, lastPowers(p, k.n, w))
	s.finish()
	return entry
}

// openKernel emits open or openPublic, the stitched GCM decryption
// (model: openKernel); public says whether the counter is public (see
// publicCounter). Each batch hashes its own ciphertext while it decrypts
// it, pairs of batches with one reduction while 512 bytes remain, then one
// batch if 256 remain: every GHASH load of a batch comes before its stores,
// so src and dst may be the same. The last n < 256 bytes are the tail
// (openTail), one ZMM register at a time. A message of at most tailHalf
// bytes is the tail alone, on YMM registers, or on ZMM registers past
// zmmFrom bytes where zmmTails is set, through the same code as after the
// batches.
func openKernel(name string, public bool) {
	api.Kernel(name, gcmSignature)
	if public {
		Doc("openPublic is open for a public counter block (GCM with a 12-byte",
			"nonce): it may branch on the counter's value.")
	} else {
		Doc("open is ghashUpdate(table, y, src) followed by ctr32(keys, rounds,",
			"ctr, dst, src), in one pass; src and dst may be the same slice.")
	}
	k := loadGCMKernel(public)
	loadConsts()
	exit := emit.NewLabel("openExit")
	long := shortPath(k.n, exit)
	k.openShort()
	JMP(LabelRef(exit))

	Label(long)
	small, half := emit.NewLabel("openSmall"), emit.NewLabel("openHalf")
	CMPQ(k.n, U32(tailHalf))
	JBE(LabelRef(small))
	k.loadVectors()
	k.loadPublic()
	loop, one, tail, done := emit.NewLabel("open32"), emit.NewLabel("open16"), emit.NewLabel("openPending"), emit.NewLabel("openDone")
	Label(loop)
	CMPQ(k.n, U32(2*gcmBytes))
	JB(LabelRef(one))
	Comment("Two batches, each hashing its own ciphertext, one reduction.")
	g := ghashSum{keys: keyPowers(k.table, 0), y: k.y}
	k.batch(stitched(&g, 0, from(Mem{Base: k.src}), 4, false))
	k.batch(stitched(&g, 4, from(Mem{Base: k.src}), 4, true))
	JMP(LabelRef(loop))

	Label(one)
	CMPQ(k.n, U32(gcmBytes))
	JB(LabelRef(tail))
	Comment("One batch hashing its own ciphertext.")
	g = ghashSum{keys: keyPowers(k.table, powers/2), y: k.y}
	k.batch(stitched(&g, 0, from(Mem{Base: k.src}), 4, true))

	Label(tail)
	t, s := ZMM(), newTailSum(64, k.y)
	k.c.tailCounter(t)
	k.k = k.k.onUseKeys()
	TESTQ(k.n, k.n)
	JZ(LabelRef(done))
	s.start()
	entry := k.openTail(s, t, 64)
	Label(done)
	k.finish(t)
	JMP(LabelRef(exit))

	Label(small)
	zmmTail(k.n, half)
	Comment("The tail alone, on ZMM registers: the registers of the tail after the batches.")
	k.k.load()
	loadCounterInto(t, k.ctrp, inc32)
	loadHashInto(k.y, k.yp)
	s.start()
	JMP(LabelRef(entry))

	Label(half)
	Comment("The tail alone, of at most tailHalf bytes, on YMM registers.")
	t = k.tailVectors(32)
	s = newTailSum(32, k.y)
	s.start()
	_ = k.openTail(s, t, 32)
	k.finish(t)
	ret(exit)
}

// openTail decrypts the last 0 < n < 256 bytes one register of w = 32 or
// 64 bytes at a time, the last through masks, each hashed into s as it is
// loaded, before its store, so src and dst may be the same; it ends with
// the reduction into y, n the bytes of the last register and t that
// register's counter (model: openTail). The label returned enters it from
// the top.
func (k *gcmKernel) openTail(s tailSum, t VecVirtual, w int) string {
	Commentf("openTail: the last 0 < n < 256 bytes, a register of %d bytes at a time.", w)
	entry := emit.NewLabel("openTailEntry")
	Label(entry)
	p := tailPowers(k.table, k.n)
	d, h := newVec(w), newVec(w)
	loop, last, body, store := emit.NewLabel("openTail"), emit.NewLabel("openTailLast"), emit.NewLabel("openTailBody"), emit.NewLabel("openTailStore")
	Label(loop)
	CMPQ(k.n, U8(w))
	JBE(LabelRef(last))
	VMOVDQU64(Mem{Base: k.src}, d)
	VMOVDQU64(Mem{Base: p}, h)
	JMP(LabelRef(body))
	Label(last)
	Comment("The last register and its powers, through masks.")
	mask := byteMask(k.n)
	loadMaskedTo(d, Mem{Base: k.src}, k.n, mask)
	lastPowersTo(h, p, k.n)
	Label(body)
	s.absorb(d, h)
	x := tailBlocks(t, w)
	k.k.whiten([]VecVirtual{x})
	k.k.rounds(encryption, []VecVirtual{x}, nil)
	VPXORD(d, x, x)
	CMPQ(k.n, U8(w))
	JBE(LabelRef(store))
	tailStep(t, w)
	VMOVDQU64(x, Mem{Base: k.dst})
	advance(w, k.src, k.dst, p)
	SUBQ(U8(w), k.n)
	JMP(LabelRef(loop))
	Label(store)
	storeMasked(x, mask, Mem{Base: k.dst}, k.n)
	s.foldLow()
	s.finish()
	return entry
}
