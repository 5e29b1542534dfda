//go:build !linux

package conformance

import "errors"

// reserve is only implemented on Linux; elsewhere the cases that need it
// are skipped (and fail under CI).
func reserve(size uint64) (mem []byte, free func(), err error) {
	return nil, nil, errors.New("reserving address space is only implemented on linux")
}
