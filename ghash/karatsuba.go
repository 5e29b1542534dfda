package ghash

// Wide is an unreduced 256-bit carry-less product kept in three 128-bit
// parts, as the vector code keeps it: Lo at bits 0..127, Mid at bits
// 64..191 and Hi at bits 128..255; the value is Hi·x^128 + Mid·x^64 + Lo.
//
// For a product of a = (a.Hi, a.Lo) and b there are two forms:
//
//	schoolbook form: Lo = a.Lo·b.Lo, Hi = a.Hi·b.Hi, Mid = a.Hi·b.Lo + a.Lo·b.Hi
//	Karatsuba form:  Lo and Hi alike, Mid = (a.Hi + a.Lo)·(b.Hi + b.Lo)
//
// KaratsubaFinish turns the second into the first. Both forms are linear in
// each part, so products may be summed in either form before converting.
type Wide struct {
	Lo, Mid, Hi Element
}

// Xor returns the sum of two Wide values in the same form.
func (w Wide) Xor(v Wide) Wide {
	return Wide{Lo: w.Lo.Xor(v.Lo), Mid: w.Mid.Xor(v.Mid), Hi: w.Hi.Xor(v.Hi)}
}

// Schoolbook returns the product of a and b in schoolbook form, with four
// 64x64 carry-less multiplies.
func Schoolbook(a, b Element) Wide {
	var w Wide
	w.Lo.Hi, w.Lo.Lo = Clmul64(a.Lo, b.Lo)
	w.Hi.Hi, w.Hi.Lo = Clmul64(a.Hi, b.Hi)
	m1h, m1l := Clmul64(a.Hi, b.Lo)
	m2h, m2l := Clmul64(a.Lo, b.Hi)
	w.Mid = Element{Hi: m1h ^ m2h, Lo: m1l ^ m2l}
	return w
}

// Karatsuba returns the product of a and b in Karatsuba form, with three
// 64x64 carry-less multiplies: Lo, Hi, and the product of the half sums.
func Karatsuba(a, b Element) Wide {
	return karatsubaMid(a, b, b.Hi^b.Lo)
}

// karatsubaMid is Karatsuba with b's half sum bMid = b.Hi ^ b.Lo given,
// as the key tables store it.
func karatsubaMid(a, b Element, bMid uint64) Wide {
	var w Wide
	w.Lo.Hi, w.Lo.Lo = Clmul64(a.Lo, b.Lo)
	w.Hi.Hi, w.Hi.Lo = Clmul64(a.Hi, b.Hi)
	w.Mid.Hi, w.Mid.Lo = Clmul64(a.Hi^a.Lo, bMid)
	return w
}

// KaratsubaFinish converts w from Karatsuba form to schoolbook form:
// (a.Hi + a.Lo)(b.Hi + b.Lo) - a.Hi·b.Hi - a.Lo·b.Lo is the middle term.
func KaratsubaFinish(w Wide) Wide {
	w.Mid = w.Mid.Xor(w.Lo).Xor(w.Hi)
	return w
}
