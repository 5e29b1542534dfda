package ghash

// The 256-bit carry-less product of two Elements a and b is kept unreduced
// in three 128-bit parts, as the vector code keeps it in three registers:
// lo at bits 0..127, mid at bits 64..191 and hi at bits 128..255, so the
// value is hi·x^128 + mid·x^64 + lo. The parts come in two forms:
//
//	schoolbook form: lo = a.Lo·b.Lo, hi = a.Hi·b.Hi, mid = a.Hi·b.Lo + a.Lo·b.Hi
//	Karatsuba form:  lo and hi alike, mid = (a.Hi + a.Lo)·(b.Hi + b.Lo)
//
// KaratsubaFinish turns the second into the first. Each part is linear in
// the product, so products may be summed part by part in either form and
// converted once.

// Schoolbook returns the product of a and b in schoolbook form, with four
// 64x64 carry-less multiplies.
func Schoolbook(a, b Element) (lo, mid, hi Element) {
	lo.Hi, lo.Lo = Clmul64(a.Lo, b.Lo)
	hi.Hi, hi.Lo = Clmul64(a.Hi, b.Hi)
	m1h, m1l := Clmul64(a.Hi, b.Lo)
	m2h, m2l := Clmul64(a.Lo, b.Hi)
	return lo, Element{Hi: m1h ^ m2h, Lo: m1l ^ m2l}, hi
}

// Karatsuba returns the product of a and b in Karatsuba form, with three
// 64x64 carry-less multiplies: lo, hi, and the product of the half sums.
func Karatsuba(a, b Element) (lo, mid, hi Element) {
	return karatsubaMid(a, b, b.Hi^b.Lo)
}

// karatsubaMid is Karatsuba with b's half sum bMid = b.Hi ^ b.Lo given,
// as key tables store it.
func karatsubaMid(a, b Element, bMid uint64) (lo, mid, hi Element) {
	lo.Hi, lo.Lo = Clmul64(a.Lo, b.Lo)
	hi.Hi, hi.Lo = Clmul64(a.Hi, b.Hi)
	mid.Hi, mid.Lo = Clmul64(a.Hi^a.Lo, bMid)
	return lo, mid, hi
}

// KaratsubaFinish returns the schoolbook middle part from the Karatsuba
// form: (a.Hi + a.Lo)(b.Hi + b.Lo) - a.Hi·b.Hi - a.Lo·b.Lo.
func KaratsubaFinish(lo, mid, hi Element) Element {
	return mid.Xor(lo).Xor(hi)
}
