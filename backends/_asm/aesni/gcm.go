package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

const gcmSignature = "func(keys *[15][16]byte, rounds int, table *[64][16]byte, ctr, y *[16]byte, dst, src []byte)"

// gcmKernel holds what seal and open load from their arguments.
type gcmKernel struct {
	s           emit.Schedule
	table       GPVirtual
	ctrp, yp    GPVirtual
	dst, src, n GPVirtual
	c           counter
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

// batch encrypts the next 8 counter blocks, XORs them with 128 bytes of
// src into dst and advances the pointers; g, if not nil, is a GHASH batch
// whose steps run between the AES rounds (model: gcmBatch). The eight
// GHASH block steps go after middle rounds 0..7 and the reduction after
// round 8: AESENC and PCLMULQDQ use different execution units on most
// cores, so each hides the other's latency.
func (k *gcmKernel) batch(g *ghashBatch) {
	blocks := k.c.blocks(8)
	k.c.advance(8)
	whiten(k.s, blocks)
	var between func(i int)
	if g != nil {
		between = func(i int) {
			if i < powers {
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
// by then; the last batch is hashed after the loop.
func seal() {
	TEXT("seal", NOSPLIT, gcmSignature)
	Pragma("noescape")
	Doc("seal is ctr32(keys, rounds, ctr, dst, src) followed by",
		"ghashUpdate(table, y, dst[:len(src)]), in one pass.")
	k := loadGCMKernel()
	loop, last, tail := emit.NewLabel("seal8"), emit.NewLabel("sealLast"), emit.NewLabel("sealTail")
	CMPQ(k.n, U32(128))
	JB(LabelRef(tail))
	Comment("gcmBatch without GHASH: the first batch has no ciphertext before it.")
	k.batch(nil)

	Label(loop)
	CMPQ(k.n, U32(128))
	JB(LabelRef(last))
	Comment("gcmBatch: encrypt this batch, hash the previous one.")
	k.batch(&ghashBatch{table: k.table, data: Mem{Base: k.dst, Disp: -128}, y: k.y})
	JMP(LabelRef(loop))

	Label(last)
	Comment("Hash the last batch.")
	g := ghashBatch{table: k.table, data: Mem{Base: k.dst, Disp: -128}, y: k.y}
	g.all()

	Label(tail)
	ctrTail(k.s, k.c, k.dst, k.src, k.n)
	ghashTail(k.table, k.dst, k.n, k.y)
	k.finish()
}

// open emits the stitched GCM decryption (model: openModel). Iteration i
// hashes the ciphertext of batch i while it decrypts it: every GHASH load
// of a batch comes before its stores, so src and dst may be the same.
func open() {
	TEXT("open", NOSPLIT, gcmSignature)
	Pragma("noescape")
	Doc("open is ghashUpdate(table, y, src) followed by ctr32(keys, rounds,",
		"ctr, dst, src), in one pass; src and dst may be the same slice.")
	k := loadGCMKernel()
	loop, tail := emit.NewLabel("open8"), emit.NewLabel("openTail")
	Label(loop)
	CMPQ(k.n, U32(128))
	JB(LabelRef(tail))
	Comment("gcmBatch: hash this batch's ciphertext and decrypt it.")
	k.batch(&ghashBatch{table: k.table, data: Mem{Base: k.src}, y: k.y})
	JMP(LabelRef(loop))

	Label(tail)
	Comment("Hash the tail before decrypting it, which may overwrite it.")
	ghashTail(k.table, k.src, k.n, k.y)
	ctrTail(k.s, k.c, k.dst, k.src, k.n)
	k.finish()
}
