package emit

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"

	"github.com/vaesgo/vaes/tables"
)

var globals = map[string]Mem{}

// Data returns the read-only 16-byte-aligned global name holding blocks in
// order, emitting it on first use. Every constant a kernel reads comes from
// package tables through here, so the models and the assembly share one
// definition.
func Data(name string, blocks ...[16]byte) Mem {
	if m, ok := globals[name]; ok {
		return m
	}
	m := GLOBL(name, RODATA|NOPTR)
	for i, b := range blocks {
		for j := 0; j < 16; j += 8 {
			var v uint64
			for k := 7; k >= 0; k-- {
				v = v<<8 | uint64(b[j+k])
			}
			DATA(16*i+j, U64(v))
		}
	}
	globals[name] = m
	return m
}

// ByteReverse is tables.ByteReverse, the PSHUFB mask that turns a GCM
// block or a big-endian counter into a little-endian 128-bit integer.
func ByteReverse() Mem { return Data("byteReverse", tables.ByteReverse) }

// ReflectedPoly is tables.ReflectedPoly, 0xC2000000000000000000000000000001:
// x^-1 mod g in the reflected order. Its high 64 bits, 0xC2<<56, are the
// multiplier of each folding step of the reduction.
func ReflectedPoly() Mem { return Data("reflectedPoly", tables.ReflectedPoly) }

// CounterAdds returns tables.CounterAdd(1), ..., tables.CounterAdd(n), in
// that order: entry i-1 added to a byte-reversed counter advances it by i.
func CounterAdds(n int) Mem {
	blocks := make([][16]byte, n)
	for i := range blocks {
		blocks[i] = tables.CounterAdd(uint32(i + 1))
	}
	return Data(fmt.Sprintf("counterAdd%d", n), blocks...)
}
