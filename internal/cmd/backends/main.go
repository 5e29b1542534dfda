// Command backends prints the names of the backends this CPU and build can
// run, one per line, best first. With -active it prints instead the backend
// the package chose at init (vaes.Backend(), which honours VAES_BACKEND).
// The CI script uses it to decide which backends it can force and check.
package main

import (
	"flag"
	"fmt"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/impl"
)

func main() {
	active := flag.Bool("active", false, "print the backend in use instead of the available ones")
	flag.Parse()
	if *active {
		fmt.Println(vaes.Backend())
		return
	}
	for _, b := range impl.All() {
		if b.Available {
			fmt.Println(b.Name)
		}
	}
}
