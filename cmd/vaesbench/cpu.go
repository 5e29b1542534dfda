package main

import (
	"fmt"
	"io"
	"runtime"
	"strings"

	"golang.org/x/sys/cpu"

	"github.com/vaesgo/vaes/internal/cpuid"
)

// feature is one CPU capability the backends depend on.
type feature struct {
	Name string `json:"name"`
	Has  bool   `json:"has"`
}

// cpuFeatures lists the capabilities that decide which backends run on
// arch, as golang.org/x/sys/cpu (which honours GODEBUG=cpu.avx512f=off and
// the like) and internal/cpuid (VAES and VPCLMULQDQ outside AVX-512) see
// them. On amd64 it names every extension the backends' assembly requires.
func cpuFeatures(arch string) []feature {
	switch arch {
	case "amd64", "386":
		return []feature{
			{"aes", cpu.X86.HasAES},
			{"pclmulqdq", cpu.X86.HasPCLMULQDQ},
			{"ssse3", cpu.X86.HasSSSE3},
			{"avx", cpu.X86.HasAVX},
			{"avx2", cpu.X86.HasAVX2},
			{"bmi2", cpu.X86.HasBMI2},
			{"vaes", cpuid.VAES()},
			{"vpclmulqdq", cpuid.VPCLMULQDQ()},
			{"avx512f", cpu.X86.HasAVX512F},
			{"avx512bw", cpu.X86.HasAVX512BW},
			{"avx512vl", cpu.X86.HasAVX512VL},
			{"avx512vbmi", cpu.X86.HasAVX512VBMI},
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

// machine is what the report says about the computer it ran on.
type machine struct {
	Model       string    `json:"model"`
	Family      string    `json:"family,omitempty"` // x86 family, model and stepping, as /proc/cpuinfo has them
	OS          string    `json:"os"`
	Arch        string    `json:"arch"`
	LogicalCPUs int       `json:"logical_cpus"`
	Features    []feature `json:"features"`
	ClockHz     float64   `json:"clock_hz,omitempty"`
	ClockSource string    `json:"clock_source,omitempty"`
	CPUInfoMHz  float64   `json:"cpuinfo_mhz,omitempty"`
}

// describeMachine gathers the processor's name, its features and the clock.
func describeMachine() machine {
	m := machine{
		Model:       "unknown",
		OS:          runtime.GOOS,
		Arch:        runtime.GOARCH,
		LogicalCPUs: runtime.NumCPU(),
		Features:    cpuFeatures(runtime.GOARCH),
		CPUInfoMHz:  cpuinfoMHz(),
	}
	if name, ok := cpuinfoField("model name", "Model", "cpu"); ok {
		m.Model = name
	}
	family, ok1 := cpuinfoField("cpu family")
	model, ok2 := cpuinfoField("model")
	stepping, ok3 := cpuinfoField("stepping")
	if ok1 && ok2 && ok3 {
		m.Family = fmt.Sprintf("family %s, model %s, stepping %s", family, model, stepping)
	}
	c := findClock()
	m.ClockHz, m.ClockSource = c.hz, c.source
	return m
}

// print writes what this machine is: processor, platform, clock and
// features.
func (m machine) print(w io.Writer) {
	model := m.Model
	if m.Family != "" {
		model += " (" + m.Family + ")"
	}
	fmt.Fprintf(w, "cpu:       %s\n", model)
	fmt.Fprintf(w, "platform:  %s/%s, %d logical CPUs, %s\n", m.OS, m.Arch, m.LogicalCPUs, runtime.Version())
	switch {
	case m.ClockHz > 0 && m.CPUInfoMHz > 0 && !strings.Contains(m.ClockSource, "cpuinfo"):
		fmt.Fprintf(w, "clock:     %.2f GHz, %s (/proc/cpuinfo says %.0f MHz); cycles/byte count these cycles\n",
			m.ClockHz/1e9, m.ClockSource, m.CPUInfoMHz)
	case m.ClockHz > 0:
		fmt.Fprintf(w, "clock:     %.2f GHz, %s; cycles/byte count these cycles\n", m.ClockHz/1e9, m.ClockSource)
	default:
		fmt.Fprintf(w, "clock:     unknown, so no cycles/byte\n")
	}
	var have, lack []string
	for _, f := range m.Features {
		if f.Has {
			have = append(have, f.Name)
		} else {
			lack = append(lack, f.Name)
		}
	}
	fmt.Fprintf(w, "features:  %s\n", strings.Join(have, " "))
	if len(lack) > 0 {
		fmt.Fprintf(w, "missing:   %s\n", strings.Join(lack, " "))
	}
}
