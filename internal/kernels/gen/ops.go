package main

// ops is the table of kernel operations, one row each, in the order the
// generated files list them. A kernel every backend offers (in generic,
// and in aesni, vaes256 and vaes512 from the generators in backends/_asm,
// which also give each its Models method) becomes reachable from the
// library by one row here.
var ops = []op{
	{
		name:   "Expand",
		params: "ks *aesround.Schedule, key []byte",
		doc: `
Expand fills ks from a 16-, 24- or 32-byte key. Backends whose key
expansion runs on AES-NI (impl.Backend.AESNI) use AESKEYGENASSIST; the
others aesround's constant-time arithmetic. Both give the same schedule.`,
		route: aesniFirst,
		other: "aesround.Expand(ks, key)",
		check: checkKey, models: aesniModels,
		archsimdDoc: `
Expand fills ks from a 16-, 24- or 32-byte key, with aesni's model of
the key expansion (AESKEYGENASSIST and AESIMC).`,
	},
	{
		name:   "EncryptBlocks",
		params: blocksParams,
		doc: `
EncryptBlocks encrypts the len(src)/16 whole blocks of src into dst.
len(src) must be a multiple of 16 and dst at least as long.`,
		check: checkBlocks, models: widest,
		archsimdDoc: `
EncryptBlocks encrypts the len(src)/16 whole blocks of src into dst with
the expanded key ks. It panics if len(src) is not a multiple of 16 or dst
is shorter than src.`,
	},
	{
		name:   "DecryptBlocks",
		params: blocksParams,
		doc: `
DecryptBlocks decrypts the len(src)/16 whole blocks of src into dst,
with EncryptBlocks' rules.`,
		check: checkBlocks, models: widest,
		archsimdDoc: `
DecryptBlocks decrypts the len(src)/16 whole blocks of src into dst with
the expanded key ks. It panics like EncryptBlocks.`,
	},
	{
		name:   "EncryptBlock",
		params: blockParams,
		doc: `
EncryptBlock encrypts one block, for cipher.Block's Encrypt. On backends
with impl.Backend.AESNI it takes aesni's one-block kernel, whose pointer
arguments and straight-line rounds cost less than the setup of a batched
kernel; elsewhere EncryptBlocks of one block. dst and src may be the same
block.`,
		route: aesniFirst,
		other: "EncryptBlocks(b, ks, dst[:], src[:])",
		check: checkSchedule, models: aesniModels,
		archsimdDoc: `
EncryptBlock encrypts one block with aesni's one-block model; dst and
src may be the same block.`,
	},
	{
		name:   "DecryptBlock",
		params: blockParams,
		doc: `
DecryptBlock decrypts one block, as EncryptBlock encrypts.`,
		route: aesniFirst,
		other: "DecryptBlocks(b, ks, dst[:], src[:])",
		check: checkSchedule, models: aesniModels,
		archsimdDoc: `
DecryptBlock decrypts one block with aesni's one-block model; dst and
src may be the same block.`,
	},
	{
		name:   "CTR32",
		params: ctrParams,
		doc: `
CTR32 XORs src with the keystream E(ctr), E(ctr+1), ... into dst, where
the counter is the low 32 bits of the block, big-endian, and wraps
without carrying (GCM's inc32). Any length; a partial last block uses one
counter value. On return ctr has advanced by ceil(len(src)/16).`,
		check: checkLength, models: widest,
		archsimdDoc: `
CTR32 XORs src with the keystream of GCM's counter mode into dst: the
counter is the last four bytes of ctr, big-endian, and wraps without
carrying. It panics if dst is shorter than src.`,
	},
	{
		name:   "CTR128",
		params: ctrParams,
		doc: `
CTR128 is CTR32 with the whole block as one 128-bit big-endian counter.`,
		check: checkLength, models: widest,
		archsimdDoc: `
CTR128 is CTR32 with the whole of ctr as a 128-bit big-endian counter.`,
	},
	{
		name:   "GHASHInit",
		params: "t *ghash.Table, h *[16]byte",
		doc: `
GHASHInit fills t, from the hash key h = E_K(0^128), with whatever the
backend's GHASH reads: H and its powers, in the backend's own layout.`,
		check: noCheck, models: widest,
		archsimdDoc: `
GHASHInit fills t from the hash key h = E_K(0^128) in the layout of the
models in use.`,
	},
	{
		name:   "GHASH",
		params: "t *ghash.Table, y *[16]byte, data []byte",
		doc: `
GHASH absorbs data into the running GHASH value y (GCM's own block
form): y = (y ^ X_i)·H for each 16-byte block X_i of data, the last
partial block padded with zeros. t must have been filled by GHASHInit on
the same backend.`,
		check: noCheck, models: widest,
		archsimdDoc: `
GHASH absorbs data into the running GHASH value y, the last partial
block padded with zeros. t must have been filled by GHASHInit.`,
	},
	{
		name:   "Seal",
		params: gcmParams,
		doc: `
Seal is CTR32(b, ks, ctr, dst, src) followed by GHASH(b, t, y,
dst[:len(src)]), done in one pass.

public says whether the counter block is public, as it is in GCM with a
12-byte nonce (J0 = nonce || 0^31 || 1). Only then may a kernel branch on
the counter's value, which the VAES backends' SealPublic and OpenPublic
do to build counter blocks faster. For any other nonce J0 is GHASH of the
nonce under the hash key, secret, and public must be false.`,
		check: checkLength, models: widest,
		archsimdDoc: `
Seal is CTR32(ks, ctr, dst, src) followed by GHASH(t, y, dst[:len(src)]),
in one pass. It panics if dst is shorter than src.`,
		publicDoc: `
SealPublic is Seal for a public counter block (GCM with a 12-byte
nonce), as in the assembly backends.`,
	},
	{
		name:   "Open",
		params: gcmParams,
		doc: `
Open is GHASH(b, t, y, src) followed by CTR32(b, ks, ctr, dst, src), done
in one pass; src and dst may be the same slice. public is as for Seal.`,
		check: checkLength, models: widest,
		archsimdDoc: `
Open is GHASH(t, y, src) followed by CTR32(ks, ctr, dst, src), in one
pass; src and dst may be the same slice. It panics if dst is shorter
than src.`,
		publicDoc: `
OpenPublic is Open for a public counter block, as SealPublic is Seal.`,
	},
	{
		name:   "CBCEncrypt",
		params: cbcParams,
		doc: `
CBCEncrypt encrypts the len(src)/16 whole blocks of src into dst in
cipher block chaining mode, carrying the chaining value in iv from one
call to the next. Each block waits for the one before it, so wider
registers do not help: on every backend whose CPU has AES-NI
(impl.Backend.AESNI) it runs aesni's serial kernel, with the round keys
held in registers for the whole buffer; elsewhere the generic one. dst
and src may be the same slice.`,
		route: aesniFirst,
		other: "generic.CBCEncrypt(ks, iv, dst, src)",
		check: checkBlocks, models: aesniModels,
		archsimdDoc: `
CBCEncrypt encrypts the len(src)/16 whole blocks of src into dst in
cipher block chaining mode, carrying the chaining value in iv, with
aesni's serial model. dst and src may be the same slice.`,
	},
	{
		name:   "CBCDecrypt",
		params: cbcParams,
		doc: `
CBCDecrypt decrypts the len(src)/16 whole blocks of src into dst in
cipher block chaining mode, carrying the chaining value in iv from one
call to the next. Every block depends only on two ciphertext blocks, so
it runs at each backend's full batch width. dst and src may be the same
slice.`,
		check: checkBlocks, models: widest,
		archsimdDoc: `
CBCDecrypt decrypts the len(src)/16 whole blocks of src into dst in
cipher block chaining mode; on return iv holds the last ciphertext
block. dst and src may be the same slice.`,
	},
	{
		name:   "XTSEncrypt",
		params: xtsParams,
		file:   "xts_gen.go",
		doc: `
XTSEncrypt encrypts the len(src)/16 whole blocks of src into dst in XTS
mode with the data key ks: tweak holds the encrypted tweak of src's first
block, and on return that of the block after src's last. len(src) must
be a multiple of 16 and dst at least as long; dst and src may be the
same slice. The tweak's encryption and ciphertext stealing are the
caller's.`,
		check: checkBlocks, models: zmmElseXMM,
		archsimdDoc: `
XTSEncrypt encrypts the len(src)/16 whole blocks of src into dst in XTS
mode with the expanded data key ks: block j is E(P_j ^ T_j) ^ T_j, where
T_0 is the encrypted tweak in tweak and T_(j+1) is T_j·α in GF(2^128).
On return tweak holds the tweak of the block after src's last. dst and
src may be the same slice. It panics if len(src) is not a multiple of 16
or dst is shorter than src.

vaes512's models run it on ZMM registers; at the narrower widths
aesni's, on XMM registers: vaes256's XTS model allocates (batches of a
variable width in slices), and the generic backend's runs on vec's
512-bit types, which this build compiles to AVX-512 instructions that a
CPU without AVX-512 cannot execute.`,
	},
	{
		name:   "XTSDecrypt",
		params: xtsParams,
		file:   "xts_gen.go",
		doc: `
XTSDecrypt decrypts as XTSEncrypt encrypts, with ks's inverse cipher.`,
		check: checkBlocks, models: zmmElseXMM,
		archsimdDoc: `
XTSDecrypt decrypts as XTSEncrypt encrypts, with ks's inverse cipher:
block j is D(C_j ^ T_j) ^ T_j. It panics like XTSEncrypt.`,
	},
}

// The parameters that several kernels share.
const (
	blocksParams = "ks *aesround.Schedule, dst, src []byte"
	blockParams  = "ks *aesround.Schedule, dst, src *[16]byte"
	ctrParams    = "ks *aesround.Schedule, ctr *[16]byte, dst, src []byte"
	gcmParams    = "ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte"
	cbcParams    = "ks *aesround.Schedule, iv *[16]byte, dst, src []byte"
	xtsParams    = "ks *aesround.Schedule, tweak *[16]byte, dst, src []byte"
)
