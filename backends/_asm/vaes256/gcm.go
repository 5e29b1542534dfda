package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

// The stitched GCM loops run gcmWidth registers of counter mode per
// iteration beside a GHASH batch of as many blocks, and finish the last
// blocks gcmTailWidth registers at a time (model: gcmWidth, gcmTailWidth,
// gcmTail). The package doc of backends/vaes256 says why 16 blocks.
const (
	gcmWidth  = 8
	gcmBlocks = 2 * gcmWidth
	gcmBytes  = 16 * gcmBlocks

	gcmTailWidth = 4
)

const gcmSignature = "func(keys *[15][16]byte, rounds int, table *[32][16]byte, ctr, y *[16]byte, dst, src []byte)"

// gcmKernel holds what seal and open load from their arguments.
type gcmKernel struct {
	s           emit.Schedule
	table       GPVirtual
	ctrp, yp    GPVirtual
	dst, src, n GPVirtual
	c           *counter
	y           VecVirtual
}

// loadGCMKernel loads the arguments but the vectors (see loadVectors).
func loadGCMKernel() *gcmKernel {
	k := &gcmKernel{s: emit.LoadSchedule(Param("keys"), Param("rounds"))}
	k.table = emit.LoadGP(Param("table"))
	k.ctrp = emit.LoadGP(Param("ctr"))
	k.yp = emit.LoadGP(Param("y"))
	k.dst = emit.LoadGP(Param("dst").Base())
	k.src = emit.LoadGP(Param("src").Base())
	k.n = emit.LoadGP(Param("src").Len())
	return k
}

// loadVectors loads the counter and the hash for everything but the short
// path; public says whether the counter is public (see counter).
func (k *gcmKernel) loadVectors(public bool) {
	k.c = loadCounter(k.ctrp, inc32, public)
	k.y = loadHash(k.yp)
}

// batch encrypts the next gcmBlocks counter blocks, XORs them with
// gcmBytes of src into dst and advances the pointers; g, if not nil, is a
// GHASH batch whose steps run between the AES rounds (model: gcmBatch).
// Step j goes after middle round j and the reduction after middle round 8,
// so the carry-less multiplies overlap the AES rounds. It returns the
// registers of the output blocks, which still hold them.
func (k *gcmKernel) batch(g *ghashBatch) []VecVirtual {
	pairs := k.c.whitenedBlocks(k.s, gcmWidth, gcmBlocks)
	var between func(i int)
	if g != nil {
		between = func(i int) {
			if i < gcmWidth {
				g.step(i)
			}
			if i == 8 {
				g.finish()
			}
		}
	}
	encryption.rounds(k.s, pairs, between)
	xorStore(pairs, k.src, k.dst)
	k.c.reload()
	advance(gcmBytes, k.src, k.dst)
	SUBQ(U32(gcmBytes), k.n)
	return pairs
}

// loadAlignedBound sets up the public counter's test in whitenedBlocks
// (see counter.loadAlignedBound), once the kernel knows it has a batch to
// run: short messages skip it.
func (k *gcmKernel) loadAlignedBound() {
	if k.c.public {
		k.c.loadAlignedBound()
	}
}

func (k *gcmKernel) finish() {
	k.c.store(k.ctrp)
	storeHash(k.y, k.yp)
	VZEROUPPER()
	RET()
}

// sealKernel emits seal or sealPublic, the stitched GCM encryption (model:
// sealKernel); public says whether the counter is public (see counter).
// At most one block takes sealShort.
// Iteration i encrypts batch i and hashes the ciphertext of batch i-1,
// which is in dst by then, a carried GHASH batch (see ghashBatch); the
// last batch is hashed after the loop and its lanes summed, from the
// registers every batch leaves its ciphertext in (counter.out), not
// reloaded from dst right after the stores.
func sealKernel(name string, public bool) {
	api.Kernel(name, gcmSignature)
	if public {
		Doc("sealPublic is seal for a public counter block (GCM with a 12-byte",
			"nonce): it may branch on the counter's value.")
	} else {
		Doc("seal is ctr32(keys, rounds, ctr, dst, src) followed by",
			"ghashUpdate(table, y, dst[:len(src)]), in one pass.")
	}
	k := loadGCMKernel()
	exit := emit.NewLabel("sealExit")
	long := shortPath(k.n, exit)
	k.sealShort()
	Label(exit)
	RET()

	Label(long)
	k.loadVectors(public)
	loop, last, tail := emit.NewLabel("seal16"), emit.NewLabel("sealLast"), emit.NewLabel("sealTail")
	CMPQ(k.n, U32(gcmBytes))
	JB(LabelRef(tail))
	k.loadAlignedBound()
	k.c.out = make([]VecVirtual, gcmWidth)
	for j := range k.c.out {
		k.c.out[j] = YMM()
	}
	Comment("gcmBatch without GHASH: the first batch has no ciphertext before it.")
	k.batch(nil)

	Label(loop)
	CMPQ(k.n, U32(gcmBytes))
	JB(LabelRef(last))
	Comment("gcmBatch: encrypt this batch, hash the previous one.")
	k.batch(&ghashBatch{table: k.table, data: Mem{Base: k.dst, Disp: -gcmBytes}, y: k.y, carried: true})
	JMP(LabelRef(loop))

	Label(last)
	Comment("Hash the last batch, whose ciphertext is still in the block registers.")
	g := ghashBatch{table: k.table, regs: k.c.out, y: k.y}
	g.all()
	k.c.out = nil

	Label(tail)
	gcmTail(k.s, k.c, k.table, k.y, false, k.dst, k.src, k.n)
	k.finish()
}

// openKernel emits open or openPublic, the stitched GCM decryption (model:
// openKernel); public says whether the counter is public (see counter).
// At most one block takes openShort.
// Iteration i hashes the ciphertext of batch i while it decrypts it, a
// carried GHASH batch but for the last, which is peeled off the loop:
// every GHASH load of a batch comes before its stores, so src and dst may
// be the same.
func openKernel(name string, public bool) {
	api.Kernel(name, gcmSignature)
	if public {
		Doc("openPublic is open for a public counter block (GCM with a 12-byte",
			"nonce): it may branch on the counter's value.")
	} else {
		Doc("open is ghashUpdate(table, y, src) followed by ctr32(keys, rounds,",
			"ctr, dst, src), in one pass; src and dst may be the same slice.")
	}
	k := loadGCMKernel()
	exit := emit.NewLabel("openExit")
	long := shortPath(k.n, exit)
	k.openShort()
	Label(exit)
	RET()

	Label(long)
	k.loadVectors(public)
	loop, last, tail := emit.NewLabel("open16"), emit.NewLabel("openLast"), emit.NewLabel("openTail")
	CMPQ(k.n, U32(gcmBytes))
	JB(LabelRef(tail))
	k.loadAlignedBound()
	Label(loop)
	CMPQ(k.n, U32(2*gcmBytes))
	JB(LabelRef(last))
	Comment("gcmBatch: hash this batch's ciphertext and decrypt it; another batch follows.")
	k.batch(&ghashBatch{table: k.table, data: Mem{Base: k.src}, y: k.y, carried: true})
	JMP(LabelRef(loop))

	Label(last)
	Comment("gcmBatch: the last batch, 256 <= n < 512 here, whose hash is summed.")
	k.batch(&ghashBatch{table: k.table, data: Mem{Base: k.src}, y: k.y})

	Label(tail)
	gcmTail(k.s, k.c, k.table, k.y, true, k.dst, k.src, k.n)
	k.finish()
}

// gcmTail encrypts the last n < gcmBytes bytes gcmTailWidth registers at
// a time and absorbs their ciphertext into y, a tailHash (model: gcmTail),
// the loop's one copy of the rounds for every pass, the last included:
// whole passes XORed and stored as in a batch; of the last pass, its whole
// registers one by one, each from register 0 with the others moved down
// behind it; then the last register, fewer than 32 bytes: its bytes loaded
// zero-padded (tailHash.loadLast, whose partial block comes through
// LoadPartialAVX), XORed, and stored as a whole block and through
// StorePartialAVX, so nothing past src+n is read and nothing past dst+n is
// written. Each register's ciphertext is hashed: from src before its
// stores if open (src and dst may be the same), else from dst after them,
// but the last register's, from the register, Seal's ciphertext masked
// past the message with keepMask. The counter advances by m = ceil(n/16)
// (counter.advanceLow, on a copy taken before the loop, which steps the
// pair a whole pass at a time). dst, src and n are not changed.
//
// Seal hashes its ciphertext from dst, a pass late (hashStored, after the
// next pass's rounds, and before the last register): hashed right after
// its stores, a pass's hash, waiting on its rounds, held the places in the
// out-of-order queues that the next pass's rounds needed, and the passes
// ran one after the other.
func gcmTail(s emit.Schedule, c *counter, table GPVirtual, y VecVirtual, open bool, dst, src, n GPVirtual) {
	loop, part, low := emit.NewLabel("gcmTailLoop"), emit.NewLabel("gcmTailPart"), emit.NewLabel("gcmTailLow")
	next, partial := emit.NewLabel("gcmTailNext"), emit.NewLabel("gcmTailPartial")
	counted, done := emit.NewLabel("gcmTailCounted"), emit.NewLabel("gcmTailDone")
	const w = gcmTailWidth
	Commentf("gcmTail: the last n < %d bytes, %d registers at a time.", gcmBytes, w)
	TESTQ(n, n)
	JZ(LabelRef(done))

	Comment("counter.advanceLow(m), m = ceil(n/16), on a copy: the loop steps the pair.")
	m, final := GP64(), XMM()
	MOVQ(n, m)
	ADDQ(U8(15), m)
	SHRQ(U8(4), m)
	VMOVQ(m, final)
	c.add(c.pair.AsX(), final, final)
	th := startTailHash(table, n, y)
	sp, dp, r := GP64(), GP64(), GP64()
	MOVQ(src, sp)
	MOVQ(dst, dp)
	MOVQ(n, r)
	// absorbAt hashes the register of ciphertext at p.
	absorbAt := func(p Mem) {
		x := YMM()
		VMOVDQU(p, x)
		th.absorbPair(x)
	}
	// hashStored hashes the registers seal has stored since the last
	// call, from hp up to dp.
	hp := GP64()
	hashStored := func() {
		loop, done := emit.NewLabel("gcmTailHashStored"), emit.NewLabel("gcmTailHashed")
		Comment("hashStored: the ciphertext stored since, from dst.")
		Label(loop)
		CMPQ(hp, dp)
		JAE(LabelRef(done))
		absorbAt(Mem{Base: hp})
		ADDQ(U8(32), hp)
		JMP(LabelRef(loop))
		Label(done)
	}
	if !open {
		MOVQ(dst, hp)
	}

	Label(loop)
	Commentf("counter.blocks(%d), counter.advance(%d), the rounds.", w, 2*w)
	xs := make([]VecVirtual, w)
	for j := range xs {
		xs[j] = YMM()
	}
	c.reversedBlocks(xs)
	c.add(emit.PairAdds(15).Offset(32*(w-1)), c.pair, c.pair)
	whiten(s, xs)
	encryption.rounds(s, xs, nil)
	if !open {
		hashStored()
	}
	CMPQ(r, U32(32*w))
	JB(LabelRef(part))
	for j, x := range xs {
		if open {
			absorbAt(Mem{Base: sp, Disp: 32 * j})
		}
		VPXOR(Mem{Base: sp, Disp: 32 * j}, x, x)
		VMOVDQU(x, Mem{Base: dp, Disp: 32 * j})
	}
	advance(32*w, sp, dp)
	SUBQ(U32(32*w), r)
	JNZ(LabelRef(loop))
	JMP(LabelRef(next))

	Label(part)
	Comment("The last pass: its whole registers from register 0, the others moved down.")
	CMPQ(r, U8(32))
	JB(LabelRef(next))
	if open {
		absorbAt(Mem{Base: sp})
	}
	VPXOR(Mem{Base: sp}, xs[0], xs[0])
	VMOVDQU(xs[0], Mem{Base: dp})
	advance(32, sp, dp)
	SUBQ(U8(32), r)
	for j := 1; j < w; j++ {
		VMOVDQU(xs[j], xs[j-1])
	}
	JMP(LabelRef(part))

	Label(next)
	if !open {
		hashStored()
	}
	Comment("The last register, 0 < r < 32 bytes, if any: loaded zero-padded with its keys.")
	TESTQ(r, r)
	JZ(LabelRef(counted))
	q := GP64()
	MOVQ(sp, q)
	d, k, kMid := th.loadLast(q, r)
	x := xs[0]
	VPXOR(d, x, x)
	if open {
		th.absorb(d, k, kMid)
	} else {
		Comment("The ciphertext's first r bytes: past them x holds keystream.")
		mask := GP64()
		LEAQ(keepMask(), mask)
		SUBQ(r, mask)
		VPAND(Mem{Base: mask, Disp: 32}, x, d)
		th.absorb(d, k, kMid)
	}
	Comment("Store the register's first r bytes.")
	last := XMM()
	CMPQ(r, U8(16))
	JB(LabelRef(low))
	VMOVDQU(x.AsX(), Mem{Base: dp})
	VEXTRACTI128(U8(1), x, last)
	advance(16, dp)
	JMP(LabelRef(partial))
	Label(low)
	VMOVDQU(x.AsX(), last)
	Label(partial)
	TESTQ(U32(15), r)
	JZ(LabelRef(counted))
	emit.StorePartialAVX(last, dp, r)

	Label(counted)
	VMOVDQU(final, c.pair.AsX())
	th.finish(n)
	Label(done)
}
