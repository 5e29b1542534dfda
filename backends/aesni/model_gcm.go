package aesni

import (
	"encoding/binary"
	"math/bits"

	"github.com/vaesgo/vaes/vec"
)

// counterSlots holds the 8 counter blocks of the next batch of a GCM bulk
// loop, already XORed with round key 0; from batch to batch only their last
// 4 bytes change, and those are rewritten with scalar arithmetic (asm:
// counterSlots, whose comment says why the bulk loops do this).
type counterSlots struct {
	mem   [8][16]byte // on the stack in the assembly
	value uint32      // the counter of block 0 of the next batch
	key   uint32      // bytes 12..15 of round key 0, read little-endian (MOVL)
}

// fill writes the next 8 whitened counter blocks, loads the counter and
// the key bytes, and returns the blocks, as two quads (asm:
// counterSlots.fill).
func (sl *counterSlots) fill(keys *[15][16]byte, c counter) (quad, quad) {
	var regs [8]vec.Uint8x16
	blocks := regs[:]
	c.blocks(blocks)
	whiten(blocks, keys)
	for i, b := range blocks {
		b.StoreArray(&sl.mem[i])
	}
	sl.key = binary.LittleEndian.Uint32(keys[0][12:])
	sl.value = c.reg.AsUint32x4().GetElem(0) // MOVD: lane 0 is the counter
	return quad{regs[0], regs[1], regs[2], regs[3]}, quad{regs[4], regs[5], regs[6], regs[7]}
}

// load loads the 8 prepared blocks, as two quads.
func (sl *counterSlots) load() (quad, quad) {
	m := &sl.mem
	return quad{vec.LoadUint8x16Array(&m[0]), vec.LoadUint8x16Array(&m[1]), vec.LoadUint8x16Array(&m[2]), vec.LoadUint8x16Array(&m[3])},
		quad{vec.LoadUint8x16Array(&m[4]), vec.LoadUint8x16Array(&m[5]), vec.LoadUint8x16Array(&m[6]), vec.LoadUint8x16Array(&m[7])}
}

// next advances the counter by 8 and rewrites the last 4 bytes of each
// slot for the following batch (asm: counterSlots.next): add, byte swap
// (three rotates in the assembly, asm: byteSwap32), XOR, store.
func (sl *counterSlots) next() {
	sl.value += 8
	for i := range sl.mem {
		t := bits.ReverseBytes32(sl.value+uint32(i)) ^ sl.key
		binary.LittleEndian.PutUint32(sl.mem[i][12:], t)
	}
}

// clear zeroes the slots (asm: counterSlots.clear).
func (sl *counterSlots) clear() { sl.mem = [8][16]byte{} }

// gcmBatch encrypts the 8 counter blocks in the slots and XORs them with
// the first 128 bytes of src into dst; g, if not nil, is a GHASH batch
// whose steps run between the AES rounds: block steps after middle rounds
// 0..7, the reduction after round 8 (asm: gcmKernel.gcmBatch). The byte-
// reversed counter c advances alongside, for the tail.
func gcmBatch(sl *counterSlots, c *counter, keys *[15][16]byte, rounds int, g *ghashBatch, dst, src []byte) {
	q, p := sl.load()
	slotsBatch(sl, c, q, p, keys, rounds, g, dst, src)
}

// slotsBatch is gcmBatch from the counter blocks q and p loaded from the
// slots, or for sealModel's first batch those fill returns (asm:
// gcmKernel.slotsBatch).
func slotsBatch(sl *counterSlots, c *counter, q, p quad, keys *[15][16]byte, rounds int, g *ghashBatch, dst, src []byte) {
	sl.next()
	c.advance(8)
	gcmRounds(q, p, keys, rounds, g, dst, src)
}

// gcmRounds is the rest of gcmBatch, from the whitened counter blocks on
// (asm: the rest of gcmKernel.gcmBatch; gcmKernel.avxRounds): the rounds
// of direction.rounds written out on the two quads of the batch (see
// quad), and GHASH step i called after middle round i.
func gcmRounds(q, p quad, keys *[15][16]byte, rounds int, g *ghashBatch, dst, src []byte) {
	for r := 1; r < rounds-9; r++ {
		k := roundKey(keys, r)
		q, p = quad{q.b0.AESEncryptOneRound(k), q.b1.AESEncryptOneRound(k), q.b2.AESEncryptOneRound(k), q.b3.AESEncryptOneRound(k)}, quad{p.b0.AESEncryptOneRound(k), p.b1.AESEncryptOneRound(k), p.b2.AESEncryptOneRound(k), p.b3.AESEncryptOneRound(k)}
	}
	for i := 0; i < 9; i++ {
		k := roundKey(keys, rounds-9+i)
		q, p = quad{q.b0.AESEncryptOneRound(k), q.b1.AESEncryptOneRound(k), q.b2.AESEncryptOneRound(k), q.b3.AESEncryptOneRound(k)}, quad{p.b0.AESEncryptOneRound(k), p.b1.AESEncryptOneRound(k), p.b2.AESEncryptOneRound(k), p.b3.AESEncryptOneRound(k)}
		if g == nil {
			continue
		}
		if i < batch {
			g.step(i)
		} else {
			g.finish()
		}
	}
	k := roundKey(keys, rounds)
	q, p = quad{q.b0.AESEncryptLastRound(k), q.b1.AESEncryptLastRound(k), q.b2.AESEncryptLastRound(k), q.b3.AESEncryptLastRound(k)}, quad{p.b0.AESEncryptLastRound(k), p.b1.AESEncryptLastRound(k), p.b2.AESEncryptLastRound(k), p.b3.AESEncryptLastRound(k)}
	xorStoreQuads(q, p, dst, src)
}

// sealTailModel is sealTail (asm: tailKernel): seal by ctrTail and
// ghashTail alone, 128 bytes at a time. Every seal kernel hands it the
// fewer than 128 bytes its batches leave.
func sealTailModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	c := loadCounter(ctr, inc32)
	h := loadHash(y)
	for {
		m := min(len(src), 128)
		ctrTail(&c, keys, rounds, dst[:m], src[:m])
		h = ghashTail(t, dst[:m], h)
		dst, src = dst[m:], src[m:]
		if len(src) == 0 {
			break
		}
	}
	c.store(ctr)
	storeHash(h, y)
}

// openTailModel is openTail (asm: tailKernel), as sealTailModel is
// sealTail; src and dst may be the same slice.
func openTailModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	c := loadCounter(ctr, inc32)
	h := loadHash(y)
	for {
		m := min(len(src), 128)
		h = ghashTail(t, src[:m], h) // before ctrTail, which may overwrite src
		ctrTail(&c, keys, rounds, dst[:m], src[:m])
		dst, src = dst[m:], src[m:]
		if len(src) == 0 {
			break
		}
	}
	c.store(ctr)
	storeHash(h, y)
}

// finish stores the counter and the hash (asm: gcmKernel.finish). The
// caller then hands the bytes left, if any, to the kernel its assembly
// jumps to (asm: handOff), by a call of its own: through a function value,
// or a function that called every target, the compiler's escape analysis
// let the arguments escape, and every call allocated them.
func finish(c counter, h vec.Uint64x2, ctr, y *[16]byte) {
	c.store(ctr)
	storeHash(h, y)
}

// sealModel is seal (asm: seal). Iteration i encrypts batch i and hashes
// the ciphertext of batch i-1; the bulk loop does two batches at a time,
// whose hashing shares one reduction, and one more batch is the pair's
// second batch alone (startY); the last batch is hashed after the loop,
// and the bytes left are sealTail's, as is a message shorter than a batch.
func sealModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	if len(src) < 128 {
		sealTailModel(keys, rounds, t, ctr, y, dst, src)
		return
	}
	c := loadCounter(ctr, inc32)
	h := loadHash(y)
	var sl counterSlots
	q, p := sl.fill(keys, c)
	// The first batch, on the blocks fill leaves in registers.
	slotsBatch(&sl, &c, q, p, keys, rounds, nil, dst, src)
	done := 128 // bytes encrypted
	for len(src)-done >= 256 {
		a := ghashBatch{table: t, data: dst[done-128:], y: h, top: powers}
		gcmBatch(&sl, &c, keys, rounds, &a, dst[done:], src[done:])
		b := a.pair(dst[done:])
		gcmBatch(&sl, &c, keys, rounds, &b, dst[done+128:], src[done+128:])
		h = b.y
		done += 256
	}
	if len(src)-done >= 128 {
		b := ghashBatch{table: t, data: dst[done-128:], y: h, top: batch, carry: true}
		b.startY()
		gcmBatch(&sl, &c, keys, rounds, &b, dst[done:], src[done:])
		h = b.y
		done += 128
	}
	g := ghashBatch{table: t, data: dst[done-128:], y: h, top: batch}
	g.all()
	sl.clear()
	finish(c, g.y, ctr, y)
	if done < len(src) {
		sealTailModel(keys, rounds, t, ctr, y, dst[done:], src[done:])
	}
}

// openModel is open (asm: open). Iteration i hashes the ciphertext of
// batch i while it decrypts it, two batches at a time with one reduction,
// and one more batch is the pair's second batch alone (startY); src and
// dst may be the same slice. The bytes left are openTail's, as is a
// message shorter than a batch.
func openModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	if len(src) < 128 {
		openTailModel(keys, rounds, t, ctr, y, dst, src)
		return
	}
	c := loadCounter(ctr, inc32)
	h := loadHash(y)
	var sl counterSlots
	sl.fill(keys, c)
	for len(src) >= 256 {
		a := ghashBatch{table: t, data: src, y: h, top: powers}
		gcmBatch(&sl, &c, keys, rounds, &a, dst, src)
		b := a.pair(src[128:])
		gcmBatch(&sl, &c, keys, rounds, &b, dst[128:], src[128:])
		h = b.y
		src, dst = src[256:], dst[256:]
	}
	if len(src) >= 128 {
		b := ghashBatch{table: t, data: src, y: h, top: batch, carry: true}
		b.startY()
		gcmBatch(&sl, &c, keys, rounds, &b, dst, src)
		h = b.y
		src, dst = src[128:], dst[128:]
	}
	sl.clear()
	finish(c, h, ctr, y)
	if len(src) > 0 {
		openTailModel(keys, rounds, t, ctr, y, dst, src)
	}
}

// vecBatch encrypts the 8 counter blocks c, ..., c+7, made from the
// byte-reversed counter and whitened, with g's steps between the rounds,
// and advances c by 8 (asm: gcmKernel.vecBatch): the batch of sealAVX and
// openAVX, where counterSlots keeps the blocks in memory between batches.
func vecBatch(c *counter, keys *[15][16]byte, rounds int, g *ghashBatch, dst, src []byte) {
	q, p := c.blocksQuads()
	q, p = whitenQuads(q, p, keys)
	c.advance(8)
	gcmRounds(q, p, keys, rounds, g, dst, src)
}

// whitenQuads XORs round key 0 into the blocks of q and p (asm: the VPXOR
// of each block in avxCounterBlocks).
func whitenQuads(q, p quad, keys *[15][16]byte) (quad, quad) {
	k := roundKey(keys, 0).AsUint8x16()
	return quad{q.b0.Xor(k), q.b1.Xor(k), q.b2.Xor(k), q.b3.Xor(k)}, quad{p.b0.Xor(k), p.b1.Xor(k), p.b2.Xor(k), p.b3.Xor(k)}
}

// sealAVXModel is sealAVX (asm: sealAVX): vecBatch's batches in
// sealLoop's order, each hashing the ciphertext of the batch two before
// it; the bytes left are sealTail's, as is a message shorter than a batch.
// The assembly differs from the model besides only in its encodings (VEX,
// memory operands).
func sealAVXModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	if len(src) < 128 {
		sealTailModel(keys, rounds, t, ctr, y, dst, src)
		return
	}
	c := loadCounter(ctr, inc32)
	h := loadHash(y)
	run := func(_ int, g *ghashBatch, at int) {
		vecBatch(&c, keys, rounds, g, dst[at:], src[at:])
	}
	done, h := sealLoop(t, h, dst, len(src), false, false, run, func() {})
	finish(c, h, ctr, y)
	if done < len(src) {
		sealTailModel(keys, rounds, t, ctr, y, dst[done:], src[done:])
	}
}

// sealLoop runs the batches of sealAVXModel over the first n bytes and
// returns how many it encrypted and the hash (asm: gcmKernel.sealLoop),
// with the public kernels' scalar half sums if scalar is set:
// run(set, g, at) encrypts the batch at byte at, batch i reading counter
// set i mod 2 and hashing with g the ciphertext of batch i-2; one batch
// after the pairs is the pair's second batch alone (startY); finish runs
// after the last batch; the last two batches are hashed after the loop,
// with one reduction. A message of one or two batches (and a tail) takes
// sealModel's order instead: the second batch hashes the first. The public
// kernel (public set), of four batches or more, stops after its pairs.
func sealLoop(t *[32][16]byte, h vec.Uint64x2, dst []byte, n int, scalar, public bool, run func(set int, g *ghashBatch, at int), finish func()) (int, vec.Uint64x2) {
	run(0, nil, 0)
	done := 128
	if n-done < 256 {
		// Two batches or one: the second hashes the first, as in sealModel.
		if n-done >= 128 {
			g := ghashBatch{table: t, data: dst, y: h, top: batch, scalar: scalar}
			run(1, &g, done)
			h = g.y
			done += 128
		}
		finish()
		g := ghashBatch{table: t, data: dst[done-128:], y: h, top: batch, scalar: scalar}
		g.all()
		return done, g.y
	}
	run(1, nil, done)
	done += 128
	for n-done >= 256 {
		a := ghashBatch{table: t, data: dst[done-256:], y: h, top: powers, scalar: scalar}
		run(0, &a, done)
		b := a.pair(dst[done-128:])
		run(1, &b, done+128)
		h = b.y
		done += 256
	}
	if !public && n-done >= 128 {
		b := ghashBatch{table: t, data: dst[done-256:], y: h, top: batch, carry: true, scalar: scalar}
		b.startY()
		run(1, &b, done)
		h = b.y
		done += 128
	}
	finish()
	// The last two batches' middle products by vector instructions, in
	// the public kernel too: outside the loop there are no vector ports
	// to spare them.
	g := ghashBatch{table: t, data: dst[done-256:], y: h, top: powers}
	g.all()
	last := g.pair(dst[done-128:])
	last.all()
	return done, last.y
}

// openAVXModel is openAVX (asm: openAVX): openModel's order on
// vecBatch's batches; src and dst may be the same slice.
func openAVXModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	if len(src) < 128 {
		openTailModel(keys, rounds, t, ctr, y, dst, src)
		return
	}
	c := loadCounter(ctr, inc32)
	h := loadHash(y)
	for len(src) >= 256 {
		a := ghashBatch{table: t, data: src, y: h, top: powers}
		vecBatch(&c, keys, rounds, &a, dst, src)
		b := a.pair(src[128:])
		vecBatch(&c, keys, rounds, &b, dst[128:], src[128:])
		h = b.y
		src, dst = src[256:], dst[256:]
	}
	if len(src) >= 128 {
		b := ghashBatch{table: t, data: src, y: h, top: batch, carry: true}
		b.startY()
		vecBatch(&c, keys, rounds, &b, dst, src)
		h = b.y
		src, dst = src[128:], dst[128:]
	}
	finish(c, h, ctr, y)
	if len(src) > 0 {
		openTailModel(keys, rounds, t, ctr, y, dst, src)
	}
}

// publicSlots holds the counter blocks of the public AVX kernels while the
// counter of each batch's block 0 is 2 modulo 8 (asm: publicSlots, whose
// comment says why): counterSlots in two sets, for even and odd batches,
// whose last four bytes are rewritten from the group words W(q+16) and
// W(q+24), the last four bytes of the whitened blocks of the multiples of
// 8 q+16 and q+24 (q = c-2), by an XOR of the block's offset into the last
// byte.
type publicSlots struct {
	mem   [2][8][16]byte // set a: the blocks of the next batch a
	value uint32         // c, the counter of block 0 of the next batch
	key   uint32         // bytes 12..15 of round key 0, read little-endian
	group uint32         // bytes 12..15 of W(q+16) for the next batch's q = c-2
	raw   uint32         // q+24 byte-swapped, read little-endian
}

// fill writes the whitened counter blocks of the first two batches, from
// W(q), W(q+8) and W(q+16) by an XOR each, and loads the counter, the key
// bytes and the group word (asm: publicSlots.fill).
func (sl *publicSlots) fill(keys *[15][16]byte, c counter) {
	// W(q), W(q+8), W(q+16) for q = c-2.
	w := []vec.Uint8x16{reverse(c.add.apply(c.reg, counterAdd(-2))), reverse(c.add.apply(c.reg, counterAdd(6))), reverse(c.add.apply(c.reg, counterAdd(14)))}
	whiten(w, keys)
	for i := 0; i < 16; i++ {
		a, j := i/8, i%8
		b := w[a].Xor(lastByteXor(j + 2))
		if j >= 6 {
			b = w[a+1].Xor(lastByteXor(j - 6))
		}
		b.StoreArray(&sl.mem[a][j])
	}
	sl.key = binary.LittleEndian.Uint32(keys[0][12:])
	sl.value = c.reg.AsUint32x4().GetElem(0)
	sl.group = bits.ReverseBytes32(sl.value+14) ^ sl.key
	sl.raw = bits.ReverseBytes32(sl.value + 22)
}

// next advances the counter by 8 and rewrites the last four bytes of each
// slot of set a for the batch after next, if the n bytes from the batch in
// hand hold one (asm: publicSlots.next): q+16+j
// for j = 2..7 is W(q+16) with j in the last byte, and q+24, q+25 are
// W(q+24) with 0 and 1.
func (sl *publicSlots) next(a int, n int) {
	sl.value += 8
	if n < 3*128 {
		return
	}
	t := sl.raw ^ sl.key // W(q+24)
	for j := range sl.mem[a] {
		w, x := sl.group, j+2
		if j >= 6 {
			w, x = t, j-6
		}
		binary.LittleEndian.PutUint32(sl.mem[a][j][12:], w^uint32(x)<<24)
	}
	sl.group = t
	// q+32: 8 added to the last byte (the top byte of raw), unless that
	// carries out of it.
	r, carry := bits.Add32(sl.raw, 8<<24, 0)
	if carry != 0 {
		r = bits.ReverseBytes32(sl.value + 22)
	}
	sl.raw = r
}

// lastByteXor returns j in the last byte of a block (asm: lastByteXor).
func lastByteXor(j int) vec.Uint8x16 { return reverse(counterAdd(j)) }

// counter sets the counter's lane 0 to the scalar counter (asm:
// publicSlots.counter): the batches do not advance c.
func (sl *publicSlots) counter(c *counter) {
	c.reg = c.reg.AsUint32x4().SetElem(0, sl.value).AsUint8x16()
}

// clear zeroes set 1 (asm: publicSlots.clear); set 0 is the kernel's
// counterSlots memory, cleared with it (asm: counterSlots.clear).
func (sl *publicSlots) clear() { sl.mem[1] = [8][16]byte{} }

// publicBatch is gcmBatch on the counter blocks of set a of publicSlots
// (asm: gcmKernel.publicBatch).
func publicBatch(sl *publicSlots, a int, keys *[15][16]byte, rounds int, g *ghashBatch, dst, src []byte) {
	m := &sl.mem[a]
	q := quad{vec.LoadUint8x16Array(&m[0]), vec.LoadUint8x16Array(&m[1]), vec.LoadUint8x16Array(&m[2]), vec.LoadUint8x16Array(&m[3])}
	p := quad{vec.LoadUint8x16Array(&m[4]), vec.LoadUint8x16Array(&m[5]), vec.LoadUint8x16Array(&m[6]), vec.LoadUint8x16Array(&m[7])}
	sl.next(a, len(src))
	gcmRounds(q, p, keys, rounds, g, dst, src)
}

// publicCounter reports whether the public kernels take publicSlots for
// a message of n bytes from the counter c (asm: publicBranch): at least
// min bytes, and c's counter 2 modulo 8. Otherwise they hand the message
// to sealAVX and openAVX.
func publicCounter(c counter, n, min int) bool {
	return n >= min && c.reg.AsUint32x4().GetElem(0)%8 == 2
}

// sealPublicAVXModel is sealPublicAVX (asm: sealAVX with public set): the
// steps of sealAVXModel with publicSlots for the counter blocks, for four
// batches or more; the fewer than two batches its pairs leave are
// sealAVX's.
func sealPublicAVXModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	c := loadCounter(ctr, inc32)
	if !publicCounter(c, len(src), 4*128) {
		sealAVXModel(keys, rounds, t, ctr, y, dst, src)
		return
	}
	h := loadHash(y)
	var sl publicSlots
	sl.fill(keys, c)
	run := func(set int, g *ghashBatch, at int) {
		publicBatch(&sl, set, keys, rounds, g, dst[at:], src[at:])
	}
	done, h := sealLoop(t, h, dst, len(src), true, true, run, func() {
		sl.counter(&c)
		sl.clear()
	})
	sl.mem[0] = [8][16]byte{}
	finish(c, h, ctr, y)
	if done < len(src) {
		sealAVXModel(keys, rounds, t, ctr, y, dst[done:], src[done:])
	}
}

// openPublicAVXModel is openPublicAVX (asm: openAVX with public set), as
// sealPublicAVXModel is sealPublicAVX: two batches or more, and what its
// pairs leave is openAVX's.
func openPublicAVXModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	c := loadCounter(ctr, inc32)
	if !publicCounter(c, len(src), 2*128) {
		openAVXModel(keys, rounds, t, ctr, y, dst, src)
		return
	}
	h := loadHash(y)
	var sl publicSlots
	sl.fill(keys, c)
	for len(src) >= 256 {
		a := ghashBatch{table: t, data: src, y: h, top: powers, scalar: true}
		var next [batch]uint64
		aheadHalfSums(src[128:], &next)
		publicBatch(&sl, 0, keys, rounds, &a, dst, src)
		b := a.pair(src[128:])
		b.halves, b.ahead = next, true
		publicBatch(&sl, 1, keys, rounds, &b, dst[128:], src[128:])
		h = b.y
		src, dst = src[256:], dst[256:]
	}
	sl.counter(&c)
	sl.clear()
	sl.mem[0] = [8][16]byte{}
	finish(c, h, ctr, y)
	if len(src) > 0 {
		openAVXModel(keys, rounds, t, ctr, y, dst, src)
	}
}
