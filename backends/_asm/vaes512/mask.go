package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
	"github.com/vaesgo/vaes/tables"
)

const gcmMaskSignature = "func(keys *[15][16]byte, rounds int, table *[32][16]byte, ctr, y, mask *[16]byte, dst, src []byte)"

// counterBack is tables.CounterAdd(2^32-1), which VPADDD adds to a
// byte-reversed counter block to step its 32-bit counter back by one
// (model: counterBack).
func counterBack() Mem { return emit.Data("counterBack", tables.CounterAdd(0xffffffff)) }

// maskJ0 encrypts J0, the counter block at ctrp stepped back by one, into
// the XMM register it returns (model: maskJ0). The chain of rounds depends
// on nothing the kernel computes, so it runs beside the message's rounds.
func maskJ0(s emit.Schedule, ctrp GPVirtual) VecVirtual {
	Comment("maskJ0: E(J0), J0 = ctr with its 32-bit counter minus one.")
	j := XMM()
	VMOVDQU64(Mem{Base: ctrp}, j)
	VPSHUFB(byteReverse(), j, j)
	VPADDD(counterBack(), j, j)
	VPSHUFB(byteReverse(), j, j)
	rounds16(encryption, s, j)
	return j
}
