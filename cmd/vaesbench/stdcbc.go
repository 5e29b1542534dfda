package main

import (
	"runtime"

	"golang.org/x/sys/cpu"
)

// stdCBC says how crypto/cipher's CBC runs on a crypto/aes block on this
// machine, the reference of the CBC tables.
var stdCBC = stdCBCMethod(runtime.GOARCH, stdAESAsm(runtime.GOARCH))

// stdCBCMethod describes crypto/cipher's CBC on a crypto/aes block on arch,
// where crypto/aes runs assembly if asm is true, as Go's
// crypto/internal/fips140/aes does it (cbc.go, cbc_noasm.go, cbc_ppc64x.go,
// cbc_s390x.go). On ppc64x and s390x one assembly call takes the whole
// buffer; everywhere else CryptBlocks is a Go loop that calls crypto/aes's
// one-block encryption or decryption once per block (decryption from the
// last block back), which is assembly where crypto/aes has hardware AES and
// Go otherwise.
func stdCBCMethod(arch string, asm bool) string {
	switch {
	case !asm:
		return "crypto/cipher's CBC, a Go loop with one call of crypto/aes's Go block cipher per block"
	case arch == "s390x":
		return "crypto/cipher's CBC, one call of the KMC instruction over the whole buffer"
	case arch == "ppc64" || arch == "ppc64le":
		return "crypto/cipher's CBC, one assembly call over the whole buffer"
	case arch == "amd64":
		return "crypto/cipher's CBC, a Go loop with one AES-NI assembly call per block"
	}
	return "crypto/cipher's CBC, a Go loop with one assembly call per block"
}

// stdAESAsm reports whether crypto/aes runs its block cipher in assembly
// on arch, by the tests crypto/internal/fips140/aes makes (hardware AES,
// and on amd64 SSE4.1 and SSSE3 too; on s390x CPACF with KMC) and the
// purego build tag, which crypto/aes is built with as well.
func stdAESAsm(arch string) bool {
	if purego {
		return false
	}
	switch arch {
	case "amd64":
		return cpu.X86.HasAES && cpu.X86.HasSSE41 && cpu.X86.HasSSSE3
	case "arm64":
		return cpu.ARM64.HasAES
	case "ppc64", "ppc64le":
		return true
	case "s390x":
		return cpu.S390X.HasAES && cpu.S390X.HasAESCBC
	}
	return false
}
