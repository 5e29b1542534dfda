package main

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"
)

// versions records what was measured: the Go toolchain, this module's
// commit and the openssl that ran.
type versions struct {
	Go       string `json:"go"`
	Module   string `json:"module"`
	Revision string `json:"revision,omitempty"` // the module's commit, where known
	Modified bool   `json:"modified,omitempty"` // the checkout had uncommitted changes
	OpenSSL  string `json:"openssl,omitempty"`  // `openssl version`, when it ran
}

// findVersions reads the module's commit from the build information that
// `go build` stamps in, or else, as `go run` stamps none, asks git about
// the checkout the command runs in, if it is one of this module.
func findVersions() versions {
	v := versions{Go: runtime.Version(), Module: "github.com/vaesgo/vaes"}
	if info, ok := debug.ReadBuildInfo(); ok {
		v.Module = info.Main.Path
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				v.Revision = s.Value
			case "vcs.modified":
				v.Modified = s.Value == "true"
			}
		}
	}
	if v.Revision != "" {
		return v
	}
	root, err := runFor(5*time.Second, "git", "rev-parse", "--show-toplevel")
	if err != nil {
		return v
	}
	mod, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "go.mod"))
	if err != nil || !strings.HasPrefix(string(mod), "module "+v.Module+"\n") {
		return v // not a checkout of this module
	}
	if rev, err := runFor(5*time.Second, "git", "rev-parse", "HEAD"); err == nil {
		v.Revision = strings.TrimSpace(string(rev))
	}
	if st, err := runFor(5*time.Second, "git", "status", "--porcelain", "--untracked-files=no"); err == nil {
		v.Modified = len(strings.TrimSpace(string(st))) > 0
	}
	return v
}
