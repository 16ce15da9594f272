package pipeline_test

import (
	"strings"
	"testing"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/validate"
	"omologa/internal/intake/email"
	"omologa/internal/office/pipeline"
	"omologa/internal/tournament"
)

// The one sender policy of every door, step by step (issue 21).
func TestSenderPolicy(t *testing.T) {
	regs := &registers.Set{
		Arbiters: []registers.Arbiter{
			{FSIID: "1", Surname: "Rossi", Name: "Mario", Email: "mario.rossi@example.org"},
			{FSIID: "2", Surname: "Bianchi", Name: "Luca", Email: "luca.bianchi@example.org"},
			{FSIID: "3", Surname: "Verdi", Name: "Anna", Email: "anna.verdi@example.org"},
		},
		Calendar: []registers.Event{{Code: "X1", Name: "Open di Prova", OrganiserEmail: "circolo@example.org", ArbiterFSIID: "3"}},
	}
	auth := &email.AuthPolicy{AuthServID: "mx.fsi.example"}
	on := pipeline.SenderPolicy{Enabled: true, Auth: auth, Registers: regs, Extra: []string{"Segreteria <segreteria@fsi.example>"}}
	ok := func(s string) *email.AuthResult { return &email.AuthResult{OK: true, Sender: s} }
	admit := []struct {
		name   string
		policy pipeline.SenderPolicy
		in     pipeline.Arrival
		check  bool
		sender string
		why    string
	}{
		{"policy off", pipeline.SenderPolicy{Registers: regs}, pipeline.Arrival{Message: true, Claimed: "x@evil.example"}, false, "x@evil.example", ""},
		{"office's own file", on, pipeline.Arrival{Claimed: ""}, false, "", ""},
		{"released by the office", on, pipeline.Arrival{Message: true, Released: true, Claimed: "x@evil.example"}, false, "x@evil.example", ""},
		{"no trusted results", on, pipeline.Arrival{Message: true, Claimed: "mario.rossi@example.org"}, true, "mario.rossi@example.org", "non autenticato"},
		{"results say no", on, pipeline.Arrival{Message: true, Claimed: "mario.rossi@example.org",
			Auth: &email.AuthResult{Reason: "il campo From contiene più di un indirizzo"}}, true, "mario.rossi@example.org", "più di un indirizzo"},
		{"authenticated arbiter", on, pipeline.Arrival{Message: true, Claimed: "Mario <mario.rossi@example.org>", Auth: ok("mario.rossi@example.org")}, true, "mario.rossi@example.org", ""},
		{"PEC: the inner sender counts", on, pipeline.Arrival{Message: true, Claimed: "posta-certificata@pec.provider.it", Auth: ok("mario.rossi@example.org")}, true, "mario.rossi@example.org", ""},
		{"authenticated but unknown", on, pipeline.Arrival{Message: true, Claimed: "x@evil.example", Auth: ok("x@evil.example")}, true, "x@evil.example", "mittente sconosciuto"},
		{"organiser", on, pipeline.Arrival{Message: true, Auth: ok("circolo@example.org")}, true, "circolo@example.org", ""},
		{"configured address", on, pipeline.Arrival{Message: true, Auth: ok("segreteria@fsi.example")}, true, "segreteria@fsi.example", ""},
		{"no authentication: known From", pipeline.SenderPolicy{Enabled: true, Registers: regs}, pipeline.Arrival{Message: true, Claimed: "luca.bianchi@example.org"}, true, "luca.bianchi@example.org", ""},
		{"no authentication: unknown From", pipeline.SenderPolicy{Enabled: true, Registers: regs}, pipeline.Arrival{Message: true, Claimed: "x@evil.example"}, true, "x@evil.example", "sconosciuto"},
		// issue 24: a portal upload is checked whatever the policy says.
		{"portal: signed-in arbiter, policy off", pipeline.SenderPolicy{Registers: regs}, pipeline.Arrival{Portal: true, Claimed: "mario.rossi@example.org"}, true, "mario.rossi@example.org", ""},
		{"portal: address not in the registers", pipeline.SenderPolicy{Registers: regs}, pipeline.Arrival{Portal: true, Claimed: "x@evil.example"}, true, "x@evil.example", "sconosciuto"},
	}
	for _, c := range admit {
		got := c.policy.Admit(c.in)
		if got.Check != c.check || got.Sender != c.sender || (c.why == "") != (got.Quarantine == "") || !strings.Contains(got.Quarantine, c.why) {
			t.Errorf("Admit %s: %+v, want check %v sender %q why %q", c.name, got, c.check, c.sender, c.why)
		}
	}

	tour := &tournament.Tournament{Name: "Open di Prova", ChiefArbiter: "AN Rossi Mario", DeputyArbiters: []string{"Bianchi Luca"}}
	x1 := &validate.Authorisation{Code: "X1", OrganiserEmail: "circolo@example.org"}
	adm := func(s string) pipeline.Admission { return pipeline.Admission{Check: true, Sender: s} }
	sends := []struct {
		name string
		ad   pipeline.Admission
		auth *validate.Authorisation
		ok   bool
	}{
		{"chief arbiter in the file", adm("mario.rossi@example.org"), nil, true},
		{"deputy arbiter in the file", adm("luca.bianchi@example.org"), nil, true},
		{"organiser of the authorisation", adm("circolo@example.org"), x1, true},
		{"organiser without an authorisation matched", adm("circolo@example.org"), nil, false},
		{"arbiter of the authorisation", adm("anna.verdi@example.org"), x1, true},
		{"a registered arbiter of another tournament", adm("anna.verdi@example.org"), nil, false},
		{"configured address", adm("segreteria@fsi.example"), nil, true},
		{"not checked", pipeline.Admission{Sender: "x@evil.example"}, nil, true},
	}
	for _, c := range sends {
		if why := on.SendsFor(c.ad, tour, c.auth); (why == "") != c.ok {
			t.Errorf("SendsFor %s: %q, want ok %v", c.name, why, c.ok)
		}
	}
	// A portal upload (issue 24) is held to its own tournaments and to
	// the files it sent, with the policy off too.
	off := pipeline.SenderPolicy{Registers: regs}
	portal := off.Admit(pipeline.Arrival{Portal: true, Claimed: "anna.verdi@example.org"})
	if why := off.SendsFor(portal, tour, nil); why == "" {
		t.Error("a portal upload of another arbiter's tournament is let through")
	}
	if why := off.Replaces(portal, "a.trf", "mario.rossi@example.org"); why == "" {
		t.Error("a portal upload replacing another sender's file is let through")
	}

	replaces := []struct {
		name, prev string
		ok         bool
	}{
		{"same sender", "Mario Rossi <mario.rossi@example.org>", true},
		{"another sender", "luca.bianchi@example.org", false},
		{"the office's file", "", false},
	}
	for _, c := range replaces {
		why := on.Replaces(adm("mario.rossi@example.org"), "a.trf", c.prev)
		if (why == "") != c.ok {
			t.Errorf("Replaces %s: %q, want ok %v", c.name, why, c.ok)
		}
	}
	if why := on.Replaces(adm("mario.rossi@example.org"), "a.trf", ""); !strings.Contains(why, "l'ufficio") {
		t.Errorf("the office's file: %q", why)
	}
}
