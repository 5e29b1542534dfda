//go:build amd64 && !purego

package cpuid

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestAgainstProcCPUInfo compares both bits, the vendor and the family
// with what Linux reports for the first CPU, the only independent source
// of the same facts. Under qemu-user the two describe different CPUs:
// scripts/cpumatrix.sh sets VAES_QEMU_CPU when it runs the tests there.
func TestAgainstProcCPUInfo(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc/cpuinfo is Linux only")
	}
	if model := os.Getenv("VAES_QEMU_CPU"); model != "" {
		t.Skipf("VAES_QEMU_CPU=%s: CPUID is answered by qemu-user's model of that CPU, /proc/cpuinfo describes the host's (scripts/cpumatrix.sh checks the features against the model instead)", model)
	}
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Fatal(err)
	}
	flags := make(map[string]bool)
	var vendor string
	var family uint32
	for _, line := range strings.Split(string(data), "\n") {
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(name) {
		case "vendor_id":
			if vendor == "" {
				vendor = strings.TrimSpace(value)
			}
		case "cpu family":
			if family == 0 {
				f, err := strconv.ParseUint(strings.TrimSpace(value), 10, 32)
				if err != nil {
					t.Fatal(err)
				}
				family = uint32(f)
			}
		case "flags":
			for _, f := range strings.Fields(value) {
				flags[f] = true
			}
		}
		if len(flags) > 0 {
			break
		}
	}
	if !flags["sse2"] {
		t.Fatal("no flags line in /proc/cpuinfo")
	}
	if got, want := AMD(), vendor == "AuthenticAMD" || vendor == "HygonGenuine"; got != want {
		t.Errorf("AMD() = %v, /proc/cpuinfo says vendor %q", got, vendor)
	}
	if got := Family(); got != family {
		t.Errorf("Family() = %d, /proc/cpuinfo says %d", got, family)
	}
	if got, want := VAES(), flags["vaes"]; got != want {
		t.Errorf("VAES() = %v, /proc/cpuinfo says %v", got, want)
	}
	if got, want := VPCLMULQDQ(), flags["vpclmulqdq"]; got != want {
		t.Errorf("VPCLMULQDQ() = %v, /proc/cpuinfo says %v", got, want)
	}
}
