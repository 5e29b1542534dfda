#!/bin/sh
# vec127-rename.sh moves every user of package vec (the backends' models,
# their tests, the generic backend, examples, comments and Markdown) from the
# names of Go 1.26's simd/archsimd to those of Go 1.27's, which vec mirrors.
# It is safe to run again, on converted code or after merging code written
# against the old names: a second run changes nothing.
#
# The work is done by vec127rename.go, which type-checks each package and
# rewrites by types (see its doc for the list of rewrites). It prints the
# files it rewrote and, on standard error, anything it could not decide,
# exiting 1 if there was any. Arguments (directories) limit it; -n only
# reports.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
exec go run scripts/vec127rename.go "$@"
