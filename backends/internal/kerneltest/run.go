package kerneltest

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/ghash"
)

// Config is what a backend's rows are run with: its batch edges, counters
// and table layout.
type Config struct {
	// Assembly is the backend's .s file: every function in it must be the
	// kernel of a row.
	Assembly string

	// SweepMax is the longest length of the exhaustive sweep: the kernels
	// run at every length 0..SweepMax (every whole number of blocks, for
	// the blocks kernels), then at Long (rounded up to a block for them).
	SweepMax, Long int

	// ModelPlacement, if not nil, is the one placement the model runs at
	// for length n, because it is slow; the kernel runs at every
	// placement. If nil, the model runs at every placement too.
	ModelPlacement func(n int) Placement

	// Wrap is RandomCounter's below: one counter in four starts 1..Wrap
	// blocks below the wrap of its last 32 bits.
	Wrap int

	// CTR64Carry makes ctr64's counters start at most 256 blocks below a
	// carry out of their low 32 bits.
	CTR64Carry bool

	// CTR128Wraps and CTR128Lengths are how CTR128, the exported function
	// of ctr64, is held to crypto/cipher across the wraps of the low 64
	// bits and of all 128: with the low 64 bits each of CTR128Wraps steps
	// below 2^64, one call of each length in turn on one counter. All but
	// the last length should be whole blocks.
	CTR128Wraps   []uint64
	CTR128Lengths []int

	// Layout is the backend's key-power table from package ghash, the
	// reference for GHASHInit and the table every test key carries. It
	// fills the Powers slots from 0 and, if HalfSums is not 0, as many
	// from slot HalfSums.
	Layout           Layout
	Powers, HalfSums int

	// CounterBytes are the lengths at which the GCM kernels run with every
	// value of the counter's last byte; nil for none.
	CounterBytes []int

	// TableMax is the longest length the table tests (TableNeighbours,
	// TableAtGuardPages) run the kernels that read the table at.
	TableMax int

	// Runs, if not nil, reports whether this CPU can run the kernel of
	// that name (a function of the .s). A row whose kernel it cannot run
	// is tested through its model only: the model takes the kernel's
	// place, the exported function (which would call the kernel) is left
	// out, and the test log names the rows. Nil means every kernel runs:
	// on other architectures and under purego the kernels are Go.
	Runs func(kernel string) bool
}

// runnable returns rows as this CPU can run them: see Config.Runs.
func (c *Config) runnable(t *testing.T, rows []Row) []Row {
	if c.Runs == nil {
		return rows
	}
	rows = slices.Clone(rows)
	var models []string
	for i := range rows {
		r := &rows[i]
		if c.Runs(r.name(kernel)) {
			continue
		}
		models = append(models, r.name(kernel))
		r.calls[kernel], r.calls[exported] = r.calls[model], nil
		r.inits[kernel], r.inits[exported] = r.inits[model], nil
		r.expands[kernel], r.expands[exported] = r.expands[model], nil
		r.ctr128 = nil
	}
	if models != nil {
		t.Logf("this CPU cannot run %v: their models run in the kernels' place, their exported functions not at all", models)
	}
	return rows
}

// used reports whether the layout fills slot i of the table.
func (c *Config) used(i int) bool {
	return i < c.Powers || c.HalfSums != 0 && c.HalfSums <= i && i < c.HalfSums+c.Powers
}

// Run tests every row, each in a subtest named after its kernel: the
// model and the kernel at every length of the sweep, every placement and
// every key size (all placements for AES-128, one in place and one out of
// place for AES-192 and AES-256), and the exported function at one
// placement per length, against the reference, output, guard bytes,
// counter and running hash included. It first checks that the rows are the
// functions of the .s, each with its model.
func Run(t *testing.T, c Config, rows []Row) {
	t.Run("rows", func(t *testing.T) { checkRows(t, &c, rows) })
	for _, r := range c.runnable(t, rows) {
		t.Run(r.name(kernel), func(t *testing.T) {
			switch {
			case r.spec != nil:
				ForKeys(t, c.Layout, func(t *testing.T, rng *rand.Rand, k *Key, all bool) { r.sweep(t, &c, rng, k, all) })
				if r.spec.gcm && c.CounterBytes != nil {
					t.Run("counter-bytes", func(t *testing.T) { r.counterBytes(t, &c) })
				}
				if r.ctr128 != nil {
					t.Run("CTR128", func(t *testing.T) { ctr128(t, &c, r.ctr128) })
				}
			case r.inits[kernel] != nil:
				ForKeys(t, c.Layout, func(t *testing.T, rng *rand.Rand, k *Key, all bool) { r.ghashInit(t, &c, k) })
			default:
				r.expand(t)
			}
		})
	}
}

// name returns the name of the row's function in role, or "" if it has
// none.
func (r *Row) name(role int) string {
	_, name := r.qualifiedName(role)
	return name
}

// qualifiedName returns the package and the name of the row's function in
// role.
func (r *Row) qualifiedName(role int) (pkg, name string) {
	if r.funcs[role] == nil {
		return "", ""
	}
	full := runtime.FuncForPC(reflect.ValueOf(r.funcs[role]).Pointer()).Name()
	pkg, _, _ = strings.Cut(path.Base(full), ".")
	return pkg, full[strings.LastIndexByte(full, '.')+1:]
}

// checkRows checks that the rows' kernels are the functions of the .s, each
// once, and that each model is its kernel's name followed by Model; and
// that the table layout lies within the table.
func checkRows(t *testing.T, c *Config, rows []Row) {
	var want []string
	for name := range AsmFunctions(t, c.Assembly) {
		want = append(want, name)
	}
	var got []string
	for _, r := range rows {
		got = append(got, r.name(kernel))
		if r.name(model) != r.name(kernel)+"Model" {
			t.Errorf("the row of %s has the model %s", r.name(kernel), r.name(model))
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("%s defines %v; the rows are %v", c.Assembly, want, got)
	}
	n := len(ghash.Table{})
	if c.Powers < 1 || c.Powers > n || c.HalfSums != 0 && (c.HalfSums < c.Powers || c.HalfSums+c.Powers > n) {
		t.Errorf("keys in slots 0..%d, half sums from %d, table of %d slots", c.Powers-1, c.HalfSums, n)
	}
}

// placements returns where role runs at length n. The exported function,
// which checks its arguments and calls the kernel, runs at one placement.
func (r *Row) placements(c *Config, role, n int, all bool) []Placement {
	if role == exported {
		return Placements(n, false)[:1]
	}
	if role == model && c.ModelPlacement != nil {
		p := c.ModelPlacement(n)
		if r.spec.hashOnly {
			p.InPlace = false
		}
		return []Placement{p}
	}
	var ps []Placement
	for _, p := range Placements(n, all) {
		if !p.InPlace || !r.spec.hashOnly {
			ps = append(ps, p)
		}
	}
	return ps
}

// sweep runs the row's functions at every length and placement with key k.
func (r *Row) sweep(t *testing.T, c *Config, rng *rand.Rand, k *Key, all bool) {
	for _, n := range r.spec.lengths(c) {
		input := RandomBytes(rng, n)
		s := state{ctr: r.spec.counter(c, rng), y: [16]byte(RandomBytes(rng, 16))}
		want, ws := bytes.Repeat([]byte{Guard}, n), s
		r.spec.reference(k, &ws, want, input)
		for role, f := range r.calls {
			if f == nil {
				continue
			}
			for _, p := range r.placements(c, role, n, all) {
				got := s
				buf := p.Run(t, input, func(dst, src []byte) { f(k, &k.Table, &got, dst, src) })
				r.compare(t, role, p.String(), buf, p.Expect(want), got, ws)
			}
		}
	}
}

// compare stops the test if role's output buffer or state differs from
// the reference's.
func (r *Row) compare(t *testing.T, role int, where string, buf, wantBuf []byte, s, want state) {
	t.Helper()
	if !bytes.Equal(buf, wantBuf) {
		t.Fatalf("%s %s: output differs from the reference\ngot  %x\nwant %x", r.name(role), where, buf, wantBuf)
	}
	if s != want {
		t.Fatalf("%s %s: counter %x, hash %x; want counter %x, hash %x", r.name(role), where, s.ctr, s.y, want.ctr, want.y)
	}
}

// counterBytes runs the row with every value of the counter's last byte
// (and, for even values, a byte above it that wraps too) at every length
// of c.CounterBytes, so that every batch and tail meets the last byte's
// wrap at every position.
func (r *Row) counterBytes(t *testing.T, c *Config) {
	rng := rand.New(rand.NewPCG(7, 8))
	k := NewKey(t, rng, 16, c.Layout)
	for _, n := range c.CounterBytes {
		input := RandomBytes(rng, n)
		p := Placement{N: n}
		for b := range 256 {
			s := state{ctr: [16]byte(RandomBytes(rng, 16)), y: [16]byte(RandomBytes(rng, 16))}
			s.ctr[15] = byte(b)
			if b%2 == 0 {
				s.ctr[14] = 0xff
			}
			want, ws := make([]byte, n), s
			r.spec.reference(k, &ws, want, input)
			for role, f := range r.calls {
				if f == nil {
					continue
				}
				got := s
				buf := p.Run(t, input, func(dst, src []byte) { f(k, &k.Table, &got, dst, src) })
				r.compare(t, role, fmt.Sprintf("n=%d last byte %#x", n, b), buf, p.Expect(want), got, ws)
			}
		}
	}
}

// ghashInit checks the row's functions against the table of k, laid out
// by c.Layout, with guard bytes in the slots the layout leaves free and
// around the table.
func (r *Row) ghashInit(t *testing.T, c *Config, k *Key) {
	// guarded is a table between two slots' worth of guard bytes.
	type guarded struct {
		before [16]byte
		table  ghash.Table
		after  [16]byte
	}
	var fresh guarded
	b := unsafe.Slice((*byte)(unsafe.Pointer(&fresh)), unsafe.Sizeof(fresh))
	copy(b, bytes.Repeat([]byte{Guard}, len(b)))
	want := fresh
	for i := range want.table {
		if c.used(i) {
			want.table[i] = k.Table[i]
		}
	}
	for role, f := range r.inits {
		if f == nil {
			continue
		}
		got := fresh
		f(&got.table, &k.H)
		for i := range got.table {
			if got.table[i] != want.table[i] {
				t.Fatalf("%s: slot %d is %x, want %x", r.name(role), i, got.table[i], want.table[i])
			}
		}
		if got != want {
			t.Fatalf("%s wrote outside the table", r.name(role))
		}
	}
}

// expand checks the row's functions against aesround.Expand on random
// keys of every size, and that the exported function refuses a key of any
// other length with its package's panic.
func (r *Row) expand(t *testing.T) {
	if e := r.expands[exported]; e != nil {
		pkg, _ := r.qualifiedName(exported)
		for _, n := range []int{0, 15, 17, 20, 33} {
			WantPanic(t, pkg+": invalid key length", func() { e(new(aesround.Schedule), make([]byte, n)) })
		}
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for _, size := range []int{16, 24, 32} {
		for range 100 {
			key := RandomBytes(rng, size)
			var want aesround.Schedule
			aesround.Expand(&want, key)
			for role, f := range r.expands {
				if f == nil {
					continue
				}
				var got aesround.Schedule
				f(&got, key)
				if got != want {
					t.Fatalf("%s: AES-%d key %x: schedule differs from aesround.Expand", r.name(role), 8*size, key)
				}
			}
		}
	}
}
