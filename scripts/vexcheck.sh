#!/usr/bin/env bash
# vexcheck.sh: the code that the archsimd backend runs on a CPU without
# AVX-512 must need no AVX-512. At widths 256 and 128 archsimd runs the
# vaes256 and aesni models (and aesround's key expansion), built here with
# Go 1.27.3 and GOEXPERIMENT=simd; their compiled code may use only what
# VEX encodes: no ZMM register, no mask register, no vector register 16-31
# (Go 1.27.3 lets its register allocator put some 256-bit operations, such
# as VPCLMULQDQ on YMM registers, in registers 16-31, which only the EVEX
# encoding reaches) and no instruction that exists only in EVEX form. A
# CPU with AVX-512, as CI's, runs such code; an AVX2 CPU faults on it. The
# check reads the compiler's assembly listing (go build -gcflags=-S).
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
regs='[[:space:],(](Z[0-9]+|K[1-7]|[XY](1[6-9]|2[0-9]|3[01]))([[:space:],)]|$)'
ops='[[:space:]](VPXOR[QD]|VPAND[QD]|VPANDN[QD]|VPOR[QD]|VMOVDQ[UA](8|16|32|64)|VPTERNLOG[DQ]|VPERM[BW]|VPERM[IT]2[BWDQ]|VPRO[LR]V?[DQ]|VEXTRACTI(32X4|64X2|32X8|64X4)|VINSERTI(32X4|64X2|32X8|64X4)|VBROADCASTI(32X4|64X2|32X8|64X4)|VPSRAV?Q|VPCOMPRESS[BWDQ]|VPEXPAND[BWDQ]|VPMOVM2[BWDQ]|VPMOV[BWDQ]2M|KMOV[BWDQ])[[:space:]]'
listing=$(mktemp)
trap 'rm -f "$listing"' EXIT
status=0
for pkg in backends/vaes256 backends/aesni aesround; do
	GOTOOLCHAIN=go1.27.3 GOEXPERIMENT=simd go build -gcflags="github.com/vaesgo/vaes/$pkg=-S" "./$pkg" 2>"$listing"
	# Instruction lines only: "\t0x0000 00000 (file:line)\tOP\targs".
	found=$(grep -P '^\t0x[0-9a-f]+ \d+ \(' "$listing" | grep -E -e "$regs" -e "$ops" || true)
	if [ -n "$found" ]; then
		echo "vexcheck: $pkg needs AVX-512 in its archsimd build:" >&2
		printf '%s\n' "$found" | head -20 >&2 || true
		status=1
	fi
done
exit $status
