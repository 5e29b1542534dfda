//go:build !amd64 || purego

package vaes512

// setZMMTails reports that there is no zmmTails to set: without the
// assembly there is one path, the models'.
func setZMMTails(bool) (old, ok bool) { return false, false }
