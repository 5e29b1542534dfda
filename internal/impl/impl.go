// Package impl is the registry of backends: what each one is, which one new
// ciphers are built on, and the list that tests and cmd/vaesbench walk to
// run the same public API on every backend in one process. The kernels
// themselves are reached through package internal/kernels.
package impl

// Backend describes one implementation of the kernels the root package
// builds its modes from.
type Backend struct {
	ID   ID
	Name string

	// Available reports whether this CPU (and build) can run the backend.
	Available bool

	// Std marks the backend that wraps crypto/aes and crypto/cipher: the
	// root package builds on the standard library instead of kernels, and
	// runs the generic kernels for what the standard library lacks.
	Std bool

	// AESNI reports that the backend's key expansion and single blocks
	// (cipher.Block's Encrypt and Decrypt) run on the aesni backend's
	// kernels: so they do on the aesni, vaes256 and vaes512 backends when
	// the CPU has AES-NI. Every CPU with VAES has AES-NI too, but the VAES
	// backends' own predicates list only what their own assembly uses, so
	// dispatch sets this from aesni's.
	AESNI bool
}

// ID names a backend in package internal/kernels' switch.
type ID int

// The backends. dispatch.go decides the preference; nothing may depend on
// the order of these values.
const (
	Generic ID = iota
	Stdlib
	AESNI
	VAES256
	VAES512
	ArchSIMD
)

var (
	all    []*Backend
	active *Backend
)

// Register appends b to the list of backends, best first. dispatch.go calls
// it at init, in order of preference.
func Register(b *Backend) { all = append(all, b) }

// All returns every registered backend, best first, available or not.
func All() []*Backend { return all }

// Active returns the backend new ciphers are built on.
func Active() *Backend { return active }

// Select makes b the backend new ciphers are built on, and returns a
// function that restores the previous one. Ciphers already built keep the
// backend they were built with. Select is for tests and benchmarks; it is not
// safe to call concurrently with constructors.
func Select(b *Backend) (restore func()) {
	prev := active
	active = b
	return func() { active = prev }
}

// Lookup returns the registered backend with the given name, or nil.
func Lookup(name string) *Backend {
	for _, b := range all {
		if b.Name == name {
			return b
		}
	}
	return nil
}
