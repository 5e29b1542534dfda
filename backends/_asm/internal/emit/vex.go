package emit

import (
	"github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	"github.com/mmcloughlin/avo/reg"
)

// ZeroUpper emits i, a VEX-encoded instruction whose destination (its last
// operand) is an XMM register, and records for avo's register allocator
// what the CPU does: a VEX-encoded 128-bit instruction clears bits 128 and
// up of the destination. avo's liveness analysis otherwise sees only the
// low 128 bits written, and a register later read whole would look live
// from the start of the function, taking a register away from every loop
// before it.
func ZeroUpper(i *ir.Instruction, err error) {
	if err != nil {
		panic(err)
	}
	dst, ok := i.Operands[len(i.Operands)-1].(reg.Vec)
	if !ok {
		panic("emit: ZeroUpper needs a vector destination")
	}
	i.Outputs = append(i.Outputs, dst.AsY())
	build.Instruction(i)
}
