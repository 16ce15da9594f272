package office

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"omologa/internal/platform/catalogue"
)

// TestSaidWritesTheAuditDetailsInBothLanguages: the audit trail's
// details, one catalogue text per act, read as they did when each act
// wrote its two strings by hand (the agreement of the Italian
// participles, the optional tails of a FIDE export, the decision named in
// English only).
func TestSaidWritesTheAuditDetailsInBothLanguages(t *testing.T) {
	for _, c := range []struct {
		name   string
		s      said
		en, it string
	}{
		{"none", say(""), "", ""},
		{"user added", say("audit.user.added", pair{"clerk", "impiegato"}), "added as clerk", "aggiunto come impiegato"},
		{"resend one", sayN("audit.resend.failed", 1, pair{"submission 4", "4"}), "submission 4", "invio 4"},
		{"resend many", sayN("audit.resend.failed", 2, pair{"submission 4, submission 5", "4 e 5"}), "submission 4, submission 5", "invii 4 e 5"},
		{"list run one", say("audit.list-run", count{"audit.list-run.players", 1}, count{"audit.list-run.tournaments", 1}, int64(7)),
			"1 player published, 1 tournament (list id 7)", "pubblicato 1 giocatore, 1 torneo (lista 7)"},
		{"list run many", say("audit.list-run", count{"audit.list-run.players", 12}, count{"audit.list-run.tournaments", 0}, int64(8)),
			"12 players published, 0 tournaments (list id 8)", "pubblicati 12 giocatori, 0 tornei (lista 8)"},
		{"fide export", say("audit.written-to", say("audit.again", say("audit.fide-export", count{"audit.fide-export.forwarded", 1}, count{"audit.fide-export.held", 2})), "/tmp/x.txt"),
			"1 forwarded, 2 held back (again); written to /tmp/x.txt", "1 torneo inoltrato, 2 trattenuti (di nuovo); scritto in /tmp/x.txt"},
		{"import", say("audit.import", "giocatori.csv", count{"audit.import.rows", 1}, 1, word{"audit.import.added", 1}, 0, word{"audit.import.removed", 0}, 2, word{"audit.import.changed", 2}),
			"giocatori.csv: 1 row (1 added, 0 removed, 2 changed)", "giocatori.csv: 1 riga (1 aggiunta, 0 tolte, 2 modificate)"},
		{"overrule", say("audit.rules", say("audit.overrule", "2026/0001", say("audit.overrule.change", pair{"accept-late", ""}, pair{"rejected", "RESPINTO"}, pair{"homologated", "OMOLOGATO"}), "ok"), "R1, R2"),
			"file 2026/0001: accept-late (rejected → homologated): ok [R1, R2]", "file 2026/0001: RESPINTO → OMOLOGATO: ok [R1, R2]"},
		{"unlink unclear", say("audit.unlink.unclear", catalogue.Named{"file": "2026/0002", "key": `"a#b"`}),
			`file 2026/0002: a tournament of its own, not a version of "a#b"`, "file 2026/0002: un torneo a sé, non una versione di un altro torneo"},
		{"sign-in", say("audit.portal.sign-in", say("audit.portal.how.link"), "web"), "signed in with a one-time link from web", "accesso con collegamento monouso da web"},
	} {
		en, it := c.s.both()
		if en != c.en || it != c.it {
			t.Errorf("%s:\n got %q / %q\nwant %q / %q", c.name, en, it, c.en, c.it)
		}
	}
}

// TestEveryKeySaidIsInTheCatalogue: a key the office says but the
// catalogue lacks would be written "[key]" in the audit trail or in a
// refusal.
func TestEveryKeySaidIsInTheCatalogue(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	key := regexp.MustCompile(`(?:say|sayN|count|word|newError\(\w+,) ?[({]"([a-z][a-z.-]+)"`)
	n := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range key.FindAllSubmatch(b, -1) {
			n++
			if _, ok := catalogue.IT.Lookup(string(m[1])); !ok {
				t.Errorf("%s: key %q not in the catalogue", f, m[1])
			}
		}
	}
	if n == 0 {
		t.Fatal("no keys found")
	}
}

// TestNewErrorWordsTheRefusalFromTheCatalogue: the office's refusals,
// one catalogue text each, in English for the command line and the API
// and in Italian for the clerk's page; the command line's own wording
// and the cause kept beside.
func TestNewErrorWordsTheRefusalFromTheCatalogue(t *testing.T) {
	cause := errors.New("cause")
	e := newError(NotFound, "office.tournament.none", int64(4)).because(cause).withCLI("no tournament %d (omologa tournament list)", 4)
	if e.Kind != NotFound || e.Msg != "no tournament 4" || e.MsgIT != "il torneo 4 non esiste" ||
		e.Error() != "no tournament 4 (omologa tournament list)" || !errors.Is(e, cause) {
		t.Errorf("%+v", e)
	}
	e = newError(Forbidden, "office.forbidden", "anna", Clerk, ActUsers)
	if e.Msg != "anna (clerk) may not users" || e.MsgIT != "anna (clerk) non è autorizzato a questa operazione (users)" || e.Error() != e.Msg {
		t.Errorf("%+v", e)
	}
	e = newError(Invalid, "office.portal.bad-address", pair{`"x"`, "x"}).citing("art. 1")
	if e.Msg != `"x" is not an e-mail address` || e.MsgIT != "«x» non è un indirizzo e-mail" || e.Article != "art. 1" {
		t.Errorf("%+v", e)
	}
}
