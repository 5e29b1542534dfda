package api

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"

	. "github.com/mmcloughlin/avo/build"
)

// kernel is one assembly function as its generator declared it to avo.
type kernel struct {
	name      string
	signature string // as given to TEXT: "func(keys *[15][16]byte, ...)"
	params    []param
}

// param is one parameter of a kernel.
type param struct {
	name, typ string
}

// kernels lists the kernels declared so far, in the order of the .s.
var kernels []kernel

// Kernel starts the assembly function name, as TEXT does, with the Go
// signature signature, NOSPLIT and the noescape pragma, and records it so
// that the Go files declare its fallback with the same signature and call
// it with the same parameters.
func Kernel(name, signature string) {
	params, err := parseSignature(signature)
	if err != nil {
		panic(fmt.Sprintf("api: kernel %s: %v", name, err))
	}
	for _, k := range kernels {
		if k.name == name {
			panic("api: kernel " + name + " declared twice")
		}
	}
	TEXT(name, NOSPLIT, signature)
	Pragma("noescape")
	kernels = append(kernels, kernel{name, signature, params})
}

// parseSignature returns the parameters of signature, a Go function type
// that names each of them and returns nothing, as the kernels do.
func parseSignature(signature string) ([]param, error) {
	e, err := parser.ParseExpr(signature)
	if err != nil {
		return nil, err
	}
	f, ok := e.(*ast.FuncType)
	if !ok {
		return nil, fmt.Errorf("signature %q is not a function type", signature)
	}
	if f.Results != nil {
		return nil, fmt.Errorf("signature %q has results", signature)
	}
	var ps []param
	for _, field := range f.Params.List {
		if len(field.Names) == 0 {
			return nil, fmt.Errorf("signature %q has an unnamed parameter", signature)
		}
		for _, n := range field.Names {
			ps = append(ps, param{n.Name, types.ExprString(field.Type)})
		}
	}
	return ps, nil
}

// find returns the kernel declared as name.
func find(name string) (kernel, bool) {
	for _, k := range kernels {
		if k.name == name {
			return k, true
		}
	}
	return kernel{}, false
}
