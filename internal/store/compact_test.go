package store

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"
)

// Issue 22: each stored list added ~5.6 MB to the store (the list, the
// list in force and the report, whole). The two lists are stored
// compressed and read back the same; what was stored before compression
// reads as it is.
func TestListsStoredCompact(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	var csv, base bytes.Buffer
	csv.WriteString("fsi_id,fide_id,surname,name\n")
	for i := range 30000 {
		fmt.Fprintf(&csv, "%d,,Cognome%d,Nome%d,%d\n", 100000+i, i%977, i%613, 1400+i%700)
		fmt.Fprintf(&base, "%d,,Cognome%d,Nome%d,%d\n", 100000+i, i%977, i%613, 1390+i%700)
	}
	report := bytes.Repeat([]byte(`{"fsi_id":"123456","delta":12},`), 20000)
	l := &RatingList{Kind: "rapid", Period: "2026-11", Issue: "2026-11-01", Cutoff: "2026-10-25", List: csv.Bytes(),
		Base: base.Bytes(), Rows: 30000, Report: report}
	if _, err := s.SaveRatingList(ctx, l, false, time.Now()); err != nil {
		t.Fatal(err)
	}
	var stored int
	if err := s.db.QueryRowContext(ctx, `SELECT length(list) + length(base) FROM rating_lists`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	whole := csv.Len() + base.Len()
	if stored > whole/3 {
		t.Errorf("a list of %d bytes stored in %d", whole, stored)
	}
	got, ok, err := s.RatingListOf(ctx, "rapid", "2026-11")
	if err != nil || !ok || !bytes.Equal(got.List, csv.Bytes()) || !bytes.Equal(got.Base, base.Bytes()) || !bytes.Equal(got.Report, report) {
		t.Fatalf("read back: %v %v", ok, err)
	}
	// A list stored before: plain bytes.
	if _, err := s.db.ExecContext(ctx, `UPDATE rating_lists SET list = ?, report = '{}'`, []byte("fsi_id\n1\n")); err != nil {
		t.Fatal(err)
	}
	if got, _, err := s.RatingListOf(ctx, "rapid", "2026-11"); err != nil || string(got.List) != "fsi_id\n1\n" || string(got.Report) != "{}" {
		t.Errorf("an uncompressed list: %q %v", got.List, err)
	}
}
