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
// reduction after middle round 8 (asm: stitched, which returns that
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
	g      *ghashSum
	first  int
	data   *[gcmBytes]byte
	z      int
	finish bool
}

// rounds runs rounds 1..nr over q, one GCM batch, with the steps of s
// between the middle rounds (asm: roundKeys.rounds with the between step
// stitched): the rounds before the middle ones, then four times a middle
// round, the absorb of the next register if there is one, and a middle
// round, then the last middle round, finish if s says so, and the last
// round. That is the assembly's schedule, register j absorbed
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
// once, before the first round. A stitched sum's first register is even,
// so no products are held from before it (nor after it, unless it
// finishes).
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
	if s.finish && n&1 == 1 { // the products held from register n-1
		acc.lo, acc.hi = acc.lo.Xor(held.lo), acc.hi.Xor(held.hi)
	}
	if s.finish { // ghashSum.finish, written out
		mid := xor3(acc.mid, foldTerm(acc.lo), swap(acc.lo))
		g.y = widen(laneSum(xor3(acc.hi, foldTerm(mid), swap(mid))))
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
	defer vec.ZeroUpper()
	sealKernel(false, keys, rounds, t, ctr, y, dst, src)
}

// sealPublicModel is sealPublic (asm: sealKernel): seal for a public
// counter, which it may branch on (see publicCounter).
func sealPublicModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	defer vec.ZeroUpper()
	sealKernel(true, keys, rounds, t, ctr, y, dst, src)
}

// loadGCMCounter loads the counter of the GCM batches into c: a
// publicCounter if public, else a counter (asm: gcmKernel.loadVectors and
// gcmKernel.loadPublic). Filled in place, for the reason stitch gives.
func loadGCMCounter(c *gcmCounter, ctr *[16]byte, public bool) {
	c.public = public
	if public {
		c.pub = loadPublicCounter(ctr)
		return
	}
	c.any = loadCounter(ctr, inc32)
}

// sealKernel is seal or, if public, sealPublic (asm: sealKernel). Each
// batch of the loop hashes the ciphertext of the batch before it from the
// registers it was stored from, which gcmBatch returns (asm:
// gcmKernel.ct): pairs of batches, with one reduction for both hashes,
// while more than 512 bytes remain, then one batch if more than 256
// remain. The last batch's ciphertext goes into the tail's sum first
// (tailSum.absorbPending), read back from dst (the assembly's registers;
// a call would spill them), and the last 1..256 bytes are the tail
// (sealTail). Reading each batch of the loop back from dst made Seal of
// 16 KiB on archsimd 5% slower, and 7-10% where dst is not 64-byte
// aligned (its 64-byte stores and loads then span two cache lines).
//
// A message of at most 256 bytes is the tail alone (asm: on YMM
// registers, or on ZMM ones past zmmFrom bytes where zmmTails is set: the
// same steps on registers of another width, which give the same blocks,
// products and sum), its counter loaded as a counter of any kind.
func sealKernel(public bool, keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	if len(src) <= shortBytes {
		if len(src) > 0 {
			sealShort(keys, rounds, t, ctr, y, dst, src)
		}
		return
	}
	// Every local is declared before the first vector instruction (see
	// loadTail). The sum of each pair of batches is started in place, and
	// the two stitches into it are set once, field by field, with only
	// their data changing from one pair to the next (see stitch).
	var k gcmKeys
	var c gcmCounter
	var g ghashSum
	var s tailSum
	var s0, s1 stitch
	var tc counter
	s0.g, s0.z = &g, 4
	s1.g, s1.first, s1.z, s1.finish = &g, 4, 4, true
	done := 0 // bytes encrypted
	loadGCMKeys(&k, keys, rounds)
	h := loadHash(y)
	if len(src) > gcmBytes {
		loadGCMCounter(&c, ctr, public)
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
			// The assembly runs the pair's second batch here, its sum
			// zeroed and y added to the carried block: the same powers,
			// H^16..H^1, and the same sum.
			g.start(t, powers/2, h, false)
			s0.finish = true
			gcmBatch(&c, &k, &s0, ct, dst[done:], src[done:])
			h = g.y
			done += gcmBytes
		}
		tc = c.tailCounter()
		s.start(h)
		s.absorbPending(t, dst[done-gcmBytes:done], len(src)-done)
	} else {
		tc = loadCounter(ctr, inc32)
		s.start(h)
	}
	m := sealTail(&tc, &k, t, &s, dst[done:], src[done:])
	// The compiler keeps h across the counter's store with an SSE move
	// (see loadTail).
	h = s.finish()
	vec.ZeroUpper()
	tc.store(ctr, m)
	storeHash(h, y)
}

// tailHalf is the longest message that open runs as a tail alone on YMM
// registers of two blocks (asm: tailHalf); seal does so up to 256 bytes;
// both only up to zmmFrom bytes where zmmTails is set. The steps are the
// ones below on registers of half the width; the blocks, their powers and
// so the hash are the same.
const tailHalf = 128

// tailBlocks returns four counter blocks of the tail's counter t, in
// their own byte order (asm: tailBlocks).
func tailBlocks(t *counter) vec.Uint8x64 { return reverse(t.reg) }

// tailStep advances the tail's counter t past a register (asm:
// tailStep). The last register's blocks leave t where it is, and the
// kernel's store adds the blocks that register used.
func tailStep(t *counter) { t.reg = add32(t.reg, laneStep) }

// encryptOne runs the whole cipher over one register of a tail, with
// the keys gcmKeys broadcast once per call (asm: roundKeys.whiten and
// roundKeys.rounds on one register). whitenOne and roundsOne, which
// broadcast each key where a round uses it, left archsimd's Seal of 100
// and 200 bytes about 5-10% further behind vaes512's (pairtime, Zen 5).
func encryptOne(x vec.Uint8x64, k *gcmKeys) vec.Uint8x64 {
	x = x.Xor(k.at(0).AsUint8x64())
	for r := 1; r < k.nr; r++ {
		x = x.AESEncryptOneRound(*k.at(r))
	}
	return x.AESEncryptLastRound(k.b[14])
}

// sealTail encrypts the last 0 < n = len(src) <= 256 bytes one register
// at a time, the last through masks with its bytes past n cleared, and
// absorbs each into s from its register, a full one two passes after its
// own (once the rounds of the two registers after it are issued), the last
// through absorbLast, with the powers from tailPowers(n) on; it returns
// the number of blocks of the last register, by which the caller advances
// t (asm: sealTail, whose comment says why). t is left at the last
// register's blocks. After the batches the assembly runs the rounds of
// the first two registers together, the pending batch's hash between them
// (absorbPending); the model absorbs the batch first (see sealKernel),
// which gives the same sum.
func sealTail(t *counter, k *gcmKeys, tb *[32][16]byte, s *tailSum, dst, src []byte) int {
	n, slot := len(src), tailPowers(len(src))
	var c1, c2 vec.Uint8x64 // the ciphertext of the registers one and two before this one
	for j := 0; ; j++ {
		x := encryptOne(tailBlocks(t), k)
		if j >= 2 {
			s.absorb(c2, keyPowers(tb, slot))
			slot += 4
		}
		if n <= 64 {
			if j >= 1 {
				s.absorb(c1, keyPowers(tb, slot))
				slot += 4
			}
			x = loadTail(src, n).Xor(x)
			storeTail(x, dst, n)
			s.absorbLast(keepMasked(x, n), lastPowers(tb, slot))
			return (n + 15) / 16
		}
		tailStep(t)
		c2, c1 = c1, x.Xor(vec.LoadUint8x64(src))
		c1.Store(dst)
		src, dst, n = src[64:], dst[64:], n-64
	}
}

// openModel is open (asm: openKernel).
func openModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	defer vec.ZeroUpper()
	openKernel(false, keys, rounds, t, ctr, y, dst, src)
}

// openPublicModel is openPublic (asm: openKernel): open for a public
// counter, which it may branch on (see publicCounter).
func openPublicModel(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte) {
	defer vec.ZeroUpper()
	openKernel(true, keys, rounds, t, ctr, y, dst, src)
}

// openKernel is open or, if public, openPublic (asm: openKernel). Each
// batch hashes its own ciphertext while it decrypts it: pairs of batches,
// with one reduction for both hashes, while 512 bytes remain, then one
// batch if 256 remain; the last n < 256 bytes are the tail (openTail). src
// and dst may be the same slice. A message of at most tailHalf bytes is
// the tail alone (asm: on YMM registers), its counter loaded as a counter
// of any kind.
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
	var s tailSum
	var s0, s1 stitch
	var tc counter
	s0.g, s0.z = &g, 4
	s1.g, s1.first, s1.z, s1.finish = &g, 4, 4, true
	loadGCMKeys(&k, keys, rounds)
	h := loadHash(y)
	if len(src) > tailHalf {
		loadGCMCounter(&c, ctr, public)
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
		tc = c.tailCounter()
	} else {
		tc = loadCounter(ctr, inc32)
	}
	m := 0
	if len(src) > 0 {
		s.start(h)
		m = openTail(&tc, &k, t, &s, dst, src)
		h = s.finish()
	}
	vec.ZeroUpper() // as in sealKernel
	tc.store(ctr, m)
	storeHash(h, y)
}

// openTail decrypts the last 0 < n = len(src) < 256 bytes one register at
// a time, the last through masks, and absorbs each into s as it is loaded,
// before its store, so src and dst may be the same; it returns the number
// of blocks of the last register, by which the caller advances t (asm:
// openTail).
func openTail(t *counter, k *gcmKeys, tb *[32][16]byte, s *tailSum, dst, src []byte) int {
	n, slot := len(src), tailPowers(len(src))
	for n > 64 {
		d := vec.LoadUint8x64(src)
		s.absorb(d, keyPowers(tb, slot))
		x := encryptOne(tailBlocks(t), k).Xor(d)
		tailStep(t)
		x.Store(dst)
		src, dst, slot, n = src[64:], dst[64:], slot+4, n-64
	}
	d := loadTail(src, n)
	s.absorb(d, lastPowers(tb, slot))
	storeTail(encryptOne(tailBlocks(t), k).Xor(d), dst, n)
	s.foldLow()
	return (n + 15) / 16
}

// loadTail is loadMasked with vec.ZeroUpper before it (asm: loadMasked):
// loadMasked copies the n bytes into a zeroed array with Go's SSE code,
// and on the Xeon (model 207) each SSE instruction run while the upper
// halves of the vector registers are dirty costs about as much as a whole
// tail (loadMasked took about 250 ns a call, 15 with vec.ZeroUpper before
// it). The kernels declare their locals before their first vector
// instruction for the same reason: the compiler zeroes and copies them
// with SSE moves.
func loadTail(s []byte, n int) vec.Uint8x64 {
	vec.ZeroUpper()
	return loadMasked(s, n)
}

// storeTail stores the first n bytes of x to s, 1 <= n <= 64, as
// storeMasked does (asm: storeMasked), where the 64 bytes at s do not
// cross a page boundary: through a 64-byte array, but with the whole
// register stored to it, vec.ZeroUpper, and n of its bytes copied to s.
// storeMasked's masked store to the array, read back at once by the copy,
// stalled for about 200 ns a call on the Xeon (model 207), and the copy
// runs as Go's SSE code (see loadTail).
func storeTail(x vec.Uint8x64, s []byte, n int) {
	if pastPage(s, 64) {
		storeEnd(x, s, n)
		return
	}
	var w [64]byte
	x.StoreArray(&w)
	vec.ZeroUpper()
	copy(s[:n], w[:n])
}
