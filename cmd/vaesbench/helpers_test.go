package main

import (
	"errors"
	"slices"
)

// fakeTable builds a table with the given contenders whose time per call
// at each size is size/gbps[i] ns, measured in three identical rounds, as
// if each ran at a fixed throughput. A gbps of 0 marks a failed contender.
func fakeTable(op operation, keyBits int, sizes []int, names []string, gbps []float64) *table {
	t := &table{op: op, keyBits: keyBits}
	for _, n := range names {
		c := contender{name: n}
		if n != reference && !slices.Contains([]string{"OpenSSL 3.0.19"}, n) {
			c.backend = lookupDisplayName(n)
		}
		t.contenders = append(t.contenders, c)
	}
	for _, size := range sizes {
		r := row{size: size}
		for _, g := range gbps {
			if g == 0 {
				r.stats = append(r.stats, stat{})
				r.wrong = append(r.wrong, errors.New("output differs from crypto/aes"))
				continue
			}
			ns := float64(size) / g
			r.stats = append(r.stats, newStat([]float64{ns, ns * 1.1, ns * 0.9}))
			r.wrong = append(r.wrong, nil)
		}
		t.rows = append(t.rows, r)
	}
	return t
}

// op returns the operation called name.
func op(name string) operation {
	ops, err := parseOps(name)
	if err != nil {
		panic(err)
	}
	return ops[0]
}
