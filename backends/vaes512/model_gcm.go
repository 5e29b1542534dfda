package vaes512

import (
	"unsafe"

	"github.com/vaesgo/vaes/vec"
)

// gcmBytes is the batch of the stitched GCM loops: 16 blocks, four
// registers (asm: gcmBytes). Two batches share one GHASH reduction.
const gcmBytes = 256

// stitch is the GHASH that a GCM batch's rounds carry, spread over the
// nine middle rounds (see rounds): up to four registers, register first+i
// absorbed into g after middle round 2i for i < z, and, if finish, the
// reduction after middle round 8, or if foldLow instead, the first fold
// of one there (asm: stitched and stitchedFoldLow, which return that
// step). The registers come from data, a batch's 256 bytes in memory, or
// if data is nil from the registers that rounds is given (seal's loops,
// which hash the batch before from the registers it was stored from).
//
// The kernels declare their stitches with their other locals and set the
// fields one by one: a function returning a stitch has the compiler build
// it in a temporary with 8-byte stores and copy it with 16-byte loads,
// which cannot be forwarded from those stores, so each waited for every
// store before it to reach the cache, the zeroing of the kernel's locals
// included (about 60 ns a call, a tenth of Seal of 16 KiB on archsimd on
// the Xeon, model 207), and a method setting them through a pointer moves
// the ghashSum they point to to the heap.
type stitch struct {
	g       *ghashSum
	first   int
	data    *[gcmBytes]byte
	z       int
	finish  bool
	foldLow bool
}

// rounds runs rounds 1..nr over q, one GCM batch, with the steps of s
// between the middle rounds (asm: roundKeys.rounds with the between step
// stitched): the rounds before the middle ones, then four times a middle
// round, the absorb of the next register if there is one, and a middle
// round, then the last middle round, finish (or foldLow) if s says so, and
// the last round. That is the assembly's schedule, register j absorbed
// after middle round 2j and finish after middle round 8, written out step
// by step as the generator emits it. Go inlines no function that costs
// more than 80 in its inliner's measure (a vec operation costs 7 to 17),
// so absorb, mulAccumulate, reduce and finish would be calls, and around
// every call the compiler stores the four registers of the quad and loads
// them back (calling finish took a tenth of the time of Seal of 16 KiB on
// archsimd). Here absorb is dataReg, powersAt and multiplyAt, addMiddle
// and addOuter, each inlined, and finish and foldLow are written out, so
// that the accumulator and the products it holds stay values in
// registers through the batch. What the absorbs read from s and g is read
// once, before the first round. A stitched sum is never folded before it,
// and its first register is even, so no products are held from before it
// (nor after it, unless it finishes or folds).
//
// ct is the data if s.data is nil (asm: gcmKernel.ct), in registers.
func (s *stitch) rounds(q quad, k *gcmKeys, ct quad) quad {
	g := s.g
	for r := 1; r < k.nr-9; r++ { // the rounds before the middle ones
		q = encryptQuad(q, k.at(r))
	}
	middle := (*[9]vec.Uint32x16)(k.b[5:14]) // the middle rounds' keys (see gcmKeys.at)
	data, y := s.data, s.stitchY()
	pw, last, z := g.table[g.first+4*s.first:], g.last-s.first, s.z
	acc, held := g.acc, product{}
	q = encryptQuad(q, &middle[0])
	if z > 0 { // register first, even: its products held
		p := multiplyAt(dataReg(data, ct, 0).Xor(y), g.powersAt(pw, 0, last))
		acc, held = acc.addMiddle(p), p
	}
	q = encryptQuad(q, &middle[1])
	q = encryptQuad(q, &middle[2])
	if z > 1 { // register first+1, odd: added with the held ones
		p := multiplyAt(dataReg(data, ct, 1), g.powersAt(pw, 1, last))
		acc, held = acc.addMiddle(p).addOuter(p, held), p
	}
	q = encryptQuad(q, &middle[3])
	q = encryptQuad(q, &middle[4])
	if z > 2 {
		p := multiplyAt(dataReg(data, ct, 2), g.powersAt(pw, 2, last))
		acc, held = acc.addMiddle(p), p
	}
	q = encryptQuad(q, &middle[5])
	q = encryptQuad(q, &middle[6])
	if z > 3 {
		p := multiplyAt(dataReg(data, ct, 3), g.powersAt(pw, 3, last))
		acc, held = acc.addMiddle(p).addOuter(p, held), p
	}
	q = encryptQuad(q, &middle[7])
	q = encryptQuad(q, &middle[8])
	n := s.first + z
	if (s.finish || s.foldLow) && n&1 == 1 { // the products held from register n-1
		acc.lo, acc.hi = acc.lo.Xor(held.lo), acc.hi.Xor(held.hi)
	}
	switch {
	case s.finish: // ghashSum.finish, written out
		mid := xor3(acc.mid, foldTerm(acc.lo), swap(acc.lo))
		g.y = widen(laneSum(xor3(acc.hi, foldTerm(mid), swap(mid))))
	case s.foldLow:
		// ghashSum.foldLow (asm), written out: reduce's first fold,
		// fold(lo, mid), leaves no low part, so that folded products
		// may be added after it and reduceFolded finishes the sum.
		acc.mid = xor3(acc.mid, foldTerm(acc.lo), swap(acc.lo))
		acc.lo = vec.Uint64x8{}
		g.folded = true
	}
	g.acc, g.n = acc, n
	key := k.b[14] // the last round's, *k.at(k.nr)
	return quad{q.b0.AESEncryptLastRound(key), q.b1.AESEncryptLastRound(key), q.b2.AESEncryptLastRound(key), q.b3.AESEncryptLastRound(key)}
}

// stitchY returns what register 0 of s adds to its data: the running hash
// y if it is the sum's register 0, else zero (asm: ghashSum.absorb's
// VPXORD, for register 0 only).
func (s *stitch) stitchY() vec.Uint64x8 {
	if s.first == 0 {
		return s.g.y
	}
	return vec.Uint64x8{}
}

// dataReg returns register j of data, or of ct if data is nil, reversed
// to register form (asm: ghashSum.absorb's VPSHUFB).
func dataReg(data *[gcmBytes]byte, ct quad, j int) vec.Uint64x8 {
	var x vec.Uint8x64
	switch {
	case data != nil:
		x = vec.LoadUint8x64Array((*[64]byte)(data[64*j:]))
	case j == 0:
		x = ct.b0
	case j == 1:
		x = ct.b1
	case j == 2:
		x = ct.b2
	default:
		x = ct.b3
	}
	return reverse(x).AsUint64x8()
}

// powersAt returns the address of the powers of register j of a stitch
// whose registers take the powers from pw on: four slots of pw, or
// lastPowers if j is last, the stitch's register that takes them (asm:
// ghashSum.powers).
func (g *ghashSum) powersAt(pw [][16]byte, j, last int) *vec.Uint64x8 {
	if j == last {
		return &g.lastPowers
	}
	return (*vec.Uint64x8)(unsafe.Pointer((*[4][16]byte)(pw[4*j:])))
}

// multiplyAt is multiply with the powers read from h, a 64-byte memory
// operand as in the assembly (see keyPowers). Go marks each inlined call
// with an instruction of the call's own line, or else with a NOP of its
// own; here the load of h is that instruction for all four products,
// where multiply takes four NOPs (Open of 16 KiB on archsimd 2% faster).
func multiplyAt(x vec.Uint64x8, h *vec.Uint64x8) product {
	return product{x.CarrylessMultiplyEven(*h), x.CarrylessMultiplyEvenOdd(*h), x.CarrylessMultiplyOddEven(*h), x.CarrylessMultiplyOdd(*h)}
}

// gcmKeys are the GCM kernels' round keys: roundKeys, and each key
// broadcast once per call into b, as the assembly's loadRoundKeys does,
// which stitch.rounds reads (asm: roundKeys). The other models broadcast
// each key where a round uses it (see roundKeys), which spares them the
// compiler's zeroing of b (968 bytes) on every call; in stitch.rounds a
// broadcast per round (a load and four inserts beside the loop's 90
// instructions) made Seal and Open of 16 KiB on archsimd 1.25 to 1.3
// times as long, and of 1350 bytes 1.4 to 1.5 times (Xeon model 207).
// b comes second: put first, Seal and Open of 1350 bytes took 1.35 times
// as long, the whole 16 KiB 1.05 to 1.15 times. Go aligns a frame to 8
// bytes, so where a 64-byte key or spill slot falls against the cache
// lines changes with the frame's layout, and a load that spans two lines
// costs more.
type gcmKeys struct {
	roundKeys
	b [15]vec.Uint32x16
}

// at returns the address of round key i, broadcast. The keys fill b from
// its end, the last round's in b[14] and the nine middle rounds' in
// b[5:14] at every key size, so that stitch.rounds reads each at an
// offset the compiler knows (one load where an index took three
// instructions; Open of 16 KiB on archsimd 2-5% faster).
func (k *gcmKeys) at(i int) *vec.Uint32x16 { return &k.b[len(k.b)-1-k.nr+i] }

// loadGCMKeys sets k to the round keys 0..nr of keys, broadcast (asm:
// loadRoundKeys, one VBROADCASTI32X4 each). Filled in place: a copy of a
// struct of vectors goes through 16-byte moves, which stall on the 64-byte
// stores before them.
func loadGCMKeys(k *gcmKeys, keys *[15][16]byte, nr int) {
	loadRoundKeys(&k.roundKeys, keys, nr)
	for i := 0; i <= nr; i++ {
		*k.at(i) = k.key(i)
	}
}

// encryptQuad is a middle round of encryption on the four registers of q
// with the key at key (asm: VAESENC on each register of the batch). On one
// line with the key's load: Go marks each inlined call with an instruction
// of the call's own line, and where there is none, with a NOP of its own
// (XCHGL AX, AX), four per round when the key came loaded.
func encryptQuad(q quad, key *vec.Uint32x16) quad {
	return quad{q.b0.AESEncryptOneRound(*key), q.b1.AESEncryptOneRound(*key), q.b2.AESEncryptOneRound(*key), q.b3.AESEncryptOneRound(*key)}
}

// gcmBatch encrypts the next four registers of counter blocks and XORs them
// with the first 256 bytes of src into dst, and returns them; between, if
// not nil, runs the steps of GHASH between the AES rounds, with data the
// registers it hashes if its data is nil (asm: gcmKernel.batch). The batch
// is one quad (see quad), held in registers from the counter to
// storeBlocks, and data from the call to the absorbs: gcmBatch makes no
// call before the rounds but where the counter's last byte carries, around
// which the compiler would store data and load it back.
func gcmBatch(c *gcmCounter, k *gcmKeys, between *stitch, data quad, dst, src []byte) quad {
	// The next four registers of counter blocks, a batch's (asm:
	// gcmCounter.blocks): the test here, where a method of gcmCounter
	// would be one call more, and publicCounter.quad's common case
	// written out (no call: Open of 16 KiB on archsimd 2-4% faster).
	var q quad
	if p := &c.pub; c.public && p.low&0xff <= 0xff-(4*4+3) {
		q = quad{p.be, add32(p.be, beStep(4)), add32(p.be, beStep(8)), add32(p.be, beStep(12))}
		p.be = add32(p.be, beStep(16))
		p.low += 16
	} else if c.public {
		q = c.pub.quad()
	} else {
		q = c.any.quad()
	}
	// whitenQuad, with the key broadcast already, loaded on the line of
	// the XORs (see encryptQuad).
	w := k.at(0)
	q = quad{q.b0.Xor(w.AsUint8x64()), q.b1.Xor(w.AsUint8x64()), q.b2.Xor(w.AsUint8x64()), q.b3.Xor(w.AsUint8x64())}
	if between != nil {
		q = between.rounds(q, k, data)
	} else {
		q = encryption.roundsQuad(0, q, &k.roundKeys)
	}
	// xorQuad, written out: not inlined, it would be a call.
	_ = src[255]
	q = quad{q.b0.Xor(vec.LoadUint8x64(src[0:])), q.b1.Xor(vec.LoadUint8x64(src[64:])), q.b2.Xor(vec.LoadUint8x64(src[128:])), q.b3.Xor(vec.LoadUint8x64(src[192:]))}
	storeQuad(q, dst)
	return q
}

// sealModel is seal (asm: sealKernel).
func sealModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	defer zeroUpper()
	sealKernel(false, keys, rounds, t, ctr, y, dst, src)
}

// sealPublicModel is sealPublic (asm: sealKernel): seal for a public
// counter, which it may branch on (see publicCounter).
func sealPublicModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	defer zeroUpper()
	sealKernel(true, keys, rounds, t, ctr, y, dst, src)
}

// loadGCMCounter loads the counter of the GCM loops into c: a
// publicCounter if public, loaded directly if direct (the tail-only paths
// of seal and open), else a counter (asm: gcmKernel.loadVectors and
// gcmKernel.loadPublic). Filled in place, for the reason stitch gives.
func loadGCMCounter(c *gcmCounter, ctr *[16]byte, public, direct bool) {
	c.public = public
	if public {
		c.pub = loadPublicCounter(ctr, direct)
		return
	}
	c.any = loadCounter(ctr, inc32)
}

// storeGCMCounter writes c, advanced by m blocks, to ctr (asm:
// gcmCounter.store).
func storeGCMCounter(c *gcmCounter, ctr *[16]byte, m int) { c.store(ctr, m) }

// sealKernel is seal or, if public, sealPublic (asm: sealKernel). Each
// batch of the loop hashes the ciphertext of the batch before it from the
// registers it was stored from, which gcmBatch returns (asm:
// gcmKernel.ct): pairs of batches, with one reduction for both hashes,
// while more than 512 bytes remain, then one batch if more than 256
// remain. The last 1..256 bytes are the tail, which hashes the last batch
// between its rounds, read back from dst (the assembly's registers; a
// call before its rounds would spill them). Reading each batch back from
// dst made Seal of 16 KiB on archsimd 5% slower, and 7-10% where dst is
// not 64-byte aligned (its 64-byte stores and loads then span two cache
// lines).
func sealKernel(public bool, keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	if len(src) <= shortBytes {
		if len(src) > 0 {
			sealShort(keys, rounds, t, ctr, y, dst, src)
		}
		return
	}
	// Every local is declared before the first vector instruction (see
	// sealTail). The sum of each pair of batches is started in place, and
	// the two stitches into it are set once, field by field, with only
	// their data changing from one pair to the next (see stitch).
	var k gcmKeys
	var c gcmCounter
	var g ghashSum
	var s0, s1 stitch
	s0.g, s0.z = &g, 4
	s1.g, s1.first, s1.z, s1.finish = &g, 4, 4, true
	done := 0 // bytes encrypted
	var pending []byte
	loadGCMKeys(&k, keys, rounds)
	loadGCMCounter(&c, ctr, public, len(src) <= gcmBytes)
	h := loadHash(y)
	if len(src) > gcmBytes {
		ct := gcmBatch(&c, &k, nil, quad{}, dst, src)
		done = gcmBytes
		for len(src)-done > 2*gcmBytes {
			g.start(t, 0, h, false)
			ct = gcmBatch(&c, &k, &s0, ct, dst[done:], src[done:])
			ct = gcmBatch(&c, &k, &s1, ct, dst[done+gcmBytes:], src[done+gcmBytes:])
			h = g.y
			done += 2 * gcmBytes
		}
		if len(src)-done > gcmBytes {
			g.start(t, powers/2, h, false)
			s0.finish = true
			gcmBatch(&c, &k, &s0, ct, dst[done:], src[done:])
			h = g.y
			done += gcmBytes
		}
		pending = dst[done-gcmBytes : done]
	}
	h, m := sealTail(&c, &k, t, h, pending, dst[done:], src[done:])
	// The compiler keeps h across the counter's store with an SSE move
	// (see sealTail).
	zeroUpper()
	storeGCMCounter(&c, ctr, m)
	storeHash(h, y)
}

// sealTail encrypts the last 0 < n = len(src) <= 256 bytes in
// z = ceil(n/64) registers, the last through masks, and hashes them from
// the registers; pending, if not nil, is the previous batch's ciphertext,
// hashed between the tail's AES rounds into the same sum, its registers
// first (the 16 slots before the tail's powers), whose low part is folded
// into its middle after middle round 8 (foldLow), so that one fold reduces
// the whole; without it the sum is folded from the start. It returns the
// hash and the number of blocks used, ceil(n/16) (asm: sealTail,
// sealWidth; see tailHalf).
//
// The assembly runs the rounds in two groups, split at tailSplit, and
// stores and hashes the first group before the second's rounds. With a
// pending batch the model runs all four registers at once, as one quad
// (see quad) through stitch.rounds, whose registers past z take their
// rounds and are dropped; the values, and the order the sum takes its
// registers in, are the assembly's.
//
// The tail starts with zeroUpper, and its locals are declared before its
// first vector instruction: the compiler zeroes and copies locals with SSE
// moves (MOVUPS), which Go's own code uses too (memmove), and on the Xeon
// (model 207) each SSE instruction run while the upper halves of the
// vector registers are dirty costs about as much as the whole tail
// (loadMasked took about 250 ns a call, 15 with zeroUpper before it).
func sealTail(c *gcmCounter, k *gcmKeys, t *[32][16]byte, y vec.Uint64x8, pending, dst, src []byte) (vec.Uint64x8, int) {
	zeroUpper()
	var g ghashSum
	var regs [4]vec.Uint8x64
	var st stitch
	st.g, st.z = &g, 4
	n := len(src)
	z, m := (n+63)/64, (n+15)/16
	blocks := regs[:z]
	if pending != nil {
		g.start(t, powers-16-m, y, false)
		g.tailKeys()
		st.data, st.foldLow = (*[gcmBytes]byte)(pending), true
		q := whitenQuad(c.tailQuad(), &k.roundKeys)
		q = st.rounds(q, k, quad{})
		// Element by element: an array literal is built apart and
		// copied with SSE moves.
		regs[0], regs[1], regs[2], regs[3] = q.b0, q.b1, q.b2, q.b3
		sealRegs(&g, 4, blocks, 0, z, dst, src)
	} else {
		g.start(t, powers-m, y, true)
		g.tailKeys()
		c.tail(blocks)
		whiten(blocks, &k.roundKeys)
		s := tailSplit(z)
		encryption.rounds(blocks[:s], &k.roundKeys)
		sealRegs(&g, 0, blocks, 0, s, dst, src)
		if s < z {
			encryption.rounds(blocks[s:], &k.roundKeys)
			sealRegs(&g, 0, blocks, s, z, dst, src)
		}
	}
	g.finish()
	return g.y, m
}

// tailHalf is the longest tail of openTail that the assembly runs on YMM
// registers of two blocks, z = ceil(n/32) of them (asm: tailHalf,
// openWidth, counter.halves); sealTail without a pending batch runs on
// them at every length, up to eight (asm: sealWidth), with tailSplit's
// split at the same byte. The steps are the ones below on half-width
// registers; the blocks, their powers and so the hash are the same.
const tailHalf = 128

// tailSplit returns how many of the z registers of a tail run their rounds
// first (asm: tailSplit): two of four, else all z.
func tailSplit(z int) int {
	if z == 4 {
		return 2
	}
	return z
}

// sealRegs XORs registers from..to-1 of the tail's keystream with src into
// dst, register z-1 = len(blocks)-1 through masks with its bytes past
// n = len(src) cleared, and absorbs them into h as its registers
// base+from..base+to-1 (asm: sealRegs).
func sealRegs(h *ghashSum, base int, blocks []vec.Uint8x64, from, to int, dst, src []byte) {
	z, n := len(blocks), len(src)
	for r := from; r < to; r++ {
		if r < z-1 {
			xorBlocks(blocks[r:r+1], src[64*r:])
			storeBlocks(blocks[r:r+1], dst[64*r:])
			continue
		}
		last := n - 64*r
		x := loadTail(src[64*r:], last).Xor(blocks[r])
		storeTail(x, dst[64*r:], last)
		blocks[r] = keepMasked(x, last)
	}
	for r := from; r < to; r++ {
		h.absorb(base+r, blocks[r])
	}
}

// openModel is open (asm: openKernel).
func openModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	defer zeroUpper()
	openKernel(false, keys, rounds, t, ctr, y, dst, src)
}

// openPublicModel is openPublic (asm: openKernel): open for a public
// counter, which it may branch on (see publicCounter).
func openPublicModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	defer zeroUpper()
	openKernel(true, keys, rounds, t, ctr, y, dst, src)
}

// openKernel is open or, if public, openPublic (asm: openKernel). Each
// batch hashes its own ciphertext while it decrypts it: pairs of batches,
// with one reduction for both hashes, while 512 bytes remain, then one
// batch if 256 remain. src and dst may be the same slice. A message of at
// most tailHalf bytes is the tail alone, which loads a public counter
// directly.
func openKernel(public bool, keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	if len(src) <= shortBytes {
		if len(src) > 0 {
			openShort(keys, rounds, t, ctr, y, dst, src)
		}
		return
	}
	// As in sealKernel: the locals declared first, the sum started in
	// place, the stitches set once.
	var k gcmKeys
	var c gcmCounter
	var g ghashSum
	var s0, s1 stitch
	s0.g, s0.z = &g, 4
	s1.g, s1.first, s1.z, s1.finish = &g, 4, 4, true
	loadGCMKeys(&k, keys, rounds)
	loadGCMCounter(&c, ctr, public, len(src) <= tailHalf)
	h := loadHash(y)
	for len(src) >= 2*gcmBytes {
		g.start(t, 0, h, false)
		s0.data = (*[gcmBytes]byte)(src)
		gcmBatch(&c, &k, &s0, quad{}, dst, src)
		s1.data = (*[gcmBytes]byte)(src[gcmBytes:])
		gcmBatch(&c, &k, &s1, quad{}, dst[gcmBytes:], src[gcmBytes:])
		h = g.y
		src, dst = src[2*gcmBytes:], dst[2*gcmBytes:]
	}
	if len(src) >= gcmBytes {
		g.start(t, powers/2, h, false)
		s0.data, s0.finish = (*[gcmBytes]byte)(src), true
		gcmBatch(&c, &k, &s0, quad{}, dst, src)
		h = g.y
		src, dst = src[gcmBytes:], dst[gcmBytes:]
	}
	h, m := openTail(&c, &k, t, h, dst, src)
	zeroUpper() // as in sealKernel
	storeGCMCounter(&c, ctr, m)
	storeHash(h, y)
}

// openTail decrypts the last n = len(src) < 256 bytes in z = ceil(n/64)
// registers, the last through masks, and hashes the same registers of
// ciphertext between the AES rounds. Every load comes before the first
// store, so src and dst may be the same. It returns the hash and the number
// of blocks used, ceil(n/16) (asm: openTail; see tailHalf). The tail is one quad (see quad),
// whose registers past z take their rounds and are dropped, and the
// stitched rounds are stitch.rounds.
func openTail(c *gcmCounter, k *gcmKeys, t *[32][16]byte, y vec.Uint64x8, dst, src []byte) (vec.Uint64x8, int) {
	n := len(src)
	if n == 0 {
		return y, 0
	}
	zeroUpper() // and the locals first, as in sealTail
	var dataRegs, regs [4]vec.Uint8x64
	var ct [gcmBytes]byte
	var g ghashSum
	var s stitch
	s.g, s.finish = &g, true
	z, m := (n+63)/64, (n+15)/16
	last := n - 64*(z-1)
	data := dataRegs[:z]
	loadBlocks(data[:z-1], src)
	data[z-1] = loadTail(src[64*(z-1):], last)
	g.start(t, powers-m, y, false)
	g.tailKeys()
	q := whitenQuad(c.tailQuad(), &k.roundKeys)
	// The stitch reads the ciphertext registers back from ct, where the
	// assembly hashes them from the registers: the same bytes, and a
	// stitch that loads from one place needs no test per register.
	for r := range data {
		data[r].StoreArray((*[64]byte)(ct[64*r:]))
	}
	s.data, s.z = &ct, z
	q = s.rounds(q, k, quad{})
	regs[0], regs[1], regs[2], regs[3] = q.b0, q.b1, q.b2, q.b3 // as in sealTail
	blocks := regs[:z]
	for r := range blocks {
		blocks[r] = blocks[r].Xor(data[r])
	}
	storeBlocks(blocks[:z-1], dst)
	storeTail(blocks[z-1], dst[64*(z-1):], last)
	return g.y, m
}

// loadTail is loadMasked with zeroUpper before it (asm: loadMasked):
// loadMasked copies the n bytes into a zeroed array with Go's SSE code
// (see sealTail).
func loadTail(s []byte, n int) vec.Uint8x64 {
	zeroUpper()
	return loadMasked(s, n)
}

// storeTail stores the first n bytes of x to s, 1 <= n <= 64, as
// storeMasked does (asm: storeMasked), where the 64 bytes at s do not
// cross a page boundary: through a 64-byte array, but with the whole
// register stored to it, zeroUpper, and n of its bytes copied to s.
// storeMasked's masked store to the array, read back at once by the copy,
// stalled for about 200 ns a call on the Xeon (model 207), and the copy
// runs as Go's SSE code (see sealTail).
func storeTail(x vec.Uint8x64, s []byte, n int) {
	if pastPage(s, 64) {
		storeEnd(x, s, n)
		return
	}
	var w [64]byte
	x.StoreArray(&w)
	zeroUpper()
	copy(s[:n], w[:n])
}
