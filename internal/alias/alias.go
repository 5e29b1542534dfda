// Package alias reports how two byte slices share memory, for the overlap
// rules of cipher.Block, cipher.Stream and cipher.AEAD.
package alias

import "unsafe"

// AnyOverlap reports whether x and y share any byte of memory. Empty slices
// overlap nothing.
func AnyOverlap(x, y []byte) bool {
	if len(x) == 0 || len(y) == 0 {
		return false
	}
	xStart := uintptr(unsafe.Pointer(unsafe.SliceData(x)))
	yStart := uintptr(unsafe.Pointer(unsafe.SliceData(y)))
	return xStart <= yStart+uintptr(len(y)-1) && yStart <= xStart+uintptr(len(x)-1)
}

// InexactOverlap reports whether x and y share memory at any position other
// than the same index. Working in place (x and y starting at the same byte)
// is allowed; any other overlap is not.
func InexactOverlap(x, y []byte) bool {
	if len(x) == 0 || len(y) == 0 || &x[0] == &y[0] {
		return false
	}
	return AnyOverlap(x, y)
}
