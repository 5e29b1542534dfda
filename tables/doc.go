// Package tables holds the constants that the Go models and the assembly
// generators of this module share: the AES S-box and its inverse, the key
// schedule's round constants, the GCM field polynomial in the reflected bit
// order of the carry-less multiply code, the byte-reversal mask and the
// counter increments of the vector kernels.
//
// Everything here is data: the package has no code that runs on secret
// values. The S-box tables are references for tests and for the generators;
// no cipher in this module indexes them with key or message bytes (see
// package aesround for the constant-time S-box).
//
// Byte order. A 16-byte AES block is the state of FIPS 197 read column by
// column: byte 4c+r is row r, column c. Loaded into an XMM register, byte i of
// the block is byte i of the register (bits 8i..8i+7), so the constants here
// are written for that order, the order PSHUFB and VPSHUFB index in.
//
// The package's tests recompute every table from its definition.
package tables
