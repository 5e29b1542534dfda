// Package vaes512 is the VAES-AVX512 backend: AES block encryption and
// decryption, counter mode, CBC decryption, XTS, GHASH and the stitched GCM
// loops, in amd64 assembly on the 32 512-bit ZMM registers, four blocks per
// register: 64 blocks per iteration for ECB, CTR and CBC decryption, 16 per
// iteration for GCM. (CBC encryption is serial, one block after another,
// and gains nothing from wide registers; this package has no kernel for
// it.)
//
// # CPU
//
// The kernels use VAESENC, VAESENCLAST, VAESDEC and VAESDECLAST and
// VPCLMULQDQ on ZMM registers (VAES, VPCLMULQDQ), byte shuffles, byte-masked
// loads and stores and opmask moves (AVX512BW), EVEX instructions on XMM and
// YMM registers (AVX512VL), ternary logic, broadcasts and extracts
// (AVX512F), VPERMB for tails that end near a page boundary (AVX512VBMI),
// BZHI and SHLX to turn a length into a mask (BMI2), and, in the one-block
// paths, the VEX forms of AESENC and PCLMULQDQ (AES, PCLMULQDQ, AVX), and
// in the half-width tails the VEX forms of VPSHUFB and VPADDD on YMM (AVX2).
// Available reports whether golang.org/x/sys/cpu sees all of them:
//
//	AVX512F && AVX512BW && AVX512VL && AVX512VBMI && AVX512VAES && AVX512VPCLMULQDQ &&
//	BMI2 && AES && PCLMULQDQ && AVX && AVX2
//
// x/sys/cpu sets the AVX-512 flags only when the operating system saves the
// opmask and ZMM state (XCR0 bits 5 to 7), and GODEBUG=cpu.avx512f=off (or
// any of the other names) clears them, so either makes Available false.
// That holds on Intel Ice Lake and later cores with AVX-512 and on AMD Zen 4
// and later. TestFeatures holds the predicate to the "// Requires:" lines
// avo writes into vaes512_amd64.s. Under the purego build tag or on other
// architectures the kernels are their Go models and Available reports
// false.
//
// # Guarantees
//
// No branch and no memory address depends on key, counter or data bytes:
// branches and masks depend only on lengths and the key size. (The counter
// is not public: for nonces other than 96 bits it comes from GHASH under
// the key.) The one exception is SealPublic and OpenPublic, whose contract
// says their counter is public, as it is for a 96-bit nonce: they branch on
// the counter's last byte (see Counters). The kernels keep no state between
// calls, so they may run concurrently on distinct outputs; their stack
// frames are empty, so no key, keystream or data is left on the stack;
// every function that touches a YMM or ZMM register ends with VZEROUPPER. A
// masked load reads no byte past the end of its data and a masked store
// writes none (the CPU suppresses faults on masked-off bytes); none starts
// before its data. The exported
// kernels check lengths and the key schedule and panic on misuse, so the
// assembly never runs on bad arguments.
//
// # Three names for every step
//
// Each kernel exists three times under one name: the assembly function
// (seal, declared in the generated vaes512_stub_amd64.go), its Go model
// with the suffix Model (sealModel, in model_*.go, written with package
// vec, one call per instruction or short idiom), and the generator function
// in backends/_asm/vaes512 that emits it (sealKernel in gcm.go, which also
// emits sealPublic; the models share the body sealKernel the same way). The
// steps inside a kernel share names too: loadRoundKeys, whiten, rounds,
// counter.tail, byteMask, loadMasked, ghashSum.absorb, mulAccumulate,
// reduce, fold, horizontal, sealTail, openTail, the short paths,
// and CBC's loadChain, chainOperand, chainedDecryption, cbcBatch, cbcTail
// and storeChain are model functions and generator functions of the same
// names, and the .s carries Comment lines with them (the emitters'
// counter.blocks and publicCounter.blocks are the models' counter.quad and
// publicCounter.quad: the models run batches four registers at a time, see
// quad). model_test.go runs every kernel against its model and against
// crypto/aes, crypto/cipher or package ghash.
//
//	exported       assembly       model               generator file
//	EncryptBlocks  encryptBlocks  encryptBlocksModel  blocks.go
//	DecryptBlocks  decryptBlocks  decryptBlocksModel  blocks.go
//	CTR32          ctr32          ctr32Model          ctr.go
//	CTR128         ctr64          ctr64Model          ctr.go
//	GHASHInit      ghashInit      ghashInitModel      ghash.go
//	GHASH          ghashUpdate    ghashUpdateModel    ghash.go
//	Seal           seal           sealModel           gcm.go
//	Open           open           openModel           gcm.go
//	SealPublic     sealPublic     sealPublicModel     gcm.go, public.go
//	OpenPublic     openPublic     openPublicModel     gcm.go, public.go
//	CBCDecrypt     cbcDecrypt     cbcDecryptModel     cbc.go
//	XTSEncrypt     xtsEncrypt     xtsEncryptModel     xts.go
//	XTSDecrypt     xtsDecrypt     xtsDecryptModel     xts.go
//
// # Why 64 blocks
//
// VAESENC on a ZMM register runs a round on four blocks, with a latency of
// about three cycles and one issue per cycle on current cores, so a handful
// of independent registers keep the AES unit busy. The ECB and CTR loops
// take as many as the registers allow with every round key held broadcast:
//
//	15  round keys 0..14, each in all four lanes (AES-256; 11 for AES-128)
//	16  blocks, four per register: 64 blocks
//	 1  the counter (CTR; ECB leaves it spare)
//	--
//	32
//
// Keys held in registers cost nothing per iteration; blocks and counter
// constants come from memory operands. Those constants are 64-byte blocks
// that the linker would align to 32 bytes only, so that, depending on
// unrelated code, each of their loads could cross a cache line; they live
// in one global, each in a 128-byte slot, and every kernel rounds its
// address up to a multiple of 64 first (loopConsts in the generator), which
// measured faster than a build where they straddled (docs/notes.md). After
// the loop the kernels step down through 8, 4, 2 and 1 registers, each at
// most once, as the bits of the number of whole registers left say, and
// finish the last 1..63 bytes in one register through masks.
//
// # CBC decryption: 64 blocks too
//
// Plaintext block i is D(C_i) ^ C_(i-1), and the D(C_i) are independent,
// so cbcDecrypt runs the ECB loop with one more operand per register: the
// ciphertext shifted back by one block. For a register at src+64i, i > 0,
// that is the 64 bytes at src+64i-16, a memory operand. For register 0 it
// is the block before the batch, then the batch's first three blocks; the
// block before is the last of the previous batch (overwritten by then when
// dst is src) or iv, so it is carried from batch to batch in lane 0 of a
// register, the chain, and one VALIGNQ moves the register's own first
// three blocks, as loaded, into the other three lanes (merging under the
// mask of 64-bit lanes 2..7). AES decryption ends
// by adding the last round key, so the previous blocks fold into it:
// VAESDECLAST with the key XOR the previous blocks gives the plaintext, and
// the VPXORD that forms that key runs beside the rounds instead of after
// them (one instruction per register either way). The registers:
//
//	15  round keys 0..14, as for ECB
//	16  blocks, four per register: 64 blocks
//	 1  the chain: the carried block, in the last round the operand of
//	    register 0 (merged into it), then each register's key XOR previous
//	    blocks in turn (one VPXORD from memory, then VAESDECLAST), then,
//	    loaded before the first store, the batch's last block
//	--
//	32
//
// The operands take no register of their own: each is read from memory in
// the last round and dies in the VAESDECLAST that uses it, so all sixteen
// share the chain's, free once register 0's operand is formed. Without the
// fold (VAESDECLAST, then VPXORD from memory) the count is the same: the
// chain is the one register ECB leaves spare, and the batch stays 64
// blocks. Every load of a batch, the new chain included, comes before its
// first store, so it runs in place. The steps of 32, 16, 8 and 4 blocks and
// the masked tail of 1..3 blocks are ECB's. (A masked load of the 64 bytes
// at src-16 with those 16 bytes masked off would, before a buffer at the
// start of a page that is unmapped or untouched, take a microcode assist
// on every call to suppress their fault; the VALIGNQ, with no load at all,
// takes none.)
//
// One block alone takes the short path (cbcShort, like ECB's): on an XMM
// register, the round keys read from memory, plain 16-byte loads and
// stores, which measured faster than the register path at 16 bytes
// (docs/notes.md). Declined: a path on YMM registers for two and four
// blocks. It measured faster at 32 bytes, where the ZMM path goes through
// masks, and no faster at 64 bytes, for one more copy of the loop's steps.
//
// # XTS: 32 blocks, the tweaks in registers
//
// Block j of an XTS data unit is E(P_j ^ T_j) ^ T_j with T_j = T_0·x^j in
// GF(2^128), so the blocks are independent once their tweaks are known,
// and each tweak enters twice: with round key 0 (one VPTERNLOGD adds the
// block, the tweak and the key) and in the last round, where, as CBC
// decryption folds its chain, VAESENCLAST (or VAESDECLAST) of the last key
// XOR the tweak gives the block's output directly. The tweaks are computed
// in registers, so they must stay there from the first round to the last:
//
//	15  round keys 0..14 (AES-256)
//	 8  blocks, four per register: 32 blocks
//	 8  their tweaks, one per lane, in the blocks' order
//	 1  the last round key XOR a register's tweaks, one register at a time
//	--
//	32
//
// A batch of 64 blocks would need 16 registers of tweaks more than there
// are; 32 blocks in 8 independent registers already keep the AES unit
// busy (its latency is about three issues). The first batch's tweaks are
// T_0 broadcast and multiplied, lane l of register i, by x^(4i+l); each
// batch after steps every register by x^32. Both are mulXPowers: a lane
// times x^k (k < 57) is the carry-less product of its two halves by 2^k,
// the bits from 128 up folded back by a third product with 0x87, three
// VPCLMULQDQ, one VPSLLDQ and one VPTERNLOGD per register, with no
// dependency between registers. The shift form (VPSRLQ, VPSLLQ, one
// multiply) puts two instructions on the port Intel's cores run 512-bit
// VAESENC on, where VPCLMULQDQ and VPSLLDQ run on another; with the shift
// form in xtsNext, XTS measured slower (docs/notes.md). The new tweaks are
// computed after a batch's stores, on the registers its blocks leave free;
// after a batch that ends the data only the first register is stepped, for
// the tweak the call leaves (xtsEndTweak), which measured faster for
// 512-byte sectors (docs/notes.md). After the loop come steps of 16, 8 and
// 4 blocks, each moving the tweaks it did not use down to the first
// registers, then 1..3 blocks through masks; the tweak after the last block
// is lane n/16 of the first tweak register, which VPCOMPRESSQ under the mask
// of its two halves stores alone.
//
// # Why 16 blocks for GCM
//
// The stitched loops encrypt four registers (16 blocks) per batch and, in
// the same batch, hash four registers of ciphertext; two batches share one
// reduction. A batch holds, at its fullest:
//
//	15  round keys                     as above
//	 4  blocks                         counter blocks, then keystream
//	 1  counter                        four consecutive counters, byte-reversed
//	 1  hash                           the running GHASH value, in lane 0
//	 5  GHASH sums lo, mid, hi         and the low and high products held for pairing
//	 6  one register's GHASH step      data, powers and four products
//	--
//	32  (avo fits seal and open in 31: a step's data dies as its products appear)
//
// A batch of 32 blocks (eight registers of blocks, round keys broadcast from
// memory in the round that uses them) measured the same for AES-128 and
// slower for AES-256 on a Sapphire Rapids class Xeon, so the loops keep 16
// with the keys in registers. Reducing once per 32 blocks instead of 16
// saves two VPCLMULQDQ, two shuffles, two three-way XORs and the sum of the
// lanes per 32 blocks, which measured faster (docs/notes.md), and needs
// H^32..H^1 in the table.
//
// # Registers of seal's loop
//
// Seal keeps the ciphertext of a batch in four registers until the next
// batch has hashed it, and so holds only the round keys every key size
// has: the extra keys of AES-192 and AES-256 are broadcast from memory in
// the round that uses them (loadRoundKeysOnUse), one load each, into a
// register the GHASH steps use too. avo allocates the registers; in the .s
// the assignment it made in sealPublic is
//
//	Z0-Z3        the ciphertext of the batch before, then GHASH temporaries
//	Z4           round key 0
//	Z5           the last round key
//	Z6-Z14       round keys Nr-9 .. Nr-1
//	Z15          counter, ctr+0..3
//	Z16          GHASH value y, lane 0
//	Z17-Z20      blocks
//	Z21-Z28      GHASH: the three sums, the held products, powers, products;
//	             an extra round key
//
// Reloading that ciphertext from dst right after its stores would put the
// store-to-load forwarding on the path from one batch's last round to the
// next batch's hash, which measured slower for long messages on the Xeon
// (family 6, model 207). The extra keys' loads cost nothing measurable
// (docs/notes.md).
//
// # Counters
//
// A counter register holds four consecutive counter blocks byte-reversed,
// one per lane, so that GCM's 32-bit counter is the low 32-bit lane of each
// block, which VPADDD advances and wraps exactly as inc32 does, and CTR
// mode's 128-bit counter has its low 64 bits in the low 64-bit lane,
// advanced with VPADDQ. Each register of counter blocks is one VPSHUFB of
// the counter register, and the counter register advances by four with one
// VPADDD. The kernel ctr64 never carries into the high 64 bits: CTR128
// splits a call at the block where the low half wraps and carries in Go.
//
// Taken for public counters only: sealPublic and openPublic (publicCounter)
// keep the four counter blocks in their own big-endian order and add to
// their last byte while it does not wrap in a batch, going through the
// byte-reversed form only in the batch where it does. That takes the four
// VPSHUFB of a batch off the shuffle port, which VPCLMULQDQ also needs, but
// it branches on the counter's last byte, and the counter comes from the
// key when the nonce is not 96 bits long; seal and open, for any nonce,
// keep the byte-reversed form and never branch on it (TestCounterBranch
// checks the .s). With a 96-bit nonce, J0 = nonce || 0^31 || 1 is public,
// and the root package calls the public kernels, which measured faster
// than seal and open on a Sapphire Rapids class Xeon (docs/notes.md).
//
// # GHASH
//
// The GHASH math (the byte-reflected form, the key form H·x^-1, the
// two-fold reduction and aggregation) is derived once in the documentation
// of package ghash; the assembly follows it step for step. The table t is
// ghash.Table in this package's own layout:
//
//	t[i], i = 0..31   key form of H^(32-i) (ghash.MulX of the power), register form
//
// which fills the table. Four consecutive slots load as one register of
// powers, and the powers for a run of m <= 32 blocks are the slots from
// 32-m to 31 (tailPowers). When m is not a multiple of four, the last
// register of the run has lanes past H^1, whose data is zero: its powers
// are the table's last 64 bytes moved down into its first lanes, the
// others cleared (lastPowers), so nothing past slot 31, the end of the
// table, is read. GHASHInit computes H^2, then
// [H^4, H^3, H^2, H^1] in one register, then the other seven registers by
// multiplying whole registers by H^4, H^8 and H^16 in every lane: six
// multiplies deep instead of 31.
//
// Each register of data (four blocks, byte-reversed, the running hash
// added to block 0) is multiplied lane by lane by its register of powers in
// schoolbook form: four VPCLMULQDQ give the low, the two middle and the high
// products; the middle ones are added with one VPTERNLOGD, and the low and
// high ones of two registers are added with one VPTERNLOGD each. The sums
// are reduced lane by lane (two folds: a VPCLMULQDQ by 0xC2<<56, a VPSHUFD
// and a VPTERNLOGD each) and the four lanes added with two extracts and two
// XORs.
//
// The tails of Seal, the one-block GHASH (ghashShort: the additional
// data and the lengths block of short messages) and the two-block GHASH
// (ghashPair, on one YMM register: additional data of 17 to 32 bytes, and
// SealPieces' gathered last block with the lengths block; faster than the
// general path, docs/notes.md) multiply with folded
// powers instead: with hf = fold(h, 0) = h·x^-64, x·h = x.lo·hf·x^64 +
// x.hi·h·x^64, so the four products of a register (x.lo·hf.lo, x.hi·h.lo
// in the middle part, x.lo·hf.hi, x.hi·h.hi in the high part) leave no low
// part, and one fold reduces them (mulAccumulateFolded, reduceFolded). The
// folded powers cost three instructions per register, formed from the
// table while the data is still being encrypted; after the last product
// one VPCLMULQDQ and one VPTERNLOGD fewer stand between the data and the
// hash. The batch loops keep the schoolbook form: there the reduction is
// shared by 32 blocks and off the critical path, and the folded powers
// would add their three instructions per register to the shuffle port.
// Open's tail keeps it too: its hash runs between the rounds, and the
// folded form measured no faster there (docs/notes.md).
//
// Declined: Karatsuba. It saves one VPCLMULQDQ per register but needs a
// shuffle per register for the half sums; on Intel cores VPCLMULQDQ and the
// shuffles share one port, and the two forms measured the same
// (docs/notes.md). Counted, it cannot win there: a 512-bit VPCLMULQDQ,
// VPSHUFB or VPSHUFD issues on port 5 only, VAESENC on port 0 only, and the
// XORs, adds and ternary logic on either, so the seal and open loops are
// bound by the sum over the two ports, and Karatsuba trades a multiply for a
// shuffle on port 5 and adds the XOR of the half sums. (Per 64 bytes the
// loops issue 10 VAESENC and VAESENCLAST for AES-128, 14 for AES-256, 4.25
// VPCLMULQDQ, 1.5 other port-5 shuffles and extracts and 5.9 XORs, adds and
// moves: at most 21.6 / 2 = 10.8 cycles for AES-128, 0.169 cycles per byte,
// and 14 cycles for AES-256, 0.219, where VAESENC alone binds. docs/notes.md
// has the measured figures.) On AMD's Zen 5, where the multiplies issue
// once every two cycles at every width and VAESENC beside them, Karatsuba
// was measured too and declined: the loops there are not bound by the
// multiplier alone (docs/notes.md, "GCM on Zen 5").
//
// On the Xeon (family 6, model 207) the GCM loops come close to the bound
// counted above (docs/notes.md has the figures), with counter mode, whose
// loop is VAESENC and nothing it waits for, one per cycle, giving the clock.
// Seal's loop with every GHASH step left out runs as fast as counter mode,
// and so does its AES-256 loop with them: VAESENC alone binds. BoringSSL's
// VAES-AVX512 loop (a0689af) issues 192 instructions per 512 bytes on ports
// 0 and 5 for AES-128 (a reduction and a sum of three extracted lanes per
// 256 bytes, a byte swap per register of counter blocks), 0.1875 cycles per
// byte at best, and comes about as close to that as these loops to theirs;
// for AES-256 both loops wait on the same 14 VAESENC per 64 bytes.
//
// Declined: computing GCM's tag mask E(J0) inside SealPublic and OpenPublic,
// on its own XMM register beside the message's rounds, instead of a
// separate call that encrypts J0. With the CPU already overlapping the two
// calls, it saved time only on the shortest messages, for two more kernels
// (docs/notes.md).
//
// # Stitching
//
// In a batch, GHASH register i follows middle round 2i (i = 0..3) and the
// reduction, in the second batch of a pair, follows middle round 8, so
// VAESENC (one port) and VPCLMULQDQ and the shuffles (another) run side by
// side; spreading them over every other round measured faster than four
// rounds in a row (docs/notes.md).
//
// Open hashes the ciphertext of the batch it decrypts (every load of a batch
// comes before its stores, so it works in place); Seal hashes the ciphertext
// of the batch before from the registers it was stored from, and the last
// batch between the rounds of the tail.
//
// Seal's tail is the last 1..256 bytes, not 0..255: a message that ends on
// a batch boundary hashes its last 16 blocks from the registers they were
// encrypted in, instead of running the batch and reloading its ciphertext
// from dst, which measured faster (docs/notes.md). That last batch, the
// pending one, goes into the tail's sum (tailSum) with the 16 powers
// before the tail's, between the rounds of the tail's first register
// (absorbPending), so that one reduction covers both.
//
// The tails take one register at a time, in a loop, as the rest of a
// tail's sum: its three parts held in registers of their own (tailSum),
// each product added alike, the running hash added to the first register
// taken in. Each GCM kernel is so about 5-6 KB of machine code, far less
// than unrolled tails for every count of registers take (docs/notes.md). A
// register's ciphertext can only be hashed after its rounds, and
// multiplies that wait for them hold up the issue of the instructions
// behind them, so Seal's loop hashes each register two passes after its
// own, once the rounds of the two after it have issued; after the batches
// the first two registers' rounds run together, with the last batch's
// hash between them; and the tail's last register goes into the sum in
// folded form (absorbLast) after the low parts of the others are folded,
// leaving one fold between its products and the result. docs/notes.md has
// what each of these measured against the unrolled tails.
//
// # Tails and short messages
//
// The last n < 256 bytes of a GCM message (1..256 for Seal; 64 of CTR, 64
// of ECB) take ceil(n/64) registers, one at a time; the last register is
// loaded and stored
// through an opmask of its bytes (VMOVDQU8 with a mask from BZHI of the
// length), so no byte loop and no stack buffer is involved, and its bytes
// past n are cleared before they are hashed.
//
// Masked-off bytes are not touched, but where some of them lie on a page
// that holds none of the data and that page is unmapped, or mapped but not
// touched yet, the CPU suppresses the fault they would take in a microcode
// assist, which on an Intel Xeon (family 6, model 207) costs far more than
// the kernel's own work (BenchmarkPageEnd in the root package;
// docs/notes.md). So
// every masked load and store of data first asks (pastPage) whether its
// register's w bytes cross a page boundary; if they do, which depends only
// on the address and happens for w-1 of every 4096 addresses, it loads or
// stores the w bytes that end with the data instead, through the mask of
// their last bytes, whose masked-off bytes lie on the data's own page, and
// moves the bytes into place with one VPERMB (loadEnd, storeEnd), out of
// line after the kernel's last instruction. The usual path pays four
// instructions and a branch not taken. The short paths' XMM loads and
// stores do the same with w = 16.
//
// Open of at most 128 bytes (tailHalf) and Seal of at most 256, whose
// whole message is a tail, run the same loop on YMM registers of two
// blocks, with their round keys and counter in YMM registers too, leaving
// no 512-bit instruction on their paths. On Intel's cores, between the
// one-block calls of a GCM message, which run on XMM registers, the 512-bit
// VAESENC and VPCLMULQDQ of a ZMM tail cost more than the same steps on
// YMM: with ZMM registers on these paths, Seal and Open measured slower
// (docs/notes.md). On AMD's, where VAESENC issues twice per cycle and
// VPCLMULQDQ once per two at every width, a ZMM register does twice the work
// per instruction: there (zmmTails, set from the CPU's vendor at init) such
// a message of more than 32 bytes (zmmFrom) runs on ZMM registers, through
// the code of the tail after the batches (docs/notes.md has the figures on
// Zen 5).
//
// Messages of one block or less take short paths on XMM registers: no round
// key is broadcast (VAESENC reads each from memory), no lanes are summed,
// and a whole block is moved with plain 16-byte loads and stores. A masked
// load cannot take its data from a store still in flight, and a masked
// store holds back every later load of its 64 bytes until it is written;
// measured, a 16-byte ECB call whose output lay within 64 bytes of its next
// input took much longer than one whose output lay elsewhere
// (docs/notes.md). The J0 and lengths blocks that GCM writes just before the
// calls that read them are such buffers.
package vaes512
