//go:build amd64 && !purego

package aesni

// setAVX sets useAVX to on if this CPU has AVX, and reports whether it did.
func setAVX(on bool) bool {
	if !available || !all(avxFeatures) {
		return false
	}
	useAVX = on
	return true
}

// setPublicAVX sets usePublicAVX to on if this CPU has AVX, and reports
// whether it did.
func setPublicAVX(on bool) bool {
	if !available || !all(avxFeatures) {
		return false
	}
	usePublicAVX = on
	return true
}
