// Package api writes the Go around each assembly backend's kernels, so that
// no backend repeats it by hand: the exported functions that check their
// arguments and call the kernels (<pkg>.go), and the file that stands in
// for the assembly on other architectures and under the purego tag, where
// each kernel calls its model (<pkg>_other.go).
//
// A generator declares each kernel with Kernel instead of avo's TEXT, then,
// after avo's Generate, calls Write with its table of exported functions:
// an Op (EncryptBlocks, CTR128, Seal, ...) and the kernel it calls. The
// kernel's declaration is the one avo writes into the stub file, and from
// it come the fallback's signature and the arguments of the exported
// function's call, so neither can drift from the assembly.
package api
