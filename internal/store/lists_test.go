package store

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/intake/ingest"
)

// judged records a one-file submission received at when and judges it
// with the verdict, kind and tournament key given; it returns the file id.
func judged(t *testing.T, s *Store, raw string, when time.Time, verdict string, kind fsi.Kind, key string, supersedes int64) int64 {
	t.Helper()
	ctx := context.Background()
	id, _, err := s.Record(ctx, &ingest.Submission{Channel: ingest.ChannelDrop, ReceivedAt: when, Original: ingest.Bytes([]byte(raw)),
		Files: []ingest.File{{Name: raw + ".trf", Content: ingest.Bytes([]byte(raw))}}}, when)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := s.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	fid := sub.Files[0].ID
	if err := s.Judge(ctx, Judgement{SubmissionID: id, State: StateJudged, Verdicts: []Verdict{{FileID: fid,
		TournamentKey: key, Name: raw, Verdict: verdict, Kind: kind, Period: "2026-12", Supersedes: supersedes}}}, when); err != nil {
		t.Fatal(err)
	}
	return fid
}

func TestHomologatedFiles(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	day := func(d int, h int) time.Time { return time.Date(2026, 11, d, h, 0, 0, 0, time.UTC) }
	a := judged(t, s, "a", day(1, 10), "accepted", "rapid", "a|2026-10-30|x", 0)
	judged(t, s, "b", day(2, 10), "rejected", "rapid", "b|2026-10-30|x", 0)
	c := judged(t, s, "c", day(3, 10), "accepted-with-warnings", "rapid", "c|2026-10-30|x", 0)
	judged(t, s, "d", day(4, 10), "accepted", "standard", "d|2026-10-30|x", 0)
	// e is corrected by f: only f stands.
	e := judged(t, s, "e", day(5, 10), "accepted", "rapid", "e|2026-10-30|x", 0)
	f := judged(t, s, "f", day(6, 10), "accepted", "rapid", "e|2026-10-30|x", e)
	judged(t, s, "g", day(25, 23), "accepted", "rapid", "g|2026-10-30|x", 0)
	// c's rejected correction leaves c in force.
	judged(t, s, "c2", day(7, 10), "rejected", "rapid", "c|2026-10-30|x", 0)

	got, err := s.HomologatedFiles(ctx, "rapid", day(1, 0), day(25, 22))
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, h := range got {
		ids = append(ids, h.FileID)
	}
	want := []int64{a, c, f}
	if len(ids) != len(want) || ids[0] != want[0] || ids[1] != want[1] || ids[2] != want[2] {
		t.Fatalf("files %v, want %v (rejected, other kind, superseded and late left out)", ids, want)
	}
	// The tournament's receipt is its first accepted version's.
	if h := got[2]; h.Name != "f.trf" || string(h.Data) != "f" || !h.ReceivedAt.Equal(day(5, 10)) || h.TournamentKey != "e|2026-10-30|x" ||
		h.Period != "2026-12" || h.Verdict != "accepted" {
		t.Errorf("%+v", h)
	}
}

func TestRatingLists(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	a := judged(t, s, "a", t0, "accepted", "rapid", "a|k", 0)
	b := judged(t, s, "b", t0, "accepted", "rapid", "", 0)
	l1 := &RatingList{Kind: "rapid", Period: "2026-12", Issue: "2026-12-01", From: "2026-10-26", Cutoff: "2026-11-25",
		BasedOn: "register players.csv", List: []byte("fsi_id\n1\n"), Rows: 1, Report: []byte(`{"kind":"rapid"}`),
		Files: []ListedFile{{FileID: a, TournamentKey: "a|k"}, {FileID: b}}}
	if _, err := s.SaveRatingList(ctx, l1, false, t0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SaveRatingList(ctx, l1, false, t0); !errors.Is(err, ErrListExists) {
		t.Fatalf("closing twice: %v, want ErrListExists", err)
	}
	l1.List = []byte("fsi_id\n1\n2\n")
	if _, err := s.SaveRatingList(ctx, l1, true, t0.Add(time.Hour)); err != nil {
		t.Fatalf("replace: %v", err)
	}
	if _, err := s.SaveRatingList(ctx, &RatingList{Kind: "rapid", Period: "2027-01", Issue: "2027-01-01", Cutoff: "2026-12-25",
		BasedOn: "list 2026-12", List: []byte("x")}, false, t0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SaveRatingList(ctx, &RatingList{Kind: "standard", Period: "2027-01", Issue: "2027-01-01", Cutoff: "2026-12-22",
		List: []byte("y")}, false, t0); err != nil {
		t.Fatal(err)
	}

	got, ok, err := s.RatingListOf(ctx, "rapid", "2026-12")
	if err != nil || !ok || string(got.List) != "fsi_id\n1\n2\n" || len(got.Files) != 2 || got.Files[0].TournamentKey != "a|k" ||
		!got.CreatedAt.Equal(t0.Add(time.Hour)) || string(got.Report) != `{"kind":"rapid"}` || got.BasedOn != "register players.csv" {
		t.Fatalf("%+v %v %v", got, ok, err)
	}
	if _, ok, _ := s.RatingListOf(ctx, "rapid", "2026-11"); ok {
		t.Error("a list never closed was found")
	}
	latest, ok, err := s.LatestRatingList(ctx, "rapid", "2027-03")
	if err != nil || !ok || latest.Period != "2027-01" {
		t.Fatalf("latest before 2027-03: %+v %v", latest, err)
	}
	latest, ok, _ = s.LatestRatingList(ctx, "rapid", "2027-01")
	if !ok || latest.Period != "2026-12" {
		t.Fatalf("latest before 2027-01: %+v", latest)
	}
	if _, ok, _ := s.LatestRatingList(ctx, "rapid", "2026-12"); ok {
		t.Error("a list before the first was found")
	}
	// The list in force when a period's list is issued includes that
	// period's own (the other kind's list of the same month).
	if l, ok, _ := s.RatingListInForce(ctx, "standard", "2027-01"); !ok || l.Period != "2027-01" {
		t.Errorf("standard in force for 2027-01: %+v %v", l, ok)
	}
	if l, ok, _ := s.RatingListInForce(ctx, "rapid", "2026-12"); !ok || l.Period != "2026-12" {
		t.Errorf("rapid in force for 2026-12: %+v %v", l, ok)
	}
	if _, ok, _ := s.RatingListInForce(ctx, "standard", "2026-12"); ok {
		t.Error("a standard list in force before any was closed")
	}
	if ps, err := s.RatingListPeriods(ctx, "rapid"); err != nil || len(ps) != 2 || ps[0] != "2026-12" || ps[1] != "2027-01" {
		t.Errorf("rapid periods %v %v", ps, err)
	}
	rated, err := s.RatedTournaments(ctx, "rapid", "2027-01")
	if err != nil || rated["a|k"] != "2026-12" || rated["#"+strconv.FormatInt(b, 10)] != "2026-12" || len(rated) != 2 {
		t.Fatalf("rated %v %v", rated, err)
	}
	if rated, _ := s.RatedTournaments(ctx, "rapid", "2026-12"); len(rated) != 0 {
		t.Errorf("the period's own list counted: %v", rated)
	}
}

// AsRead is what the store gives back of a list just saved.
func TestRatingListAsRead(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	at := time.Date(2026, 12, 1, 9, 30, 15, 123456789, time.UTC)
	a := judged(t, s, "a", at, "accepted", "rapid", "a|2026-10-30|x", 0)
	b := judged(t, s, "b", at, "accepted", "rapid", "b|2026-10-30|x", 0)
	for i, report := range []string{"", `{"changes":[]}`} {
		period := "2026-1" + strconv.Itoa(i)
		l := &RatingList{Kind: fsi.Rapid, Period: period, Issue: period + "-01", From: "2026-10-01", Cutoff: "2026-10-31",
			BasedOn: "list 2026-09", List: []byte(strings.Repeat("fsi_id,surname\n1,Rossi\n", 400)), Rows: 400,
			Report: []byte(report), Base: []byte("fsi_id\n"), Duration: time.Second,
			Files:       []ListedFile{{FileID: b, TournamentKey: "b", Label: "b.trf"}, {FileID: a, TournamentKey: "a", Label: "a.trf"}},
			Corrections: []Correction{{TournamentKey: "a", RatedIn: "2026-09", FileID: a, Variations: []byte("{}"), Deltas: []byte("{}")}}}
		id, err := s.SaveRatingList(ctx, l, false, at)
		if err != nil {
			t.Fatal(err)
		}
		got, ok, err := s.RatingListOf(ctx, fsi.Rapid, period)
		if err != nil || !ok {
			t.Fatal(ok, err)
		}
		if want := l.AsRead(id, at); !reflect.DeepEqual(got, want) {
			t.Errorf("report %q: read back\n%+v\nAsRead\n%+v", report, got, want)
		}
		if l.Files[0].FileID != b || len(l.Corrections) != 1 {
			t.Errorf("AsRead changed the list it was given: %+v", l)
		}
	}
}
