package aesround

// The S-box as a Boolean circuit over bit planes.
//
// SubBytes maps x to A(x^-1) ^ 0x63, where x^-1 is the inverse in
// GF(2^8) = GF(2)[X]/(X^8+X^4+X^3+X+1) (0 for 0) and A is a linear map on
// bits. Inversion is cheap in a tower of quadratic extensions, so the circuit
// works in an isomorphic field built in three steps:
//
//	GF(4)   = GF(2)[W]/(W^2 + W + 1)    elements hi·W + lo
//	GF(16)  = GF(4)[Z]/(Z^2 + Z + W)    elements hi·Z + lo
//	GF(256) = GF(16)[Y]/(Y^2 + Y + ν)   elements hi·Y + lo, ν = W·Z + 1
//
// Each polynomial is irreducible: W has trace 1 over GF(2), and ν has trace 1
// from GF(16) to GF(2). In a quadratic extension with Y^2 = Y + n the
// conjugate of Y is Y+1, so
//
//	(hi·Y + lo)^-1 = (hi·Y + (hi + lo)) / (hi^2·n + hi·lo + lo^2),
//
// one inversion in the subfield, three multiplications and some linear maps.
// In GF(4) the inverse is the square (a^3 = 1), a linear map.
//
// A change of basis maps the AES field into the tower: X goes to β, the root
// of X^8+X^4+X^3+X+1 in the tower with byte encoding 0x6B (the encoding is
// Y-hi, Y-lo; in each, Z-hi, Z-lo; in each, W, 1; so bit 7 is the W
// coefficient of the Z coefficient of the Y coefficient). Among the eight
// roots and the values of ν that make the top polynomial irreducible, this
// pair gave the shortest linear layers. The way in is the matrix M whose
// column i is β^i. The forward S-box folds the way back and A into one
// matrix, A·M^-1; the inverse S-box folds A^-1 and the way in into one,
// M·A^-1. So each S-box is a linear layer, the shared tower inversion and
// another linear layer. The XOR sequences below share common terms (found by
// a greedy search); the tests check both S-boxes on all 256 inputs in every
// byte position.
//
// Every operation is AND or XOR on whole uint64 words, the same for all 64
// bytes, so the time taken never depends on the data.

// gf4 is a GF(4) element in bitsliced form: one bit per byte position.
type gf4 struct{ hi, lo uint64 }

func (a gf4) add(b gf4) gf4 { return gf4{a.hi ^ b.hi, a.lo ^ b.lo} }

// mul multiplies with three ANDs (Karatsuba): with p = hi·hi', q = lo·lo'
// and m = (hi+lo)(hi'+lo'), the product is (m+q)·W + (p+q), using W^2 = W+1.
func (a gf4) mul(b gf4) gf4 {
	p := a.hi & b.hi
	q := a.lo & b.lo
	m := (a.hi ^ a.lo) & (b.hi ^ b.lo)
	return gf4{m ^ q, p ^ q}
}

// sq squares: (hi·W + lo)^2 = hi·W^2 + lo = hi·W + (hi+lo). Since a^3 = 1
// for a != 0, the square is also the inverse (and 0 stays 0).
func (a gf4) sq() gf4 { return gf4{a.hi, a.hi ^ a.lo} }

// mulW multiplies by W: W·(hi·W + lo) = (hi+lo)·W + hi.
func (a gf4) mulW() gf4 { return gf4{a.hi ^ a.lo, a.hi} }

// gf16 is a GF(16) element hi·Z + lo over GF(4), with Z^2 = Z + W.
type gf16 struct{ hi, lo gf4 }

func (a gf16) add(b gf16) gf16 { return gf16{a.hi.add(b.hi), a.lo.add(b.lo)} }

// mul multiplies with three GF(4) products: hi·hi'·Z^2 = hi·hi'·(Z + W).
func (a gf16) mul(b gf16) gf16 {
	p := a.hi.mul(b.hi)
	q := a.lo.mul(b.lo)
	m := a.hi.add(a.lo).mul(b.hi.add(b.lo))
	return gf16{m.add(q), p.mulW().add(q)}
}

// sq squares: (hi·Z + lo)^2 = hi^2·(Z + W) + lo^2.
func (a gf16) sq() gf16 {
	h := a.hi.sq()
	return gf16{h, h.mulW().add(a.lo.sq())}
}

// sqNu returns a^2·ν. Expanding (hi^2·Z + hi^2·W + lo^2)(W·Z + 1) with
// Z^2 = Z + W and W^2 + W = 1 leaves (lo^2·W)·Z + (hi^2 + lo^2).
func (a gf16) sqNu() gf16 {
	l := a.lo.sq()
	return gf16{l.mulW(), a.hi.sq().add(l)}
}

// inv inverts, mapping 0 to 0: the norm d = hi^2·W + hi·lo + lo^2 lies in
// GF(4), where d^-1 = d^2.
func (a gf16) inv() gf16 {
	d := a.hi.sq().mulW().add(a.hi.mul(a.lo)).add(a.lo.sq())
	di := d.sq()
	return gf16{di.mul(a.hi), di.mul(a.hi.add(a.lo))}
}

// invTower inverts the tower element hi·Y + lo (0 stays 0); the norm
// hi^2·ν + hi·lo + lo^2 lies in GF(16).
func invTower(hi, lo gf16) (gf16, gf16) {
	d := hi.sqNu().add(hi.mul(lo)).add(lo.sq())
	di := d.inv()
	return di.mul(hi), di.mul(hi.add(lo))
}

// tower splits the eight planes of a tower element into its two halves.
func tower(t0, t1, t2, t3, t4, t5, t6, t7 uint64) (hi, lo gf16) {
	return gf16{gf4{t7, t6}, gf4{t5, t4}}, gf16{gf4{t3, t2}, gf4{t1, t0}}
}

// subBytes replaces each of the 64 bytes held in q by SBox[byte].
func subBytes(q *[8]uint64) {
	x0, x1, x2, x3, x4, x5, x6, x7 := q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7]

	// Into the tower: t = M·x, M's column i is β^i.
	u0 := x4 ^ x6
	u1 := x1 ^ x2
	u2 := x3 ^ u0
	u3 := x7 ^ u1
	hi, lo := tower(
		x0^x3^u3,
		x1^x3,
		u2,
		x6^u3,
		x2^x7^u2,
		x1^x7^u0,
		x5^u1^u2,
		x5^x7)

	hi, lo = invTower(hi, lo)
	t7, t6, t5, t4 := hi.hi.hi, hi.hi.lo, hi.lo.hi, hi.lo.lo
	t3, t2, t1, t0 := lo.hi.hi, lo.hi.lo, lo.lo.hi, lo.lo.lo

	// Out of the tower and through the affine map: y = A·M^-1·t ^ 0x63.
	v0 := t0 ^ t3
	v1 := t1 ^ v0
	v2 := t2 ^ t4
	v3 := t2 ^ t7
	q[0] = ^(t0 ^ t6)
	q[1] = ^(t7 ^ v1)
	q[2] = v1 ^ v2
	q[3] = t0
	q[4] = t5 ^ v0 ^ v2
	q[5] = ^(t3 ^ v3)
	q[6] = ^(t4 ^ t7)
	q[7] = v3
}

// invSubBytes replaces each of the 64 bytes held in q by InvSBox[byte].
func invSubBytes(q *[8]uint64) {
	x0, x1, x2, x3, x4, x5, x6, x7 := q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7]

	// Undo the affine map and go into the tower: t = M·A^-1·(x ^ 0x63),
	// whose constant part M·A^-1·0x63 = 0x58 complements t3, t4 and t6.
	u0 := x1 ^ x2
	u1 := x3 ^ x5
	u2 := x6 ^ u0
	u3 := x6 ^ u1
	hi, lo := tower(
		x3,
		x2^u3,
		u2,
		^(x5 ^ x7),
		^(x7 ^ u0),
		x4^u3,
		^(x0 ^ x3),
		x7^u2)

	hi, lo = invTower(hi, lo)
	t7, t6, t5, t4 := hi.hi.hi, hi.hi.lo, hi.lo.hi, hi.lo.lo
	t3, t2, t1, t0 := lo.hi.hi, lo.hi.lo, lo.lo.hi, lo.lo.lo

	// Back to the AES field: y = M^-1·t.
	v0 := t1 ^ t4
	v1 := t6 ^ t7
	v2 := t1 ^ t2
	v3 := t5 ^ v2
	q[0] = t0 ^ t2 ^ v0
	q[1] = t4 ^ v1
	q[2] = t5 ^ v0
	q[3] = v0 ^ v1
	q[4] = t3 ^ v0
	q[5] = t7 ^ v3
	q[6] = t2 ^ t3 ^ v1
	q[7] = v3
}
