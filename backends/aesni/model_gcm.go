package aesni

// gcmBatch encrypts the next 8 counter blocks and XORs them with the first
// 128 bytes of src into dst; g, if not nil, is a GHASH batch whose steps run
// between the AES rounds: block steps after middle rounds 0..7, the
// reduction after round 8 (asm: gcmKernel.batch).
func gcmBatch(c *counter, keys *[15][16]byte, rounds int, g *ghashBatch, dst, src []byte) {
	blocks := c.blocks(8)
	c.advance(8)
	whiten(blocks, keys)
	var between func(i int)
	if g != nil {
		between = func(i int) {
			if i < powers {
				g.step(i)
			} else {
				g.finish()
			}
		}
	}
	encryption.rounds(blocks, keys, rounds, between)
	xorBlocks(blocks, src)
	storeBlocks(blocks, dst)
}

// sealModel is seal (asm: seal). Iteration i encrypts batch i and hashes
// the ciphertext of batch i-1; the last batch is hashed after the loop.
func sealModel(keys *[15][16]byte, rounds int, t *[64][16]byte, ctr, y *[16]byte, dst, src []byte) {
	c := loadCounter(ctr, inc32)
	h := loadHash(y)
	done := 0 // bytes encrypted
	if len(src) >= 128 {
		gcmBatch(&c, keys, rounds, nil, dst, src)
		done = 128
		for len(src)-done >= 128 {
			g := ghashBatch{table: t, data: dst[done-128:], y: h}
			gcmBatch(&c, keys, rounds, &g, dst[done:], src[done:])
			h = g.y
			done += 128
		}
		g := ghashBatch{table: t, data: dst[done-128:], y: h}
		g.all()
		h = g.y
	}
	ctrTail(&c, keys, rounds, dst[done:], src[done:])
	h = ghashTail(t, dst[done:len(src)], h)
	c.store(ctr)
	storeHash(h, y)
}

// openModel is open (asm: open). Iteration i hashes the ciphertext of
// batch i while it decrypts it; src and dst may be the same slice.
func openModel(keys *[15][16]byte, rounds int, t *[64][16]byte, ctr, y *[16]byte, dst, src []byte) {
	c := loadCounter(ctr, inc32)
	h := loadHash(y)
	for len(src) >= 128 {
		g := ghashBatch{table: t, data: src, y: h}
		gcmBatch(&c, keys, rounds, &g, dst, src)
		h = g.y
		src, dst = src[128:], dst[128:]
	}
	h = ghashTail(t, src, h) // before ctrTail, which may overwrite src
	ctrTail(&c, keys, rounds, dst, src)
	c.store(ctr)
	storeHash(h, y)
}
