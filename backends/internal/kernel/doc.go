// Package kernel holds the argument checks and the counter arithmetic that
// the exported kernels of the assembly backends (aesni, vaes256, vaes512)
// share. It is plain Go for every architecture and does no cryptography:
// the checks look only at lengths and the round count, and the counter
// helpers only at the caller's counter block, never at key or data bytes.
//
// The helpers take the calling package's name and put it at the start of
// every panic message ("aesni: output smaller than input"), so each backend
// reports misuse under its own name.
package kernel
