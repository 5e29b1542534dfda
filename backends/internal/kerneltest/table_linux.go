package kerneltest

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/vaesgo/vaes/ghash"
)

// TableAtGuardPages runs the kernels that read the key-power table at every
// length up to c.TableMax with the table ending where an inaccessible page
// begins, then starting where one ends: a load of one byte outside the
// table faults, whatever it would have been multiplied by.
func TableAtGuardPages(t *testing.T, c Config, rows []Row) {
	ps := os.Getpagesize()
	mem, err := unix.Mmap(-1, 0, 3*ps, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON)
	if err != nil {
		t.Fatalf("mmap: %v", err)
	}
	defer unix.Munmap(mem)
	if err := unix.Mprotect(mem[:ps], unix.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	if err := unix.Mprotect(mem[2*ps:], unix.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	rng := rand.New(rand.NewPCG(83, 84))
	for _, at := range []int{2*ps - int(unsafe.Sizeof(ghash.Table{})), ps} {
		func() {
			last := "GHASHInit"
			defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("table at %d bytes into its page, %s: %v", at%ps, last, r)
				}
			}()
			tableRows(t, &c, rows, rng, (*ghash.Table)(unsafe.Pointer(&mem[at])), func(name string, n int) {
				last = fmt.Sprintf("%s n=%d", name, n)
			})
		}()
	}
}
