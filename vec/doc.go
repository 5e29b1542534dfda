// Package vec models 128-, 256- and 512-bit SIMD registers as Go values.
//
//go:generate go run ./internal/gen
package vec
