#!/usr/bin/env bash
# kernelsize.sh: the machine code of each assembly backend's GCM kernels
# (seal, open, their Public and AVX forms, and the GHASH of the additional
# data), read with `go tool nm -size` from a program that seals and opens
# one message with vaes.NewGCM, as a user's program would link them.
#
# It prints every kernel's size and each backend's total, and fails if a
# kernel is larger than its backend's limit: 6 KiB for every backend.
# vaes512 and vaes256 loop their tails (one register, or a pass of four,
# at a time); aesni's GCM kernels hand their tails to two kernels of their
# own, sealTail and openTail (counted here, as their names begin with seal
# and open), whose tails stay unrolled for 8, 4 and 1 blocks.
#
#	scripts/kernelsize.sh
set -euo pipefail
grep -q '^module github.com/vaesgo/vaes$' go.mod || { echo "run from the module's root" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/prog"
cat >"$tmp/prog/main.go" <<'GO'
package main

import (
	"fmt"

	"github.com/vaesgo/vaes"
)

func main() {
	g, err := vaes.NewGCM(make([]byte, 16))
	if err != nil {
		panic(err)
	}
	nonce := make([]byte, 12)
	sealed := g.Seal(nil, nonce, []byte("hello"), []byte("additional data"))
	opened, err := g.Open(nil, nonce, sealed, []byte("additional data"))
	fmt.Printf("%x %s %v\n", sealed, opened, err)
}
GO
root=$(pwd)
(cd "$tmp/prog" && cat >go.mod <<EOF
module prog
go 1.26
require github.com/vaesgo/vaes v0.0.0
replace github.com/vaesgo/vaes => $root
EOF
)
(cd "$tmp/prog" && GOOS=linux GOARCH=amd64 GOFLAGS=-mod=mod go build -o "$tmp/bin" .)

go tool nm -size "$tmp/bin" | awk '
	# name -> limit in bytes
	BEGIN {
		limit["vaes512"] = 6144
		limit["vaes256"] = 6144
		limit["aesni"] = 6144
	}
	$3 == "T" && $4 ~ /backends\/(aesni|vaes256|vaes512)\.(seal|open|ghashUpdate)[A-Za-z]*\.abi0$/ {
		name = $4
		sub(/.*backends\//, "", name)
		sub(/\.abi0$/, "", name)
		split(name, part, ".")
		size[name] = $2
		total[part[1]] += $2
		if ($2 > limit[part[1]]) {
			over[name] = limit[part[1]]
		}
	}
	END {
		n = 0
		for (k in size) {
			printf "%-30s %6d\n", k, size[k] | "sort"
			n++
		}
		close("sort")
		if (n == 0) {
			print "kernelsize.sh: no GCM kernel found in the program" > "/dev/stderr"
			exit 1
		}
		for (b in total) {
			printf "%-30s %6d (limit per kernel %d)\n", b " total", total[b], limit[b]
		}
		bad = 0
		for (k in over) {
			printf "kernelsize.sh: %s is %d bytes, over %d\n", k, size[k], over[k] > "/dev/stderr"
			bad = 1
		}
		exit bad
	}'
