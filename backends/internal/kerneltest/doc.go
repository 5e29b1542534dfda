// Package kerneltest is the test scaffolding the assembly backends (aesni,
// vaes256, vaes512) share: random keys in every form a test needs, the
// placements of input and output in guarded buffers, references built on
// crypto/aes, crypto/cipher and package ghash. Only _test.go files import
// it. The tests that run a backend through the kernel switch, with the GCM
// call sequence production uses, and the kernel benchmarks are in package
// internal/kernels.
//
// A backend's tests are a table of rows, one per assembly function, each
// naming the kernel, its model and the exported function that calls it,
// and a Config with the backend's lengths, counters, table layout and
// batch edges; Run holds all three to a reference built on crypto/aes,
// crypto/cipher or package ghash, at every length and placement of the
// sweep. TableNeighbours and TableAtGuardPages run the same rows with the
// key-power table between random bytes or inaccessible pages; Features and
// CounterBranch read the .s. This package has no assembly and runs on
// every architecture.
package kerneltest
