#!/usr/bin/env bash
# mincmp.sh OLD NEW [ROUNDS] [BACKENDS...]: the lowest time per call of Seal,
# Open and CTR at two commits, side by side, on a shared and noisy machine.
#
# Builds internal/cmd/mintime (from the working tree) against the library at
# each commit, then runs the two binaries in alternating order for ROUNDS
# rounds (default 6) on each backend (default: every assembly backend this
# CPU runs), and prints old/new ratios of the lowest time per call (above 1:
# NEW is faster). MINTIME_FLAGS passes flags to mintime, e.g. -sizes 16,64.
set -euo pipefail
old=$1; new=$2; rounds=${3:-6}; shift $(( $# < 3 ? $# : 3 ))
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build() { # build COMMIT NAME
	mkdir -p "$work/src-$2" "$work/tool-$2"
	git -C "$root" archive "$1" | tar -x -C "$work/src-$2"
	cp "$root/internal/cmd/mintime/main.go" "$work/tool-$2/"
	printf 'module mintime\ngo 1.26\nrequire github.com/vaesgo/vaes v0.0.0\nreplace github.com/vaesgo/vaes => %s\n' \
		"$work/src-$2" >"$work/tool-$2/go.mod"
	(cd "$work/tool-$2" && GOFLAGS=-mod=mod go build -o "$work/$2" .)
}
build "$old" old
build "$new" new
backends=("$@")
if [ ${#backends[@]} -eq 0 ]; then
	(cd "$root" && go build -o "$work/backends" ./internal/cmd/backends)
	for b in $("$work/backends"); do
		case $b in vaes512 | vaes256 | aesni) backends+=("$b") ;; esac
	done
fi
for r in $(seq 1 "$rounds"); do
	for b in "${backends[@]}"; do
		order="old new"
		[ $((r % 2)) = 0 ] && order="new old"
		for w in $order; do
			VAES_BACKEND=$b "$work/$w" ${MINTIME_FLAGS:-} | sed "s|^|R$r $b/|" >>"$work/$w.txt"
		done
	done
done
echo "old $old, new $new, $rounds rounds; $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null || true)"
(cd "$root" && go run ./internal/cmd/mintime -compare "$work/old.txt" "$work/new.txt")
