//go:build amd64 && !purego

package vaes512

// setZMMSealTails sets zmmSealTails to on and returns its old value, and
// whether there is one to set.
func setZMMSealTails(on bool) (old, ok bool) {
	old, zmmSealTails = zmmSealTails, on
	return old, true
}
