#!/usr/bin/env bash
# cpumatrix.sh: the test suite on older CPUs, emulated by qemu-user.
#
#	scripts/cpumatrix.sh [model ...]
#
# Every machine CI gets has AVX-512 and VAES; the users' machines are often
# older or narrower. GODEBUG=cpu.*=off hides features from dispatch, but the
# CPU still runs whatever a kernel contains and CPUID is still the host's,
# so it cannot catch an AVX2 or AVX-512 instruction on a path chosen for an
# older CPU, or a feature read from the wrong CPUID bit. qemu-user's TCG
# emulator answers CPUID for the model it is given and faults (SIGILL) on
# any instruction that model lacks.
#
# For each model this script
#   - prints what dispatch saw (internal/cmd/backends -cpu: the features,
#     vendor, the backend in use, aesni's GCM kernel set) and fails unless
#     the backend and kernel set are the ones expected for that model, with
#     VAES_BACKEND unset and with VAES_BACKEND=vaes512 (which such a CPU
#     cannot run: the same choice must come back);
#   - runs test binaries of the root package and of the packages below under
#     the emulator with -test.short, in each package's folder, with
#     VAES_QEMU_CPU set (tests that compare CPUID with the host's
#     /proc/cpuinfo skip themselves then);
#   - prints one summary line.
#
# What the emulator cannot run (QEMU 7.2, Debian 12): VPCLMULQDQ on YMM and
# ZMM registers and every AVX-512 instruction (it faults, and its models do
# not report them), and VAESENC/VAESDEC on YMM registers, whose upper lane
# it computes wrongly. So vaes256 and vaes512 are never executed here: their
# packages run only their setup and feature tests (TestFeatures, TestGODEBUG,
# TestCounterBranch, TestNoEVEX), not the model sweeps, which native CI runs
# with the same Go. vaes256's and vaes512's instruction sets are checked
# statically in CI instead (TestFeatures: each function's "// Requires:"
# line against the backend's feature list; TestNoEVEX and
# scripts/vexcheck.sh: no EVEX encoding in vaes256's code and its width-256
# models).
#
# Models, and what dispatch must pick on each:
#   qemu64       no AES-NI                 generic
#   Westmere     AES-NI, no AVX            aesni, SSE kernels
#   SandyBridge  AES-NI and AVX (Intel)    aesni, AVX kernels, public ones
#   Haswell      AVX2, BMI2 (Intel)        aesni, AVX kernels, public ones
#   max          QEMU's widest model, VAES
#                without VPCLMULQDQ, AMD   aesni, AVX kernels
# Two models run at a time (the emulator uses one core each): about 12
# minutes in all on two cores of an AMD EPYC (Zen 5).
set -euo pipefail

if ! command -v qemu-x86_64 >/dev/null 2>&1; then
	echo "cpumatrix: needs qemu-x86_64 (Debian: apt-get install qemu-user)" >&2
	exit 1
fi
if [ "$(go env GOARCH)" != amd64 ]; then
	echo "cpumatrix: amd64 only" >&2
	exit 1
fi

declare -A expect=(
	[qemu64]="generic SSE"
	[Westmere]="aesni SSE"
	[SandyBridge]="aesni AVX+public"
	[Haswell]="aesni AVX+public"
	[max]="aesni AVX"
)
models=("$@")
if [ ${#models[@]} -eq 0 ]; then
	models=(qemu64 Westmere SandyBridge Haswell max)
fi

# Packages whose whole -short suite runs, and those cut to their setup and
# feature tests (see above).
full=(. ./backends/aesni ./internal/kernels ./internal/conformance ./internal/cpuid ./internal/backendenv ./ghash ./aesround ./tables ./vec)
cut=(./backends/vaes256 ./backends/vaes512)
cutRun='^(TestFeatures|TestGODEBUG|TestCounterBranch|TestNoEVEX)$'

root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "cpumatrix: building the tool and the test binaries"
go build -o "$tmp/backends" ./internal/cmd/backends
name() { echo "$1" | tr './' '_-'; }
for p in "${full[@]}" "${cut[@]}"; do
	go test -c -o "$tmp/$(name "$p").test" "$p"
done

# emulate MODEL CMD...: CMD under qemu-user's MODEL, with the emulator's
# warnings about features TCG lacks left out and the exit code kept.
emulate() {
	local model=$1
	shift
	VAES_QEMU_CPU=$model qemu-x86_64 -cpu "$model" "$@" 2> >(grep -v 'warning: TCG doesn.t support requested feature' >&2)
}

# run MODEL: checks dispatch and runs the suites on MODEL, logging to
# $tmp/MODEL.log; prints the summary line last.
run() {
	local model=$1 log="$tmp/$1.log" start=$SECONDS
	local want=${expect[$model]:-}
	{
		local line got
		line=$(emulate "$model" "$tmp/backends" -cpu)
		echo "$model: $line"
		got="$(echo "$line" | sed -n 's/.*backend=\([^ ]*\) aesni=\([^ ]*\).*/\1 \2/p')"
		if [ -n "$want" ] && [ "$got" != "$want" ]; then
			echo "$model: dispatch picked \"$got\", want \"$want\""
			return 1
		fi
		forced=$(VAES_BACKEND=vaes512 emulate "$model" "$tmp/backends" -active)
		if [ "$forced" != "${got%% *}" ]; then
			echo "$model: VAES_BACKEND=vaes512 gave $forced, want the fallback ${got%% *}"
			return 1
		fi
		local p
		for p in "${full[@]}"; do
			echo "--- $model $p"
			(cd "$root/$p" && emulate "$model" "$tmp/$(name "$p").test" -test.short) || {
				echo "$model: FAIL $p"
				return 1
			}
		done
		for p in "${cut[@]}"; do
			echo "--- $model $p (setup and feature tests)"
			(cd "$root/$p" && emulate "$model" "$tmp/$(name "$p").test" -test.short -test.run "$cutRun") || {
				echo "$model: FAIL $p"
				return 1
			}
		done
		echo "cpumatrix: $model ok in $((SECONDS - start)) s: ${got:-?} (${#full[@]} packages whole, ${#cut[@]} setup only)"
	} >"$log" 2>&1
}

# At most two models at a time, a new one as soon as one ends.
failed=0
running=0
for m in "${models[@]}"; do
	if [ $running -eq 2 ]; then
		wait -n || failed=1
		running=$((running - 1))
	fi
	run "$m" &
	running=$((running + 1))
done
while [ $running -gt 0 ]; do
	wait -n || failed=1
	running=$((running - 1))
done

for m in "${models[@]}"; do
	if tail -1 "$tmp/$m.log" | grep -q "^cpumatrix: $m ok"; then
		head -1 "$tmp/$m.log"
		tail -1 "$tmp/$m.log"
	else
		echo "=== $m failed; its log:"
		tail -60 "$tmp/$m.log"
		failed=1
	fi
done
echo "cpumatrix: not executed on any model: vaes256 and vaes512 (no VPCLMULQDQ on YMM/ZMM or AVX-512 in qemu-user; VAES on YMM computed wrongly), archsimd (Go 1.27 experiment builds only), stdlib (arm64, ppc64x, s390x)"
exit $failed
