//go:build amd64 && !purego

package cpuid

import (
	"os"
	"runtime"
	"strings"
	"testing"
)

// TestAgainstProcCPUInfo compares both bits with the flags Linux reports
// for the first CPU, the only independent source of the same facts.
func TestAgainstProcCPUInfo(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc/cpuinfo is Linux only")
	}
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Fatal(err)
	}
	flags := make(map[string]bool)
	for _, line := range strings.Split(string(data), "\n") {
		if name, value, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(name) == "flags" {
			for _, f := range strings.Fields(value) {
				flags[f] = true
			}
			break
		}
	}
	if !flags["sse2"] {
		t.Fatal("no flags line in /proc/cpuinfo")
	}
	if got, want := VAES(), flags["vaes"]; got != want {
		t.Errorf("VAES() = %v, /proc/cpuinfo says %v", got, want)
	}
	if got, want := VPCLMULQDQ(), flags["vpclmulqdq"]; got != want {
		t.Errorf("VPCLMULQDQ() = %v, /proc/cpuinfo says %v", got, want)
	}
}
