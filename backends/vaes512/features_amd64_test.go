//go:build amd64 && !purego

package vaes512

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// baseline is what every amd64 CPU has, so Available need not check it.
var baseline = []string{"SSE", "SSE2"}

// TestFeatures checks that Available checks exactly the instruction set
// extensions the assembly uses, as avo lists them in its "// Requires:"
// comments, beyond the amd64 baseline.
func TestFeatures(t *testing.T) {
	src, err := os.ReadFile("vaes512_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	var required []string
	for _, line := range strings.Split(string(src), "\n") {
		list, ok := strings.CutPrefix(line, "// Requires: ")
		if !ok {
			continue
		}
		for _, name := range strings.Split(list, ", ") {
			if !slices.Contains(baseline, name) && !slices.Contains(required, name) {
				required = append(required, name)
			}
		}
	}
	if len(required) == 0 {
		t.Fatal("no // Requires: lines in vaes512_amd64.s")
	}
	var checked []string
	for _, f := range features {
		checked = append(checked, f.name)
	}
	slices.Sort(required)
	slices.Sort(checked)
	if !slices.Equal(required, checked) {
		t.Errorf("the assembly requires %v; Available checks %v", required, checked)
	}
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
