//go:build amd64 && !purego

package vaes512

// setZMMTails sets zmmTails to on and returns its old value, and
// whether there is one to set.
func setZMMTails(on bool) (old, ok bool) {
	old, zmmTails = zmmTails, on
	return old, true
}
