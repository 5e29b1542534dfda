package vaes256

import "github.com/vaesgo/vaes/vec"

// The stitched GCM loops run gcmWidth registers, gcmBlocks blocks, of
// counter mode per iteration beside one GHASH batch of as many blocks, and
// finish the last m < gcmBlocks blocks in one pass of 8, 4, 2 or 1
// registers (asm: gcmWidth, gcmWidths). The package doc says why 16.
const (
	gcmWidth  = 8
	gcmBlocks = 2 * gcmWidth
)

var gcmWidths = []int{8, 4, 2, 1}

// gcmBatch encrypts the next gcmBlocks counter blocks and XORs them with
// the first 16·gcmBlocks bytes of src into dst; g, if not nil, is a GHASH
// batch whose steps run between the AES rounds: step j after middle round
// j, the reduction after middle round 8 (asm: gcmKernel.batch). It
// returns the output blocks, which stay in their registers, r's.
func gcmBatch(r *registers, c *counter, keys *[15][16]byte, rounds int, g *ghashBatch, dst, src []byte) []vec.Uint8x32 {
	pairs := c.whitenedBlocks(r, gcmWidth, gcmBlocks, keys)
	var between func(i int)
	if g != nil {
		between = func(i int) {
			if i < gcmWidth {
				g.step(i)
			}
			if i == 8 {
				g.finish()
			}
		}
	}
	encryption.rounds(pairs, keys, rounds, between)
	xorPairs(pairs, src[:16*gcmBlocks])
	storePairs(pairs, dst[:16*gcmBlocks])
	return pairs
}

// sealModel is seal (asm: sealKernel).
func sealModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	sealKernel(false, keys, rounds, t, ctr, y, dst, src)
}

// sealPublicModel is sealPublic (asm: sealKernel): seal for a public
// counter, whose blocks may take the shortcut that branches on it (see
// counter).
func sealPublicModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	sealKernel(true, keys, rounds, t, ctr, y, dst, src)
}

// sealKernel is seal or, if public, sealPublic (asm: sealKernel). At
// most one block takes sealShort.
// Iteration i encrypts batch i and hashes the ciphertext of batch i-1, a
// carried GHASH batch; the last batch is hashed after the loop, from the
// registers that hold its ciphertext, and its lanes summed.
func sealKernel(public bool, keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	if len(src) <= shortBytes {
		if len(src) > 0 {
			sealShort(keys, rounds, t, ctr, y, dst, src)
		}
		return
	}
	const batch = 16 * gcmBlocks
	c := loadCounter(ctr, inc32, public)
	h := loadHash(y)
	done := 0 // bytes encrypted
	if len(src) >= batch {
		var r registers // the caller's, so that out does not escape
		out := gcmBatch(&r, &c, keys, rounds, nil, dst, src)
		done = batch
		y2 := widen(h) // the running hash, in two lanes between carried batches
		for len(src)-done >= batch {
			g := ghashBatch{table: t, data: dst[done-batch:], y: y2, carried: true}
			out = gcmBatch(&r, &c, keys, rounds, &g, dst[done:], src[done:])
			y2 = g.y
			done += batch
		}
		// The last batch's ciphertext, from its registers (asm: counter.out).
		g := ghashBatch{table: t, regs: out, y: y2}
		g.all()
		h = g.y.GetLo()
	}
	ctrTail(&c, gcmWidths, keys, rounds, dst[done:len(src)], src[done:])
	h = ghashTail(t, dst[done:len(src)], h)
	c.store(ctr)
	storeHash(h, y)
}

// openModel is open (asm: openKernel).
func openModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	openKernel(false, keys, rounds, t, ctr, y, dst, src)
}

// openPublicModel is openPublic (asm: openKernel): open for a public
// counter, whose blocks may take the shortcut that branches on it (see
// counter).
func openPublicModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	openKernel(true, keys, rounds, t, ctr, y, dst, src)
}

// openKernel is open or, if public, openPublic (asm: openKernel). At
// most one block takes openShort.
// Iteration i hashes the ciphertext of batch i while it decrypts it, a
// carried GHASH batch but for the last; src and dst may be the same slice.
func openKernel(public bool, keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	if len(src) <= shortBytes {
		if len(src) > 0 {
			openShort(keys, rounds, t, ctr, y, dst, src)
		}
		return
	}
	const batch = 16 * gcmBlocks
	c := loadCounter(ctr, inc32, public)
	h := loadHash(y)
	y2 := widen(h) // the running hash, in two lanes between carried batches
	for len(src) >= batch {
		// Every batch but the last is carried.
		g := ghashBatch{table: t, data: src, y: y2, carried: len(src) >= 2*batch}
		var r registers
		gcmBatch(&r, &c, keys, rounds, &g, dst, src)
		y2 = g.y
		src, dst = src[batch:], dst[batch:]
	}
	h = y2.GetLo()
	h = ghashTail(t, src, h) // before ctrTail, which may overwrite src
	ctrTail(&c, gcmWidths, keys, rounds, dst[:len(src)], src)
	c.store(ctr)
	storeHash(h, y)
}
