package conformance

import "syscall"

// reserve maps size bytes of address space that may not be read or
// written; the kernel commits no memory to it.
func reserve(size uint64) (mem []byte, free func(), err error) {
	mem, err = syscall.Mmap(-1, 0, int(size), syscall.PROT_NONE, syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		return nil, nil, err
	}
	return mem, func() { syscall.Munmap(mem) }, nil
}
