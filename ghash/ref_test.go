package ghash

// This file holds the references the tests measure everything against,
// written straight from the definitions with branches and loops; they are
// neither fast nor constant time.

// refMul is SP 800-38D, Algorithm 1: the product of two blocks in GCM's bit
// order, one bit of x at a time. V runs through y·x^i; multiplying by x is a
// right shift of the block, and a bit falling off the end (x^128) comes back
// as R = 11100001 || 0^120, that is x^7 + x^2 + x + 1.
func refMul(x, y [16]byte) [16]byte {
	var z [16]byte
	v := y
	for i := 0; i < 128; i++ {
		if x[i/8]>>(7-i%8)&1 == 1 {
			for j := range z {
				z[j] ^= v[j]
			}
		}
		lsb := v[15] & 1
		for j := 15; j > 0; j-- {
			v[j] = v[j]>>1 | v[j-1]<<7
		}
		v[0] >>= 1
		if lsb == 1 {
			v[0] ^= 0xE1
		}
	}
	return z
}

// refGHASH is GHASH by its definition, with refMul.
func refGHASH(h, y [16]byte, data []byte) [16]byte {
	for len(data) > 0 {
		var x [16]byte
		n := copy(x[:], data)
		data = data[n:]
		for j := range y {
			y[j] ^= x[j]
		}
		y = refMul(y, h)
	}
	return y
}

// refClmul64 is the carry-less product by its definition.
func refClmul64(a, b uint64) (hi, lo uint64) {
	for i := 0; i < 64; i++ {
		if b>>i&1 == 1 {
			lo ^= a << i
			if i > 0 {
				hi ^= a >> (64 - i)
			}
		}
	}
	return hi, lo
}

// xBlock is the field element x in GCM's bit order: bit 1, the second most
// significant bit of byte 0.
var xBlock = [16]byte{0x40}

func block(e Element) [16]byte {
	var b [16]byte
	e.PutBlock(&b)
	return b
}

func elem(b [16]byte) Element { return FromBlock(&b) }
