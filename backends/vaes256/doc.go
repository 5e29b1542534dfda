// Package vaes256 is the VAES-AVX2 backend: AES block encryption and
// decryption, counter mode, CBC decryption, XTS, GHASH and the stitched GCM
// loops, in amd64 assembly on the sixteen 256-bit YMM registers, two
// blocks to a register, for CPUs that have VAES and VPCLMULQDQ but no
// AVX-512 (AMD Zen 3, Intel Alder Lake and later client cores), or whose
// AVX-512 is switched off.
//
// # CPU
//
// The assembly uses VAESENC, VAESENCLAST, VAESDEC and VAESDECLAST on YMM
// registers (VAES), VPCLMULQDQ on YMM registers, and AVX and AVX2
// instructions, all in VEX encodings: nothing from AVX-512, no EVEX
// encoding, no register above Y15. Available reports whether the CPU has
// AVX and AVX2 with the YMM state enabled by the operating system (from
// golang.org/x/sys/cpu, which checks XCR0 and honours GODEBUG=cpu.avx2=off)
// and VAES and VPCLMULQDQ (from CPUID leaf 7, read by package
// internal/cpuid: x/sys/cpu reports these two only together with AVX-512),
// and for AES-NI and PCLMULQDQ, whose XMM forms (VEX-encoded VAESENC and
// VPCLMULQDQ) the short paths use. TestFeatures holds the predicate to the
// "// Requires:" lines avo writes into vaes256_amd64.s and fails if one of
// them names an AVX-512 feature; TestNoEVEX fails if the .s names a
// register only EVEX can encode. Under the purego build tag or on other
// architectures the kernels are their Go models and Available reports
// false.
//
// # Guarantees
//
// No branch and no memory address depends on key or data bytes: loop trip
// counts and branches depend only on lengths, the key size and, in the three
// kernels named below, a public counter. CTR32, Seal and Open, the kernels
// GCM uses for any nonce, do not branch on their counter: GCM's counter
// starts from J0, which for nonces other than 12 bytes is GHASH_H(nonce)
// and so depends on the hash key.
//
// The kernels whose counter is public do branch on it: CTR128, whose
// counter is the caller's IV, which counter mode sends in the clear, and
// SealPublic and OpenPublic, whose contract is a 12-byte nonce, where
// J0 = nonce || 0^31 || 1; in each the counter is that public value
// advanced by the number of blocks used so far. They branch once per batch
// and tail on the counter's last byte, and the GCM ones once per call on
// its low four bits (see Counters). TestCounterBranch fails if that
// branch's code appears in any other kernel.
//
// The kernels keep no state between calls, so they may run
// concurrently on distinct outputs. The only things they put on the stack
// are the counter pair and CBC decryption's chain, each in a 32-byte slot
// of the frame: no key, keystream or plaintext (GCM's counter blocks are J0
// plus small numbers, and the caller holds J0 in memory too; the chain is
// two blocks of the ciphertext, which is in src as well). The exported kernels check lengths and the key
// schedule and panic on misuse, so the assembly never runs on bad
// arguments. Every kernel ends with VZEROUPPER.
//
// # Three names for every step
//
// Each kernel exists three times under one name: the assembly function
// (seal, declared in the generated vaes256_stub_amd64.go), its Go model
// with the suffix Model (sealModel, in model_*.go, written with package vec
// on Uint8x32 and Uint64x4, one call per instruction or short idiom), and
// the generator function in backends/_asm/vaes256 that emits it (sealKernel
// in gcm.go, which also emits sealPublic; the models share the body
// sealKernel the same way). The steps inside a kernel have one name in all
// three places too: whiten, rounds, loadPairs, storePairs, counter.blocks,
// counter.whitenedBlocks, counter.advance, counter.advanceLow,
// mulAccumulate, mulLoHi, mulMidPair, reduce, fold, sumLanes, keyBoth,
// keyMidBoth, oneKey, ghashBatch.carried, ghashBatch.step, ghashTail,
// tailHash, gcmTail, ctrTail, blocksTail, cbcPass, chainedDecryption, previousBlocks,
// firstChain, nextChain, lastCiphertext and cbcTail are generator functions
// of the same names, and the .s carries Comment lines with them. (In the
// GCM models, shaped for the Go compiler, ghashBatch.step is written out
// step by step in gcmBatch and ghashBatch.all, and mulMidPair is
// halfSumPair and midProductsAt; see model_gcm.go.) model_test.go runs every kernel
// against its model and against crypto/aes, crypto/cipher or package ghash,
// at every length from 0 to 975 bytes (two batches of 30 blocks and a
// partial block) and at 16 KiB and one byte, at all sixteen alignments, in
// place and not.
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
//	SealPublic     sealPublic     sealPublicModel     gcm.go
//	OpenPublic     openPublic     openPublicModel     gcm.go
//	CBCDecrypt     cbcDecrypt     cbcDecryptModel     cbc.go
//	XTSEncrypt     xtsEncrypt     xtsEncryptModel     xts.go
//	XTSDecrypt     xtsDecrypt     xtsDecryptModel     xts.go
//
// # Why 30 blocks
//
// A round key must be in a register to reach both lanes: VAESENC's memory
// operand is a whole 32-byte vector, and aesround.Schedule keeps each round
// key once, in 16 bytes. So one register holds the round key of the current
// round, loaded into both lanes with VBROADCASTI128 before each round (a
// load, which costs no ALU slot), and every block's VAESENC reads it. That
// leaves fifteen registers for blocks: 15 × 2 = 30 blocks per iteration of
// the block and counter-mode loops. Counter mode has one more value to keep,
// the counter pair; it waits in the frame while the rounds run (one store
// and one load per 30 blocks).
//
// Many blocks in flight are what VAES needs: VAESENC on YMM takes three to
// four cycles and two can start every cycle, so at least eight independent
// registers keep the units busy, and the loads, stores, counter adds and
// XORs that share the same ports fit in around fifteen.
//
// What is left after the loop, m < 30 blocks, is done in one pass at the
// narrowest width, 15, 8, 4, 2 or 1 registers, that holds it (blockWidths),
// rather than stepping down through several passes: a pass costs at least
// the latency of the rounds, whatever its width.
//
// # Why 30 blocks in CBC decryption too
//
// CBC's plaintext block i is D(C_i) ^ C_(i-1), with C_(-1) the chaining
// value iv. The decryptions do not wait for each other, so the kernel runs
// the block loop's rounds over 30 blocks; what it adds is one operand per
// register, the ciphertext shifted back by one block. Counted against the
// same sixteen registers:
//
//	15  blocks, two per register      C_2j, C_2j+1 in register j
//	 1  round key                     broadcast each round; in the last,
//	                                  once per register, plus its operand
//	 0  previous ciphertext blocks    memory operands of VPXOR: the 32
//	                                  bytes at src+32j-16 for register
//	                                  j > 0; the chain, in the frame,
//	                                  for register 0
//	--
//	16
//
// The operands take no register because the XOR is folded into the last
// round: AES decryption ends by adding the last round key, so
// D(C_i) ^ C_(i-1) = VAESDECLAST(state_i, lastKey ^ C_(i-1)). For each
// register, the last round key is broadcast into the key register, one
// VPXOR adds the register's operand from memory, and VAESDECLAST reads the
// sum. That is one VPXOR per register, as XORing after the last round
// would be, but it runs beside the rounds, not after them, and needs no
// register of its own. (The XOR after the last round, which broadcasts the
// key once, measured the same within the noise on an Intel Xeon reporting
// family 6, model 207.)
//
// Register 0's operand is the block before the batch and the batch's first
// block. The block before is the previous batch's last, which that batch's
// stores have overwritten when the kernel runs in place, or iv; and no
// byte before src may be read. So it travels in a 32-byte slot of the
// frame, the chain, written from iv and the first block at the start
// (firstChain) and from the 32 bytes around each batch's end before the
// batch stores anything (nextChain), as the counter pair waits in the
// frame during counter mode's rounds. Keeping it in a register instead, as
// vaes512 can with thirty-two of them, would cost a register of blocks
// here: 28 blocks per iteration. Every load of a batch comes before its
// first store, so dst may be src. nextChain reads the block after the
// batch, so the loop runs while more than 30 blocks remain and the last 1
// to 30 take one pass at the narrowest width of blockWidths, like the
// block loop's tail; there the ladder that loads a register also chooses
// its operand, 32 bytes or, for a register of one block, 16 (a message of
// one block takes that pass too; CBC has no XMM short path). The pass
// copies the last block of src to iv before it stores. The fold costs one
// VPXOR per register (12 vector instructions per register instead of 11
// for AES-128) and the chain a 32-byte load and store per batch: on that
// Xeon CBC decryption runs at nearly the speed of DecryptBlocks
// (docs/notes.md).
//
// # XTS: 14 blocks, the tweaks in registers
//
// XTS block j is E(P_j ^ T_j) ^ T_j with T_j = T_0·x^j in GF(2^128): the
// blocks are independent once their tweaks are known. The kernels compute
// the tweaks in registers, so a batch needs a register of tweaks for every
// register of blocks, from round key 0, where the tweak is added, to the
// last round, where it is XORed into the last round key (VAESENCLAST of
// the state and lastKey ^ T is the block's output):
//
//	 7  blocks, two per register: 14 blocks
//	 7  their tweaks, one per lane
//	 1  the round key, broadcast from memory for each round in turn
//	 1  the last round key XOR a register's tweaks, one register at a time
//	--
//	16
//
// Seven registers of VAESENC keep the AES unit nearly as busy as the ECB
// loop's fifteen. The first batch's tweak registers are T_0 in both lanes
// times x^(2i) and x^(2i+1) (register i); each batch after steps every
// register by x^14. A lane times x^k (k < 57) is three VPCLMULQDQ (the two
// halves' products by 2^k, and the bits from 128 up times 0x87), a VPSLLDQ
// and two VPXOR, computed after a batch's stores on the registers its
// blocks leave free. Steps of 8, 4 and 2 blocks follow the loop, each
// moving the tweaks it did not use down to the first registers, and an
// odd last block takes the low lane of one register, through 16-byte loads
// and stores; the tweak after the last block is the low or high lane of
// the first tweak register.
//
// # Why 16 blocks in the GCM loops
//
// The stitched loops run 8 registers (16 blocks) of counter mode beside a
// GHASH batch of 16 blocks with one reduction. At its fullest, in the middle
// of a GHASH step, the loop holds:
//
//	8   AES blocks, two per register    counter blocks, keystream, output
//	1   round key / GHASH data block    the key until the round is issued
//	3   GHASH sums lo, mid, hi          from step 0 to the reduction
//	1   the even step's data block      kept for the odd step (mulMidPair)
//	2   key power, product              one step's temporaries
//	--
//	15  (y, the running hash, takes a temporary's place before step 0)
//
// avo allocates the registers; in the .s (sealPublic's loop) the blocks are
// Y2-Y9, the sums Y10, Y0 and Y1, and the round key and the data block share
// Y11. Batches of 8 blocks (4 registers) leave the AES units half idle:
// on a Sapphire Rapids class Xeon, Seal measured slower with them at every
// size. Batches of 20 blocks (10 registers; the GHASH temporaries squeezed
// to two) measured faster at 1350 bytes and 16 KiB but slower at 256 bytes,
// and need 20 key powers and a tail at every multiple of 256 bytes;
// declined (docs/notes.md). Sixteen is also what one reduction covers and
// what ghashUpdate absorbs per iteration.
//
// Seal hashes the ciphertext of the previous batch, already in dst, while it
// encrypts the next, and hashes the last batch after the loop, from the
// registers that still hold its ciphertext rather than from dst, whose
// stores the loads would wait on (measured faster for Seal, docs/notes.md).
// Open hashes the batch it decrypts (its loads all come before the batch's
// stores, so it works in place). GHASH step j runs after middle round j (the
// nine rounds before the last that every key size has) and the reduction
// after round 8.
//
// The GCM tails (the last n < 256 bytes) loop over passes of four
// registers (gcmTail, gcmTailWidth), one copy of the rounds for every
// length, and absorb each register into one GHASH sum reduced once
// (tailHash): Open hashes a register from src before its stores, Seal from
// dst a pass late (hashStored, after the next pass's rounds: hashed right
// after its stores, a pass's hash waited on its rounds in the queues the
// next pass's rounds needed), and the last register, of fewer than 32
// bytes, from the register, Seal's ciphertext masked past the message
// with keepMask. A pass of four takes about as long as a pass of one, the
// rounds' latency bounding both; a loop of one register at a time made a
// tail of 240 bytes up to 12% slower on Zen 5, one pass of eight a tail of
// 64 bytes up to 13% (docs/notes.md). Until then the tails were one pass
// of 8, 4, 2 or 1 registers with a ladder of stores each, and ghashTail
// after: each GCM kernel held five copies of the rounds.
//
// # Counters
//
// The counter is kept as a pair, c and c+1, byte-reversed, one per lane, so
// that one lane-wise add advances both: VPADDD for GCM's 32-bit counter, in
// the low 32-bit lane of each block, which wraps as inc32 does; VPADDQ for
// CTR mode's 128-bit counter, whose low 64 bits are the low 64-bit lane
// (ctr64 never carries into the high half: CTR128 splits a call where the
// low half wraps and carries in Go).
//
// Reversing every register of counter blocks costs a VPSHUFB each, on the
// same ports as VAESENC and VPCLMULQDQ. When the last byte of c plus the
// batch size cannot overflow, the blocks differ from c and c+1 only in that
// byte: one VPSHUFB gives the pair in its own big-endian order, and one
// VPADDD per register adds 2j to the last bytes. Telling the two cases
// apart takes a branch on the counter, so only the kernels whose counter is
// public do it, on a general-purpose copy of that byte: ctr64 (CTR128),
// whose counter is the caller's IV, which counter mode sends in the clear,
// and sealPublic and openPublic, for GCM with a 12-byte nonce, whose
// J0 = nonce || 0^31 || 1 is public too. ctr32, seal and open reverse every
// register: their counter is GCM's for any nonce, which for nonces other
// than 12 bytes starts from J0 = GHASH_H(nonce) and so depends on the hash
// key. The shortcut measured faster for ctr64, and sealPublic and
// openPublic measured faster than seal and open on a Sapphire Rapids class
// Xeon (docs/notes.md).
//
// In the GCM loops a public counter has a third way. GCM's counter with a
// 12-byte nonce starts at 2 and steps by 16 per batch, so its last byte is
// 2 modulo 16 at every batch: the low four bits of blocks 0 to 13 run from
// 2 to 15 with no carry, and block i is block i mod 2 XOR a constant
// (lastByteXor2). counter.whitenedBlocks then whitens register 0 and
// derives registers 1 to 6 from it with one VPXOR each, where the add and
// whiten spend a VPADDD and a VPXOR; register 7 takes the add. Six vector
// instructions fewer per batch, out of about 172: the loops are bound by
// the total on the three vector ports (see GHASH), and this measured
// faster for SealPublic and OpenPublic (docs/notes.md).
//
// # GHASH
//
// The GHASH math (the byte-reflected form, the key form H·x^-1, Karatsuba,
// the two-fold reduction and aggregation) is derived once in the
// documentation of package ghash; the assembly follows it step for step,
// on two blocks at a time, one per lane. The table t is this backend's own
// layout of ghash.Table:
//
//	t[i], i = 0..15        key form of H^(16-i), register form: highest
//	                       power first, so that one 32-byte load (or
//	                       VPCLMULQDQ memory operand) at slot s gives the
//	                       keys of two consecutive blocks
//	t[16+i], i = 0..15     the half sum of t[i], high 64 bits XOR low 64
//	                       bits, in both halves
//
// which fills all 32 slots. A 32-byte load at slot s reads slots s and
// s+1, so pairs start at slots 0 to 14; a register of one block, the last
// of a tail with an odd number of blocks, loads H^1 and its half sum
// alone, 16 bytes each, with the high lanes cleared (oneKey), and nothing
// reads the slot above H^1 as a key or the bytes past the table.
//
// GHASHInit computes the powers with the kernels' own multiply, two at a
// time and in rounds whose multiplies do not wait for each other: H^2:H^1,
// then H^4:H^3 (times H^2), then the next two pairs times H^4 and the next
// four times H^8. A batch of 16 blocks is absorbed as
// y' = (y ^ X_0)·H^16 ^ X_1·H^15 ^ ... ^ X_15·H^1: each register of two
// blocks costs three VPCLMULQDQ (lo, hi, and the product of the half sums),
// the products are summed unreduced lane by lane, and one reduction per
// batch folds both lanes at once (two VPCLMULQDQ) before sumLanes adds
// them: 26 carry-less multiplies per 16 blocks. In a batch the half sums of
// the data are taken two registers at a time (mulMidPair): VPUNPCKLQDQ and
// VPUNPCKHQDQ put register 2k's and 2k+1's halves side by side and one
// VPXOR makes both half sums, which meet their keys' half sums (stored in
// both halves of a slot) through VPCLMULQDQ $0x00 and $0x11; that is one
// VPXOR fewer per pair than a VPSHUFD and a VPXOR per register, and
// measured faster (docs/notes.md).
//
// The loops' batches but the last of a message leave y in two lanes
// (ghashBatch.carried): register j takes the key of block 2j in both lanes
// (keyBoth, a broadcast load), so the high lane's sum comes out as H times
// its share of y, and the next batch, which adds y into blocks 0 and 1,
// multiplies that lane by one power less, which makes up for it. The last
// batch (after Seal's loop; peeled off Open's) takes the usual pairs of
// keys and sums the lanes. That drops sumLanes (a VEXTRACTI128 and a
// VPXOR) from every batch and from the chain through y, which measured
// faster for SealPublic and OpenPublic from 4 KiB up (docs/notes.md).
//
// What bounds the loops on an Ice Lake class Xeon (family 6, model 167) is
// the number of vector instructions per batch of 16 blocks (about 172 for
// AES-128), on the three ports that run them (0, 1 and 5; VAESENC on YMM
// takes 0 or 1, VPCLMULQDQ only 5), not port 5: replacing every VPCLMULQDQ
// of the loop by a VPXOR, or every shuffle, left the speed unchanged, while
// leaving out eight VAESENC or the 44 multiplies and shuffles of GHASH
// saved time in proportion to the instructions left out (docs/notes.md).
// The four-multiply schoolbook product (32 per 16 blocks, no half sums)
// measured slower for Seal and Open here; Karatsuba also suits Zen 4, whose
// carry-less multiplies share the AES units. A tail of m blocks (the last
// zero-padded) is multiplied by H^m..H^1 (slots 16-m to 15), and a tail of
// one block, such as GCM's length block or a short additional data, skips
// sumLanes, which shortens the chain through y that links a message's
// GHASH calls.
//
// # Without AVX-512
//
// AVX2 has sixteen vector registers, where AVX-512 has thirty-two; the
// budgets above are how the kernels live with them. It has no three-way
// XOR (VPTERNLOGD): each fold of the reduction and the Karatsuba finish
// spend two VPXOR where AVX-512 spends one, and the sums take one VPXOR per
// product. It has no byte-masked loads and stores, and VPMASKMOVD masks
// whole 4-byte words, so it cannot stop at the last byte of a message: the
// whole blocks of a tail are moved by 32- and 16-byte loads and stores
// (a ladder chosen by the length in the block kernels' tails, a loop in
// GCM's), and the partial last block through
// general-purpose registers, 8, 4, 2 and 1 bytes as the bits of the length
// say (emit.LoadPartialAVX and emit.StorePartialAVX, VEX-encoded so that
// no SSE instruction meets the live upper halves of the YMM registers).
// No byte past src+len(src) is read and none past dst+len(src) is written.
//
// # Short messages
//
// Inputs of at most one block (a GCM record of a few bytes, its additional
// data and lengths block, the J0 block through EncryptBlocks, a short
// counter-mode call) take short paths on XMM registers, in VEX encodings
// (model_short.go, the generator's short.go): VAESENC reads each round key
// from memory, with no broadcast; no counter pair is built and no lanes are
// summed; a whole block moves by plain 16-byte loads and stores, which the
// CPU forwards, and a partial one through general-purpose registers as in
// the tails; Seal zeroes the bytes of its last block past the message with
// a VPAND by the 16 bytes of keepMask at 32-n (an address that depends on
// the length alone). The GHASH of one block multiplies by H^1 with its
// folded power, computed from slot 15 beside the data's path (foldPowers,
// mulShort: one fold after the product instead of the Karatsuba finish and
// two). On a Sapphire Rapids class Xeon the short paths measured faster
// than the wide ones for Seal and Open at 16 and 64 bytes and for CTR at 16
// bytes (docs/notes.md). EncryptBlocks tests for one block first and keeps
// its short path after the long one, so longer inputs fall through (placed
// first, it measured slower at 64 bytes; docs/notes.md).
package vaes256
