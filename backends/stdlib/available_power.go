//go:build (ppc64 || ppc64le) && !purego

package stdlib

// Available reports whether crypto/aes and crypto/cipher's GCM run on
// hardware instructions on this CPU. Go's ppc64 ports require POWER8, which
// always has the AES and polynomial multiply instructions.
func Available() bool { return true }
