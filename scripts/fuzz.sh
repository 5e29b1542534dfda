#!/bin/sh
# fuzz.sh fuzzes every fuzz target of the root package on every backend this
# CPU can run, one backend at a time (VAES_BACKEND set, so each target
# compares only that backend with crypto/cipher), for a fixed time each.
#
#	scripts/fuzz.sh                 # 60s per target per backend
#	FUZZTIME=10s scripts/fuzz.sh    # shorter
#	scripts/fuzz.sh FuzzCTR aesni   # one target, one backend
#
# It is not part of CI: at the default, four targets on five backends take
# twenty minutes. A failing input is saved by go test under testdata/fuzz/<target>/;
# check it in with the fix, and go test then runs it on every backend.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

fuzztime=${FUZZTIME:-60s}
targets=${1:-$(grep -ho '^func Fuzz[A-Za-z0-9]*' ./*_test.go | sed 's/^func //' | sort)}
if [ $# -ge 2 ]; then
	backends=$2
else
	backends=$(go run ./internal/cmd/backends)
fi

for b in $backends; do
	active=$(VAES_BACKEND=$b go run ./internal/cmd/backends -active)
	if [ "$active" != "$b" ]; then
		echo "fuzz.sh: VAES_BACKEND=$b runs $active here; skipping $b" >&2
		continue
	fi
	for f in $targets; do
		echo "=== $f on $b for $fuzztime"
		VAES_BACKEND=$b go test -run '^$' -fuzz "^$f\$" -fuzztime "$fuzztime" .
	done
done
echo "fuzz.sh: all targets passed on: $(echo $backends)"
