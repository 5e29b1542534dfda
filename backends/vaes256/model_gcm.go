package vaes256

import "github.com/vaesgo/vaes/vec"

// The stitched GCM loops run gcmWidth registers, gcmBlocks blocks, of
// counter mode per iteration beside one GHASH batch of as many blocks, and
// finish the last m < gcmBlocks blocks gcmTailWidth registers at a time
// (asm: gcmWidth, gcmTailWidth, gcmTail). The package doc says why 16.
const (
	gcmWidth  = 8
	gcmBlocks = 2 * gcmWidth
	gcmBytes  = 16 * gcmBlocks

	gcmTailWidth = 4 // registers per pass of gcmTail
)

// The GCM models run a batch's eight registers as two quads (see quad),
// a and b, registers 0-3 and 4-7, each round on both; the assembly holds
// all eight in YMM registers, and the registers of a batch are
// independent of each other, so the grouping changes nothing computed.
// Each round is one line with its key's load (see encryptQuad).

// gcmWhiten adds the key at key, round key 0, to the four registers of q
// (asm: whiten).
func gcmWhiten(q quad, key *vec.Uint32x8) quad {
	w := key.AsUint8x32()
	return quad{q.b0.Xor(w), q.b1.Xor(w), q.b2.Xor(w), q.b3.Xor(w)}
}

// gcmKeys are the GCM kernels' round keys, each broadcast to both lanes
// once per call, as the assembly's rounds read them (asm: the
// VBROADCASTI128 of each round, from keys), and the GHASH keys of the
// registers of a batch: carried, of a carried batch, each slot broadcast
// to both lanes (asm: keyBoth and keyMidBoth, a VBROADCASTI128 each, a
// load), and pairs, of a batch that is not carried, the table's pairs of
// slots (asm: key and keyMid, 32-byte memory operands). archsimd has no
// broadcast from memory: a broadcast is a 16-byte load and two inserts,
// which per round and per step made the loop a third longer; and each key
// read through a pointer to a vector is one load on the line that reads
// it (see encryptQuad).
//
// The round keys fill b from its end, the last round's in b[14] and the
// nine middle rounds' in b[5:14] at every key size, so that gcmBatch reads
// each at an offset the compiler knows (see vaes512's gcmKeys).
type gcmKeys struct {
	nr      int
	b       [15]vec.Uint32x8
	carried [2 * gcmWidth]vec.Uint8x32
	pairs   [2 * gcmWidth]vec.Uint8x32
}

// at returns the address of round key i, broadcast.
func (k *gcmKeys) at(i int) *vec.Uint32x8 { return &k.b[len(k.b)-1-k.nr+i] }

// loadGCMKeys sets k to the round keys 0..nr of keys, broadcast. Filled
// in place: a copy of a struct of vectors goes through 16-byte moves,
// which stall on the 32-byte stores before them.
func loadGCMKeys(k *gcmKeys, keys *[15][16]byte, nr int) {
	k.nr = nr
	for i := 0; i <= nr; i++ {
		*k.at(i) = roundKey(keys, i)
	}
}

// loadPairKeys sets the GHASH keys of k: register j's key in a carried
// batch, keyBoth(t, 2j), in carried[j], and its half sum,
// keyMidBoth(t, 2j), in carried[gcmWidth+j]; its pair of keys in a batch
// that is not carried, key(t, 2j), in pairs[j], and their half sums,
// keyMid(t, 2j), in pairs[gcmWidth+j].
func loadPairKeys(k *gcmKeys, t *[32][16]byte) {
	for j := range gcmWidth {
		k.carried[j] = keyBoth(t, 2*j).AsUint8x32()
		k.carried[gcmWidth+j] = keyMidBoth(t, 2*j).AsUint8x32()
		k.pairs[j] = key(t, 2*j).AsUint8x32()
		k.pairs[gcmWidth+j] = keyMid(t, 2*j).AsUint8x32()
	}
}

// stitchReg returns register j of data, reversed to register form (asm:
// ghashBatch.step's load and VPSHUFB).
func stitchReg(data *[gcmBytes]byte, j int) vec.Uint64x4 {
	return reverse(vec.LoadUint8x32Array((*[32]byte)(data[32*j:]))).AsUint64x4()
}

// gcmPairAdds[j] is pairAdd(2j), for j < gcmWidth, and gcmPairAdds[gcmWidth]
// pairAdd(gcmBlocks) (asm: emit.PairAdds), gcmLastByteAdds[j] is
// lastByteAdd(2j) (asm: emit.LastByteAdds) and gcmLastByteXors[j]
// lastByteXor2(j): the constants of gcmBatch's counter blocks, built once.
var (
	gcmPairAdds     [gcmWidth + 1]vec.Uint32x8
	gcmLastByteAdds [gcmWidth]vec.Uint32x8
	gcmLastByteXors [gcmWidth - 1]vec.Uint8x32
)

func init() {
	for j := range gcmPairAdds {
		gcmPairAdds[j] = pairAdd(2 * j).AsUint32x8()
	}
	for j := range gcmLastByteAdds {
		gcmLastByteAdds[j] = lastByteAdd(2 * j)
	}
	for j := range gcmLastByteXors {
		gcmLastByteXors[j] = lastByteXor2(j)
	}
}

// gcmAdd returns the byte-reversed pair c plus the constant at a (asm:
// VPADDD, inc32).
func gcmAdd(c vec.Uint8x32, a *vec.Uint32x8) vec.Uint8x32 {
	return c.AsUint32x8().Add(*a).AsUint8x32()
}

// gcmBatch encrypts the next gcmBlocks counter blocks and XORs them with
// the first 16·gcmBlocks bytes of src into dst; g, if not nil, is a GHASH
// batch whose steps run between the AES rounds: step j after middle round
// j, the reduction after middle round 8 (asm: gcmKernel.batch).
//
// The batch is two quads (see quad), held in registers from the counter
// blocks to the stores. The counter's blocks and their whitening are
// counter.whitenedBlocks for eight registers, written out. The stitched
// rounds are written out round by round as the generator emits them, each
// round one line with its key's load (see encryptQuad; on that line the load
// stands in for the eight inline marks). Each GHASH step is built from
// pieces small enough for Go to inline (stitchReg, mulLoHiAt, halfSumPair,
// midProductsAt), with the sum and the held register values, and the
// reduction is written out: Go inlines no function that costs more than
// 80 in its inliner's measure, and around a call it stores every live
// vector and loads it back (see vaes512's stitch.rounds). Go's scheduler
// orders the independent AES and GHASH instructions its own way; the
// values are the same.
func gcmBatch(c *counter, k *gcmKeys, g *ghashBatch, dst, src []byte) {
	// counter.whitenedBlocks(r, gcmWidth, gcmBlocks, keys), written out.
	var a, b quad
	k0 := k.at(0)
	if c.public && c.low() <= 256-2*gcmWidth && c.low()%16 == 2 {
		x := &gcmLastByteXors
		p := reverse(c.pair)
		w := p.Xor(k0.AsUint8x32())
		b.b3 = gcmAdd(p, &gcmLastByteAdds[gcmWidth-1]).Xor(k0.AsUint8x32())
		a = quad{w, w.Xor(x[1]), w.Xor(x[2]), w.Xor(x[3])}
		b.b0, b.b1, b.b2 = w.Xor(x[4]), w.Xor(x[5]), w.Xor(x[6])
	} else {
		if c.public && c.low() <= 256-2*gcmWidth { // counter.blocks' shortcut
			d := &gcmLastByteAdds
			p := reverse(c.pair)
			a = quad{p, gcmAdd(p, &d[1]), gcmAdd(p, &d[2]), gcmAdd(p, &d[3])}
			b = quad{gcmAdd(p, &d[4]), gcmAdd(p, &d[5]), gcmAdd(p, &d[6]), gcmAdd(p, &d[7])}
		} else {
			d, p := &gcmPairAdds, c.pair
			a = quad{reverse(p), reverse(gcmAdd(p, &d[1])), reverse(gcmAdd(p, &d[2])), reverse(gcmAdd(p, &d[3]))}
			b = quad{reverse(gcmAdd(p, &d[4])), reverse(gcmAdd(p, &d[5])), reverse(gcmAdd(p, &d[6])), reverse(gcmAdd(p, &d[7]))}
		}
		a, b = gcmWhiten(a, k0), gcmWhiten(b, k0)
	}
	c.pair = gcmAdd(c.pair, &gcmPairAdds[gcmWidth]) // counter.advance(gcmBlocks)

	if g == nil {
		for r := 1; r < k.nr; r++ {
			a, b = encryptQuad(a, k.at(r)), encryptQuad(b, k.at(r))
		}
	} else {
		for r := 1; r < k.nr-9; r++ { // the rounds before the middle ones
			a, b = encryptQuad(a, k.at(r)), encryptQuad(b, k.at(r))
		}
		m := (*[9]vec.Uint32x8)(k.b[5:14]) // the middle rounds' keys (see gcmKeys.at)
		data, keys := g.data, g.keys
		var acc accumulator
		var held vec.Uint64x4 // the even step's register (asm: ghashBatch.pending)
		a, b = quad{a.b0.AESEncryptOneRound(m[0]), a.b1.AESEncryptOneRound(m[0]), a.b2.AESEncryptOneRound(m[0]), a.b3.AESEncryptOneRound(m[0])}, quad{b.b0.AESEncryptOneRound(m[0]), b.b1.AESEncryptOneRound(m[0]), b.b2.AESEncryptOneRound(m[0]), b.b3.AESEncryptOneRound(m[0])}
		held = stitchReg(data, 0).Xor(g.y) // step 0: block 0 takes in y
		acc = acc.mulLoHiAt(held, &keys[0])
		a, b = quad{a.b0.AESEncryptOneRound(m[1]), a.b1.AESEncryptOneRound(m[1]), a.b2.AESEncryptOneRound(m[1]), a.b3.AESEncryptOneRound(m[1])}, quad{b.b0.AESEncryptOneRound(m[1]), b.b1.AESEncryptOneRound(m[1]), b.b2.AESEncryptOneRound(m[1]), b.b3.AESEncryptOneRound(m[1])}
		x := stitchReg(data, 1) // step 1
		acc = acc.mulLoHiAt(x, &keys[1])
		acc = acc.midProductsAt(halfSumPair(held, x), &keys[gcmWidth+0], &keys[gcmWidth+1])
		a, b = quad{a.b0.AESEncryptOneRound(m[2]), a.b1.AESEncryptOneRound(m[2]), a.b2.AESEncryptOneRound(m[2]), a.b3.AESEncryptOneRound(m[2])}, quad{b.b0.AESEncryptOneRound(m[2]), b.b1.AESEncryptOneRound(m[2]), b.b2.AESEncryptOneRound(m[2]), b.b3.AESEncryptOneRound(m[2])}
		held = stitchReg(data, 2) // step 2
		acc = acc.mulLoHiAt(held, &keys[2])
		a, b = quad{a.b0.AESEncryptOneRound(m[3]), a.b1.AESEncryptOneRound(m[3]), a.b2.AESEncryptOneRound(m[3]), a.b3.AESEncryptOneRound(m[3])}, quad{b.b0.AESEncryptOneRound(m[3]), b.b1.AESEncryptOneRound(m[3]), b.b2.AESEncryptOneRound(m[3]), b.b3.AESEncryptOneRound(m[3])}
		x = stitchReg(data, 3) // step 3
		acc = acc.mulLoHiAt(x, &keys[3])
		acc = acc.midProductsAt(halfSumPair(held, x), &keys[gcmWidth+2], &keys[gcmWidth+3])
		a, b = quad{a.b0.AESEncryptOneRound(m[4]), a.b1.AESEncryptOneRound(m[4]), a.b2.AESEncryptOneRound(m[4]), a.b3.AESEncryptOneRound(m[4])}, quad{b.b0.AESEncryptOneRound(m[4]), b.b1.AESEncryptOneRound(m[4]), b.b2.AESEncryptOneRound(m[4]), b.b3.AESEncryptOneRound(m[4])}
		held = stitchReg(data, 4) // step 4
		acc = acc.mulLoHiAt(held, &keys[4])
		a, b = quad{a.b0.AESEncryptOneRound(m[5]), a.b1.AESEncryptOneRound(m[5]), a.b2.AESEncryptOneRound(m[5]), a.b3.AESEncryptOneRound(m[5])}, quad{b.b0.AESEncryptOneRound(m[5]), b.b1.AESEncryptOneRound(m[5]), b.b2.AESEncryptOneRound(m[5]), b.b3.AESEncryptOneRound(m[5])}
		x = stitchReg(data, 5) // step 5
		acc = acc.mulLoHiAt(x, &keys[5])
		acc = acc.midProductsAt(halfSumPair(held, x), &keys[gcmWidth+4], &keys[gcmWidth+5])
		a, b = quad{a.b0.AESEncryptOneRound(m[6]), a.b1.AESEncryptOneRound(m[6]), a.b2.AESEncryptOneRound(m[6]), a.b3.AESEncryptOneRound(m[6])}, quad{b.b0.AESEncryptOneRound(m[6]), b.b1.AESEncryptOneRound(m[6]), b.b2.AESEncryptOneRound(m[6]), b.b3.AESEncryptOneRound(m[6])}
		held = stitchReg(data, 6) // step 6
		acc = acc.mulLoHiAt(held, &keys[6])
		a, b = quad{a.b0.AESEncryptOneRound(m[7]), a.b1.AESEncryptOneRound(m[7]), a.b2.AESEncryptOneRound(m[7]), a.b3.AESEncryptOneRound(m[7])}, quad{b.b0.AESEncryptOneRound(m[7]), b.b1.AESEncryptOneRound(m[7]), b.b2.AESEncryptOneRound(m[7]), b.b3.AESEncryptOneRound(m[7])}
		x = stitchReg(data, 7) // step 7
		acc = acc.mulLoHiAt(x, &keys[7])
		acc = acc.midProductsAt(halfSumPair(held, x), &keys[gcmWidth+6], &keys[gcmWidth+7])
		a, b = quad{a.b0.AESEncryptOneRound(m[8]), a.b1.AESEncryptOneRound(m[8]), a.b2.AESEncryptOneRound(m[8]), a.b3.AESEncryptOneRound(m[8])}, quad{b.b0.AESEncryptOneRound(m[8]), b.b1.AESEncryptOneRound(m[8]), b.b2.AESEncryptOneRound(m[8]), b.b3.AESEncryptOneRound(m[8])}
		// ghashBatch.finish, written out: reduce (foldLo, fold), and
		// sumLanes if the batch is not carried.
		lo := acc.lo
		mid := acc.mid.Xor(acc.hi).Xor(swap(lo).Xor(lo.CarrylessMultiplyEvenOdd(reflectedPoly).Xor(lo)))
		y := acc.hi.Xor(swap(mid)).Xor(mid.CarrylessMultiplyEvenOdd(reflectedPoly))
		if !g.carried {
			y = widen(sumLanes(y))
		}
		g.y = y
	}
	last := k.at(k.nr)
	a, b = encryptLastQuad(a, last), encryptLastQuad(b, last)

	// xorPairs and storePairs, written out.
	in, out := (*[gcmBytes]byte)(src), (*[gcmBytes]byte)(dst)
	a.b0 = a.b0.Xor(vec.LoadUint8x32Array((*[32]byte)(in[0:])))
	a.b1 = a.b1.Xor(vec.LoadUint8x32Array((*[32]byte)(in[32:])))
	a.b2 = a.b2.Xor(vec.LoadUint8x32Array((*[32]byte)(in[64:])))
	a.b3 = a.b3.Xor(vec.LoadUint8x32Array((*[32]byte)(in[96:])))
	b.b0 = b.b0.Xor(vec.LoadUint8x32Array((*[32]byte)(in[128:])))
	b.b1 = b.b1.Xor(vec.LoadUint8x32Array((*[32]byte)(in[160:])))
	b.b2 = b.b2.Xor(vec.LoadUint8x32Array((*[32]byte)(in[192:])))
	b.b3 = b.b3.Xor(vec.LoadUint8x32Array((*[32]byte)(in[224:])))
	a.b0.StoreArray((*[32]byte)(out[0:]))
	a.b1.StoreArray((*[32]byte)(out[32:]))
	a.b2.StoreArray((*[32]byte)(out[64:]))
	a.b3.StoreArray((*[32]byte)(out[96:]))
	b.b0.StoreArray((*[32]byte)(out[128:]))
	b.b1.StoreArray((*[32]byte)(out[160:]))
	b.b2.StoreArray((*[32]byte)(out[192:]))
	b.b3.StoreArray((*[32]byte)(out[224:]))
}

// sealModel is seal (asm: sealKernel).
func sealModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	defer vec.ZeroUpper()
	sealKernel(false, keys, rounds, t, ctr, y, dst, src)
}

// sealPublicModel is sealPublic (asm: sealKernel): seal for a public
// counter, whose blocks may take the shortcut that branches on it (see
// counter).
func sealPublicModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	defer vec.ZeroUpper()
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
	var k gcmKeys
	var g ghashBatch
	c := loadCounter(ctr, inc32, public)
	// The hash in a 256-bit register, its high lane zero, as the
	// assembly holds it: the compiler keeps a 16-byte vector across a
	// call with MOVUPS, which waits on dirty upper halves (see
	// vec.ZeroUpper).
	g.y = widen(loadHash(y))
	done := 0 // bytes encrypted
	loadGCMKeys(&k, keys, rounds)
	if len(src) >= batch {
		loadPairKeys(&k, t)
		gcmBatch(&c, &k, nil, dst, src)
		done = batch
		g.keys, g.carried = &k.carried, true
		for len(src)-done >= batch {
			g.data = (*[gcmBytes]byte)(dst[done-batch:])
			gcmBatch(&c, &k, &g, dst[done:], src[done:])
			done += batch
		}
		// The last batch's ciphertext (asm: counter.out, the registers
		// it was stored from; the model reads it back from dst).
		g.data, g.keys, g.carried = (*[gcmBytes]byte)(dst[done-batch:]), &k.pairs, false
		g.all()
	}
	// The tails zero their locals with SSE moves (see vec.ZeroUpper).
	vec.ZeroUpper()
	h := gcmTail(&c, &k, t, g.y, false, dst[done:len(src)], src[done:])
	c.store(ctr)
	storeHash(h.GetLo(), y)
}

// openModel is open (asm: openKernel).
func openModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	defer vec.ZeroUpper()
	openKernel(false, keys, rounds, t, ctr, y, dst, src)
}

// openPublicModel is openPublic (asm: openKernel): open for a public
// counter, whose blocks may take the shortcut that branches on it (see
// counter).
func openPublicModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	defer vec.ZeroUpper()
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
	var k gcmKeys
	var g ghashBatch
	c := loadCounter(ctr, inc32, public)
	g.y = widen(loadHash(y)) // as in sealKernel
	loadGCMKeys(&k, keys, rounds)
	if len(src) >= batch {
		loadPairKeys(&k, t)
		g.keys, g.carried = &k.carried, true
		for len(src) >= 2*batch {
			g.data = (*[gcmBytes]byte)(src)
			gcmBatch(&c, &k, &g, dst, src)
			src, dst = src[batch:], dst[batch:]
		}
		// The last batch, whose lanes are summed.
		g.data, g.keys, g.carried = (*[gcmBytes]byte)(src), &k.pairs, false
		gcmBatch(&c, &k, &g, dst, src)
		src, dst = src[batch:], dst[batch:]
	}
	// The tails zero their locals with SSE moves (see vec.ZeroUpper).
	vec.ZeroUpper()
	h := gcmTail(&c, &k, t, g.y, true, dst[:len(src)], src)
	c.store(ctr)
	storeHash(h.GetLo(), y)
}

// gcmTail encrypts the last n = len(src) < gcmBytes bytes gcmTailWidth
// registers at a time and absorbs their ciphertext into y, a tailHash
// (asm: gcmTail): each pass's counter blocks, whitening and rounds, its
// keystream XORed and stored as in a batch while a whole pass is left; of
// the last pass, its whole registers from register 0, the others moved
// down behind each; then the last register, fewer than 32 bytes: its bytes
// loaded zero-padded, XORed, and stored. Each register's ciphertext is
// hashed: from src before its stores if open (src and dst may be the
// same), else from dst a pass late (hashStored: after the next pass's
// rounds, and before the last register), but the last register's, from
// the register, Seal's ciphertext masked past the message with keepMask.
// The counter advances by m = ceil(n/16) (counter.advanceLow, on a copy
// taken before the loop, which steps the pair a whole pass at a time). It
// returns the hash.
//
// The pass is a quad (see quad), gcmTailWidth being four, and its
// registers are moved down as fields of the quad; the hash runs a pass's
// registers, or the registers stored since, in one call (tailHash).
func gcmTail(c *counter, k *gcmKeys, t *[32][16]byte, y vec.Uint64x4, open bool, dst, src []byte) vec.Uint64x4 {
	n := len(src)
	if n == 0 {
		return y
	}
	dst = dst[:n]
	final := *c
	final.advanceLow((n + 15) / 16)
	th := startTailHash(t, n, y)
	out, hashed, stored := dst, 0, 0 // seal: the bytes of out hashed, and stored
	k0, last := k.at(0), k.at(k.nr)
	d := &gcmPairAdds
	var a quad
	for {
		// counter.blocks(4), counter.advance(8), the rounds.
		p := c.pair
		a = quad{reverse(p), reverse(gcmAdd(p, &d[1])), reverse(gcmAdd(p, &d[2])), reverse(gcmAdd(p, &d[3]))}
		c.pair = gcmAdd(p, &d[gcmTailWidth])
		a = gcmWhiten(a, k0)
		for i := 1; i < k.nr; i++ {
			a = encryptQuad(a, k.at(i))
		}
		a = encryptLastQuad(a, last)
		if !open {
			th.hashStored(out[hashed:stored])
			hashed = stored
		}
		if len(src) < 32*gcmTailWidth {
			// The last pass: its whole registers from register 0, the
			// others moved down.
			for len(src) >= 32 {
				if open {
					th.hashStored(src[:32])
				}
				a.b0.Xor(vec.LoadUint8x32Array((*[32]byte)(src))).StoreArray((*[32]byte)(dst))
				src, dst, stored = src[32:], dst[32:], stored+32
				a.b0, a.b1, a.b2 = a.b1, a.b2, a.b3
			}
			break
		}
		if open {
			th.hashStored(src[:32*gcmTailWidth])
		}
		in, to := (*[32 * gcmTailWidth]byte)(src), (*[32 * gcmTailWidth]byte)(dst)
		a.b0.Xor(vec.LoadUint8x32Array((*[32]byte)(in[0:]))).StoreArray((*[32]byte)(to[0:]))
		a.b1.Xor(vec.LoadUint8x32Array((*[32]byte)(in[32:]))).StoreArray((*[32]byte)(to[32:]))
		a.b2.Xor(vec.LoadUint8x32Array((*[32]byte)(in[64:]))).StoreArray((*[32]byte)(to[64:]))
		a.b3.Xor(vec.LoadUint8x32Array((*[32]byte)(in[96:]))).StoreArray((*[32]byte)(to[96:]))
		src, dst, stored = src[32*gcmTailWidth:], dst[32*gcmTailWidth:], stored+32*gcmTailWidth
		if len(src) == 0 {
			break
		}
	}
	if !open {
		th.hashStored(out[hashed:stored])
	}
	// The last register, 0 < len(src) < 32 bytes, if any, in a.b0: its
	// bytes loaded zero-padded, and its keys (asm: tailHash.loadLast).
	if r := len(src); r > 0 {
		d, _ := vec.LoadUint8x32Part(src)
		h, hMid := th.lastKeys(r)
		x := a.b0.Xor(d)
		if open {
			th.absorb(reverse(d).AsUint64x4(), h, hMid)
		} else {
			// The ciphertext's first r bytes: past them x holds keystream.
			mask := vec.LoadUint8x32Array((*[32]byte)(keepMask[32-r:]))
			th.absorb(reverse(x.And(mask)).AsUint64x4(), h, hMid)
		}
		x.StorePart(dst) // asm: a whole block and StorePartialAVX
	}
	c.pair = final.pair
	return th.finish(n)
}
