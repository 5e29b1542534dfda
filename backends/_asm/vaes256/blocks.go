package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

// blockWidths are the widths, in registers of two blocks, of the passes of
// blocks and counter mode: the loop at the widest, then one pass at the
// narrowest that holds what is left (model: blockWidths).
var blockWidths = []int{15, 8, 4, 2, 1}

// batchBytes is what one iteration of the blocks and counter-mode loops
// handles: 15 registers of two blocks.
const batchBytes = 32 * 15

// blocksKernel emits encryptBlocks or decryptBlocks (model:
// encryptBlocksModel, decryptBlocksModel): exactly one block takes
// blocksShort; else 30 blocks per iteration while 30 remain, then one pass
// over the rest.
func blocksKernel(name string, d direction) {
	api.Kernel(name, "func(keys *[15][16]byte, rounds int, dst, src []byte)")
	Doc(name+" runs the cipher with the given round keys over the len(src)/16",
		"whole blocks of src, writing them to dst. len(src) is a multiple of 16,",
		"len(dst) >= len(src), rounds is 10, 12 or 14.")
	s := emit.LoadSchedule(Param("keys"), Param("rounds"))
	dst := emit.LoadGP(Param("dst").Base())
	src := emit.LoadGP(Param("src").Base())
	n := emit.LoadGP(Param("src").Len())

	short := emit.NewLabel("blocksShort")
	CMPQ(n, U8(shortBytes))
	JE(LabelRef(short))

	loop, tail := emit.NewLabel("blocks30"), emit.NewLabel("blocksTail")
	Comment("30 blocks at a time.")
	Label(loop)
	CMPQ(n, U32(batchBytes))
	JB(LabelRef(tail))
	pairs := loadPairs(src, n, 15, 15)
	whiten(s, pairs)
	d.rounds(s, pairs, nil)
	storePairs(pairs, dst, n, 15)
	advance(batchBytes, src, dst)
	SUBQ(U32(batchBytes), n)
	JMP(LabelRef(loop))

	Label(tail)
	blocksTail(s, d, dst, src, n)
	VZEROUPPER()
	RET()

	Comment("blocksShort: exactly one block, on an XMM register; placed last, so")
	Comment("that longer inputs fall through the test.")
	Label(short)
	blocksShort(d, s, dst, src)
	RET()
}

// blocksTail encrypts or decrypts the last n < 480 bytes, a whole number of
// blocks, in one pass (model: blocksTail).
func blocksTail(s emit.Schedule, d direction, dst, src, n GPVirtual) {
	done := emit.NewLabel("blocksTailDone")
	Comment("blocksTail: the last n < 480 bytes.")
	TESTQ(n, n)
	JZ(LabelRef(done))
	tailWidths(n, blockWidths, func(w, from int) {
		pairs := loadPairs(src, n, w, from)
		whiten(s, pairs)
		d.rounds(s, pairs, nil)
		storePairs(pairs, dst, n, from)
		JMP(LabelRef(done))
	})
	Label(done)
}
