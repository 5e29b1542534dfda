//go:build amd64 && !purego

package vaes512

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/vaesgo/vaes/backends/internal/kerneltest"
)

// On a CPU that lacks what Available checks (say AVX-512, or VAES) the
// kernels are tested through their models only (kerneltest.Config.Runs):
// the assembly would fault there.
func init() { config.Runs = func(string) bool { return Available() } }

// TestFeatures checks that Available checks exactly the instruction set
// extensions the assembly uses.
func TestFeatures(t *testing.T) {
	var checked []string
	for _, f := range features {
		checked = append(checked, f.name)
	}
	kerneltest.Features(t, config.Assembly, checked)
}

// TestGODEBUG checks that GODEBUG=cpu.avx512f=off takes this backend off
// the table: the test binary runs itself with it set and reports what
// Available says there.
func TestGODEBUG(t *testing.T) {
	if os.Getenv("VAES512_REPORT_AVAILABLE") != "" {
		fmt.Printf("available=%v\n", Available())
		return
	}
	if !Available() {
		t.Skip("this CPU cannot run the kernels, with or without GODEBUG")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestGODEBUG$", "-test.v")
	cmd.Env = append(os.Environ(), "VAES512_REPORT_AVAILABLE=1", "GODEBUG=cpu.avx512f=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(string(out), "available=false") {
		t.Errorf("with GODEBUG=cpu.avx512f=off:\n%s\nwant available=false", out)
	}
}
