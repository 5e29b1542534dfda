//go:build !amd64 || purego

package aesni

// setAVX reports that there is no useAVX to set: without the assembly
// there is one kernel set, the models.
func setAVX(bool) bool { return false }

// setPublicAVX reports that there is no usePublicAVX to set.
func setPublicAVX(bool) bool { return false }
