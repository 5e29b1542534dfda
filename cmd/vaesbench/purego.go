//go:build purego

package main

// purego is set by the purego build tag, which builds crypto/aes without
// its assembly too.
const purego = true
