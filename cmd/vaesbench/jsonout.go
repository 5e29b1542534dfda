package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"strings"
	"time"
)

// report is everything one run found, as -json writes it.
type report struct {
	Command  []string    `json:"command"` // vaesbench and its arguments
	Started  time.Time   `json:"started"`
	Seconds  float64     `json:"seconds"` // how long the measuring took
	Versions versions    `json:"versions"`
	Machine  machine     `json:"machine"`
	Backends backendList `json:"backends"`
	Method   method      `json:"method"`
	Tables   []jsonTable `json:"tables"`
}

// backendList says which backends this CPU and build can run, and which
// one the package picked.
type backendList struct {
	Available   []string `json:"available"`
	Unavailable []string `json:"unavailable,omitempty"`
	Dispatch    string   `json:"dispatch"`
}

// method says how the figures were taken.
type method struct {
	Reference string  `json:"reference"` // the contender ratios are taken against
	Rounds    int     `json:"rounds"`    // alternating rounds per size
	SliceMS   float64 `json:"slice_ms"`  // time each contender runs per round
	AAD       int     `json:"aad_bytes"` // additional data per Seal and Open
	OpenSSL   string  `json:"openssl"`   // how openssl was run, or why it was not
}

// jsonTable is one operation at one key size.
type jsonTable struct {
	Operation string       `json:"operation"`
	Title     string       `json:"title"`
	KeyBits   int          `json:"key_bits"`
	Results   []jsonResult `json:"results"`
}

// jsonResult is one contender at one size: every round and what the
// tables show of them. Times are nanoseconds per call; a failed contender
// has Error and no figures.
type jsonResult struct {
	Contender     string    `json:"contender"`
	Backend       string    `json:"backend,omitempty"` // the registry's name, for VAES_BACKEND
	Bytes         int       `json:"bytes"`
	RoundsNS      []float64 `json:"rounds_ns,omitempty"`
	MedianNS      float64   `json:"median_ns,omitempty"`
	GBps          float64   `json:"gb_per_s,omitempty"`
	CyclesPerByte float64   `json:"cycles_per_byte,omitempty"`
	VsReference   float64   `json:"vs_reference,omitempty"`
	Note          string    `json:"note,omitempty"`
	Error         string    `json:"error,omitempty"`
}

// jsonTables converts the measured tables, with cycles counted at hz.
func jsonTables(tables []*table, hz float64) []jsonTable {
	var out []jsonTable
	for _, t := range tables {
		jt := jsonTable{Operation: t.op.name, Title: t.op.title, KeyBits: t.keyBits}
		for _, r := range t.rows {
			for i, c := range t.contenders {
				res := jsonResult{Contender: c.name, Bytes: r.size, Note: c.note}
				if c.backend != nil {
					res.Backend = c.backend.Name
				}
				if r.wrong[i] != nil {
					res.Error = r.wrong[i].Error()
				} else {
					s := r.stats[i]
					for _, ns := range s.rounds {
						res.RoundsNS = append(res.RoundsNS, round(ns, 2))
					}
					res.MedianNS = round(s.median, 2)
					res.GBps, res.VsReference = round(r.gbps(i), 4), round(r.ratio(i), 4)
					res.CyclesPerByte = round(r.cyclesPerByte(i, hz), 4)
				}
				jt.Results = append(jt.Results, res)
			}
		}
		out = append(out, jt)
	}
	return out
}

// round rounds x to digits decimal places: the figures are not more
// precise than that, and the file is easier to read.
func round(x float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(x*p) / p
}

// writeJSON writes rep, indented, with each result and each feature on a
// line of its own, so that the file stays short enough to read.
func writeJSON(w io.Writer, rep *report) error {
	text, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	text, err = oneLinePerElement(text)
	if err != nil {
		return err
	}
	_, err = w.Write(append(text, '\n'))
	return err
}

// oneLinePerElement rewrites indented JSON so that every object that is an
// element of an array, and holds no object itself, sits on one line.
func oneLinePerElement(in []byte) ([]byte, error) {
	lines := strings.Split(string(in), "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		body := strings.TrimLeft(lines[i], " ")
		indent := lines[i][:len(lines[i])-len(body)]
		if body != "{" || i == 0 {
			out = append(out, lines[i])
			continue
		}
		// Gather the element up to the brace that closes it, at the same
		// indentation.
		j, leaf := i+1, true
		for j < len(lines) && !strings.HasPrefix(lines[j], indent+"}") {
			leaf = leaf && !strings.HasSuffix(lines[j], "{")
			j++
		}
		if j == len(lines) {
			return nil, errors.New("json: unbalanced object")
		}
		if !leaf {
			out = append(out, lines[i])
			continue
		}
		end := strings.TrimPrefix(lines[j], indent)
		var obj bytes.Buffer
		if err := json.Compact(&obj, []byte(strings.Join(lines[i:j], "\n")+"}")); err != nil {
			return nil, err
		}
		out = append(out, indent+obj.String()+strings.TrimPrefix(end, "}"))
		i = j
	}
	return []byte(strings.Join(out, "\n")), nil
}
