// Package ghash is the arithmetic of GCM's authenticator: multiplication in
// GF(2^128), the GHASH function, and the table of hash-key powers. It is
// pure Go, runs on every CPU, and runs in constant time: no branch and no
// memory address depends on the key or the data, only on lengths. Its
// carry-less multiply is built from integer multiplies (see Clmul64): single
// MUL instructions on amd64 and arm64, whose time does not depend on the
// operands on current cores, and branch-free sequences of 32-bit multiplies
// on 32-bit platforms. A CPU whose multiplier finishes early on small
// operands would leak timing here.
//
// The package is also the written-down math of the vector code: the models
// and the assembly in backends/ use the byte-reflected form, the Karatsuba
// split, the folding reduction and the aggregation derived here, step for
// step and under the same names (Karatsuba, KaratsubaFinish, Fold, Reduce).
//
// # GCM's bit order
//
// GCM reads a 16-byte block b[0..15] as the polynomial
//
//	A(x) = a_0 + a_1·x + ... + a_127·x^127,  a_i = bit 7-(i mod 8) of b[i/8]
//
// so coefficient 0 is the most significant bit of byte 0 and coefficient 127
// the least significant bit of byte 15. Blocks multiply as polynomials
// modulo P(x) = x^128 + x^7 + x^2 + x + 1. In this order multiplying by x
// moves every bit one place towards the end of the block, a right shift, and
// the bit that leaves at x^128 comes back as x^7 + x^2 + x + 1, the byte 0xE1
// at the front of the block. SP 800-38D's Algorithm 1 is exactly that loop,
// one bit at a time, and the tests use it as the reference.
//
// # The byte-reflected form
//
// A carry-less multiplier (PCLMULQDQ, Clmul64) treats bit p of an integer as
// the coefficient of x^p, the opposite direction to GCM. Reversing the bits
// of the whole block would make them agree, but the vector units have no
// cheap bit reversal. Reversing the 16 bytes is one byte shuffle, and it is
// enough, as follows.
//
// Load the block and reverse its bytes; equivalently, read it as one
// big-endian 128-bit integer V. Byte b[k] becomes bits 8(15-k) .. 8(15-k)+7
// of V, most significant bit highest. Bit j of that byte, counted from its
// most significant bit, is GCM's coefficient a_{8k+j}, and it sits at bit
// 8(15-k) + 7 - j = 127 - (8k+j) of V. So, for every p,
//
//	bit p of V is the coefficient of x^(127-p).
//
// The bit order inside each byte never had to be touched: reversing the
// byte order reverses the whole bit string because GCM already numbers the
// bits of each byte from the top. As a polynomial in the integer's own
// variable, V is A with its coefficients in reverse order:
//
//	V(x) = x^127 · A(1/x).
//
// Element holds V as two 64-bit words, Hi = bits 64..127 (bytes 0..7 read
// big-endian) and Lo = bits 0..63 (bytes 8..15). In a vector register the
// low lane holds Lo and the high lane Hi; stored to memory that is the block
// with its bytes reversed, which this package calls the register form.
//
// # The reflected field, and the one-bit offset
//
// Substituting 1/x for x carries GCM's field onto a second one: since
// P(1/x) = x^-128 · P'(x) with
//
//	P'(x) = x^128 + x^127 + x^126 + x^121 + 1
//
// (P with its coefficients reversed), 1/x is a root of P in GF(2)[x]/P', and
// A(x) -> Â = A(1/x) is a field isomorphism from GCM's field onto
// GF(2)[x]/P'. Call the latter the reflected ring; reflected Elements live
// there, with V_A = x^127 · Â.
//
// Multiply two Elements carry-lessly. Bits p and q stand for x^(127-p) and
// x^(127-q); their product lands at bit p+q and stands for x^(254-(p+q)).
// In polynomial terms, modulo P',
//
//	V_A · V_B = x^254 · Â·B̂ = x^127 · V_AB.
//
// The 255-bit product is the reflection of A·B in a 255-bit window, one
// place short of the 256-bit window in which its top 128 bits would be the
// low-degree half. Reducing by P' below divides by x^128, one power of x too
// many; there are two ways to put it back:
//
//   - shift the 256-bit product left by one bit before reducing (the x^255
//     position is always free), paying a 256-bit shift per multiply; or
//   - multiply by x once, into the key: use K = V_H·x mod P' in place of
//     V_H. Then V_A·K·x^-128 = V_A·V_H·x^-127 = V_AH, with nothing extra per
//     block.
//
// This package and the assembly take the second way. K is what MulX computes
// and what is often called "H<<1 mod P": shift V_H left by one bit, and if a
// bit fell out at x^128, replace it by the rest of P', that is XOR
// 0xC2000000_00000000_00000000_00000001 (x^127 + x^126 + x^121 + 1) into the
// result. In GCM's own terms K is the element H·x^-1, since x in the
// reflected ring is 1/x in GCM's field. Every stored power of H is kept in
// this key form; Powers and InitTable produce them.
//
// # The reduction: two folds with 0xC2<<56
//
// Reduce takes a 256-bit value D and returns D·x^-128 mod P': Montgomery
// reduction with the modulus P' and the radix x^128, done 64 bits at a time.
// P' makes each step cheap. Write it as
//
//	P' = x^128 + x^64·G + 1,   G = x^63 + x^62 + x^57
//
// G, as a 64-bit word, has bits 63, 62 and 57 set: 0xC2<<56 (0xC2 is binary
// 1100_0010), the constant of Gueron and Kounavis's Intel paper.
//
// Let D = D3:D2:D1:D0 in 64-bit words, D0 lowest. Adding D0·P' changes
// nothing modulo P', and because P' ≡ 1 modulo x^64 it clears the low word
// (the Montgomery multiplier is the low word itself, no product needed):
// D0·1 cancels D0, D0·x^64·G adds the 128-bit carry-less product D0·G at bit
// 64 (into D1 and D2), and D0·x^128 adds D0 itself at bit 128 (into D2). The
// value is now a multiple of x^64, and dropping its zero low word divides by
// x^64. Doing the same with the new low word D1 divides by x^64 again, and
// D3:D2 is the answer. It is already fully reduced: D plus a multiple M·P'
// with deg M < 128 has degree below 256, so after dividing by x^128 its
// degree is below 128.
//
// The vector code holds a product in three 128-bit parts rather than four
// words: lo at bits 0..127, mid at bits 64..191 and hi at bits 128..255. In
// those terms one step is Fold(x, y): clear the low word of the part x into
// the part y that sits 64 bits above it,
//
//	y ^= clmul(x.Lo, G) ^ swap(x)
//
// where clmul(x.Lo, G) is the x^64·G term (it lands at y's base), and
// swap(x) exchanges x's halves: x.Lo moves to y's high half (the x^128
// term) and x.Hi to y's low half, where it already was. The reduction is two
// folds, lo into mid and mid into hi:
//
//	Reduce(lo, mid, hi) = Fold(Fold(lo, mid), hi)
//
// In assembly each Fold is one PCLMULQDQ with the constant, one PSHUFD
// (0x4E) and two XORs or one VPTERNLOGD. In Go, multiplying by G is three
// constant shifts, which is cheaper than Clmul64 and equal to it.
//
// # Karatsuba
//
// With a = (a.Hi, a.Lo) and b alike, the schoolbook product needs four
// 64x64 multiplies: lo = a.Lo·b.Lo, hi = a.Hi·b.Hi and mid = a.Hi·b.Lo +
// a.Lo·b.Hi. Karatsuba gets mid from one multiply of the half sums,
//
//	mid = (a.Hi + a.Lo)·(b.Hi + b.Lo) + lo + hi
//
// trading one multiply for the half sums and two XORs (KaratsubaFinish).
// For a key power the half sum K.Hi + K.Lo is computed once and stored (see
// Table). Schoolbook and MulKeySchoolbook are kept as the four-multiply
// variant for comparison; both give identical results.
//
// # Aggregation
//
// GHASH folds blocks X_1, X_2, ... into Y by Y = (Y + X_i)·H. Unrolled over
// a group of N blocks,
//
//	Y' = (Y + X_1)·H^N + X_2·H^(N-1) + ... + X_N·H
//
// so the N multiplies are independent. Every step before the reduction is
// linear in the product, and so is the reduction, so the N unreduced
// products (in Karatsuba form, each of the three parts summed on its own)
// can be added first and finished and reduced once per group. That is
// UpdateAggregated and UpdateTable, and the loop shape of every vector
// backend: N multiplies by H^N..H^1, one KaratsubaFinish, two folds.
//
// # Constant-time carry-less multiply in Go
//
// Clmul64 is built from 64x64->128-bit integer multiplies with the operands
// spread out so that carries fall into unused bit positions; its comment has
// the argument. It costs 25 multiplies, and a 128-bit field multiply costs
// three of them (Karatsuba). The GHASH code above reaches a few hundred MB/s
// on one core, ample for the generic backend, whose AES is the slower part.
package ghash
