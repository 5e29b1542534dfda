//go:build !amd64 || purego

package vaes512

// setZMMSealTails reports that there is no zmmSealTails to set: without the
// assembly there is one path, the models'.
func setZMMSealTails(bool) (old, ok bool) { return false, false }
