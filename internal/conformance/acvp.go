package conformance

import (
	"bytes"
	"compress/bzip2"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The NIST ACVP vectors and their validated answers, as the standard
// library's own tests use them.
const (
	acvpModule  = "github.com/geomys/acvp-testdata"
	acvpVersion = "v0.0.0-20251201200548-d893de8b8b1c"
)

// RunACVP checks the implementation against the ACVP vectors for AES-ECB
// and AES-CBC (each with its Monte Carlo test), AES-CTR and AES-GCM.
// Without the module (no network, no module cache) it skips, unless the
// environment variable CI is set, when it fails.
func RunACVP(t *testing.T, impl Impl) {
	t.Run("ECB", func(t *testing.T) { testACVPECB(t, impl, loadACVP(t, "ACVP-AES-ECB")) })
	t.Run("CBC", func(t *testing.T) { testACVPCBC(t, impl, loadACVP(t, "ACVP-AES-CBC")) })
	t.Run("CTR", func(t *testing.T) { testACVPCTR(t, impl, loadACVP(t, "ACVP-AES-CTR")) })
	t.Run("GCM", func(t *testing.T) { testACVPGCM(t, impl, loadACVP(t, "ACVP-AES-GCM")) })
}

// acvpGroup is one test group of a vector set; fields absent from an
// algorithm's groups stay zero. Lengths are in bits.
type acvpGroup struct {
	TgID        int    `json:"tgId"`
	Direction   string `json:"direction"`
	KeyLen      int    `json:"keyLen"`
	TestType    string `json:"testType"`
	IVLen       int    `json:"ivLen"`
	TagLen      int    `json:"tagLen"`
	Incremental bool   `json:"incremental"`
	Overflow    bool   `json:"overflow"`
	Tests       []acvpTest
}

// acvpTest is one test case, or one answer (the expected files use the
// same field names). Byte strings are hex.
type acvpTest struct {
	TcID         int      `json:"tcId"`
	Key          hexBytes `json:"key"`
	IV           hexBytes `json:"iv"`
	PT           hexBytes `json:"pt"`
	CT           hexBytes `json:"ct"`
	AAD          hexBytes `json:"aad"`
	Tag          hexBytes `json:"tag"`
	PayloadLen   *int     `json:"payloadLen"`
	TestPassed   *bool    `json:"testPassed"`
	ResultsArray []struct {
		Key hexBytes `json:"key"`
		IV  hexBytes `json:"iv"`
		PT  hexBytes `json:"pt"`
		CT  hexBytes `json:"ct"`
	} `json:"resultsArray"`
}

// acvpCase is a test case with its answer.
type acvpCase struct {
	group  *acvpGroup
	test   acvpTest
	answer acvpTest
}

func (c acvpCase) String() string {
	return fmt.Sprintf("tgId %d (%s %s, %d-bit key) tcId %d", c.group.TgID, c.group.TestType, c.group.Direction, c.group.KeyLen, c.test.TcID)
}

// hexBytes decodes a JSON hex string.
type hexBytes []byte

func (h *hexBytes) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	d, err := hex.DecodeString(s)
	*h = d
	return err
}

var acvpData struct {
	once  sync.Once
	files map[string][]byte // decompressed, by path within the module
	err   error
}

// loadACVP returns the cases of one vector set, each joined with its
// answer.
func loadACVP(t *testing.T, name string) []acvpCase {
	t.Helper()
	acvpData.once.Do(func() { acvpData.files, acvpData.err = fetchACVP() })
	if acvpData.err != nil {
		skipOrFail(t, "ACVP vectors unavailable: %v", acvpData.err)
	}
	groups, err := parseACVP(acvpData.files["vectors/"+name+".bz2"])
	if err != nil {
		t.Fatalf("vectors/%s: %v", name, err)
	}
	answers, err := parseACVP(acvpData.files["expected/"+name+".bz2"])
	if err != nil {
		t.Fatalf("expected/%s: %v", name, err)
	}
	byID := map[[2]int]acvpTest{}
	for _, g := range answers {
		for _, a := range g.Tests {
			byID[[2]int{g.TgID, a.TcID}] = a
		}
	}
	var cases []acvpCase
	for i := range groups {
		g := &groups[i]
		for _, tc := range g.Tests {
			a, ok := byID[[2]int{g.TgID, tc.TcID}]
			if !ok {
				t.Fatalf("%s: no answer for tgId %d tcId %d", name, g.TgID, tc.TcID)
			}
			cases = append(cases, acvpCase{g, tc, a})
		}
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no test cases", name)
	}
	return cases
}

// parseACVP decodes a vector or answer file: a JSON array of a session
// header and one vector set.
func parseACVP(data []byte) ([]acvpGroup, error) {
	if data == nil {
		return nil, errors.New("file missing from the module")
	}
	var doc []json.RawMessage
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	if len(doc) != 2 {
		return nil, fmt.Errorf("%d top-level elements, want 2", len(doc))
	}
	var set struct {
		TestGroups []acvpGroup `json:"testGroups"`
	}
	if err := json.Unmarshal(doc[1], &set); err != nil {
		return nil, err
	}
	return set.TestGroups, nil
}

// fetchACVP downloads the module with the go command, as the standard
// library's tests do, and reads and decompresses its AES files.
func fetchACVP() (map[string][]byte, error) {
	goTool, err := goCommand()
	if err != nil {
		return nil, err
	}
	env := os.Environ()
	// A module cache that does not exist (GOPATH pointing nowhere, as in
	// some build sandboxes) is replaced by a temporary one.
	out, err := exec.Command(goTool, "env", "GOMODCACHE").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOMODCACHE: %v", err)
	}
	if dir := strings.TrimSpace(string(out)); dir == "" || !exists(dir) {
		tmp, err := os.MkdirTemp("", "acvp-modcache")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(tmp)
		env = append(env, "GOMODCACHE="+tmp, "GOFLAGS="+os.Getenv("GOFLAGS")+" -modcacherw")
	}
	// Run outside any module, so the caller's go.mod and GOFLAGS=-mod=...
	// settings do not apply.
	work, err := os.MkdirTemp("", "acvp-fetch")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	cmd := exec.Command(goTool, "mod", "download", "-json", acvpModule+"@"+acvpVersion)
	cmd.Dir, cmd.Env = work, env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err = cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go mod download %s@%s: %v\n%s%s", acvpModule, acvpVersion, err, out, stderr.Bytes())
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil {
		return nil, fmt.Errorf("go mod download: %v\n%s", err, out)
	}
	if info.Error != "" || info.Dir == "" {
		return nil, fmt.Errorf("go mod download: %q", info.Error)
	}
	files := map[string][]byte{}
	for _, kind := range []string{"vectors", "expected"} {
		for _, alg := range []string{"ECB", "CBC", "CTR", "GCM"} {
			rel := kind + "/ACVP-AES-" + alg + ".bz2"
			f, err := os.Open(filepath.Join(info.Dir, filepath.FromSlash(rel)))
			if err != nil {
				return nil, err
			}
			data, err := io.ReadAll(bzip2.NewReader(f))
			f.Close()
			if err != nil {
				return nil, fmt.Errorf("%s: %v", rel, err)
			}
			files[rel] = data
		}
	}
	return files, nil
}

// goCommand finds the go command of the toolchain running the tests: go
// test puts that toolchain's bin directory first on the PATH of the test
// binary.
func goCommand() (string, error) {
	return exec.LookPath("go")
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// skipOrFail skips the test for a missing resource, or fails it when the
// environment variable CI is set: in CI nothing may be silently left out.
func skipOrFail(t *testing.T, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf(format, args...)
	}
	t.Skipf(format, args...)
}
