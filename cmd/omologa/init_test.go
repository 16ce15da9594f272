package main

import (
	"context"
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
