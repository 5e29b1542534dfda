//go:build amd64 && !purego

package tsc

const available = true
