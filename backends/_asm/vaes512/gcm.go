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
// the hash, for everything but the short path, into registers of w = 32
// or 64 bytes (32 for code that runs only on half-width registers: a
// 512-bit instruction there measured 1-3 ns); a public counter gets its
// registers here and is loaded by loadPublic.
func (k *gcmKernel) loadVectors(w int) {
	if k.ct != nil {
		k.k = loadRoundKeysOnUse(k.s)
	} else {
		k.k = loadRoundKeysTo(k.s, w)
	}
	if k.public {
		k.c = publicCounter{be: newVec(w), low: GP64()}
	} else {
		k.c = loadCounterTo(k.ctrp, inc32, w)
	}
	k.y = loadHash(k.yp)
}

// loadPublic loads a public counter, directly or not (loadPublicCounter);
// for any other counter, loadVectors has loaded it.
func (k *gcmKernel) loadPublic(direct bool) {
	if c, ok := k.c.(publicCounter); ok {
		loadPublicCounter(c, k.ctrp, direct)
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

// stitchedFoldLow is stitched for the four registers of seal's pending
// batch, absorbed into the sum of the tail after it (model:
// stitch.rounds with foldLow set): in place of the reduction after middle round 8 comes its
// first fold, fold(lo, mid) (ghashSum.foldLow), and the tail's registers
// add folded products to the rest. The tail's hash then neither waits
// for the batch's reduction and sum of lanes nor pays for them.
func stitchedFoldLow(g *ghashSum, load func(i int) VecVirtual) func(i int) {
	return func(i int) {
		switch {
		case i%2 == 0 && i/2 < 4:
			g.absorb(i/2, load(i/2))
		case i == 8:
			g.foldLow()
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

// finish stores the counter, advanced by the blocks the tail used, and the
// hash.
func (k *gcmKernel) finish() {
	k.c.store(k.ctrp, blocksUsed(k.n))
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
// carried in registers (gcmKernel.ct): pairs of batches with one reduction while more
// than 512 bytes remain, then one batch if more than 256 remain; the last
// 1..256 bytes are the tail, which hashes the last batch between its
// rounds and its own ciphertext from registers. A message of at most 256
// bytes is the tail alone, with its round keys and counter in YMM
// registers (loadVectors), or in ZMM registers past tailHalf bytes where
// zmmSealTails is set.
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
	loop, one, pending, none, done := emit.NewLabel("seal32"), emit.NewLabel("seal16"), emit.NewLabel("sealPending"), emit.NewLabel("sealNone"), emit.NewLabel("sealDone")
	CMPQ(k.n, U32(gcmBytes))
	JBE(LabelRef(none))
	k.ct = newBlocks(4)
	k.loadVectors(64)
	k.loadPublic(false)
	Comment("gcmBatch without GHASH: the first batch has no ciphertext before it.")
	k.batch(nil)

	Label(loop)
	CMPQ(k.n, U32(2*gcmBytes))
	JBE(LabelRef(one))
	Comment("Two batches, each hashing the one before it, one reduction.")
	g := ghashSum{keys: keyPowers(k.table, 0), y: k.y}
	k.batch(stitched(&g, 0, k.carried(), 4, false))
	k.batch(stitched(&g, 4, k.carried(), 4, true))
	JMP(LabelRef(loop))

	Label(one)
	CMPQ(k.n, U32(gcmBytes))
	JBE(LabelRef(pending))
	Comment("One batch hashing the one before it.")
	g = ghashSum{keys: keyPowers(k.table, powers/2), y: k.y}
	k.batch(stitched(&g, 0, k.carried(), 4, true))

	Label(pending)
	k.sealTail(true, done)
	Label(done)
	k.finish()
	JMP(LabelRef(exit))

	Label(none)
	noneDone, wide, wideDone := emit.NewLabel("sealNoneDone"), emit.NewLabel("sealNoneWide"), emit.NewLabel("sealNoneWideDone")
	half := emit.NewLabel("sealNoneHalf")
	CMPQ(k.n, U32(tailHalf))
	JBE(LabelRef(half))
	Comment("zmmSealTails: past tailHalf bytes, ZMM registers on AMD's cores.")
	CMPB(zmmSealTails(), U8(0))
	JNE(LabelRef(wide))
	Label(half)
	Comment("The tail alone, on YMM registers.")
	k.loadVectors(32)
	k.loadPublic(true)
	k.sealTail(false, noneDone)
	Label(noneDone)
	k.finish()
	JMP(LabelRef(exit))

	Label(wide)
	Comment("The tail alone, on ZMM registers.")
	k.loadVectors(64)
	k.loadPublic(false)
	keys, lastKeys := tailKeys(k.table, k.n, 64)
	tailWidths("sealTail", k.n, wideDone, 64, 3, 4, k.sealWidth(false, 64, keys, lastKeys))
	Label(wideDone)
	k.finish()
	ret(exit)
}

// tailHalf is the longest tail of openTail that runs on YMM registers of
// two blocks (model: tailHalf); sealTail without a pending batch runs on
// them at every length, unless zmmSealTails is set.
const tailHalf = 128

// zmmSealTails is the package's byte variable zmmSealTails, set at init on
// AMD's cores: seal and sealPublic then run a message of tailHalf+1 to 256
// bytes, the tail alone, on ZMM registers (sealNoneWide) rather than YMM.
// The branch is on the CPU, fixed for the process.
func zmmSealTails() Mem { return NewDataAddr(Symbol{Name: "·zmmSealTails"}, 0) }

// sealTail encrypts the last 0 < n <= 256 bytes in z = ceil(n/64)
// registers, the last through masks, and hashes them from the registers
// with folded powers (model: sealTail); if pending, the previous batch's
// ciphertext, the 256 bytes before dst, is hashed between the tail's
// rounds. The rounds run in two groups, split at tailSplit: the hash of the
// first group's registers overlaps the second group's rounds. Without a
// pending batch, the tail runs the same steps on z = ceil(n/32) YMM
// registers, up to eight, split at the same byte. Every path jumps to done.
func (k *gcmKernel) sealTail(pending bool, done string) {
	Comment("sealTail: the last 0 < n <= 256 bytes.")
	if pending {
		keys, lastKeys := tailKeys(k.table, k.n, 64)
		tailWidths("sealTail", k.n, done, 64, 1, 4, k.sealWidth(pending, 64, keys, lastKeys))
		return
	}
	keys, lastKeys := tailKeys(k.table, k.n, 32)
	tailWidths("sealTail", k.n, done, 32, 1, 8, k.sealWidth(pending, 32, keys, lastKeys))
}

// tailBlocks returns z registers of w bytes of counter blocks, leaving the
// counter where it is (model: gcmCounter.tail).
func (k *gcmKernel) tailBlocks(z, w int) []VecVirtual {
	if w == 32 {
		return k.c.halves(z)
	}
	return k.c.tail(z)
}

// sealWidth returns sealTail's body for z registers of w bytes.
func (k *gcmKernel) sealWidth(pending bool, w int, keys GPVirtual, lastKeys lastPowers) func(z int, last GPVirtual, mask OpmaskVirtual) {
	return func(z int, last GPVirtual, mask OpmaskVirtual) {
		var between func(i int)
		h := ghashSum{width: w, keys: Mem{Base: keys}, lastKeys: lastKeys, last: z - 1, y: k.y, folded: true}
		base := 0
		if pending {
			Comment("One sum for the pending batch and the tail: the batch's powers",
				"are the 16 slots before the tail's.")
			base = 4
			h = ghashSum{keys: Mem{Base: keys, Disp: -gcmBytes}, lastKeys: lastKeys, last: base + z - 1, y: k.y}
			between = stitchedFoldLow(&h, k.carried())
		}
		blocks := k.tailBlocks(z, w)
		k.k.whiten(blocks)
		Comment("tailSplit, in registers of w bytes: the same bytes first.")
		s := min(tailSplit((z*w+63)/64)*64/w, z)
		k.k.rounds(encryption, blocks[:s], between)
		k.sealRegs(&h, base, blocks, 0, s, last, mask, w)
		if s < z {
			k.k.rounds(encryption, blocks[s:], nil)
			k.sealRegs(&h, base, blocks, s, z, last, mask, w)
		}
		h.finish()
	}
}

// tailSplit returns how many of the z registers of a tail run their rounds
// first (model: tailSplit): two of four, else all z. VAESENC issues more
// often than its latency allows one register to use it, so two registers
// take their rounds at full speed while the other two fill the gaps, and
// the hash of the first two runs while the last two finish (256 bytes 2-4%
// faster than four registers together; with fewer registers it measured no
// better). With a pending batch it measured no better either while the
// batch's hash ended in its own reduction, whose result the tail's hash
// waited for; with one sum for both (stitchedFoldLow) Seal of 512 bytes
// took 0.94 times as long split as not, 768 and 1024 bytes 1.01 times
// (lowest times of 16 alternating rounds, AES-128 and AES-256, on the
// Xeon, family 6, model 207).
func tailSplit(z int) int {
	if z == 4 {
		return 2
	}
	return z
}

// sealRegs XORs registers from..to-1 of w bytes of the tail's keystream
// with src into dst, register z-1 = len(blocks)-1 through mask with its
// bytes past n cleared, and absorbs them into h as its registers
// base+from..base+to-1 (model: sealRegs).
func (k *gcmKernel) sealRegs(h *ghashSum, base int, blocks []VecVirtual, from, to int, last GPVirtual, mask OpmaskVirtual, w int) {
	z := len(blocks)
	for r := from; r < to; r++ {
		if r < z-1 {
			xorBlocks(blocks[r:r+1], Mem{Base: k.src, Disp: w * r})
			storeBlocks(blocks[r:r+1], Mem{Base: k.dst, Disp: w * r})
			continue
		}
		x := loadMaskedTo(like(blocks[r]), Mem{Base: k.src, Disp: w * r}, last, mask)
		VPXORD(blocks[r], x, x)
		storeMasked(x, mask, Mem{Base: k.dst, Disp: w * r}, last)
		keepMasked(x, mask)
		blocks[r] = x
	}
	for r := from; r < to; r++ {
		h.absorb(base+r, blocks[r])
	}
}

// openKernel emits open or openPublic, the stitched GCM decryption
// (model: openKernel); public says whether the counter is public (see
// publicCounter). Each batch hashes its own ciphertext while it decrypts
// it, pairs of batches with one reduction while 512 bytes remain, then one
// batch if 256 remain: every GHASH load of a batch comes before its stores,
// so src and dst may be the same. A message of at most tailHalf bytes is
// the tail alone, with its round keys and counter in YMM registers.
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
	half := emit.NewLabel("openHalf")
	CMPQ(k.n, U32(tailHalf))
	JBE(LabelRef(half))
	k.loadVectors(64)
	k.loadPublic(false)
	loop, one, tail, done := emit.NewLabel("open32"), emit.NewLabel("open16"), emit.NewLabel("openTail"), emit.NewLabel("openDone")
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
	k.openTail(done)
	Label(done)
	k.finish()
	JMP(LabelRef(exit))

	Label(half)
	Comment("The tail alone, of at most tailHalf bytes, on YMM registers.")
	k.loadVectors(32)
	k.loadPublic(true)
	halfDone := emit.NewLabel("openHalfDone")
	keys, lastKeys := tailKeys(k.table, k.n, 32)
	tailWidths("openTail", k.n, halfDone, 32, 1, 4, k.openWidth(32, keys, lastKeys))
	Label(halfDone)
	k.finish()
	ret(exit)
}

// openTail decrypts the last n < 256 bytes in z = ceil(n/64) registers,
// the last through masks, and hashes the same registers of ciphertext
// between the rounds (model: openTail); a tail of at most tailHalf bytes
// runs the same steps on z = ceil(n/32) YMM registers. Every load comes
// before the first store.
func (k *gcmKernel) openTail(done string) {
	Comment("openTail: the last n < 256 bytes.")
	TESTQ(k.n, k.n)
	JZ(LabelRef(done))
	full := emit.NewLabel("openTailFull")
	CMPQ(k.n, U32(tailHalf))
	JA(LabelRef(full))
	keys, lastKeys := tailKeys(k.table, k.n, 32)
	tailWidths("openTail", k.n, done, 32, 1, 4, k.openWidth(32, keys, lastKeys))
	Label(full)
	keys, lastKeys = tailKeys(k.table, k.n, 64)
	tailWidths("openTail", k.n, done, 64, 3, 4, k.openWidth(64, keys, lastKeys))
}

// openWidth returns openTail's body for z registers of w bytes.
func (k *gcmKernel) openWidth(w int, keys GPVirtual, lastKeys lastPowers) func(z int, last GPVirtual, mask OpmaskVirtual) {
	return func(z int, last GPVirtual, mask OpmaskVirtual) {
		data := make([]VecVirtual, z)
		for r := range z - 1 {
			data[r] = newVec(w)
			VMOVDQU64(Mem{Base: k.src, Disp: w * r}, data[r])
		}
		data[z-1] = loadMaskedTo(newVec(w), Mem{Base: k.src, Disp: w * (z - 1)}, last, mask)
		g := ghashSum{width: w, keys: Mem{Base: keys}, lastKeys: lastKeys, last: z - 1, y: k.y}
		blocks := k.tailBlocks(z, w)
		k.k.whiten(blocks)
		k.k.rounds(encryption, blocks, stitched(&g, 0, func(r int) VecVirtual { return data[r] }, z, true))
		for r, b := range blocks {
			VPXORD(data[r], b, b)
		}
		for r := range z - 1 {
			VMOVDQU64(blocks[r], Mem{Base: k.dst, Disp: w * r})
		}
		storeMasked(blocks[z-1], mask, Mem{Base: k.dst, Disp: w * (z - 1)}, last)
	}
}
