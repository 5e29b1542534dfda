//go:build amd64 && !purego

package aesni

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/vaesgo/vaes/backends/internal/kerneltest"
)

func names(fs ...[]feature) []string {
	var ns []string
	for _, f := range fs {
		for _, x := range f {
			ns = append(ns, x.name)
		}
	}
	return ns
}

// avxKernels are the kernels that useAVX picks, which alone may use the
// extensions of avxFeatures.
var avxKernels = []string{"sealAVX", "openAVX", "sealPublicAVX", "openPublicAVX"}

// Kernels this CPU lacks the extensions for are tested through their
// models only (kerneltest.Config.Runs): an AMD64 CPU without AES-NI, or
// without AVX for the AVX kernels, would fault on them.
func init() {
	config.Runs = func(kernel string) bool {
		return available && (!slices.Contains(avxKernels, kernel) || all(avxFeatures))
	}
}

// TestFeatures checks that Available checks exactly the instruction set
// extensions the SSE kernels use, and useAVX what the AVX kernels use
// beyond them; and that useAVX is Available and every flag of
// avxFeatures.
func TestFeatures(t *testing.T) {
	kerneltest.Features(t, config.Assembly, names(features, avxFeatures))
	// avo writes a function's "// Requires:" line just above its TEXT line.
	var requires []string
	for _, line := range strings.Split(kerneltest.Source(t, config.Assembly), "\n") {
		if list, ok := strings.CutPrefix(line, "// Requires: "); ok {
			requires = strings.Split(list, ", ")
			continue
		}
		rest, ok := strings.CutPrefix(line, "TEXT ·")
		if !ok {
			continue
		}
		name, _, _ := strings.Cut(rest, "(")
		allowed := names(features)
		if slices.Contains(avxKernels, name) {
			allowed = names(features, avxFeatures)
		}
		for _, f := range requires {
			if f != "SSE" && f != "SSE2" && !slices.Contains(allowed, f) {
				t.Errorf("%s requires %s, which its predicate does not check", name, f)
			}
		}
		requires = nil
	}
	if want := available && all(avxFeatures); useAVX != want {
		t.Errorf("useAVX is %v, want %v", useAVX, want)
	}
}

// TestNoEVEX checks that no instruction needs an EVEX encoding, which
// would fault on a CPU without AVX-512: no X register above 15.
func TestNoEVEX(t *testing.T) {
	evex := regexp.MustCompile(`\b([XYZ](1[6-9]|2[0-9]|3[01])|Y[0-9]+|Z[0-9]+|K[1-7])\b`)
	for i, line := range strings.Split(kerneltest.Source(t, config.Assembly), "\n") {
		code, _, _ := strings.Cut(line, "//")
		if r := evex.FindString(code); r != "" {
			t.Errorf("%s:%d uses %s: %s", config.Assembly, i+1, r, strings.TrimSpace(line))
		}
	}
}
