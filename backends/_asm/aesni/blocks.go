package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

// blocksKernel emits encryptBlocks or decryptBlocks (model:
// encryptBlocksModel, decryptBlocksModel): 8 blocks per iteration while 8
// remain, then 4 once if 4 remain, then one at a time.
func blocksKernel(name string, d direction) {
	api.Kernel(name, "func(keys *[15][16]byte, rounds int, dst, src []byte)")
	Doc(name+" runs the cipher with the given round keys over the len(src)/16",
		"whole blocks of src, writing them to dst. len(src) is a multiple of 16,",
		"len(dst) >= len(src), rounds is 10, 12 or 14.")
	s := emit.LoadSchedule(Param("keys"), Param("rounds"))
	dst := emit.LoadGP(Param("dst").Base())
	src := emit.LoadGP(Param("src").Base())
	n := emit.LoadGP(Param("src").Len())

	for _, width := range []int{8, 4, 1} {
		loop, next := emit.NewLabel(fmt.Sprintf("blocks%d", width)), emit.NewLabel(fmt.Sprintf("after%d", width))
		Commentf("%d blocks at a time.", width)
		Label(loop)
		CMPQ(n, U32(16*width))
		JB(LabelRef(next))
		blocks := loadBlocks(Mem{Base: src}, width)
		whiten(s, blocks)
		d.rounds(s, blocks, nil)
		storeBlocks(blocks, Mem{Base: dst})
		advance(16*width, src, dst)
		SUBQ(U32(16*width), n)
		if width != 4 { // after the 8-block loop, fewer than 8 blocks remain
			JMP(LabelRef(loop))
		}
		Label(next)
	}
	RET()
}

// blockKernel emits encryptBlock or decryptBlock (model: encryptBlockModel,
// decryptBlockModel): one block, with pointer arguments and no length to
// check, for cipher.Block's Encrypt and Decrypt, where the setup of the
// batched kernel costs more than the block.
func blockKernel(name string, d direction) {
	api.Kernel(name, "func(keys *[15][16]byte, rounds int, dst, src *[16]byte)")
	Doc(name+" runs the cipher with the given round keys over the block src,",
		"writing it to dst. rounds is 10, 12 or 14.")
	s := emit.LoadSchedule(Param("keys"), Param("rounds"))
	dst := emit.LoadGP(Param("dst"))
	src := emit.LoadGP(Param("src"))
	blocks := loadBlocks(Mem{Base: src}, 1)
	whiten(s, blocks)
	d.rounds(s, blocks, nil)
	storeBlocks(blocks, Mem{Base: dst})
	RET()
}
