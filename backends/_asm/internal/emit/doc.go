// Package emit holds the avo emitters that every AES generator in this
// module shares, whatever its register width: walking an expanded key round
// by round, copying the partial last block of a message through bytes that
// are in bounds, unique labels, and the constants of package tables as DATA.
//
// Each emitter names, in its doc comment and in the Comment lines it writes
// into the .s, the step of the Go model it implements.
package emit
