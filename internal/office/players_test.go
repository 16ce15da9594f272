package office

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/store"
)

func playersStore(t *testing.T) (*store.Store, func(kind fsi.Kind, period string, rows []registers.Player, replace bool)) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	at := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	save := func(kind fsi.Kind, period string, rows []registers.Player, replace bool) {
		var buf bytes.Buffer
		if err := registers.WritePlayers(&buf, &registers.Players{Rows: rows}); err != nil {
			t.Fatal(err)
		}
		at = at.Add(time.Hour)
		if _, err := st.SaveRatingList(ctx, &store.RatingList{Kind: kind, Period: period, Issue: period + "-01", Cutoff: period + "-01",
			List: buf.Bytes(), Rows: len(rows), Report: []byte(`{"promotions":[{"fsi_id":"1","from":"1N","to":"CM","rating":2012,"article":"RTF 4.4.1.3"}]}`)},
			replace, at); err != nil {
			t.Fatal(err)
		}
	}
	return st, save
}

var someone = []registers.Player{
	{FSIID: "1", FideID: "8100", Surname: "Rossi", Name: "Mario", EloItalia: 1800, EloRapid: 1700},
	{FSIID: "2", Surname: "D'Angelo", Name: "Nicolò", EloItalia: 1600, EloRapid: 1500},
	{FSIID: "3", Surname: "Rossini", Name: "Maria Luisa", EloItalia: 1500, EloRapid: 1400},
	{FSIID: "4", Surname: "Bianchi", Name: "Rosso", EloItalia: 1400},
}

func TestPlayerSearch(t *testing.T) {
	st, save := playersStore(t)
	save("standard", "2026-11", someone, false)
	ix, err := NewPlayerIndex(st, nil).Get(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	names := func(q string) string {
		found, _, err := ix.Search(q)
		if err != nil {
			return "error: " + err.Error()
		}
		var out []string
		for _, p := range found {
			out = append(out, p.FSIID)
		}
		return strings.Join(out, " ")
	}
	for q, want := range map[string]string{
		"rossi":           "1 3",
		"ROSSI mario":     "1",
		"mario rossi":     "1",
		"ross mar":        "1 3",
		"nicolo dangelo":  "2",
		"angelo":          "2",
		"d'angelo nicolò": "2",
		"maria luisa":     "3",
		"luisa":           "3",
		"ros":             "1 3 4",
		"8100":            "1",
		"3":               "3",
		"ssi":             "",
		"zz":              "",
	} {
		if got := names(q); got != want {
			t.Errorf("search %q: %q, want %q", q, got, want)
		}
	}
	// Issue 22 attack 5: a query of 50,000 characters answered 500, and a
	// pathological one took 77 s of CPU. Bounded queries are refused with
	// a reason; the rest costs binary searches.
	for _, q := range []string{strings.Repeat("a", 50000), "a b c", "ro ma lu ni bi", strings.Repeat("ab ", 30)} {
		var oe *Error
		if _, _, err := ix.Search(q); !errors.As(err, &oe) || oe.Kind != Invalid || oe.MsgIT == "" {
			t.Errorf("search %.20q…: %v, want a refusal", q, err)
		}
	}
}

// The history is read once per list, incrementally; a list closed again
// replaces its points.
func TestPlayerHistoryIncremental(t *testing.T) {
	ctx := context.Background()
	st, save := playersStore(t)
	p := NewPlayerIndex(st, nil)
	save("standard", "2026-09", someone, false)
	save("rapid", "2026-10", someone, false)
	h, ms, err := p.History(ctx, "1")
	if err != nil || len(h) != 2 || h[0].Rating != 1800 || h[1].Rating != 1700 || len(ms) != 2 {
		t.Fatalf("history %+v milestones %+v (%v)", h, ms, err)
	}
	done, _ := st.IndexedLists(ctx)
	if len(done) != 2 {
		t.Errorf("%d lists indexed, want 2", len(done))
	}
	changed := append([]registers.Player(nil), someone...)
	changed[0].EloItalia = 1850
	save("standard", "2026-11", changed, false)
	save("rapid", "2026-10", changed[1:], true) // closed again, without player 1
	h, _, err = p.History(ctx, "1")
	if err != nil || len(h) != 2 || h[0].Period != "2026-09" || h[1].Period != "2026-11" || h[1].Rating != 1850 {
		t.Errorf("after a new list and one closed again: %+v (%v)", h, err)
	}
	ix, err := p.Get(ctx)
	if err != nil || ix.Source != "list standard 2026-11" {
		t.Fatalf("rows from %q (%v), want the latest list", ix.Source, err)
	}
	if r, ok := ix.ByID("1"); !ok || r.EloItalia != 1850 {
		t.Errorf("player 1 in the latest list: %+v", r)
	}
}
