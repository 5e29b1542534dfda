//go:build (arm64 || s390x) && !purego

package stdlib

import (
	"runtime"

	"golang.org/x/sys/cpu"
)

// Available reports whether crypto/aes and crypto/cipher's GCM run on
// hardware instructions on this CPU.
func Available() bool {
	switch runtime.GOARCH {
	case "arm64":
		return cpu.ARM64.HasAES && cpu.ARM64.HasPMULL
	case "s390x":
		return cpu.S390X.HasAES && cpu.S390X.HasAESGCM
	}
	return false
}
