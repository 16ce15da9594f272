package web

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"omologa/internal/homologation/state"
	"omologa/internal/office"
	"omologa/internal/store"
)

// submissionOf returns the submission whose files' text matches q.
func (f *fixture) submissionOf(t testing.TB, q string) int64 {
	t.Helper()
	rows, _, err := f.o.Store.BrowseSubmissions(context.Background(), store.SubmissionFilter{Text: q}, 0, 10)
	if err != nil || len(rows) == 0 {
		t.Fatalf("no submission %q (%v)", q, err)
	}
	return rows[len(rows)-1].ID
}

// firstFile returns the first file of a submission.
func (f *fixture) firstFile(t testing.TB, sub int64) int64 {
	t.Helper()
	s, err := f.o.Store.Load(context.Background(), sub)
	if err != nil || len(s.Files) == 0 {
		t.Fatalf("submission %d: %v", sub, err)
	}
	return s.Files[0].ID
}

// Issue 20, "Done when": every state a page, status --json or a notice
// shows comes from the one state function. The office month brings the
// files into most states (accepted, accepted despite errors, re-judged
// after a register fix, rejected by the office, revoked, quarantined,
// unreadable); then each file's state as status has it is compared with
// what its submission's page, its tournament's page, the tournaments'
// list and the notice of the office's act show.
func TestStatesAgreeOnEverySurface(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	officer := f.client(t, "officer")
	officerActor := office.Actor{User: "officer", Role: office.Officer, Via: "web"}

	// Lucca: rejected for Valentini's membership; the register fixed,
	// then judged again.
	lucca := f.firstFile(t, f.submissionOf(t, "lucca"))
	players, err := os.ReadFile("../../samples/registers/players.csv")
	if err != nil {
		t.Fatal(err)
	}
	fixed := strings.Replace(string(players), "1472,,2025", "1472,,2026", 1)
	if _, err := f.o.Import(ctx, officerActor, office.ImportRequest{Kind: store.RegisterPlayers, Name: "players.csv", Data: []byte(fixed)}); err != nil {
		t.Fatal(err)
	}
	if code, _ := post(t, officer, fmt.Sprintf("%s/files/%d/rejudge", f.ts.URL, lucca),
		url.Values{"reason": {"tessera 2026 di Valentini registrata"}, "back": {"/tournaments"}}, nil); code != http.StatusSeeOther {
		t.Fatalf("rejudge: %d", code)
	}
	// Rimini: accepted despite its errors (every one named).
	rimini := f.firstFile(t, f.submissionOf(t, "rimini"))
	acts, errs, err := f.o.FileActs(ctx, officerActor, rimini)
	if err != nil || !acts["accept-despite"] {
		t.Fatalf("Rimini's acts: %v %v", acts, err)
	}
	var rules []string
	for _, e := range errs {
		rules = append(rules, e.Rule)
	}
	form := url.Values{"decision": {"accept"}, "reason": {"prova"}, "rule": rules, "back": {"/tournaments"}}
	if code, _ := post(t, officer, fmt.Sprintf("%s/files/%d/overrule", f.ts.URL, rimini), form, nil); code != http.StatusSeeOther {
		t.Fatalf("overrule: %d", code)
	}
	// Novara: rejected by the office; Vercelli: revoked.
	nt, err := f.o.Store.TournamentOfFile(ctx, f.firstFile(t, f.submissionOf(t, "novara")))
	if err != nil {
		t.Fatal(err)
	}
	novara := nt.CurrentFile
	if code, _ := post(t, officer, fmt.Sprintf("%s/files/%d/overrule", f.ts.URL, novara),
		url.Values{"decision": {"reject"}, "reason": {"risultati non corrispondenti"}, "back": {"/tournaments"}}, nil); code != http.StatusSeeOther {
		t.Fatalf("reject: %d", code)
	}
	vercelli := f.firstFile(t, f.accepted(t))
	tv, err := f.o.Store.TournamentOfFile(ctx, vercelli)
	if err != nil {
		t.Fatal(err)
	}
	if code, _ := post(t, officer, fmt.Sprintf("%s/tournaments/%d/revoke", f.ts.URL, tv.ID),
		url.Values{"reason": {"torneo non disputato"}}, nil); code != http.StatusSeeOther {
		t.Fatalf("revoke: %d", code)
	}

	sts, err := f.o.Store.Statuses(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[state.Code]bool{}
	_, tournaments := get(t, officer, f.ts.URL+"/tournaments")
	for _, s := range sts {
		// status --json prints store.Status as it is.
		b, _ := json.Marshal(s)
		_, page := get(t, officer, fmt.Sprintf("%s/submissions/%d", f.ts.URL, s.ID))
		for _, fs := range s.Files {
			v := fs.State
			seen[v.State] = true
			want := state.Of(mustFacts(t, f, fs.ID))
			if v != want {
				t.Errorf("file %s: status %+v, the state function %+v", fs.Number, v, want)
			}
			if !strings.Contains(string(b), `"label":"`+jsonText(v.Label)+`"`) {
				t.Errorf("file %s: status --json lacks %q", fs.Number, v.Label)
			}
			if s.State == store.StateJudged && !strings.Contains(page, badge(v)) {
				t.Errorf("file %s: its submission's page lacks %s", fs.Number, badge(v))
			}
			// The report inline says what the file is today when that
			// is no longer its verdict: never "homologated" alone of a
			// revoked tournament.
			now := "oggi: <strong>" + html.EscapeString(v.Label) + "</strong>"
			if s.State == store.StateJudged && fs.Verdict != "" && string(v.State) != fs.Verdict && fs.ReadError == "" &&
				!strings.Contains(page, now) {
				t.Errorf("file %s (%s, judged %s): its report does not say %q", fs.Number, v.State, fs.Verdict, now)
			}
			if string(v.State) == fs.Verdict && strings.Contains(page, "oggi: <strong>") && len(s.Files) == 1 {
				t.Errorf("file %s: its report says a state beside an unchanged verdict", fs.Number)
			}
			tr, err := f.o.Store.TournamentOfFile(ctx, fs.ID)
			if err != nil {
				continue
			}
			_, tpage := get(t, officer, fmt.Sprintf("%s/tournaments/%d", f.ts.URL, tr.ID))
			if !strings.Contains(tpage, badge(v)) {
				t.Errorf("file %s: its tournament's page lacks %s", fs.Number, badge(v))
			}
			if tr.CurrentFile == fs.ID || (tr.CurrentFile == 0 && tr.Versions[len(tr.Versions)-1].FileID == fs.ID) {
				if !strings.Contains(tournaments, badge(v)) {
					t.Errorf("file %s: the tournaments' list lacks %s", fs.Number, badge(v))
				}
			}
		}
		// The notices of the office's acts say the state after the act.
		ns, err := f.o.Store.ActNotices(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range ns {
			msg := noticeText(t, f, n.ID)
			if !strings.Contains(msg, s.Files[0].State.Label) {
				t.Errorf("submission %d: the %s notice does not say %q:\n%s", s.ID, n.Kind, s.Files[0].State.Label, msg)
			}
		}
	}
	if v := state.Of(mustFacts(t, f, lucca)); !v.Counts {
		t.Errorf("Lucca after the register fix and a new judgement: %+v", v)
	}
	for _, c := range []state.Code{state.Accepted, state.OverruledAccepted, state.OverruledRejected, state.Revoked,
		state.Quarantined, state.Unreadable} {
		if !seen[c] {
			t.Errorf("no file %s in the month", c)
		}
	}
}

func badge(v state.View) string {
	return fmt.Sprintf(`class="state %s" title="%s">%s</span>`, v.Colour, html.EscapeString(v.Why), html.EscapeString(v.Label))
}

func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return strings.Trim(string(b), `"`)
}

func mustFacts(t *testing.T, f *fixture, file int64) state.Facts {
	t.Helper()
	fs, _, _, _, err := f.o.Store.FileFacts(context.Background(), file)
	if err != nil {
		t.Fatal(err)
	}
	return fs
}

// noticeText is a stored notice's message, its quoted-printable text
// decoded enough to compare words.
func noticeText(t *testing.T, f *fixture, id int64) string {
	t.Helper()
	msg, err := f.o.Store.NoticeByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return msg
}
