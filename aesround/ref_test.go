package aesround

import "github.com/vaesgo/vaes/tables"

// A plain, table-driven AES, one byte at a time, written straight from
// FIPS 197 and the instruction descriptions. It is the reference the
// bitsliced code is tested against; it indexes tables with data and is not
// constant time.

type block = [16]byte

func gmul(a, b byte) byte {
	var p byte
	for ; b != 0; b >>= 1 {
		if b&1 != 0 {
			p ^= a
		}
		hi := a & 0x80
		a <<= 1
		if hi != 0 {
			a ^= 0x1b
		}
	}
	return p
}

func refSubBytes(s block) (o block) {
	for i, x := range s {
		o[i] = tables.SBox[x]
	}
	return
}

func refInvSubBytes(s block) (o block) {
	for i, x := range s {
		o[i] = tables.InvSBox[x]
	}
	return
}

func refShiftRows(s block) (o block) {
	for c := range 4 {
		for r := range 4 {
			o[4*c+r] = s[4*((c+r)%4)+r]
		}
	}
	return
}

func refInvShiftRows(s block) (o block) {
	for c := range 4 {
		for r := range 4 {
			o[4*((c+r)%4)+r] = s[4*c+r]
		}
	}
	return
}

// refMix multiplies each column by the circulant matrix with first row m.
func refMix(s block, m [4]byte) (o block) {
	for c := range 4 {
		for r := range 4 {
			var v byte
			for j := range 4 {
				v ^= gmul(m[j], s[4*c+(r+j)%4])
			}
			o[4*c+r] = v
		}
	}
	return
}

func refMixColumns(s block) block    { return refMix(s, [4]byte{2, 3, 1, 1}) }
func refInvMixColumns(s block) block { return refMix(s, [4]byte{14, 11, 13, 9}) }

func xor(a, b block) (o block) {
	for i := range o {
		o[i] = a[i] ^ b[i]
	}
	return
}

func refAESENC(s, k block) block {
	return xor(refMixColumns(refSubBytes(refShiftRows(s))), k)
}

func refAESENCLAST(s, k block) block {
	return xor(refSubBytes(refShiftRows(s)), k)
}

func refAESDEC(s, k block) block {
	return xor(refInvMixColumns(refInvSubBytes(refInvShiftRows(s))), k)
}

func refAESDECLAST(s, k block) block {
	return xor(refInvSubBytes(refInvShiftRows(s)), k)
}

func refSubWord(w [4]byte) (o [4]byte) {
	for i := range w {
		o[i] = tables.SBox[w[i]]
	}
	return
}

// refKeyGenAssist follows the pseudocode of AESKEYGENASSIST in the Intel SDM.
func refKeyGenAssist(src block, rcon byte) (o block) {
	for _, half := range []int{0, 8} {
		x := refSubWord([4]byte(src[half+4 : half+8]))
		copy(o[half:], x[:])
		rot := [4]byte{x[1], x[2], x[3], x[0]}
		rot[0] ^= rcon
		copy(o[half+4:], rot[:])
	}
	return
}

// refExpand is KeyExpansion from FIPS 197 section 5.2, with big-endian
// words as the standard writes them.
func refExpand(key []byte) (enc []block) {
	nk := len(key) / 4
	nr := nk + 6
	w := make([][4]byte, 4*(nr+1))
	for i := range nk {
		w[i] = [4]byte(key[4*i:])
	}
	rcon := byte(1)
	for i := nk; i < len(w); i++ {
		t := w[i-1]
		if i%nk == 0 {
			t = refSubWord([4]byte{t[1], t[2], t[3], t[0]})
			t[0] ^= rcon
			rcon = gmul(rcon, 2)
		} else if nk > 6 && i%nk == 4 {
			t = refSubWord(t)
		}
		for j := range t {
			w[i][j] = w[i-nk][j] ^ t[j]
		}
	}
	enc = make([]block, nr+1)
	for i := range w {
		copy(enc[i/4][4*(i%4):], w[i][:])
	}
	return
}

// refEncrypt is the cipher of FIPS 197 section 5.1.
func refEncrypt(enc []block, in block) block {
	nr := len(enc) - 1
	s := xor(in, enc[0])
	for i := 1; i < nr; i++ {
		s = refAESENC(s, enc[i])
	}
	return refAESENCLAST(s, enc[nr])
}

// refDecrypt is the inverse cipher of FIPS 197 section 5.3 (not the
// equivalent inverse cipher, so it checks the Dec schedule independently).
func refDecrypt(enc []block, in block) block {
	nr := len(enc) - 1
	s := xor(in, enc[nr])
	for i := nr - 1; i >= 0; i-- {
		s = refInvSubBytes(refInvShiftRows(s))
		s = xor(s, enc[i])
		if i > 0 {
			s = refInvMixColumns(s)
		}
	}
	return s
}
