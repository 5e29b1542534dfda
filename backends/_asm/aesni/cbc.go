package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

const cbcSignature = "func(keys *[15][16]byte, rounds int, iv *[16]byte, dst, src []byte)"

// cbcEncrypt emits CBC encryption (model: cbcEncryptModel). Every block
// waits for the ciphertext of the one before it, so the kernel is one chain
// of dependent AESENCs, and its speed is their latency. The round keys are
// loaded once, before the loop, into registers: the key size picks one of
// three copies of the loop (cbcEncryptLoop), each with its round count
// written out, so the loop neither branches on the key size nor reloads a
// key.
func cbcEncrypt() {
	api.Kernel("cbcEncrypt", cbcSignature)
	Doc("cbcEncrypt encrypts the len(src)/16 whole blocks of src into dst in",
		"CBC mode with the encryption round keys, iv being the ciphertext block",
		"before the first; on return iv holds the last ciphertext block. len(src)",
		"is a multiple of 16, len(dst) >= len(src), rounds is 10, 12 or 14; dst",
		"and src are the same slice or do not overlap.")
	// Every key is loaded once, by its index: the schedule's Last, which
	// the rounds of the other kernels count back from, is not needed.
	s := emit.Schedule{First: emit.LoadGP(Param("keys")), Nr: emit.LoadGP(Param("rounds"))}
	ivp := emit.LoadGP(Param("iv"))
	dst := emit.LoadGP(Param("dst").Base())
	src := emit.LoadGP(Param("src").Base())
	n := emit.LoadGP(Param("src").Len())

	empty, aes128, aes192 := emit.NewLabel("cbcEncryptEmpty"), emit.NewLabel("cbcEncrypt10"), emit.NewLabel("cbcEncrypt12")
	TESTQ(n, n)
	JZ(LabelRef(empty))
	CMPQ(s.Nr, U8(12))
	JB(LabelRef(aes128))
	JE(LabelRef(aes192))
	cbcEncryptLoop(s, 14, ivp, dst, src, n)
	Label(aes192)
	cbcEncryptLoop(s, 12, ivp, dst, src, n)
	Label(aes128)
	cbcEncryptLoop(s, 10, ivp, dst, src, n)
	Label(empty)
	RET()
}

// chainKeys are cbcEncrypt's round keys, held for the whole buffer (model:
// chainKeys): key[r] for r = 1..nr in registers, and next, round key nr
// XOR round key 0, in a register or, for AES-256, in memory.
//
// The register budget: the state, and one register that holds a block's
// ciphertext and then the next plaintext block, leave 14 of the 16 XMM
// registers for keys. AES-128 and AES-192 need 11 and 13 (key[1..nr] and
// next). AES-256 needs 15, one too many; its next goes to a 16-byte slot
// on the stack, aligned by hand (legacy SSE memory operands must be), read
// by the PXOR that adds it to the next plaintext block, off the chain, and
// cleared before return. Round key 0 itself needs no register: it enters
// the loop folded into next.
type chainKeys struct {
	nr   int
	key  []VecVirtual
	next Op
}

// loadChainKeys loads round keys 1..nr and makes next (model:
// loadChainKeys); slot, if not nil, is where next goes.
func loadChainKeys(s emit.Schedule, nr int, slot *Mem) chainKeys {
	Commentf("loadChainKeys: round keys 1..%d, and round key %d XOR round key 0.", nr, nr)
	k := chainKeys{nr: nr, key: make([]VecVirtual, nr+1)}
	for r := 1; r <= nr; r++ {
		k.key[r] = XMM()
		MOVOU(s.Key(r), k.key[r])
	}
	next := XMM()
	MOVOU(s.Key(0), next)
	PXOR(k.key[nr], next)
	k.next = next
	if slot != nil {
		MOVOU(next, *slot)
		k.next = *slot
	}
	return k
}

// cbcStart whitens the first block into st: p_0 ^ iv ^ round key 0 (model:
// cbcStart). t is a scratch register.
func cbcStart(s emit.Schedule, ivp, src GPVirtual, st, t VecVirtual) {
	Comment("cbcStart: the first block XOR iv XOR round key 0.")
	MOVOU(Mem{Base: src}, st)
	MOVOU(Mem{Base: ivp}, t)
	PXOR(t, st)
	MOVOU(s.Key(0), t)
	PXOR(t, st)
}

// middle runs rounds 1..nr-1 over the state (model: chainKeys.middle).
func (k chainKeys) middle(st VecVirtual) {
	Commentf("chainKeys.middle: rounds 1..%d.", k.nr-1)
	for r := 1; r < k.nr; r++ {
		AESENC(k.key[r], st)
	}
}

// ciphertext puts the last round of a copy of the state into t: the block's
// ciphertext (model: chainKeys.ciphertext).
func (k chainKeys) ciphertext(st, t VecVirtual) {
	Comment("chainKeys.ciphertext: the last round on a copy of the state.")
	MOVO(st, t)
	AESENCLAST(k.key[k.nr], t)
}

// chain takes the state from round nr-1 of one block to round 1 of the
// next, whose plaintext is at p, with one AESENCLAST whose key operand is
// next ^ p (model: chainKeys.chain). t is free: the ciphertext it held is
// stored.
func (k chainKeys) chain(st, t VecVirtual, p Mem) {
	Comment("chainKeys.chain: AESENCLAST(key[nr] ^ key[0] ^ p, state) is the next block, whitened.")
	MOVOU(p, t)
	PXOR(k.next, t)
	AESENCLAST(t, st)
}

// cbcEncryptLoop is the loop of cbcEncryptModel with the round count fixed
// at nr, entered at its middle: the first block's state comes from
// cbcStart, each later one from chain. i is the offset of the block in
// hand; one compare and branch per block.
func cbcEncryptLoop(s emit.Schedule, nr int, ivp, dst, src, n GPVirtual) {
	Commentf("AES-%d.", map[int]int{10: 128, 12: 192, 14: 256}[nr])
	var slot *Mem
	var aligned GPVirtual
	if nr == 14 {
		aligned = GP64()
		LEAQ(AllocLocal(32).Offset(15), aligned)
		ANDQ(I8(-16), aligned)
		slot = &Mem{Base: aligned}
	}
	k := loadChainKeys(s, nr, slot)
	st, t := XMM(), XMM()
	cbcStart(s, ivp, src, st, t)
	i := GP64()
	XORQ(i, i)
	loop, enter := emit.NewLabel(fmt.Sprintf("cbcEncrypt%dLoop", nr)), emit.NewLabel(fmt.Sprintf("cbcEncrypt%dEnter", nr))
	JMP(LabelRef(enter))

	Label(loop)
	k.chain(st, t, Mem{Base: src, Index: i, Scale: 1})
	Label(enter)
	k.middle(st)
	k.ciphertext(st, t)
	MOVOU(t, Mem{Base: dst, Index: i, Scale: 1})
	ADDQ(U8(16), i)
	CMPQ(i, n)
	JB(LabelRef(loop))

	Comment("The last ciphertext block is the chaining value.")
	MOVOU(t, Mem{Base: ivp})
	if slot != nil {
		Comment("next is round key 14 XOR round key 0: it must not stay on the stack.")
		PXOR(st, st)
		MOVOU(st, *slot)
	}
	RET()
}

// cbcDecrypt emits CBC decryption (model: cbcDecryptModel): decryptBlocks'
// batches of 8, then 4 once if 4 remain, then 1, each followed by unchain;
// prev, the ciphertext block before the batch, stays in a register from
// one batch to the next.
func cbcDecrypt() {
	api.Kernel("cbcDecrypt", cbcSignature)
	Doc("cbcDecrypt decrypts the len(src)/16 whole blocks of src into dst in",
		"CBC mode with the decryption round keys, iv being the ciphertext block",
		"before the first; on return iv holds the last block of src. len(src) is",
		"a multiple of 16, len(dst) >= len(src), rounds is 10, 12 or 14; dst and",
		"src are the same slice or do not overlap.")
	s := emit.LoadSchedule(Param("keys"), Param("rounds"))
	ivp := emit.LoadGP(Param("iv"))
	dst := emit.LoadGP(Param("dst").Base())
	src := emit.LoadGP(Param("src").Base())
	n := emit.LoadGP(Param("src").Len())

	prev := XMM()
	MOVOU(Mem{Base: ivp}, prev)
	for _, width := range []int{8, 4, 1} {
		loop, next := emit.NewLabel(fmt.Sprintf("cbcDecrypt%d", width)), emit.NewLabel(fmt.Sprintf("cbcDecryptAfter%d", width))
		Commentf("%d blocks at a time.", width)
		Label(loop)
		CMPQ(n, U32(16*width))
		JB(LabelRef(next))
		blocks := loadBlocks(Mem{Base: src}, width)
		whiten(s, blocks)
		decryption.rounds(s, blocks, nil)
		unchain(blocks, prev, Mem{Base: src})
		storeBlocks(blocks, Mem{Base: dst})
		advance(16*width, src, dst)
		SUBQ(U32(16*width), n)
		if width != 4 { // after the 8-block loop, fewer than 8 blocks remain
			JMP(LabelRef(loop))
		}
		Label(next)
	}
	Comment("prev is the last ciphertext block: the chaining value.")
	MOVOU(prev, Mem{Base: ivp})
	RET()
}

// unchain XORs each decrypted block with the ciphertext block before it,
// prev for the first and the batch's own, read again from src, for the
// others, and loads the batch's last ciphertext block into prev (model:
// unchain). All of it reads src before the batch is stored.
func unchain(blocks []VecVirtual, prev VecVirtual, src Mem) {
	Comment("unchain: XOR with the ciphertext blocks before; prev becomes the batch's last.")
	PXOR(prev, blocks[0])
	xorBlocks(blocks[1:], src)
	MOVOU(src.Offset(16*(len(blocks)-1)), prev)
}
