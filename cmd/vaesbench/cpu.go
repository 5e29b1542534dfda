package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"golang.org/x/sys/cpu"

	"github.com/vaesgo/vaes/internal/cpuid"
)

// feature is one CPU capability the backends depend on.
type feature struct {
	name string
	has  bool
}

// cpuFeatures lists the capabilities that decide which backends run here,
// as golang.org/x/sys/cpu (which honours GODEBUG=cpu.avx512f=off and the
// like) and internal/cpuid (VAES and VPCLMULQDQ outside AVX-512) see them.
func cpuFeatures() []feature {
	switch runtime.GOARCH {
	case "amd64", "386":
		return []feature{
			{"aes", cpu.X86.HasAES},
			{"pclmulqdq", cpu.X86.HasPCLMULQDQ},
			{"avx", cpu.X86.HasAVX},
			{"avx2", cpu.X86.HasAVX2},
			{"vaes", cpuid.VAES()},
			{"vpclmulqdq", cpuid.VPCLMULQDQ()},
			{"avx512f", cpu.X86.HasAVX512F},
			{"avx512bw", cpu.X86.HasAVX512BW},
			{"avx512vl", cpu.X86.HasAVX512VL},
			{"avx512vaes", cpu.X86.HasAVX512VAES},
			{"avx512vpclmulqdq", cpu.X86.HasAVX512VPCLMULQDQ},
		}
	case "arm64":
		return []feature{
			{"aes", cpu.ARM64.HasAES},
			{"pmull", cpu.ARM64.HasPMULL},
		}
	}
	return nil
}

// cpuModel returns the processor's name from /proc/cpuinfo, or "unknown"
// where there is no such file or line.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		key, value, ok := strings.Cut(s.Text(), ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(key) {
		case "model name", "Model", "cpu":
			return strings.TrimSpace(value)
		}
	}
	return "unknown"
}

// printCPU writes what this machine is: processor, platform and features.
func printCPU(w io.Writer) {
	fmt.Fprintf(w, "cpu:       %s\n", cpuModel())
	fmt.Fprintf(w, "platform:  %s/%s, %d logical CPUs, %s\n",
		runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version())
	var have, lack []string
	for _, f := range cpuFeatures() {
		if f.has {
			have = append(have, f.name)
		} else {
			lack = append(lack, f.name)
		}
	}
	fmt.Fprintf(w, "features:  %s\n", strings.Join(have, " "))
	if len(lack) > 0 {
		fmt.Fprintf(w, "missing:   %s\n", strings.Join(lack, " "))
	}
}
