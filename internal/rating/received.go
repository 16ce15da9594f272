package rating

import (
	"fmt"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/tournament"
)

// ReadReceived reads the receipt dates of tournament files, a CSV with
// the columns file and received (in any order, a header naming them; a
// BOM is dropped): a date YYYY-MM-DD, or an RFC 3339 time, which becomes
// its calendar day in loc. It is how `omologa list close` learns when
// each file reached the federation. Errors name the file and line.
func ReadReceived(name string, data []byte, loc *time.Location) (map[string]tournament.Date, error) {
	t, err := registers.ReadTable(name, data)
	if err != nil {
		return nil, err
	}
	if !t.Has("file") || !t.Has("received") {
		return nil, fmt.Errorf("%s:1: header must name the columns file and received", name)
	}
	out := map[string]tournament.Date{}
	for i, rec := range t.Rows {
		if len(rec) < len(t.Header) && (t.Get(i, "file") == "" || t.Get(i, "received") == "") {
			return nil, fmt.Errorf("%s:%d: file and received expected", name, t.Lines[i])
		}
		s := t.Get(i, "received")
		var d tournament.Date
		if ts, err := time.Parse(time.RFC3339, s); err == nil {
			d = tournament.DateOf(ts.In(loc))
		} else if err := d.UnmarshalText([]byte(s)); err != nil || !d.IsFull() {
			return nil, fmt.Errorf("%s:%d: received: %q is not a date YYYY-MM-DD or an RFC 3339 time", name, t.Lines[i], s)
		}
		out[t.Get(i, "file")] = d
	}
	return out, nil
}
