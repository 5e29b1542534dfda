package vaes_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"testing"

	"github.com/vaesgo/vaes"
)

// TestSealPiecesGatheredLast covers SealPieces' path for a first piece that
// holds every block but the last: each length of the first piece's part of
// the last block (0 to 15 bytes), the rest in one piece or split around an
// empty one, with short tags (where the padded last block no longer fits
// before the end of the output) and a nonce that is not 12 bytes, out of
// place after a prefix and in place, with canaries past the result.
func TestSealPiecesGatheredLast(t *testing.T) {
	key := make([]byte, 16)
	for i := range key {
		key[i] = byte(7*i + 1)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		t.Fatal(err)
	}
	configs := []struct {
		nonceSize, tagSize int
	}{{12, 16}, {12, 12}, {12, 13}, {8, 16}}
	var firsts []int
	for _, r := range [][2]int{{0, 34}, {250, 273}, {1340, 1352}} {
		for n := r[0]; n < r[1]; n++ {
			firsts = append(firsts, n)
		}
	}
	const canary = 0xa5
	onEveryBackend(t, func(t *testing.T) {
		for _, c := range configs {
			var g *vaes.GCM
			var want cipher.AEAD
			if c.nonceSize != 12 {
				g, err = vaes.NewGCMWithNonceSize(key, c.nonceSize)
				if err == nil {
					want, err = cipher.NewGCMWithNonceSize(block, c.nonceSize)
				}
			} else {
				g, err = vaes.NewGCMWithTagSize(key, c.tagSize)
				if err == nil {
					want, err = cipher.NewGCMWithTagSize(block, c.tagSize)
				}
			}
			if err != nil {
				t.Fatal(err)
			}
			nonce := make([]byte, c.nonceSize)
			aad := []byte("additional data")
			for _, n0 := range firsts {
				for rest := 1; rest <= 16-n0%16; rest++ {
					msg := make([]byte, n0+rest)
					for i := range msg {
						msg[i] = byte(i*31 + n0)
					}
					nonce[0] = byte(n0)
					sealed := want.Seal(nil, nonce, msg, aad)
					splits := [][]int{{n0, rest}, {n0, 0, rest}}
					if rest > 1 {
						splits = append(splits, []int{n0, 1, rest - 1})
					}
					for _, lens := range splits {
						// Out of place: the pieces in buffers of their own,
						// the output after a prefix in dst.
						var pieces [][]byte
						off := 0
						for _, l := range lens {
							pieces = append(pieces, bytes.Clone(msg[off:off+l]))
							off += l
						}
						dst := make([]byte, 3, 3+len(sealed)+16)
						copy(dst, "pre")
						spare := dst[3:cap(dst)]
						for i := range spare {
							spare[i] = canary
						}
						got := g.SealPieces(dst, nonce, pieces, aad)
						if !bytes.Equal(got[:3], []byte("pre")) || !bytes.Equal(got[3:], sealed) {
							t.Fatalf("nonce %d, tag %d, pieces %v: SealPieces differs from Seal", c.nonceSize, c.tagSize, lens)
						}
						if !bytes.Equal(spare[len(sealed):], bytes.Repeat([]byte{canary}, 16)) {
							t.Fatalf("nonce %d, tag %d, pieces %v: SealPieces wrote past its result", c.nonceSize, c.tagSize, lens)
						}

						// In place: every piece where its ciphertext goes.
						buf := make([]byte, len(sealed)+16)
						copy(buf, msg)
						for i := len(msg); i < len(buf); i++ {
							buf[i] = canary
						}
						pieces = pieces[:0]
						off = 0
						for _, l := range lens {
							pieces = append(pieces, buf[off:off+l])
							off += l
						}
						got = g.SealPieces(buf[:0], nonce, pieces, aad)
						if !bytes.Equal(got, sealed) || &got[0] != &buf[0] {
							t.Fatalf("nonce %d, tag %d, pieces %v, in place: SealPieces differs from Seal", c.nonceSize, c.tagSize, lens)
						}
						if !bytes.Equal(buf[len(sealed):], bytes.Repeat([]byte{canary}, 16)) {
							t.Fatalf("nonce %d, tag %d, pieces %v, in place: SealPieces wrote past its result", c.nonceSize, c.tagSize, lens)
						}
					}
				}
			}
		}
	})
}
