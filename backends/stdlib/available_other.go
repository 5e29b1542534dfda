//go:build !(amd64 || arm64 || s390x || ppc64 || ppc64le) || purego || (amd64 && !vaes_stdlib)

package stdlib

// Available reports whether crypto/aes and crypto/cipher's GCM run on
// hardware instructions on this CPU: on this architecture (or in a purego
// build, or on amd64 without the vaes_stdlib tag, where the module's own
// backends rank above them) this module does not rely on them.
func Available() bool { return false }
