package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Issue 30: one clock. With the office's clock pinned a month away from
// the machine's, the acts of the office (a revocation, an overruling, a
// re-judgement that changes the verdict) are dated by the office's clock
// and their notices are delivered at the next `watch --once`, which
// compares with the same clock: none waits for the machine to reach the
// office's day.
func TestOneClockActsDeliverTheirNotices(t *testing.T) {
	dir := t.TempDir()
	cfg := demoConfig(t, dir)
	pinned := time.Now().AddDate(0, 1, 0).Truncate(time.Minute)
	b := mustRead(t, cfg)
	if err := os.WriteFile(cfg, append([]byte("clock: \""+pinned.Format(time.RFC3339)+"\"\n"), b...), 0o644); err != nil {
		t.Fatal(err)
	}
	watchOnce := func(step string) {
		t.Helper()
		if code, out, errs := runCmd(t, "watch", "--once", "--config", cfg); code != exitOK && code != exitRejected {
			t.Fatalf("%s: watch --once: exit %d\n%s%s", step, code, out, errs)
		}
	}
	outbox := func() []string {
		t.Helper()
		names, _ := filepath.Glob(filepath.Join(dir, "outbox", "*.eml"))
		return names
	}
	watchOnce("the samples")
	before := len(outbox())
	if before == 0 {
		t.Fatal("the samples left no notice in the outbox")
	}
	for _, act := range []struct {
		name string
		args []string
		kind string // the new notice's X-Omologa-Kind
	}{
		{"revoke", []string{"tournament", "revoke", "1", "--reason", "prova"}, "revoked"},
		{"overrule", []string{"verdict", "accept", "9.1", "--rule", "eligibility.membership-missing", "--reason", "tesserato il giorno del torneo"}, "overruled"},
		{"re-judge", []string{"verdict", "rejudge", "9.1", "--reason", "decisione ritirata"}, "rejudged"},
	} {
		if code, out, errs := runCmd(t, append(act.args, "--config", cfg)...); code != exitOK {
			t.Fatalf("%s: exit %d\n%s%s", act.name, code, out, errs)
		}
		watchOnce(act.name)
		names := outbox()
		if len(names) != before+1 {
			t.Fatalf("%s: %d notices in the outbox after watch --once, want %d: its notice was not delivered", act.name, len(names), before+1)
		}
		before = len(names)
		newest, newestMod := "", time.Time{}
		for _, n := range names {
			if info, err := os.Stat(n); err == nil && !info.ModTime().Before(newestMod) {
				newest, newestMod = n, info.ModTime()
			}
		}
		if body := string(mustRead(t, newest)); !strings.Contains(body, "X-Omologa-Kind: "+act.kind+"\r\n") {
			t.Errorf("%s: the newest notice %s is not a %s notice:\n%.600s", act.name, filepath.Base(newest), act.kind, body)
		}
		code, out, _ := runCmd(t, "status", "--config", cfg)
		if code != exitOK || strings.Contains(out, "pending") {
			t.Errorf("%s: a notice still pending:\n%s", act.name, out)
		}
	}
	// Every act is dated by the office's day, not the machine's.
	code, out, errs := runCmd(t, "audit", "--config", cfg)
	if code != exitOK || !strings.Contains(out, pinned.In(romeZone(t)).Format("02/01/2006")) || strings.Contains(out, time.Now().In(romeZone(t)).Format("02/01/2006 ")) {
		t.Errorf("audit: exit %d: the acts should be dated %s\n%s%s", code, pinned.Format("02/01/2006"), out, errs)
	}
}

func romeZone(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Rome")
	if err != nil {
		t.Skip("no time zone database:", err)
	}
	return loc
}
