//go:build amd64 && !purego && vaes_stdlib

package stdlib

import "golang.org/x/sys/cpu"

// Available reports whether crypto/aes and crypto/cipher's GCM run on
// hardware instructions on this CPU. On amd64 that is AES-NI and PCLMULQDQ,
// the same predicate as the aesni backend, which ranks above this one: so
// dispatch never picks stdlib here by itself, but VAES_BACKEND=stdlib and
// the tests can still run the root package on the standard library. This
// file is built only with the vaes_stdlib tag: the root package's calls into
// the standard library go through interfaces, which make the API's
// arguments escape, so a default amd64 build leaves them out.
func Available() bool { return cpu.X86.HasAES && cpu.X86.HasPCLMULQDQ }
