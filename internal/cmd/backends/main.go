// Command backends prints the names of the backends this CPU and build can
// run, one per line, best first. With -active it prints instead the backend
// the package chose at init (vaes.Backend(), which honours VAES_BACKEND).
// With -cpu it prints one line of what dispatch saw: the CPU features
// x/sys/cpu and package cpuid report, the vendor and family, the backend
// in use and aesni's GCM kernel set (scripts/cpumatrix.sh checks it on
// emulated CPUs). The CI script uses it to decide which backends it can
// force and check.
package main

import (
	"flag"
	"fmt"
	"strings"

	"golang.org/x/sys/cpu"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/backends/aesni"
	"github.com/vaesgo/vaes/internal/cpuid"
	"github.com/vaesgo/vaes/internal/impl"
)

func main() {
	active := flag.Bool("active", false, "print the backend in use instead of the available ones")
	cpuLine := flag.Bool("cpu", false, "print the CPU features, the backend in use and aesni's GCM kernels on one line")
	flag.Parse()
	if *cpuLine {
		fmt.Println(describe())
		return
	}
	if *active {
		fmt.Println(vaes.Backend())
		return
	}
	for _, b := range impl.All() {
		if b.Available {
			fmt.Println(b.Name)
		}
	}
}

// describe returns -cpu's line: "features: aes pclmulqdq ... vendor=amd
// family=25 backend=aesni aesni=AVX".
func describe() string {
	x := cpu.X86
	var have []string
	for _, f := range []struct {
		name string
		has  bool
	}{
		{"aes", x.HasAES}, {"pclmulqdq", x.HasPCLMULQDQ}, {"ssse3", x.HasSSSE3},
		{"avx", x.HasAVX}, {"avx2", x.HasAVX2}, {"bmi2", x.HasBMI2},
		{"avx512f", x.HasAVX512F}, {"avx512bw", x.HasAVX512BW}, {"avx512vl", x.HasAVX512VL},
		{"vaes", cpuid.VAES()}, {"vpclmulqdq", cpuid.VPCLMULQDQ()},
	} {
		if f.has {
			have = append(have, f.name)
		}
	}
	vendor := "other"
	if cpuid.AMD() {
		vendor = "amd"
	}
	return fmt.Sprintf("features: %s vendor=%s family=%d backend=%s aesni=%s",
		strings.Join(have, " "), vendor, cpuid.Family(), vaes.Backend(), aesni.KernelSet())
}
