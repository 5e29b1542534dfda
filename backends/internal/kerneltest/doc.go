// Package kerneltest is the test scaffolding the assembly backends (aesni,
// vaes256, vaes512) share: random keys in every form a test needs, the
// placements of input and output in guarded buffers, references built on
// crypto/aes, crypto/cipher and package ghash. Only _test.go files import
// it. The tests that run a backend through the kernel switch, with the GCM
// call sequence production uses, and the kernel benchmarks are in package
// internal/kernels.
//
// Each backend's tests choose their own lengths, counters and batch edges
// and hold their unexported models to the same references; this package
// holds only what is the same for all of them. It has no assembly and runs
// on every architecture.
package kerneltest
