// Package aesni is the AES-NI and PCLMULQDQ backend: AES block encryption
// and decryption, counter mode, CBC, XTS, GHASH and the stitched GCM loops,
// in amd64 assembly on the sixteen 128-bit XMM registers, eight blocks at a
// time.
//
// # CPU
//
// The assembly uses AESENC, AESENCLAST, AESDEC, AESDECLAST, AESIMC,
// AESKEYGENASSIST, PCLMULQDQ, PSHUFB (SSSE3) and SSE2, all in their legacy
// (non-VEX) encodings, and nothing else: no AVX and no SSE4.1. Available
// reports whether the CPU has AES, PCLMULQDQ and SSSE3 (from
// golang.org/x/sys/cpu), which covers every x86-64 processor with AES-NI,
// including the Atom-class and Pentium cores that lack AVX. The
// exceptions are the AVX kernels (see AVX), sealAVX, openAVX,
// sealPublicAVX and openPublicAVX, which Seal, Open, SealPublic and
// OpenPublic call instead of seal and open when the CPU also has AVX
// (x/sys/cpu's HasAVX, which includes the operating system's support);
// useAVX is set once, at init. TestFeatures holds both predicates to the "// Requires:" lines avo
// writes into aesni_amd64.s, function by function. Under the purego build
// tag or on other architectures the kernels are their Go models and
// Available reports false.
//
// # Guarantees
//
// No branch and no memory address depends on key or data bytes: loop trip
// counts and branches depend only on lengths and the key size. The kernels
// keep no state between calls, so they may run concurrently on distinct
// outputs. The only stack buffers are the 128 bytes of counter slots in
// Seal and Open and the 16-byte key slot of cbcEncrypt's AES-256 loop (see
// CBC), each cleared before return; partial blocks move through registers.
// The exported kernels check lengths and the key schedule and panic on
// misuse, so the assembly never runs on bad arguments.
//
// # Three names for every step
//
// Each kernel exists three times under one name: the assembly function
// (seal, declared in the generated aesni_stub_amd64.go), its Go model with
// the suffix Model (sealModel, in model_*.go, written with package vec,
// one call per instruction or short idiom), and the generator function in
// backends/_asm/aesni that emits it (seal in gcm.go). The steps inside a
// kernel have one name in all three places too: the model's whiten,
// rounds, loadChainKeys, cbcStart, chainKeys.middle, chainKeys.ciphertext,
// chainKeys.chain, unchain, counter.blocks, counterSlots.next,
// mulAccumulate, mulLoHi, mulMidPair, reduce, fold, ghashBatch.step,
// ghashBatch.pair, ghashBatch.startY, ghashTail and ctrTail are generator
// functions of the same names (the AVX kernels' avxAccumulator and
// avxBatch have the methods of accumulator and ghashBatch; vecBatch,
// sealLoop, mulMidSums, storeHalfSums, aheadHalfSums, publicSlots.fill,
// .next, .counter and .clear, publicBatch and publicBranch are theirs
// alone; the GCM kernels' finish, handOff and shortTo, which hand bytes to
// sealTail and openTail, are steps of every model), and the .s carries
// Comment lines with them. model_test.go runs every kernel
// against its model and against crypto/aes, crypto/cipher, package ghash
// or package aesround.
//
//	exported       assembly       model               generator file
//	Expand         expandKey      expandKeyModel      expand.go
//	EncryptBlocks  encryptBlocks  encryptBlocksModel  blocks.go
//	DecryptBlocks  decryptBlocks  decryptBlocksModel  blocks.go
//	EncryptBlock   encryptBlock   encryptBlockModel   blocks.go
//	DecryptBlock   decryptBlock   decryptBlockModel   blocks.go
//	CBCEncrypt     cbcEncrypt     cbcEncryptModel     cbc.go
//	CBCDecrypt     cbcDecrypt     cbcDecryptModel     cbc.go
//	CTR32          ctr32          ctr32Model          ctr.go
//	CTR128         ctr64          ctr64Model          ctr.go
//	GHASHInit      ghashInit      ghashInitModel      ghash.go
//	GHASH          ghashUpdate    ghashUpdateModel    ghash.go
//	Seal           seal           sealModel           gcm.go
//	Open           open           openModel           gcm.go
//	XTSEncrypt     xtsEncrypt     xtsEncryptModel     xts.go
//	XTSDecrypt     xtsDecrypt     xtsDecryptModel     xts.go
//	Seal (AVX)     sealAVX        sealAVXModel        gcm_avx.go
//	Open (AVX)     openAVX        openAVXModel        gcm_avx.go
//	SealPublic     seal           sealModel           gcm.go
//	  (AVX)        sealAVX        sealAVXModel        gcm_avx.go
//	  (Intel)      sealPublicAVX  sealPublicAVXModel  gcm_avx.go
//	OpenPublic     open           openModel           gcm.go
//	  (AVX)        openAVX        openAVXModel        gcm_avx.go
//	  (Intel)      openPublicAVX  openPublicAVXModel  gcm_avx.go
//	(tails)        sealTail       sealTailModel       gcm.go
//	               openTail       openTailModel       gcm.go
//
// Expand is aesround.Expand done with AESKEYGENASSIST and AESIMC, many
// times faster (docs/notes.md); the keys of every assembly backend are
// expanded with it.
//
// # Why eight blocks
//
// AESENC has a latency of about four cycles and two issue per cycle on
// current cores, so eight independent blocks keep the AES units busy, and
// eight is what the registers allow. The ECB and CTR loops hold 8 blocks,
// the round key being applied and the counter: 10 of 16 registers. The
// stitched GCM loop needs, at its fullest (in an odd GHASH step, where
// mulMidPair takes the middle products of two blocks):
//
//	8   AES blocks                       counter blocks, then keystream
//	1   counter                          byte-reversed, advanced by 8
//	3   GHASH accumulator lo, mid, hi    live from step 0 of a pair of
//	                                     batches to its reduction
//	2   the two data blocks              the even step's block waits a round
//	2   unpacked half sums, product      mulMidPair's temporaries
//	--
//	16  (the round key register is free between rounds; the running GHASH
//	    value is dead from step 0 to the reduction, so lo takes its place)
//
// The general-purpose registers hold the two ends of the key schedule and
// the round count, the argument pointers and the length, and (in seal,
// open and the public AVX kernels) the counter and key bytes of
// counterSlots: 12 registers in all.
//
// Twelve blocks would not fit beside the GHASH state. One reduction covers
// two batches in the bulk loops (see GHASH). avo allocates the registers;
// the .s shows the assignment it made (in seal: X0 counter, X1 hash, X2-X9
// blocks).
//
// # CBC
//
// CBC decryption has no chain to wait for: block i is D(c_i) ^ c_{i-1},
// and every c is in src. cbcDecrypt runs decryptBlocks' batches (8 blocks,
// then 4 once, then 1), and unchain XORs each decrypted block with the
// ciphertext block before it: the first with prev, which stays in a
// register from one batch to the next (it is loaded from iv and stored back
// to it), the others with the batch's own ciphertext, read again from src.
// Those reads, and the read of the batch's last block into prev, come
// before the batch's stores, so dst may be src. The registers are ECB's
// and two more: 8 blocks, the round key, prev and the scratch register of
// the XORs, 11 of 16; 8 blocks keep the AES units busy, as above.
//
// CBC encryption is one chain, block i being E(p_i ^ c_{i-1}): a block
// costs the latency of its rounds, and cbcEncrypt adds nothing to it. The
// key size picks one of three copies of the loop, each of which loads its
// round keys into registers once per call. The chain from one block to the
// next holds no XOR, because the last round ends by XORing its round key
// in:
//
//	AESENCLAST(k_Nr ^ k_0 ^ p_{i+1}, s) = c_i ^ k_0 ^ p_{i+1}
//
// is block i+1 XORed with the chaining value and whitened, the state that
// enters round 1. Its key operand (the next plaintext block loaded and
// XORed with next = k_Nr ^ k_0) does not depend on the state, so it is
// ready before the state is. The ciphertext c_i comes from a second
// AESENCLAST, with k_Nr, on a copy of the state, beside the chain. A block
// is then Nr dependent AES instructions, Nr times AESENC's latency, and
// Nr+1 in throughput, which one chain leaves mostly idle. With the XOR on
// the chain instead (the last round, then the next plaintext block XORed
// in) a block measured slower (docs/notes.md).
//
//	register                          AES-128  AES-192  AES-256
//	round keys 1..Nr                  10       12       14
//	next = k_Nr ^ k_0                 1        1        stack
//	state                             1        1        1
//	ciphertext, then p_{i+1} ^ next   1        1        1
//	--
//	                                  13       15       16
//
// Round key 0 has no register: it reaches the chain folded into next, and
// the first block is whitened before the loop (cbcStart). AES-256 would
// need 17 registers, so its next lives in a 16-byte stack slot, aligned by
// hand because legacy SSE memory operands must be, read by the PXOR that
// makes the key operand, off the chain, and cleared before return. In the
// .s, AES-256 has round keys 1..14 in X0-X13, the state in X14 and the
// ciphertext and plaintext in X15.
//
// # XTS
//
// XTS block j is E(P_j ^ T_j) ^ T_j with T_j = T_0·x^j in GF(2^128); the
// blocks are independent once their tweaks are known, so the kernels run
// the ECB loop's batches (8 blocks, then 4 once, then one at a time).
// Each tweak is needed twice, with round key 0 and in the last round,
// where it is XORed into the last round key (AESENCLAST of the state and
// lastKey ^ T is the block's output). Eight tweaks and eight blocks would
// take all sixteen registers and leave none for the round key, so each
// tweak is computed in a register, XORed into its block and parked in a
// 16-byte slot of the frame until the last round:
//
//	 8  blocks
//	 1  the round key, loaded for each round in turn
//	 1  T_0, the batch's first tweak
//	 3  a tweak being computed: T_0·x^j and the two products it is made of
//	--
//	13  during whitening; 10 in the rounds, 11 in the last round
//
// T_0·x^j is three PCLMULQDQ (the two halves' products by 2^j, and the
// bits from 128 up times 0x87), a PSLLDQ and two PXOR, computed from T_0
// on its own for every block, so no tweak waits for another; after the
// batch T_0 steps by x^8 (x^4, x). The next tweak goes back to the caller.
// Declined: each tweak from the one before by a one-bit shift (PSRLQ,
// PSLLQ, PSLLDQ and one PCLMULQDQ for the bit that falls off the top),
// which takes fewer multiplies but makes the eight a chain, and measured
// no faster (docs/notes.md).
//
// # Counters
//
// The counter block is kept byte-reversed in one register, so that the
// counter is a little-endian lane: GCM's 32-bit counter is the low 32-bit
// lane, which PADDD with tables.CounterAdd(i) advances and wraps exactly as
// inc32 does; CTR mode's 128-bit counter has its low 64 bits in the low
// 64-bit lane, advanced with PADDQ. Each block of a batch is the counter
// plus i, reversed back with one PSHUFB before round key 0 is added. The
// kernel ctr64 never carries into the high 64 bits: CTR128 splits a call
// at the block where the low half wraps and carries in Go.
//
// The bulk loops of seal and open (the SSE kernels), whose speed on Intel's
// cores is the throughput of the vector ports (80 AESENC, 25 PCLMULQDQ and
// some 56 shuffles and XORs per batch of AES-128), take the counter work
// off those ports: counterSlots
// keeps the next batch's 8 counter blocks on the stack, already XORed with
// round key 0, and rewrites only their last 4 bytes with scalar
// instructions (add, byte swap, XOR, store). That saves 24 vector
// instructions per batch and measured faster (docs/notes.md). The byte
// swap is three rotates rather than BSWAP, which on Intel cores issues to
// the two ports that AESENC uses; the rotates measured faster on Sapphire
// Rapids and Ice Lake class Xeons. Also measured there and declined: the 8
// counters built in two vector registers and stored lane by lane (slower:
// the vector ports are the bound), LEA for the add and CMOV for the copy
// (no faster), and one pointer advance per pair of batches (no
// different). The first batch's slots are filled with whole-block vector
// stores, so the first loads are forwarded from them (seal's first batch,
// which has nothing to hash, takes the blocks still in registers instead),
// and the slots are cleared before return (they hold round key 0 XOR a
// known counter).
//
// The CTR kernels keep the register counter: their batches are short enough
// that the loads of one batch would wait on the 4-byte stores of the
// previous one (measured slower, docs/notes.md), and counter mode has no
// GHASH competing for the ports.
//
// # GHASH
//
// The GHASH math (the byte-reflected form, the key form H·x^-1, Karatsuba,
// the two-fold reduction and aggregation) is derived once in the
// documentation of package ghash; the assembly follows it step for step.
// The table t is ghash.Table in the layout of ghash.InitTable(t, h, 16):
//
//	t[p-1], p = 1..16     key form of H^p (ghash.MulX(H^p)), register form
//	t[16+p-1], p = 1..16  its half sum, high 64 bits XOR low 64 bits, in
//	                      bytes 0..7; bytes 8..15 zero
//
// GHASHInit computes them with the kernels' own multiply, H^p as
// H^(p-q)·H^q with q the largest power of 2 below p, so that no chain of
// dependent products is longer than four (H^2, H^4, H^8, H^16), which
// takes less time than a chain of products by H (docs/notes.md).
//
// A batch of 8 blocks X_0..X_7 is absorbed as
//
//	y' = (y ^ X_0)·H^8 ^ X_1·H^7 ^ ... ^ X_7·H^1
//
// with each product in Karatsuba form (three PCLMULQDQ: lo, hi, and the
// product of the half sums), summed unreduced, and one reduction (two
// PCLMULQDQ). The bulk loops of Seal and Open take two batches, 16 blocks,
// into one sum, the first against H^16..H^9 and the second against
// H^8..H^1, and reduce once: the reduction's 10 vector instructions per 16
// blocks instead of per 8 measured faster for Seal and Open on an Ice Lake
// class Xeon, where the loop is bound by the three vector ports
// (docs/notes.md). A message with an odd number of batches ends with one
// 8-block batch, the pair's second batch entered alone with its sum
// started with y·H^8 (ghashBatch.startY: three multiplies) rather than a
// copy of the batch of its own. GHASH alone keeps batches of 8.
//
// Karatsuba takes 26 multiplies per 8 blocks instead of the 34 of the
// four-multiply schoolbook product. The two measured the same on an Ice
// Lake class Xeon, where PCLMULQDQ has a port of its own; Karatsuba is kept
// for cores where carry-less multiplies share the AES units (Zen 4), on
// which multiplies are the scarce resource. Inside a batch the middle
// products are taken two blocks at a time (mulMidPair): PUNPCKLQDQ,
// PUNPCKHQDQ and one PXOR give both blocks' half sums, where a block
// alone takes a PSHUFD and a PXOR; 4 fewer vector instructions per batch
// measured faster for Seal and Open. Each outer product is computed in a
// register loaded with the key power (mulLoHi), and each fold in one loaded
// with the polynomial, rather than in a copy of the data block, which also
// measured faster (docs/notes.md).
//
// # Stitching
//
// Seal and Open interleave 8 blocks of CTR with GHASH of 8 ciphertext
// blocks: the eight GHASH block steps follow middle rounds 0..7 (the nine
// rounds before the last that every key size has) and the reduction, in the
// second batch of a pair, follows round 8. AESENC and PCLMULQDQ run on
// different units, so each hides the other's latency. Open hashes the batch
// it decrypts (its loads all come before the batch's stores, so it works in
// place); Seal hashes the ciphertext of the previous batch, already in dst,
// and the last batch after the loop.
//
// # AVX
//
// sealAVX and openAVX are seal and open in VEX encodings, for CPUs with
// AVX (AVX1 only, so from Sandy Bridge on). Three operands take no register
// copies, and a VEX memory operand need not be aligned, so the key powers,
// their half sums, the polynomial and the source blocks are operands of the
// VPCLMULQDQ and VPXOR that use them rather than loads of their own. Past
// the encodings they differ from seal and open in two ways:
//
//   - The counter blocks of each batch are made in vector registers from
//     the byte-reversed counter (vecBatch: VPADDD, VPSHUFB and a VPXOR
//     with round key 0 per block), not kept in counterSlots.
//   - sealAVX hashes the ciphertext of the batch two before, not the one
//     just before (sealLoop), so a batch's GHASH steps never wait on the
//     stores that end the batch before it; the last two batches are hashed
//     after the loop with one reduction. Its first two batches, which
//     have nothing to hash, are one copy run twice.
//
// sealPublicAVX and openPublicAVX, behind SealPublic and OpenPublic (GCM
// with a 12-byte nonce, whose counter is public) on Intel's cores, move
// the loop's vector work to scalar instructions instead, while the counter
// of each batch's block 0 is 2 modulo 8, as it is from the start of a
// message: two sets of counter slots on the stack, for even and odd
// batches, rewritten from two whitened words with no vector instruction
// (publicSlots; the byte-reversed counter is set from the scalar one once
// after the loop), and the data's half sums for the Karatsuba middle
// products taken with scalar loads and XORs (ghashBatch.halfSums,
// storeHalfSums), stored, and put in register form two blocks at a time
// with one PSHUFB (mulMidSums, halfReverse), where mulMidPair takes two
// unpacks and a PXOR. The first two blocks of a sum, the first of which
// takes in y, keep mulMidPair. The sums are loaded 8 bytes at a time
// (VMOVQ, VPINSRQ) when they were stored just before, since a 16-byte load
// cannot be forwarded from two 8-byte stores (measured slower for Open,
// docs/notes.md); openPublicAVX's first batch of a pair stores the sums of
// the second's blocks (aheadHalfSums), which loads them 16 bytes at a time.
// For any other counter, and for a message shorter than four batches
// (sealPublicAVX) or two (openPublicAVX), they return into sealAVX and
// openAVX (publicBranch: a RET with a target, which pops the frame and
// jumps, with the arguments as they are); after their pairs they hand the
// fewer than two batches left to the same kernels (handOff), sealPublicAVX
// once it has hashed its last two batches, since its counter sets go by
// pairs. On AMD's cores (usePublicAVX false) SealPublic and OpenPublic run
// sealAVX and openAVX, and on CPUs without AVX they are Seal and Open.
//
// Why two forms: the cores bound the loop by different units. On Intel's
// (measured on a Xeon of family 6, model 207) VAESENC, the shuffles and
// VPXOR share three vector ports, where PCLMULQDQ has one, and plain scalar
// loads, XORs, adds and stores cost nearly nothing beside them: a batch
// costs at least its vector instructions divided by three, and the public
// kernels' scalar counter words and half sums take about 13 vector
// instructions off each batch, at the price of some 40 more instructions in
// all. On AMD's (measured on Zen 5) PCLMULQDQ issues once every 2 cycles
// beside two AESENC per cycle, so a batch cannot take less than its 25
// multiplies, and every instruction of the batch costs issue bandwidth
// whatever unit it goes to: the scalar work costs more cycles than the
// vector work it saves, and the vector form is the faster there.
// docs/notes.md ("GCM on Zen 5") has the measurements, and what was tried
// and found no faster.
//
// Declined on the Xeon, each measured slower or no faster (docs/notes.md):
// the round keys as memory operands of every VAESENC (ten times the
// loads), one reduction per batch, the source block XORed into the last
// round key in VEX form (as many XORs) or two blocks at a time with AVX2
// through the stack, the hashed blocks and their half sums byte-swapped
// with MOVBE into the stack (MOVBE's swap issues to the vector ports, two
// per block), and the half sums written a batch ahead in Seal (they wait
// on the stores of the batch just before).
//
// # Tails
//
// Block encryption steps down from 8 blocks to 4 to 1. Counter mode and the
// GCM kernels finish the last n < 128 bytes in one pass 8, 4 or 1 blocks
// wide (the smallest that covers ceil(n/16) blocks); the whole blocks are
// XORed and stored as in a batch, and the keystream block of the partial
// block is moved to a fixed register and applied through
// emit.LoadPartial/StorePartial, which move 8, 4, 2 and 1 bytes through
// general-purpose registers as the bits of n say, so no byte past src+n is
// read and none past dst+n is written. GHASH of a tail of m blocks (the last
// zero-padded) multiplies them by H^m..H^1 and reduces once.
//
// The GCM tails are two kernels of their own, sealTail and openTail (seal
// and open by the tail alone, 128 bytes at a time, so that they take any
// length and are tested at every length as the others are). Each GCM
// kernel hands them its last bytes, and a message shorter than a batch as
// it is, by jumping to them as its return (finish, handOff, shortTo): the
// counter and the hash stored, the kernel's own argument words rewritten
// for them, and a RET with a target, which pops the kernel's frame and
// jumps. The tails, unrolled for each width because on Zen 5 a message of
// 16 to 64 bytes takes about the time of its instructions, so that a loop
// over the blocks or the rounds costs it, exist once instead of in each of
// six kernels. Calling ctr32 and ghashUpdate for the tails instead made
// the kernels smaller still, but cost Open of 16-64 bytes 5-7% and Seal of
// 256-512 bytes 4-5% on Zen 5 (docs/notes.md).
package aesni
