package office

import (
	"errors"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/platform/catalogue"
	"omologa/internal/store"
	"omologa/internal/tournament"
)

// TestRefusalsReadAsBefore: the refusals whose two languages say
// different things, now catalogue entries with named placeholders (or
// reasons joined), read word for word as they did when each site wrote
// its English and Italian by hand.
func TestRefusalsReadAsBefore(t *testing.T) {
	lib := errors.New("the library's words")
	rf, err := rules.Load("../../rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sch := rf.Rating.Schedule(fsi.Rapid)
	p, err := sch.Parse("2026-12")
	if err != nil {
		t.Fatal(err)
	}
	rapid := fsi.Rapid.ListName()
	tooEarly := Closable(fsi.Rapid, sch, p, tournament.NewDate(2026, 11, 25), nil)
	earlier := Closable(fsi.Rapid, sch, p, tournament.NewDate(2026, 12, 31), []string{"2026-10"})
	var header *Error
	errors.As(checkHeader(store.RegisterArbiters, "a.csv", registers.PlayerColumns), &header)

	for _, c := range []struct {
		name        string
		e           *Error
		en, it, cli string
	}{
		{"not quarantined", newError(Refused, "office.submission.not-quarantined", catalogue.Named{"id": int64(3), "state": "judged", "what": "release"}),
			"submission 3 is judged, not quarantined: nothing to release", "la trasmissione 3 non è in quarantena (judged)", ""},
		{"a user's name", newError(Invalid, "office.user.bad-name", catalogue.Named{"err": lib, "max": 32}),
			"the library's words", "il nome utente ha da 1 a 32 caratteri fra a-z A-Z 0-9 . _ - e comincia con una lettera o una cifra", ""},
		{"a FIDE month", newError(Invalid, "office.fide.bad-period", catalogue.Named{"err": lib, "period": `"2027-13"`}),
			"the library's words", `"2027-13" non è il mese di una lista FIDE (anno-mese, per esempio 2027-01)`, ""},
		{"a link used", linkRefused(store.ErrLinkUsed),
			store.ErrLinkUsed.Error(), "Il collegamento è già stato usato: vale una sola volta. Ne chieda uno nuovo.", ""},
		{"a link of another browser", linkRefused(store.ErrLinkBrowser),
			store.ErrLinkBrowser.Error(), "Il collegamento va aperto nello stesso browser con cui è stato chiesto: lo apra lì, oppure ne chieda uno nuovo da questo browser.", ""},
		{"too many uploads", newError(Refused, "office.portal.too-many-sent", catalogue.Named{"files": count{"count.file", 1}}),
			"too many uploads this hour", "Ha caricato 1 file nell'ultima ora, il massimo: riprovi più tardi.", ""},
		{"too large", newError(Invalid, "office.portal.too-large", catalogue.Named{"size": "3 MB", "max": "2 MB"}),
			"file too large", "Il file (3 MB) supera il limite di 2 MB.", ""},
		{"mass removal", newError(Refused, "office.register.mass-removal", catalogue.Named{"file": "g.csv", "removed": 40, "before": 100,
			"register": "players' register", "before_file": "old.csv", "percent": 40, "max": 20}),
			"g.csv would remove 40 of the 100 rows of the players' register in force (old.csv), more than 20%: refused",
			"g.csv toglierebbe 40 delle 100 righe del registro in vigore (40%, oltre il 20%): rifiutato; un amministratore può sostituire il registro", ""},
		{"a header of another register", header,
			"a.csv: the header is not the arbiters' register's: email, valid_until missing (it looks like the players' register)",
			"a.csv: l'intestazione non è quella del registro arbiters (mancano email, valid_until)",
			"a.csv: the header is not the arbiters' register's: email, valid_until missing (it looks like the players' register: omologa import players)"},
		{"decisions refused", refuse(Refused, joined{sep: "; ", parts: []lingual{say("office.decide.no-player", "t.trf", 9),
			say("office.decide.rated", "Rossi Mario", say("office.decide.rated.fide", 1850), "RAPID 6.8")}}),
			"t.trf has no player with starting number 9; Rossi Mario has a FIDE rating (1850): a theoretical rating is only for a player without one (RAPID 6.8)",
			"t.trf non ha un giocatore con numero di partenza 9; Rossi Mario ha un punteggio FIDE (1850): il punteggio teorico si attribuisce solo a chi non ne ha uno (RAPID 6.8)", ""},
		{"not homologated", newError(Refused, "office.decide.not-homologated", int64(5), "t.trf", say("office.decide.why.revoked", catalogue.Named{"reason": "falso"})),
			"submission 5, file t.trf: its homologation was revoked (falso): nothing to decide (RTF 4.3.1, RAPID 7.1: only homologated tournaments are rated)",
			"trasmissione 5, file t.trf: l'omologazione è stata revocata: nessuna decisione possibile (RTF 4.3.1, RAPID 7.1: si variano solo i tornei omologati)", ""},
		{"a list too early", tooEarly.err().(*Error),
			"the rapid list 2026-12 takes the tournaments received up to 25/11/2026: it can be closed from 26/11/2026, not on 25/11/2026",
			"la lista " + rapid + " di 2026-12 comprende i tornei ricevuti fino al 25/11/2026: si può chiudere dal 26/11/2026, non il 25/11/2026", ""},
		{"an earlier list open", earlier.err().(*Error),
			"the rapid list 2026-11 is still open: it is closed first (the lists chain, each from the one before)",
			"la lista " + rapid + " di 2026-11 è ancora aperta: va chiusa prima (ogni lista parte dalla precedente)", ""},
	} {
		if c.e == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if c.e.Msg != c.en || c.e.MsgIT != c.it || c.e.CLI != c.cli {
			t.Errorf("%s:\n got %q\n     %q\n     %q\nwant %q\n     %q\n     %q", c.name, c.e.Msg, c.e.MsgIT, c.e.CLI, c.en, c.it, c.cli)
		}
	}
}

// TestDecisionsDescribedAsBefore: the audit trail's words for the
// decisions about players.
func TestDecisionsDescribedAsBefore(t *testing.T) {
	ops := joined{sep: "; "}
	for _, op := range []DecideOp{
		{Clear: true, Decision: store.Decision{Start: 1}},
		{Decision: store.Decision{Start: 2, Kind: store.DecisionTheoretical, Value: "1500"}},
		{Decision: store.Decision{Start: 3, Kind: store.DecisionWithdrawal, Value: store.WithdrawalJustified}},
		{Decision: store.Decision{Start: 4, Kind: store.DecisionWithdrawal, Value: "no"}},
		{Decision: store.Decision{Start: 5, Kind: "other", Value: "x"}},
	} {
		ops.parts = append(ops.parts, op.describe())
	}
	en, it := say("audit.decide", "t.trf", ops).both()
	if en != "file t.trf: player 1: decisions cleared; player 2: theoretical rating 1500; player 3: withdrawal justified; player 4: withdrawal not justified; player 5: other x" ||
		it != "file t.trf: giocatore 1: decisioni tolte; giocatore 2: punteggio teorico 1500; giocatore 3: ritiro giustificato; giocatore 4: ritiro ingiustificato; giocatore 5: other x" {
		t.Errorf("%q\n%q", en, it)
	}
}

// TestListNotesReadAsBefore: the change report's notes, now catalogue
// entries, read word for word as they did when written inline.
func TestListNotesReadAsBefore(t *testing.T) {
	c := &closed{out: ListRunResult{BasedOn: "register /srv/omologa/giocatori.csv (imported)", Refreshed: 1, Joined: 3,
		OtherList: "standard 2027-01", OtherRows: 2, Warnings: []string{"w"},
		Corrections: []CorrectionLine{{Tournament: "Open", List: "2026-11", Reason: "decisione dell'ufficio", Players: 0},
			{Tournament: "Open", List: "2026-11", Reason: "r", Players: 1}, {Tournament: "Open", List: "2026-11", Reason: "r", Players: 4}},
		Held:       []store.HeldFile{{Number: "3.1", Name: "a.trf", Tournament: "Open A"}, {Number: "4.1", Name: "b.trf", Tournament: "Open B", Maybe: "Open A"}},
		Crosscheck: Crosscheck{Compared: 5, Agree: 4, Differ: make([]Difference, 1)}}}
	want := []string{
		"Lista in vigore: anagrafica dei tesserati (giocatori.csv), importata nell'archivio",
		"Dall'anagrafica dei tesserati: 1 giocatore aggiornato (tesseramento, FIDE, società), 3 nuovi.",
		"Dalla lista " + fsi.Standard.ListName() + " di gennaio 2027 in vigore: 2 giocatori aggiornati.",
		"w",
		"Correzione: Open (valutato nella lista 2026-11): decisione dell'ufficio; nessuna variazione cambia",
		"Correzione: Open (valutato nella lista 2026-11): r; corretta la variazione di 1 giocatore",
		"Correzione: Open (valutato nella lista 2026-11): r; corrette le variazioni di 4 giocatori",
		"Trattenuto: il file 3.1 «a.trf» (torneo \"Open A\") non è valutato finché l'ufficio non lo attribuisce a un torneo.",
		"Trattenuto: il file 4.1 «b.trf» (torneo \"Open B\") non è valutato finché l'ufficio non lo attribuisce a un torneo: forse è una versione del torneo \"Open A\".",
		"Variazioni provvisorie registrate all'omologazione: 5 confrontate, 4 uguali, 1 diverse (la lista in vigore differisce dall'anagrafica usata allora).",
	}
	got := c.notes(nil)
	if len(got) != len(want) {
		t.Fatalf("%d notes, want %d:\n%q", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("note %d:\n got %q\nwant %q", i, got[i], want[i])
		}
	}
	for _, c := range []struct {
		c    CorrectionLine
		want string
	}{
		{CorrectionLine{Tournament: "Open", List: "2026-11", Reason: "r", Players: 0}, "Open (rated in the list 2026-11): r; 0 players' variations corrected"},
		{CorrectionLine{Tournament: "Open", List: "2026-11", Reason: "r", Players: 1}, "Open (rated in the list 2026-11): r; 1 players' variations corrected"},
	} {
		if got := c.c.String(); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
	if got := listInForceIT("rapid 2026-12"); got != "lista "+fsi.Rapid.ListName()+" di dicembre 2026" {
		t.Errorf("%q", got)
	}
	if got := listInForceIT("list 2026-xx"); got != "lista 2026-xx" {
		t.Errorf("%q", got)
	}
}
