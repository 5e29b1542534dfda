package emit

import (
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/gotypes"
	"github.com/mmcloughlin/avo/reg"
)

// LoadGP loads an argument (a pointer, a length, an int) into a new 64-bit
// general-purpose register.
func LoadGP(arg gotypes.Component) reg.GPVirtual {
	r := GP64()
	Load(arg, r)
	return r
}
