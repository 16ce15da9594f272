package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
)

func TestUserCommand(t *testing.T) {
	dir := t.TempDir()
	cfg := pipelinetest.Config(t, dir, "100ms")
	defer func(r interface{ Read([]byte) (int, error) }) { stdin = r }(stdin)

	stdin = strings.NewReader("password-di-rossi\n")
	if code, out, errs := runCmd(t, "user", "add", "--config", cfg, "--role", "officer", "rossi"); code != exitOK {
		t.Fatalf("user add: exit %d\n%s%s", code, out, errs)
	}
	stdin = strings.NewReader("password-di-rossi\n")
	if code, _, _ := runCmd(t, "user", "add", "--config", cfg, "--role", "officer", "rossi"); code != exitRejected {
		t.Errorf("adding rossi twice: exit %d, want %d", code, exitRejected)
	}
	stdin = strings.NewReader("password-di-bianchi\n")
	if code, _, errs := runCmd(t, "user", "add", "--config", cfg, "--role", "boss", "bianchi"); code != exitUsage || !strings.Contains(errs, "role") {
		t.Errorf("a bad role: exit %d %q", code, errs)
	}
	stdin = strings.NewReader("corta\n")
	if code, _, _ := runCmd(t, "user", "passwd", "--config", cfg, "rossi"); code != exitUsage {
		t.Errorf("a short password: exit %d, want %d", code, exitUsage)
	}
	t.Setenv("NEW_PW", "un'altra-password")
	if code, _, errs := runCmd(t, "user", "passwd", "--config", cfg, "--password-env", "NEW_PW", "rossi"); code != exitOK {
		t.Errorf("passwd: exit %d %s", code, errs)
	}
	if code, _, errs := runCmd(t, "user", "disable", "--config", cfg, "rossi"); code != exitOK {
		t.Errorf("disable: exit %d %s", code, errs)
	}
	code, out, _ := runCmd(t, "user", "list", "--config", cfg, "--json")
	var us []store.User
	if err := json.Unmarshal([]byte(out), &us); code != exitOK || err != nil || len(us) != 1 || !us[0].Disabled || us[0].Role != "officer" {
		t.Errorf("user list --json: exit %d %v %s", code, err, out)
	}
	if strings.Contains(out, "$2") {
		t.Error("user list shows the password hash")
	}
	st, err := store.Open(context.Background(), filepath.Join(dir, "omologa.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	es, err := st.AuditLog(context.Background(), store.AuditFilter{Object: "user rossi"})
	if err != nil || len(es) != 3 {
		t.Errorf("audit of rossi: %d entries (%v), want 3 (added, new password, disabled)", len(es), err)
	}
	if code, _, _ := runCmd(t, "user", "-h"); code != exitOK {
		t.Errorf("user -h: exit %d", code)
	}
}
