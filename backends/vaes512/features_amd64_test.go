//go:build amd64 && !purego

package vaes512

import (
	"os"
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
