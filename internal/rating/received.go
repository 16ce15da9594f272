package rating

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strings"
	"time"

	"omologa/internal/tournament"
)

// ReadReceived reads the receipt dates of tournament files, a CSV with
// the columns file and received (in any order, a header naming them; a
// BOM is dropped): a date YYYY-MM-DD, or an RFC 3339 time, which becomes
// its calendar day in loc. It is how `omologa list close` learns when
// each file reached the federation. Errors name the file and line.
func ReadReceived(name string, data []byte, loc *time.Location) (map[string]tournament.Date, error) {
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))))
	r.TrimLeadingSpace = true
	recs, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("%s:1: empty file: a header file,received is needed", name)
	}
	fi, ri := -1, -1
	for i, h := range recs[0] {
		switch strings.ToLower(strings.TrimSpace(h)) {
		case "file":
			fi = i
		case "received":
			ri = i
		}
	}
	if fi < 0 || ri < 0 {
		return nil, fmt.Errorf("%s:1: header must name the columns file and received", name)
	}
	out := map[string]tournament.Date{}
	for n, rec := range recs[1:] {
		line := n + 2
		if len(rec) <= max(fi, ri) {
			return nil, fmt.Errorf("%s:%d: file and received expected", name, line)
		}
		s := strings.TrimSpace(rec[ri])
		var d tournament.Date
		if ts, err := time.Parse(time.RFC3339, s); err == nil {
			d = tournament.DateOf(ts.In(loc))
		} else if err := d.UnmarshalText([]byte(s)); err != nil || !d.IsFull() {
			return nil, fmt.Errorf("%s:%d: received: %q is not a date YYYY-MM-DD or an RFC 3339 time", name, line, s)
		}
		out[strings.TrimSpace(rec[fi])] = d
	}
	return out, nil
}
