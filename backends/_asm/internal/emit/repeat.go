package emit

import (
	. "github.com/mmcloughlin/avo/operand"
)

// Repeated returns the read-only global name holding the block b n times in
// a row, emitting it on first use: the constant for a register of n 128-bit
// lanes (2 for YMM, 4 for ZMM) that has b in every lane. Its first 16 bytes
// serve as the XMM form of the same constant.
func Repeated(name string, b [16]byte, n int) Mem {
	blocks := make([][16]byte, n)
	for i := range blocks {
		blocks[i] = b
	}
	return Data(name, blocks...)
}
