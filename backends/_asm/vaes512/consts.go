package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

// The 64-byte constants the loops read as memory operands (byteReverse,
// laneStep, reflectedPoly, beStep, laneAdd) are one block repeated four
// times. The linker aligns a global to at most 32 bytes on amd64, so a
// 64-byte global of its own may straddle two cache lines, and then every
// VPSHUFB or VPADDD that reads it is a split load: whether it did moved
// with unrelated code elsewhere in the binary, by up to 8% at 4 KiB. So
// they live in one global, loopConsts, each block repeated eight times in
// a 128-byte slot, and each kernel starts by rounding the global's address
// up to a multiple of 64 (loadConsts). The rounded address is at most 48
// bytes past the slot's start (the global is at least 16-byte aligned), so
// a 64-byte load from it stays inside the slot, reads four copies of the
// block, and never crosses a cache line.

// constBase is the register loadConsts sets, in the kernel being emitted.
var constBase GPVirtual

// constBlocks are the blocks of the slots of loopConsts, in slot order.
var constBlocks [][16]byte

// constSlot maps a constant's name to its slot.
var constSlot = map[string]int{}

// loadConsts sets constBase to the address of loopConsts rounded up to a
// multiple of 64. Every kernel calls it before its first constant.
func loadConsts() {
	constBase = GP64()
	LEAQ(Mem{Symbol: NewStaticSymbol("loopConsts"), Base: StaticBase, Disp: 63}, constBase)
	ANDQ(I8(-64), constBase)
}

// repeated returns the 64-byte memory operand of b in all four lanes (the
// model's lanes(b, b, b, b)), giving it a slot on first use.
func repeated(name string, b [16]byte) Mem {
	i, ok := constSlot[name]
	if !ok {
		i = len(constBlocks)
		constSlot[name] = i
		constBlocks = append(constBlocks, b)
	}
	return Mem{Base: constBase, Disp: 128 * i}
}

// emitConsts emits loopConsts, after every kernel.
func emitConsts() {
	var blocks [][16]byte
	for _, b := range constBlocks {
		for range 8 {
			blocks = append(blocks, b)
		}
	}
	emit.Data("loopConsts", blocks...)
}
