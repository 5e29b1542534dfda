package vaes512

import (
	"github.com/vaesgo/vaes/tables"
	"github.com/vaesgo/vaes/vec"
)

// The Mask kernels are sealPublic and openPublic that also encrypt J0, the
// block before the first counter block, whose encryption masks GCM's tag.
// For a short message that block, run by itself, costs as much as the
// message: a chain of ten to fourteen dependent rounds. Inside the kernel
// its rounds depend on nothing else the kernel does, so they run beside
// the message's rounds at almost no cost.

// counterBack returns tables.CounterAdd(2^32-1), which added to the
// byte-reversed counter block steps its 32-bit counter back by one (asm:
// counterBack).
func counterBack() vec.Uint8x16 {
	b := tables.CounterAdd(0xffffffff)
	return vec.LoadUint8x16(&b)
}

// maskJ0 writes E(J0) to mask, J0 being ctr with its 32-bit counter minus
// one (asm: maskJ0).
func maskJ0(keys *[15][16]byte, rounds int, ctr, mask *[16]byte) {
	j := reverse16(inc32.narrow(reverse16(vec.LoadUint8x16(ctr)), counterBack()))
	rounds16(true, j, keys, rounds).Store(mask)
}

// sealPublicMaskModel is sealPublicMask (asm: sealKernel with mask):
// sealPublic that also writes E(J0) to mask.
func sealPublicMaskModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y, mask *[16]byte, dst, src []byte) {
	maskJ0(keys, rounds, ctr, mask)
	sealKernel(true, keys, rounds, t, ctr, y, dst, src)
}

// openPublicMaskModel is openPublicMask (asm: openKernel with mask):
// openPublic that also writes E(J0) to mask.
func openPublicMaskModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y, mask *[16]byte, dst, src []byte) {
	maskJ0(keys, rounds, ctr, mask)
	openKernel(true, keys, rounds, t, ctr, y, dst, src)
}
