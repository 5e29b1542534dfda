package ghash

// MulKey returns a·H for the key form k = MulX(H), in the steps the
// assembly uses: Karatsuba, KaratsubaFinish, Reduce.
func MulKey(a, k Element) Element {
	lo, mid, hi := Karatsuba(a, k)
	return Reduce(lo, KaratsubaFinish(lo, mid, hi), hi)
}

// MulKeySchoolbook is MulKey with the four-multiply Schoolbook product in
// place of Karatsuba; the two always agree. The vector code may use either:
// Karatsuba saves one multiply per block and costs two XORs and the half
// sums of the operands.
func MulKeySchoolbook(a, k Element) Element {
	return Reduce(Schoolbook(a, k))
}

// Mul returns the field product a·b. It prepares b as a key first
// (MulX), so code that multiplies by the same b many times should keep
// MulX(b) and call MulKey.
func Mul(a, b Element) Element {
	return MulKey(a, MulX(b))
}
