package store

import (
	"context"
	"fmt"
	"omologa/internal/fsi"
	"slices"
	"testing"
	"time"

	"omologa/internal/homologation/validate"
	"omologa/internal/intake/ingest"
)

// A tournament's province is its calendar event's, else the sign closing
// its city; the filters of both pages select by it.
func TestProvinceFilter(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	when := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	add := func(name, city string, auth *validate.Authorisation) {
		id, _, err := s.Record(ctx, &ingest.Submission{Channel: ingest.ChannelDrop, ReceivedAt: when, Original: ingest.Bytes([]byte(name)),
			Files: []ingest.File{{Name: name + ".trf", Content: ingest.Bytes([]byte(name))}}}, when)
		if err != nil {
			t.Fatal(err)
		}
		sub, err := s.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Judge(ctx, Judgement{SubmissionID: id, State: StateJudged, Verdicts: []Verdict{{FileID: sub.Files[0].ID,
			TournamentKey: name + "|2026-11-01|" + city, Name: name, City: city, Start: "2026-11-01", Verdict: "accepted",
			Kind: "standard", Period: "2027-01", Report: &validate.Report{Authorisation: auth}}}}, when); err != nil {
			t.Fatal(err)
		}
	}
	add("calendar", "Novara", &validate.Authorisation{Code: "2026-NO-1", Province: "no"})
	add("calendar wins", "Trecate (MI)", &validate.Authorisation{Code: "2026-NO-2", Province: "NO"})
	add("city", "Vigevano (pv)", nil)
	add("none", "Pavia", &validate.Authorisation{Code: "2026-PV-3"})

	ps, err := s.Provinces(ctx)
	if err != nil || !slices.Equal(ps, []string{"NO", "PV"}) {
		t.Fatalf("provinces %v (%v), want [NO PV]", ps, err)
	}
	for _, c := range []struct {
		province string
		want     []string
	}{{"NO", []string{"calendar", "calendar wins"}}, {"pv", []string{"city"}}, {"MI", nil}} {
		rows, _, err := s.BrowseTournaments(ctx, TournamentFilter{Province: c.province}, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rows {
			got = append(got, r.Name)
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("tournaments of %s: %v, want %v", c.province, got, c.want)
		}
		subs, n, err := s.BrowseSubmissions(ctx, SubmissionFilter{Province: c.province}, 0, 10)
		if err != nil || n != len(c.want) || len(subs) != len(c.want) {
			t.Errorf("submissions of %s: %d (%v), want %d", c.province, n, err, len(c.want))
		}
	}
	// A new version moving the tournament's city moves its province (the
	// column is kept by the schema's triggers).
	if _, err := s.db.ExecContext(ctx, `UPDATE tournaments SET city = 'Pavia (PV)' WHERE name = 'none'`); err != nil {
		t.Fatal(err)
	}
	if rows, _, err := s.BrowseTournaments(ctx, TournamentFilter{Province: "PV"}, 0, 10); err != nil || len(rows) != 2 {
		t.Errorf("after the city changed: %d tournaments of PV (%v), want 2", len(rows), err)
	}
	// The tournament's standing columns follow its verdict (triggers).
	if _, err := s.db.ExecContext(ctx, `UPDATE verdicts SET verdict = 'rejected', kind = 'rapid' WHERE tournament_key LIKE 'city|%'`); err != nil {
		t.Fatal(err)
	}
	rows, n, err := s.BrowseTournaments(ctx, TournamentFilter{Verdict: "rejected", Kind: "rapid"}, 0, 10)
	if err != nil || n != 1 || len(rows) != 1 || rows[0].Name != "city" {
		t.Errorf("rejected rapid tournaments: %d %v (%v), want city", n, rows, err)
	}
}

// TestProvinceColumnIsFsiProvince: the province the pages filter by (the
// verdicts' column the schema's triggers keep) is the vocabulary's
// (fsi.Province), case by case.
func TestProvinceColumnIsFsiProvince(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	when := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	for i, c := range []struct{ calendar, city string }{
		{"", "Novara (NO)"}, {"", "Novara (no)  "}, {"mi", "Novara (NO)"}, {"", "Novara"},
		{"", "Milano (centro)"}, {"", "Forlì (FC)"}, {"", ""}, {"", "(AB)"},
	} {
		name := fmt.Sprintf("t%d", i)
		id, _, err := s.Record(ctx, &ingest.Submission{Channel: ingest.ChannelDrop, ReceivedAt: when, Original: ingest.Bytes([]byte(name)),
			Files: []ingest.File{{Name: name + ".trf", Content: ingest.Bytes([]byte(name))}}}, when)
		if err != nil {
			t.Fatal(err)
		}
		sub, err := s.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Judge(ctx, Judgement{SubmissionID: id, State: StateJudged, Verdicts: []Verdict{{FileID: sub.Files[0].ID,
			TournamentKey: name + "|2026-11-01|" + c.city, Name: name, City: c.city, Start: "2026-11-01", Verdict: "accepted",
			Kind: "standard", Period: "2027-01", Report: &validate.Report{Authorisation: &validate.Authorisation{Code: name, Province: c.calendar}}}}}, when); err != nil {
			t.Fatal(err)
		}
		var got string
		if err := s.db.QueryRowContext(ctx, `SELECT province FROM verdicts WHERE file_id = ?`, sub.Files[0].ID).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if want := fsi.Province(c.calendar, c.city); got != want {
			t.Errorf("calendar %q, city %q: column %q, fsi.Province %q", c.calendar, c.city, got, want)
		}
	}
}
