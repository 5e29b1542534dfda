package vaes256

import (
	"github.com/vaesgo/vaes/tables"
	"github.com/vaesgo/vaes/vec"
)

// increment is how a byte-reversed counter advances (asm: increment):
// VPADDD for GCM's 32-bit counter, whose low 32-bit lane wraps by itself,
// VPADDQ for the low 64 bits of a 128-bit counter. A field the adds test
// rather than a function they call, which the compiler could not inline.
type increment struct {
	lanes64 bool // VPADDQ, else VPADDD
}

var (
	inc32 = increment{}
	inc64 = increment{lanes64: true}
)

// wide adds step to c lane by lane.
func (a increment) wide(c, step vec.Uint8x32) vec.Uint8x32 {
	if a.lanes64 {
		return c.AsUint64x4().Add(step.AsUint64x4()).AsUint8x32()
	}
	return c.AsUint32x8().Add(step.AsUint32x8()).AsUint8x32()
}

// narrow adds step to c in the XMM register of one counter block.
func (a increment) narrow(c, step vec.Uint8x16) vec.Uint8x16 {
	if a.lanes64 {
		return c.AsUint64x2().Add(step.AsUint64x2()).AsUint8x16()
	}
	return c.AsUint32x4().Add(step.AsUint32x4()).AsUint8x16()
}

// pairAdds holds tables.CounterAdd(n) in both lanes at index n, n =
// 0..32 (a batch advances the counter by 30, a GCM batch by 16; asm:
// emit.PairAdds). The kernels load their steps from it: built where they
// are used, from an array, a step's load would wait on the array's
// smaller stores.
var pairAdds = func() (t [33]vec.Uint8x32) {
	for n := range t {
		a := tables.CounterAdd(uint32(n))
		t[n] = vec.BroadcastUint8x16ToUint8x32(vec.LoadUint8x16Array(&a))
	}
	return t
}()

// pairAdd returns tables.CounterAdd(n) in both lanes (asm: emit.PairAdds).
func pairAdd(n int) vec.Uint8x32 { return pairAdds[n] }

// pairStart is CounterAdd(0) in the low lane and CounterAdd(1) in the high
// one: added to a broadcast counter it gives the pair c, c+1 (asm:
// emit.PairStart).
var pairStart = func() vec.Uint8x32 {
	a, b := tables.CounterAdd(0), tables.CounterAdd(1)
	return vec.Uint8x32{}.SetLo(vec.LoadUint8x16Array(&a)).SetHi(vec.LoadUint8x16Array(&b))
}()

// counter is the pair of counter blocks c and c+1, byte-reversed, one per
// lane, so that one lane-wise add advances both (asm: counter). While a
// batch's rounds run, the assembly keeps it in a 32-byte slot of its frame
// (asm: counter.advance and counter.reload): they need the registers.
//
// public says whether blocks may take its shortcut, which branches on the
// counter: ctr64's counter is public (CTR128's counter is the caller's IV,
// which counter mode sends in the clear), and so is sealPublic's and
// openPublic's (GCM with a 12-byte nonce: J0 = nonce || 0^31 || 1). GCM's
// counter in general is not: for nonces other than 12 bytes it starts from
// J0 = GHASH_H(nonce), which depends on the hash key, so ctr32, seal and
// open never branch on it.
type counter struct {
	pair   vec.Uint8x32
	add    increment
	public bool
}

// loadCounter broadcasts a big-endian counter block to both lanes,
// reverses its bytes and adds 0 and 1 (asm: loadCounter).
func loadCounter(ctr *[16]byte, add increment, public bool) counter {
	c := reverse(vec.BroadcastUint8x16ToUint8x32(vec.LoadUint8x16Array(ctr)))
	return counter{pair: add.wide(c, pairStart), add: add, public: public}
}

// store writes the low lane's counter back in big-endian form (asm:
// counter.store).
func (c counter) store(ctr *[16]byte) { reverse(c.pair).GetLo().StoreArray(ctr) }

// blocks returns w registers of counter blocks, c+2j and c+2j+1 in
// register j, in the block's own byte order and so ready for round key 0
// (asm: counter.blocks): register j is the pair plus 2j, reversed.
//
// For a public counter whose last byte plus 2w-1 does not overflow, the
// blocks differ from c, c+1 only in their last byte: one byte reversal
// gives the pair in big-endian form, and one add per register puts 2j into
// the last bytes. The assembly keeps that byte in a general-purpose
// register for the test.
func (c counter) blocks(r *registers, w int) []vec.Uint8x32 {
	pairs := r[:w]
	if c.shortcut(w) {
		pairs[0] = reverse(c.pair)
		for j := 1; j < w; j++ {
			pairs[j] = pairs[0].AsUint32x8().Add(lastByteAdd(2 * j)).AsUint8x32()
		}
		return pairs
	}
	for j := range pairs {
		b := c.pair
		if j > 0 {
			b = c.add.wide(b, pairAdd(2*j))
		}
		pairs[j] = reverse(b)
	}
	return pairs
}

// shortcut reports whether blocks of w registers takes the public
// counter's shortcut (asm: the CMPQ of counter.low in counter.blocks).
func (c *counter) shortcut(w int) bool { return c.public && c.low() <= 256-2*w }

// blocksQuads returns registers 0..7 of counter blocks, as blocks does, in
// two quads; short is c.shortcut of the whole pass (asm: counter.blocks).
func (c *counter) blocksQuads(short bool) (quad, quad) {
	if short {
		b := reverse(c.pair)
		return quad{b, addLast(b, 2), addLast(b, 4), addLast(b, 6)},
			quad{addLast(b, 8), addLast(b, 10), addLast(b, 12), addLast(b, 14)}
	}
	x, a := c.pair, c.add
	return quad{reverse(x), reverse(a.wide(x, pairAdds[2])), reverse(a.wide(x, pairAdds[4])), reverse(a.wide(x, pairAdds[6]))},
		quad{reverse(a.wide(x, pairAdds[8])), reverse(a.wide(x, pairAdds[10])), reverse(a.wide(x, pairAdds[12])), reverse(a.wide(x, pairAdds[14]))}
}

// blocksSeven returns registers 8..14 of counter blocks, as blocks does,
// in a quad and a trio; short is c.shortcut(15) (asm: counter.blocks).
func (c *counter) blocksSeven(short bool) (quad, trio) {
	if short {
		b := reverse(c.pair)
		return quad{addLast(b, 16), addLast(b, 18), addLast(b, 20), addLast(b, 22)},
			trio{addLast(b, 24), addLast(b, 26), addLast(b, 28)}
	}
	x, a := c.pair, c.add
	return quad{reverse(a.wide(x, pairAdds[16])), reverse(a.wide(x, pairAdds[18])), reverse(a.wide(x, pairAdds[20])), reverse(a.wide(x, pairAdds[22]))},
		trio{reverse(a.wide(x, pairAdds[24])), reverse(a.wide(x, pairAdds[26])), reverse(a.wide(x, pairAdds[28]))}
}

// addLast adds n to the last byte of both blocks of b, counter blocks in
// big-endian form (asm: VPADDD of emit.LastByteAdds).
func addLast(b vec.Uint8x32, n int) vec.Uint8x32 {
	return b.AsUint32x8().Add(lastByteAdds[n]).AsUint8x32()
}

// low returns the last byte of the low lane's counter block (asm: the
// general-purpose register counter.low, which only a public counter has).
func (c counter) low() int { return int(c.pair.GetLo().AsUint64x2().GetElem(0) & 0xff) }

// lastByteAdds holds n in byte 15 of both lanes at index n, for n up to
// the last register of a batch, 28 (asm: emit.LastByteAdds).
var lastByteAdds = func() (t [29]vec.Uint32x8) {
	for n := range t {
		var a [16]byte
		a[15] = byte(n)
		t[n] = vec.BroadcastUint8x16ToUint8x32(vec.LoadUint8x16Array(&a)).AsUint32x8()
	}
	return t
}()

// lastByteAdd returns n in byte 15 of both lanes (asm: emit.LastByteAdds).
func lastByteAdd(n int) vec.Uint32x8 { return lastByteAdds[n] }

// whitenedBlocks returns w registers of counter blocks with round key 0
// added, as blocks and whiten give them, and advances the counter by n
// (asm: counter.whitenedBlocks).
//
// For a public counter whose last byte is 2 modulo 16 and does not
// overflow, in the GCM loops' batches of 16, the low four bits of that
// byte go from 2 to 15 across blocks 0 to 13 without a carry: blocks 2j and
// 2j+1 are blocks 0 and 1 XOR lastByteXor2(j), and so are their whitened
// forms, one XOR a register. Blocks 14 and 15 take the add. The assembly
// tests both conditions at once, the last byte against a bound set once per
// call (counter.loadAlignedBound): 226 if that byte is 2 modulo 16, which
// steps of 16 keep, else -1.
func (c *counter) whitenedBlocks(r *registers, w, n int, keys *[15][16]byte) []vec.Uint8x32 {
	if !c.public || w != gcmWidth || c.low() > 256-2*w || c.low()%16 != 2 {
		pairs := c.blocks(r, w)
		c.advance(n)
		whiten(pairs, keys)
		return pairs
	}
	k := roundKey(keys, 0).AsUint8x32()
	pairs := r[:w]
	p := reverse(c.pair)
	pairs[w-1] = p.AsUint32x8().Add(lastByteAdd(2 * (w - 1))).AsUint8x32().Xor(k)
	pairs[0] = p.Xor(k)
	for j := 1; j < w-1; j++ {
		pairs[j] = pairs[0].Xor(lastByteXor2(j))
	}
	c.advance(n)
	return pairs
}

// lastByteXor2 returns 2 XOR 2+2j in byte 15 of the low lane and 3 XOR
// 3+2j in byte 15 of the high lane (asm: lastByteXor2): XORed into a pair
// of counter blocks in big-endian form whose last bytes are 2 and 3 modulo
// 16, it adds 2j to both, for 2j <= 12.
func lastByteXor2(j int) vec.Uint8x32 {
	var lo, hi [16]byte
	lo[15] = byte(2 ^ (2 + 2*j))
	hi[15] = byte(3 ^ (3 + 2*j))
	return vec.Uint8x32{}.SetLo(vec.LoadUint8x16Array(&lo)).SetHi(vec.LoadUint8x16Array(&hi))
}

// advance adds n to both counters of the pair (asm: counter.advance, which
// also moves the pair to the frame until counter.reload).
func (c *counter) advance(n int) { c.pair = c.add.wide(c.pair, pairAdd(n)) }

// advanceLow adds n to the low lane's counter only, the one store writes
// back (asm: counter.advanceLow): the assembly moves n from a
// general-purpose register into the low 64 bits of a vector and adds it with
// a 128-bit instruction, which clears the high lane; nothing reads that
// lane afterwards.
func (c *counter) advanceLow(n int) {
	step := vec.Uint64x4{}.SetLo(vec.Uint64x2{}.SetElem(0, uint64(n)))
	c.pair = c.add.wide(c.pair, step.AsUint8x32())
}

// ctr32Model is ctr32 (asm: ctrKernel).
func ctr32Model(keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte) {
	ctrModel(inc32, false, keys, rounds, ctr, dst, src)
}

// ctr64Model is ctr64 (asm: ctrKernel).
func ctr64Model(keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte) {
	ctrModel(inc64, true, keys, rounds, ctr, dst, src)
}

// ctrModel is ctr32Model or ctr64Model (asm: ctrKernel): at most one block
// takes ctrShort.
func ctrModel(add increment, public bool, keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte) {
	if len(src) <= shortBytes {
		if len(src) > 0 {
			ctrShort(add, keys, rounds, ctr, dst, src)
		}
		return
	}
	const batch = 32 * 15
	// The locals are declared before any vector instruction: the compiler
	// zeroes them with SSE stores, slow while the upper halves of the
	// vector registers are dirty.
	var k roundKeys
	var r registers // the tail's
	loadRoundKeys(&k, keys, rounds)
	c := loadCounter(ctr, add, public)
	for len(src) >= batch {
		ctrBatch(&c, &k, dst[:batch], src[:batch])
		src, dst = src[batch:], dst[batch:]
	}
	ctrTail(&c, blockWidths, &k, &r, dst, src)
	c.store(ctr)
	vec.ZeroUpper()
}

// ctrBatch encrypts the next 30 counter blocks and XORs them with the 480
// bytes of src into dst (asm: the loop ctr30: counter.blocks,
// counter.advance, whiten, rounds and xorStore on 15 registers),
// registers 0..7 as two quads, then registers 8..14 as a quad and a trio
// (see quad). The counter waits in memory while the rounds run, as the
// assembly's waits in its frame, and advances at the end of the batch,
// where no register of blocks is live across the call.
func ctrBatch(c *counter, k *roundKeys, dst, src []byte) {
	_, _ = src[32*15-1], dst[32*15-1]
	short := c.shortcut(15)
	q, p := c.blocksQuads(short)
	q, p = encryption.cipherQuads(q, p, k)
	xorStoreQuads(q, p, dst[0:], src[0:])
	q, t := c.blocksSeven(short)
	q, t = encryption.cipherSeven(q, t, k)
	xorStoreSeven(q, t, dst[256:], src[256:])
	c.advance(30)
}

// ctrTail encrypts the last n = len(src) bytes, fewer than the widest of
// widths holds (asm: ctrTail): the keystream for the m = ceil(n/16) blocks
// left in one pass of the narrowest width that holds them; whole blocks
// XORed and stored as in a batch; the keystream block of the partial block
// XORed through a zero-padded load and a partial store. The counter
// advances by m. k holds the round keys, broadcast, and r the pass's
// registers (see passRounds), both the caller's: their zeroing comes
// before its vector code.
func ctrTail(c *counter, widths []int, k *roundKeys, r *registers, dst, src []byte) {
	n := len(src)
	if n == 0 {
		return
	}
	dst = dst[:n]
	m := (n + 15) / 16
	w := tailWidth(widths, m)
	pairs := c.blocks(r, w)
	// The assembly advances the counter here, before the rounds, when a
	// register is free to hold it, and after them, from the frame, in the
	// pass of 15 registers.
	c.advanceLow(m)
	encryption.passRounds(r, w, k)
	whole := n &^ 15
	xorPairs(pairs, src[:whole])
	storePairs(pairs, dst[:whole])
	if n%16 != 0 {
		last := lane(pairs, whole/16) // asm: the exit for its register moves it to one register
		part, _ := vec.LoadUint8x16Part(src[whole:])
		x := part.Xor(last)
		x.StorePart(dst[whole:n])
	}
}
