package main

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"time"
)

// plan is what one run measures.
type plan struct {
	ops      []operation
	keyBits  []int
	sizes    []int
	rounds   int
	slice    time.Duration
	openssl  *openssl // nil: no openssl figures
	progress *progress
}

// table is one operation at one key size: one printed table, one panel of
// the chart, one group of the JSON file.
type table struct {
	op         operation
	keyBits    int
	contenders []contender
	rows       []row
}

// expectedSeconds estimates how long the run will take, for the progress
// line: every contender for one time slice per round at every size, and a
// second for each openssl run.
func (p *plan) expectedSeconds(contenders int) float64 {
	perTable := float64(len(p.sizes)*contenders*p.rounds) * p.slice.Seconds()
	total := float64(len(p.ops)*len(p.keyBits)) * perTable
	if p.openssl != nil && p.hasSeal() {
		total += float64(len(p.keyBits)*len(p.sizes)) * 1.0
	}
	if p.openssl != nil {
		for _, op := range p.ops {
			if isXTS(op) {
				total += float64(len(p.keyBits)*len(p.sizes)) * 1.0
			}
		}
	}
	return total
}

func (p *plan) hasSeal() bool {
	for _, op := range p.ops {
		if op.name == "seal" {
			return true
		}
	}
	return false
}

// measureTable checks and times op at one key size for every contender at
// every size, and for Seal adds openssl as one more contender.
func (p *plan) measureTable(op operation, keyBits int, cs []contender) (*table, error) {
	key := pattern(keyBits/8, 1)
	t := &table{op: op, keyBits: keyBits, contenders: slices.Clone(cs)}
	t.rows = runOperation(op, cs, key, p.sizes, p.rounds, p.slice, func(size, round, i int) {
		p.progress.show(fmt.Sprintf("%s AES-%d, %d B, %s, round %d/%d",
			op.name, keyBits, size, cs[i].name, round+1, p.rounds))
		p.progress.add(p.slice.Seconds())
	})
	if op.name == "seal" && p.openssl != nil {
		if err := p.addOpenSSL(t); err != nil {
			return t, err
		}
	}
	if isXTS(op) && p.openssl != nil {
		if err := p.addOpenSSLXTS(t); err != nil {
			return t, err
		}
	}
	return t, nil
}

// addOpenSSL runs openssl's AES-GCM encryption at every size of t and adds
// it to t as the last contender.
func (p *plan) addOpenSSL(t *table) error {
	o := p.openssl
	var ns []float64
	for _, r := range t.rows {
		p.progress.show(fmt.Sprintf("openssl speed aes-%d-gcm, %d B", t.keyBits, r.size))
		v, err := o.seal(t.keyBits, r.size)
		if err != nil {
			return err
		}
		p.progress.add(1)
		ns = append(ns, v)
	}
	t.contenders = append(t.contenders, contender{name: o.version, note: o.method()})
	for i := range t.rows {
		t.rows[i].stats = append(t.rows[i].stats, newStat([]float64{ns[i]}))
		t.rows[i].wrong = append(t.rows[i].wrong, nil)
	}
	return nil
}

// runOperation checks and times op for every contender at every size. If
// before is not nil, it is called ahead of each measurement with the size,
// the round and the index of the contender about to be timed.
func runOperation(op operation, cs []contender, key []byte, sizes []int, rounds int, slice time.Duration,
	before func(size, round, i int)) []row {
	var rows []row
	for _, size := range sizes {
		if op.wholeBlocks {
			size &^= 15
		}
		r := row{size: size, stats: make([]stat, len(cs)), wrong: make([]error, len(cs))}
		var runs []func()
		var which []int
		var want []byte
		for i, c := range cs {
			run, out, err := op.setup(c, key, size)
			switch {
			case err != nil:
				r.wrong[i] = err
			case i == 0:
				want = out
			case !bytes.Equal(out, want):
				r.wrong[i] = fmt.Errorf("output differs from %s", reference)
			}
			if r.wrong[i] == nil {
				runs = append(runs, run)
				which = append(which, i)
			}
		}
		runtime.GC()
		var tick func(round, j int)
		if before != nil {
			tick = func(round, j int) { before(size, round, which[j]) }
		}
		for j, s := range compare(runs, rounds, slice, tick) {
			r.stats[which[j]] = s
		}
		rows = append(rows, r)
	}
	return rows
}
