package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// omologa init writes an office that the other commands open at once
// (status, user list: the admin made), and refuses to write it twice.
func TestInitThenStatus(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ufficio")
	var out, errb strings.Builder
	if code := runMain(context.Background(), []string{"init", "--rules", "../../rules.yaml", dir}, &out, &errb); code != exitOK {
		t.Fatalf("init: exit %d\n%s", code, errb.String())
	}
	if !strings.Contains(out.String(), "account: admin, password ") {
		t.Errorf("no password printed:\n%s", out.String())
	}
	cfg := filepath.Join(dir, "omologa.yaml")
	for _, args := range [][]string{{"status", "--config", cfg}, {"user", "list", "--config", cfg}} {
		out.Reset()
		if code := runMain(context.Background(), args, &out, &errb); code != exitOK {
			t.Errorf("%v: exit %d\n%s", args, code, errb.String())
		}
	}
	if !strings.Contains(out.String(), "admin") {
		t.Errorf("no admin account:\n%s", out.String())
	}
	errb.Reset()
	if code := runMain(context.Background(), []string{"init", "--rules", "../../rules.yaml", dir}, &out, &errb); code != exitUsage ||
		!strings.Contains(errb.String(), "omologa.yaml: exists already") {
		t.Errorf("init twice: exit %d, %q", code, errb.String())
	}
}

// omologa doctor on the office init wrote: every line OK or PROBLEM, the
// empty registers and the missing mail server PROBLEMs with their fixes
// (exit 1), the JSON a script reads; an unreadable configuration is exit
// 2 naming the file and line.
func TestDoctorExits(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ufficio")
	var out, errb strings.Builder
	if code := runMain(context.Background(), []string{"init", "--rules", "../../rules.yaml", dir}, &out, &errb); code != exitOK {
		t.Fatalf("init: exit %d\n%s", code, errb.String())
	}
	cfg := filepath.Join(dir, "omologa.yaml")
	out.Reset()
	if code := runMain(context.Background(), []string{"doctor", "--config", cfg}, &out, &errb); code != exitRejected {
		t.Errorf("doctor of a new office: exit %d, want 1\n%s%s", code, out.String(), errb.String())
	}
	for _, want := range []string{"OK       store ", "PROBLEM  register players", "fix: import the federation's register", "PROBLEM  smtp", "problems: the office is not ready"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("doctor says no %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := runMain(context.Background(), []string{"doctor", "--json", "--config", cfg}, &out, &errb); code != exitRejected ||
		!strings.Contains(out.String(), `"check": "register players"`) || !strings.Contains(out.String(), `"ok": false`) {
		t.Errorf("doctor --json: exit %d\n%s", code, out.String())
	}
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("store:\n  pth: x\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	errb.Reset()
	if code := runMain(context.Background(), []string{"doctor", "--config", bad}, &out, &errb); code != exitUsage || !strings.Contains(errb.String(), "bad.yaml:2") {
		t.Errorf("doctor of an unreadable configuration: exit %d, %q", code, errb.String())
	}
}
