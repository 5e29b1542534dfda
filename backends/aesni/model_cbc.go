package aesni

import "github.com/vaesgo/vaes/vec"

// Cipher block chaining. Encryption is one chain: block i is
// E(p_i ^ c_{i-1}), so each block waits for the ciphertext before it and
// the kernel is as fast as one block's rounds are long. Decryption has no
// chain to wait for: block i is D(c_i) ^ c_{i-1}, and all the c are there
// to read, so it runs 8 blocks at a time like decryptBlocks.

// chainKeys are the round keys of cbcEncrypt, loaded once and held in
// registers for the whole buffer (asm: chainKeys). key[r] is round key r
// for r = 1..nr; round key 0 is never needed on its own inside the loop,
// because next = round key nr XOR round key 0 folds it into the last round
// of the block before (see chainKeys.chain).
type chainKeys struct {
	nr   int
	key  [15]vec.Uint32x4
	next vec.Uint8x16
}

// loadChainKeys loads round keys 1..nr and makes next (asm: loadChainKeys).
func loadChainKeys(keys *[15][16]byte, nr int) chainKeys {
	k := chainKeys{nr: nr}
	for r := 1; r <= nr; r++ {
		k.key[r] = roundKey(keys, r)
	}
	k.next = k.key[nr].AsUint8x16().Xor(roundKey(keys, 0).AsUint8x16())
	return k
}

// cbcStart whitens the first block: p_0 ^ iv ^ round key 0, the state that
// enters round 1 (asm: cbcStart).
func cbcStart(keys *[15][16]byte, iv *[16]byte, src []byte) vec.Uint8x16 {
	s := vec.LoadUint8x16(src)
	s = s.Xor(vec.LoadUint8x16Array(iv))
	return s.Xor(roundKey(keys, 0).AsUint8x16())
}

// middle runs rounds 1..nr-1 over the state (asm: chainKeys.middle).
func (k *chainKeys) middle(s vec.Uint8x16) vec.Uint8x16 {
	for r := 1; r < k.nr; r++ {
		s = s.AESEncryptOneRound(k.key[r])
	}
	return s
}

// ciphertext is the last round on a copy of the state: the ciphertext
// block, which is stored, and is the chaining value if it is the last
// (asm: chainKeys.ciphertext). The state itself goes on to chain.
func (k *chainKeys) ciphertext(s vec.Uint8x16) vec.Uint8x16 {
	return s.AESEncryptLastRound(k.key[k.nr])
}

// chain takes the state after round nr-1 of block i to the state that
// enters round 1 of block i+1, in one instruction (asm: chainKeys.chain).
// The last round ends by XORing its round key in, so
//
//	AESENCLAST(key[nr] ^ round key 0 ^ p, s) = c ^ round key 0 ^ p
//
// where c = AESENCLAST(key[nr], s) is block i's ciphertext: exactly block
// i+1 XORed with the chaining value and whitened. The key operand
// next ^ p does not depend on the state, so it is ready before the state
// is, and the chain from one block's first round to the next one's is nr
// AESENCs long with nothing between them; the ciphertext comes from a
// second last round (ciphertext) beside the chain.
func (k *chainKeys) chain(s vec.Uint8x16, src []byte) vec.Uint8x16 {
	t := vec.LoadUint8x16(src).Xor(k.next)
	return s.AESEncryptLastRound(t.AsUint32x4())
}

// cbcEncryptModel is cbcEncrypt (asm: cbcEncrypt): CBC encryption of the
// whole blocks of src into dst with the encryption round keys, iv the
// ciphertext block before the first; on return iv holds the last
// ciphertext block.
func cbcEncryptModel(keys *[15][16]byte, rounds int, iv *[16]byte, dst, src []byte) {
	if len(src) == 0 {
		return
	}
	k := loadChainKeys(keys, rounds)
	s := cbcStart(keys, iv, src)
	for {
		s = k.middle(s)
		c := k.ciphertext(s)
		c.Store(dst)
		if len(src) == 16 {
			c.StoreArray(iv)
			return
		}
		src, dst = src[16:], dst[16:]
		s = k.chain(s, src)
	}
}

// cbcDecryptModel is cbcDecrypt (asm: cbcDecrypt): CBC decryption of the
// whole blocks of src into dst with the decryption round keys, 8 blocks per
// iteration while 8 remain, then 4 once if 4 remain, then one at a time, as
// in decryptBlocksModel. prev, the ciphertext block before the batch, is
// carried from batch to batch in a register; on return iv holds the last
// ciphertext block of src.
func cbcDecryptModel(keys *[15][16]byte, rounds int, iv *[16]byte, dst, src []byte) {
	prev := vec.LoadUint8x16Array(iv)
	for _, width := range []int{8, 4, 1} {
		for len(src) >= 16*width {
			var regs [8]vec.Uint8x16
			blocks := regs[:width]
			loadBlocks(blocks, src)
			whiten(blocks, keys)
			decryption.rounds(blocks, keys, rounds, nil)
			prev = unchain(blocks, prev, src)
			storeBlocks(blocks, dst)
			src, dst = src[16*width:], dst[16*width:]
		}
	}
	prev.StoreArray(iv)
}

// unchain XORs each decrypted block of a batch with the ciphertext block
// before it, and returns the batch's last ciphertext block, the prev of the
// next batch (asm: unchain). Block 0's is prev, carried in a register; the
// others' are the batch's own ciphertext, read again from src. Every read
// of src comes before the batch is stored, so dst may be src.
func unchain(blocks []vec.Uint8x16, prev vec.Uint8x16, src []byte) vec.Uint8x16 {
	blocks[0] = blocks[0].Xor(prev)
	xorBlocks(blocks[1:], src)
	return vec.LoadUint8x16(src[16*(len(blocks)-1):])
}
