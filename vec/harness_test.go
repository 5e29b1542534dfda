package vec

import (
	"hash/fnv"
	"math/rand/v2"
	"testing"
)

// The tests hold every operation to a scalar reference written here, lane by
// lane, on random inputs. They reach the lanes through lanes() and
// setLanes(), which exist only in the tests (lanes_emu_test.go for the
// emulation, lanes_simd_test.go for the build on archsimd).

type elem interface {
	uint8 | int8 | uint32 | uint64
}

// lanesOf is satisfied by a pointer to a vector type with lane element E.
type lanesOf[V any, E elem] interface {
	*V
	lanes() []E     // a copy of the lanes
	setLanes(l []E) // sets every lane from l
}

// iters is the number of random inputs each check tries.
const iters = 300

// newRand returns a generator seeded from name, so a failure reproduces.
func newRand(name string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(name))
	return rand.New(rand.NewPCG(h.Sum64(), 0x7665632d74657374))
}

// rnd returns a vector of random lanes. One time in eight the lanes are
// drawn from a few edge values instead, so equal lanes, zeros and all-ones
// turn up.
func rnd[V any, E elem, P lanesOf[V, E]](r *rand.Rand) V {
	var v V
	l := P(&v).lanes()
	edge := r.IntN(8) == 0
	for i := range l {
		if edge {
			l[i] = E([]uint64{0, 1, ^uint64(0), 0x80 << (8 * r.IntN(8))}[r.IntN(4)])
		} else {
			l[i] = E(r.Uint64())
		}
	}
	P(&v).setLanes(l)
	return v
}

// lanesCopy returns the lanes of v.
func lanesCopy[V any, E elem, P lanesOf[V, E]](v V) []E {
	return P(&v).lanes()
}

// checkLanes compares got with want lane by lane.
func checkLanes[E elem](t *testing.T, what string, got, want []E) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d lanes, want %d", what, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: lane %d = %#x, want %#x\ngot  %v\nwant %v", what, i, got[i], want[i], got, want)
		}
	}
}

// checkUnary checks op against ref, which gives lane i of the result from the
// lanes of the input.
func checkUnary[V any, E elem, P lanesOf[V, E]](t *testing.T, name string, op func(V) V, ref func(i int, x []E) E) {
	t.Helper()
	r := newRand(name)
	for range iters {
		x := rnd[V, E, P](r)
		xs := lanesCopy[V, E, P](x)
		want := make([]E, len(xs))
		for i := range want {
			want[i] = ref(i, xs)
		}
		checkLanes(t, name, lanesCopy[V, E, P](op(x)), want)
	}
}

// checkBinary is checkUnary for operations of two vectors of one type.
func checkBinary[V any, E elem, P lanesOf[V, E]](t *testing.T, name string, op func(x, y V) V, ref func(i int, x, y []E) E) {
	t.Helper()
	r := newRand(name)
	for range iters {
		x, y := rnd[V, E, P](r), rnd[V, E, P](r)
		xs, ys := lanesCopy[V, E, P](x), lanesCopy[V, E, P](y)
		want := make([]E, len(xs))
		for i := range want {
			want[i] = ref(i, xs, ys)
		}
		checkLanes(t, name, lanesCopy[V, E, P](op(x, y)), want)
	}
}

// leBytes is the memory image of a vector's lanes: each lane little-endian,
// lane 0 first. It is the reference for every reinterpretation.
func leBytes[E elem](l []E) []byte {
	var b []byte
	for _, v := range l {
		u := uint64(v)
		for k := range elemSize[E]() {
			b = append(b, byte(u>>(8*k)))
		}
	}
	return b
}

func elemSize[E elem]() int {
	var z E
	switch any(z).(type) {
	case uint8, int8:
		return 1
	case uint32:
		return 4
	}
	return 8
}

// panics reports whether f panics.
func panics(f func()) (did bool) {
	defer func() { did = recover() != nil }()
	f()
	return false
}
