//go:build amd64 && !purego

package vaes256

import (
	"regexp"
	"strings"
	"testing"

	"github.com/vaesgo/vaes/backends/internal/kerneltest"
)

// On a CPU that lacks what Available checks (say AVX2, or VAES) the
// kernels are tested through their models only (kerneltest.Config.Runs):
// the assembly would fault there.
func init() { config.Runs = func(string) bool { return Available() } }

// TestFeatures checks that Available checks exactly the instruction set
// extensions the assembly uses, none of them AVX-512.
func TestFeatures(t *testing.T) {
	var checked []string
	for _, f := range features {
		checked = append(checked, f.name)
	}
	for _, name := range kerneltest.Features(t, config.Assembly, checked) {
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
	for i, line := range strings.Split(kerneltest.Source(t, config.Assembly), "\n") {
		code, _, _ := strings.Cut(line, "//")
		if r := evex.FindString(code); r != "" {
			t.Errorf("%s:%d uses %s, which needs EVEX: %s", config.Assembly, i+1, r, strings.TrimSpace(line))
		}
	}
}
