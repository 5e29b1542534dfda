#!/usr/bin/env bash
# binsize.sh: what vaes adds to a program. Builds a program that seals one
# message with vaes.NewGCM and the same program on crypto/aes and
# crypto/cipher, both for linux/amd64 with the default flags, and fails if
# the first is more than LIMIT bytes (default 300,000) larger. The
# backends' Go models must not be in such a program: they are reachable
# only from the tests, the tools and the archsimd build.
#
#	scripts/binsize.sh [LIMIT]
set -euo pipefail
limit=${1:-300000}
root=$(pwd)
grep -q '^module github.com/vaesgo/vaes$' go.mod || { echo "run from the module's root" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/vaes" "$tmp/std"
cat >"$tmp/vaes/main.go" <<'GO'
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
	fmt.Printf("%x\n", g.Seal(nil, make([]byte, 12), []byte("hello"), nil))
}
GO
cat >"$tmp/std/main.go" <<'GO'
package main

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
)

func main() {
	b, err := aes.NewCipher(make([]byte, 16))
	if err != nil {
		panic(err)
	}
	g, err := cipher.NewGCM(b)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", g.Seal(nil, make([]byte, 12), []byte("hello"), nil))
}
GO
cat >"$tmp/go.mod" <<MOD
module binsize
go 1.26
require github.com/vaesgo/vaes v0.0.0
replace github.com/vaesgo/vaes => $root
MOD
cp go.sum "$tmp/"
cd "$tmp"
export GOOS=linux GOARCH=amd64 GOFLAGS=-mod=mod
go build -o vaes.bin ./vaes
go build -o std.bin ./std
v=$(stat -c %s vaes.bin)
s=$(stat -c %s std.bin)
models=$(go tool nm vaes.bin | grep -c 'Model$' || true)
echo "binsize: sealing one message: crypto/aes $s bytes, vaes $v bytes, +$((v - s)) (limit +$limit); model functions linked: $models"
if [ "$models" -ne 0 ] || [ $((v - s)) -gt "$limit" ]; then
	go tool nm -size -sort size vaes.bin | grep vaesgo | head -20
	exit 1
fi
