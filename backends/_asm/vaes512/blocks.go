package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

// stepWidths are the widths, in registers, that the ECB and CTR kernels step
// down through after their 16-register loop, each at most once (model:
// stepWidths).
var stepWidths = []int{8, 4, 2, 1}

// blocksKernel emits encryptBlocks or decryptBlocks (model:
// encryptBlocksModel, decryptBlocksModel): 64 blocks per iteration while 64
// remain, then 32, 16, 8 and 4 once each if that many remain, then the last
// 1..3 blocks in one register through masked loads and stores. The loop
// holds 16 registers of blocks and 15 of round keys.
func blocksKernel(name string, d direction) {
	api.Kernel(name, "func(keys *[15][16]byte, rounds int, dst, src []byte)")
	Doc(name+" runs the cipher with the given round keys over the len(src)/16",
		"whole blocks of src, writing them to dst. len(src) is a multiple of 16,",
		"len(dst) >= len(src), rounds is 10, 12 or 14.")
	s := emit.LoadSchedule(Param("keys"), Param("rounds"))
	dst := emit.LoadGP(Param("dst").Base())
	src := emit.LoadGP(Param("src").Base())
	n := emit.LoadGP(Param("src").Len())

	long := emit.NewLabel("blocksLong")
	CMPQ(n, U8(shortBytes))
	JNE(LabelRef(long))
	Comment("blocksShort: exactly one block, on an XMM register.")
	blocksShort(d, s, dst, src)
	VZEROUPPER()
	RET()

	Label(long)
	k := loadRoundKeys(s)

	loop, steps := emit.NewLabel("blocks16"), emit.NewLabel("blocksSteps")
	Comment("64 blocks at a time.")
	Label(loop)
	CMPQ(n, U32(64*16))
	JB(LabelRef(steps))
	blocksBatch(d, k, 16, dst, src, n)
	JMP(LabelRef(loop))

	Label(steps)
	for _, width := range stepWidths {
		skip := emit.NewLabel(fmt.Sprintf("blocksSkip%d", width))
		CMPQ(n, U32(64*width))
		JB(LabelRef(skip))
		blocksBatch(d, k, width, dst, src, n)
		Label(skip)
	}

	done := emit.NewLabel("blocksDone")
	Comment("The last 1..3 blocks, through masks.")
	TESTQ(n, n)
	JZ(LabelRef(done))
	mask := byteMask(n)
	x := loadMasked(Mem{Base: src}, n, mask)
	k.whiten([]VecVirtual{x})
	k.rounds(d, []VecVirtual{x}, nil)
	storeMasked(x, mask, Mem{Base: dst}, n)
	Label(done)
	VZEROUPPER()
	RET()
}

// blocksBatch runs the cipher over width registers of blocks and advances
// the pointers (model: blocksBatch).
func blocksBatch(d direction, k *roundKeys, width int, dst, src, n GPVirtual) {
	Commentf("blocksBatch: %d registers.", width)
	blocks := loadBlocks(Mem{Base: src}, width)
	k.whiten(blocks)
	k.rounds(d, blocks, nil)
	storeBlocks(blocks, Mem{Base: dst})
	advance(64*width, src, dst)
	SUBQ(U32(64*width), n)
}
