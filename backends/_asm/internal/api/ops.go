package api

// An Op is an exported function that a backend can offer around one of its
// kernels: its parameters, the checks it makes before the call, and its doc
// comment. The call itself is made from the kernel's declaration (see
// argument), so it always matches the kernel's signature.
type Op struct {
	name   string
	params string // the exported function's parameters

	// body is the function body, in which {call} stands for the call of
	// the kernel.
	body string

	// args gives the arguments of kernel parameters that this Op does not
	// pass as the standard ones are passed (see argument).
	args map[string]string

	// doc is the doc comment without its slashes, paragraphs separated by
	// a blank line, in which {kernel} stands for the kernel's name.
	doc string

	// extra, if not empty, says what the backend must add to doc in
	// Wrapper.Doc, because it differs between backends.
	extra string
}

// The parameters of the exported functions.
const (
	blocksParams = "ks *aesround.Schedule, dst, src []byte"
	blockParams  = "ks *aesround.Schedule, dst, src *[16]byte"
	ctrParams    = "ks *aesround.Schedule, ctr *[16]byte, dst, src []byte"
	gcmParams    = "ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte"
	cbcParams    = "ks *aesround.Schedule, iv *[16]byte, dst, src []byte"
)

// The checks that start most bodies: every kernel addresses its last round
// key from ks.Rounds, and reads len(src) bytes of src and writes as many to
// dst.
const (
	checkSchedule = "kernel.CheckSchedule(name, ks)\n"
	checkLength   = checkSchedule + "kernel.CheckLength(name, dst, src)\n"
	checkBlocks   = checkSchedule + "kernel.CheckBlocks(name, dst, src)\n"
)

// The inverse cipher's round keys, for the kernels that decrypt.
var decrypt = map[string]string{"keys": "&ks.Dec"}

// Expand fills an aesround.Schedule from a key.
var Expand = Op{
	name:   "Expand",
	params: "ks *aesround.Schedule, key []byte",
	body: `switch len(key) {
	case 16, 24, 32:
	default:
		panic(name + ": invalid key length")
	}
	*ks = aesround.Schedule{Rounds: len(key)/4 + 6}
	{call}`,
	doc: "Expand fills ks from a 16-, 24- or 32-byte key exactly as aesround.Expand " +
		"does. It panics on any other key length.",
}

// The block cipher over whole blocks, and on one block, whose length the
// type checks.
var (
	EncryptBlocks = Op{name: "EncryptBlocks", params: blocksParams, body: checkBlocks + "{call}",
		doc: "EncryptBlocks encrypts the len(src)/16 whole blocks of src into dst " +
			"with the expanded key ks. It panics if len(src) is not a multiple of 16 " +
			"or dst is shorter than src."}
	DecryptBlocks = Op{name: "DecryptBlocks", params: blocksParams, body: checkBlocks + "{call}",
		args: decrypt,
		doc: "DecryptBlocks decrypts the len(src)/16 whole blocks of src into dst " +
			"with the expanded key ks. It panics like EncryptBlocks."}
	EncryptBlock = Op{name: "EncryptBlock", params: blockParams, body: checkSchedule + "{call}",
		doc: "EncryptBlock encrypts the block src into dst with the expanded key ks: " +
			"EncryptBlocks of exactly one block, whose length needs no check, for " +
			"cipher.Block's Encrypt. dst and src may be the same block."}
	DecryptBlock = Op{name: "DecryptBlock", params: blockParams, body: checkSchedule + "{call}",
		args: decrypt,
		doc:  "DecryptBlock decrypts the block src into dst, as EncryptBlock encrypts."}
)

// Counter mode with a 32-bit and a 128-bit counter.
var (
	CTR32 = Op{name: "CTR32", params: ctrParams, body: checkLength + "{call}",
		doc: "CTR32 XORs src with the keystream of GCM's counter mode into dst: the " +
			"counter is the last four bytes of ctr, big-endian, and wraps without " +
			"carrying. It panics if dst is shorter than src."}
	CTR128 = Op{name: "CTR128", params: ctrParams,
		body: checkLength + `for len(src) > 0 {
		n, lo := kernel.SplitCTR128(ctr, len(src))
		{call}
		kernel.CarryCTR128(ctr, lo)
		dst, src = dst[n:], src[n:]
	}`,
		args: map[string]string{"dst": "dst[:n]", "src": "src[:n]"},
		doc: "CTR128 is CTR32 with the whole of ctr as a 128-bit big-endian counter.\n\n" +
			"The kernel {kernel} steps only the low 64 bits, which wrap once in " +
			"2^64 blocks; CTR128 splits the call at that block and carries into the " +
			"high 64 bits itself, so the assembly needs no carry logic."}
)

// GCM's hash on its own.
var (
	GHASHInit = Op{name: "GHASHInit", params: "t *ghash.Table, h *[16]byte", body: "{call}",
		doc: "GHASHInit fills the whole of t from the hash key h = E_K(0^128), for " +
			"GHASH and for Seal and Open.",
		extra: "the layout of the table"}
	GHASH = Op{name: "GHASH", params: "t *ghash.Table, y *[16]byte, data []byte", body: "{call}",
		doc: "GHASH absorbs data into the running GHASH value y, the last partial " +
			"block padded with zeros. t must have been filled by GHASHInit."}
)

// The bulk of GCM: counter mode and GHASH of the ciphertext in one pass.
var (
	Seal = Op{name: "Seal", params: gcmParams, body: checkLength + "{call}",
		doc: "Seal is CTR32(ks, ctr, dst, src) followed by GHASH(t, y, dst[:len(src)]), " +
			"in one pass. It panics if dst is shorter than src."}
	Open = Op{name: "Open", params: gcmParams, body: checkLength + "{call}",
		doc: "Open is GHASH(t, y, src) followed by CTR32(ks, ctr, dst, src), in one " +
			"pass; src and dst may be the same slice. It panics if dst is shorter " +
			"than src."}
	SealPublic = Op{name: "SealPublic", params: gcmParams, body: checkLength + "{call}",
		doc: "SealPublic is Seal for a counter block that is public, as it is in GCM " +
			"with a 12-byte nonce (J0 = nonce || 0^31 || 1): the kernel may branch on " +
			"the counter's value, which lets it add to the counter blocks in their " +
			"own byte order while their last byte does not wrap (see the package " +
			"documentation). With any other nonce length J0 is GHASH of the nonce " +
			"under the hash key, and the caller must use Seal."}
	OpenPublic = Op{name: "OpenPublic", params: gcmParams, body: checkLength + "{call}",
		doc: "OpenPublic is Open for a counter block that is public, as SealPublic is " +
			"Seal; src and dst may be the same slice."}
)

// Cipher block chaining over whole blocks, the chaining value carried in iv
// from one call to the next.
var (
	CBCEncrypt = Op{name: "CBCEncrypt", params: cbcParams, body: checkBlocks + "{call}",
		doc: "CBCEncrypt encrypts the len(src)/16 whole blocks of src into dst in " +
			"cipher block chaining mode with the expanded key ks: each block is XORed " +
			"with the ciphertext block before it, iv for the first, and encrypted. On " +
			"return iv holds the last ciphertext block, where the next call goes on. " +
			"dst and src may be the same slice. It panics if len(src) is not a " +
			"multiple of 16 or dst is shorter than src."}
	CBCDecrypt = Op{name: "CBCDecrypt", params: cbcParams, body: checkBlocks + "{call}",
		args: decrypt,
		doc: "CBCDecrypt decrypts the len(src)/16 whole blocks of src into dst in " +
			"cipher block chaining mode with the expanded key ks: each block is " +
			"decrypted and XORed with the ciphertext block before it, iv for the " +
			"first. On return iv holds the last ciphertext block of src, where the " +
			"next call goes on. dst and src may be the same slice. It panics if " +
			"len(src) is not a multiple of 16 or dst is shorter than src."}
)

// XTS (IEEE 1619) over whole blocks, the tweak carried in tweak from one
// call to the next; its encryption and ciphertext stealing are the root
// package's.
var (
	XTSEncrypt = Op{name: "XTSEncrypt", params: xtsParams, body: checkBlocks + "{call}",
		doc: "XTSEncrypt encrypts the len(src)/16 whole blocks of src into dst in XTS " +
			"mode with the expanded data key ks: block j is E(P_j ^ T_j) ^ T_j, where " +
			"T_0 is the encrypted tweak in tweak and T_(j+1) is T_j·α in GF(2^128). On " +
			"return tweak holds the tweak of the block after src's last, where the " +
			"next call goes on. dst and src may be the same slice. It panics if " +
			"len(src) is not a multiple of 16 or dst is shorter than src."}
	XTSDecrypt = Op{name: "XTSDecrypt", params: xtsParams, body: checkBlocks + "{call}",
		args: decrypt,
		doc: "XTSDecrypt decrypts the len(src)/16 whole blocks of src into dst in XTS " +
			"mode with the expanded data key ks, as XTSEncrypt encrypts: block j is " +
			"D(C_j ^ T_j) ^ T_j. It panics like XTSEncrypt."}
)

// xtsParams are the parameters of the XTS functions.
const xtsParams = "ks *aesround.Schedule, tweak *[16]byte, dst, src []byte"
