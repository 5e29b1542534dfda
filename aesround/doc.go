// Package aesround implements the AES round functions and key expansion in
// pure Go, in constant time, with exactly the semantics of the x86 AES
// instructions: EncryptRound is AESENC, EncryptLastRound AESENCLAST,
// DecryptRound AESDEC, DecryptLastRound AESDECLAST, InvMixColumns AESIMC and
// KeyGenAssist AESKEYGENASSIST. Each takes one to four 16-byte blocks, the
// way VAESENC works on one, two or four 128-bit lanes. Expand computes a
// Schedule from a 128-, 192- or 256-bit key, and EncryptBlocks4 and
// DecryptBlocks4 (with EncKeys and DecKeys for repeated use) run the whole
// cipher on four blocks.
//
// The package runs on any CPU; it is the reference every vector model and
// the generic backend build on.
//
// # Byte order
//
// A block is the AES state of FIPS 197 stored column by column: byte 4c+r is
// row r, column c. It is also the order of an XMM register: byte i of the
// block is bits 8i..8i+7 of the register, so a block loaded with MOVOU is
// the state the AES instructions see. Round keys use the same order.
//
// # Constant time
//
// No table is indexed by key or data, and no branch or loop bound depends on
// them; loops depend only on the number of blocks and rounds. The S-box is a
// Boolean circuit of ANDs and XORs (see sbox.go) evaluated on bitsliced
// data: four blocks are transposed into eight 64-bit words, word i holding
// bit i of all 64 bytes (see slice.go), so one pass of the circuit
// substitutes 64 bytes at once. ShiftRows and MixColumns are shifts,
// rotations and XORs of those words (linear.go). The transposition is a fixed
// sequence of shifts, masks and XORs. The S-box tables of package tables are
// used only by the tests, as a reference.
//
// Whether that holds on a given machine also depends on the compiler and the
// CPU executing AND, XOR, shifts and rotations in constant time, which they
// do on every architecture Go supports.
//
// # Speed
//
// The bitsliced S-box costs the same for one block as for four, so the
// single-round functions always pay for four blocks and for the
// transposition in and out (about 100 ns per call on a 3.7 GHz Zen 4).
// EncryptBlocks4 and DecryptBlocks4 stay bitsliced from the first round to
// the last and transpose the data only at the ends; EncKeys and DecKeys
// also keep the round keys bitsliced, so a caller that encrypts many groups
// of four blocks with one key slices the keys once. On that machine AES-128
// runs at about 165 MB/s with EncKeys.Encrypt4 and 130 MB/s with
// EncryptBlocks4, roughly a fifteenth of crypto/aes with AES-NI.
package aesround
