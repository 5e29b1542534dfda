//go:build amd64 && !purego

package vaes256

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// baseline is what every amd64 CPU has, so Available need not check it.
var baseline = []string{"SSE", "SSE2"}

// asmSource returns vaes256_amd64.s.
func asmSource(t *testing.T) string {
	src, err := os.ReadFile("vaes256_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// TestFeatures checks that Available checks exactly the instruction set
// extensions the assembly uses, as avo lists them in its "// Requires:"
// comments, beyond the amd64 baseline.
func TestFeatures(t *testing.T) {
	var required []string
	for _, line := range strings.Split(asmSource(t), "\n") {
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
		t.Fatal("no // Requires: lines in vaes256_amd64.s")
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
	for _, name := range required {
		if strings.HasPrefix(name, "AVX512") {
			t.Errorf("the assembly requires %s; this backend is for CPUs without AVX-512", name)
		}
	}
}

// TestNoEVEX checks that no instruction needs an EVEX encoding, which
// would fault on a CPU without AVX-512 whatever the "// Requires:" lines
// say: avo lists a 256-bit form under AVX2 or VAES even when its operands
// are registers only EVEX can encode. So no ZMM register, no opmask
// register, and no X or Y register above 15.
func TestNoEVEX(t *testing.T) {
	evex := regexp.MustCompile(`\b(Z([0-9]|[12][0-9]|3[01])|K[1-7]|[XY](1[6-9]|2[0-9]|3[01]))\b`)
	for i, line := range strings.Split(asmSource(t), "\n") {
		code, _, _ := strings.Cut(line, "//")
		if r := evex.FindString(code); r != "" {
			t.Errorf("vaes256_amd64.s:%d uses %s, which needs EVEX: %s", i+1, r, strings.TrimSpace(line))
		}
	}
}
