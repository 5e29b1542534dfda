// Package backendenv words what became of the environment variable
// VAES_BACKEND, for the commands that report the backends they measure.
// The root package itself stays silent when it cannot honour the variable.
package backendenv

import (
	"fmt"
	"os"
	"strings"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/impl"
)

// Line returns Note for this process: VAES_BACKEND as the environment has
// it, and the backend the root package chose.
func Line() string { return Note(os.Getenv("VAES_BACKEND"), vaes.Backend()) }

// Note returns a line saying that VAES_BACKEND=value was not honoured and
// active is used instead, or "" if value is empty or names active.
func Note(value, active string) string {
	if value == "" || value == active {
		return ""
	}
	b := impl.Lookup(value)
	switch {
	case b == nil:
		var names []string
		for _, b := range impl.All() {
			names = append(names, b.Name)
		}
		return fmt.Sprintf("VAES_BACKEND=%s: no backend has that name (the names are %s); using %s",
			value, strings.Join(names, ", "), active)
	case !b.Available:
		return fmt.Sprintf("VAES_BACKEND=%s: this CPU (or build) cannot run it; using %s", value, active)
	}
	return fmt.Sprintf("VAES_BACKEND=%s: not used; using %s", value, active)
}
