// Package appcode stands for an application's own code in benchmarks that
// measure the kernels inside a program: Run is about 64 KB of straight-line
// machine code that does nothing useful, so that calling it between
// messages takes the instruction cache from the kernels, as a server's
// parsing, routing and logging would. cmd/vaesbench's mixed traffic
// (-ops mix) and the root package's BenchmarkMix call it.
package appcode

//go:generate go run ./gen -out appcode_gen.go

// Bytes is the size of Run's machine code that the generator aims for.
const Bytes = 64 << 10
