package deploy

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"omologa/internal/testkit/testenv"
)

// TestUnitsVerify runs systemd-analyze verify on the unit. verify
// checks that ExecStart's binary exists, so the test builds omologa into
// a temporary folder and verifies a copy of the unit whose ExecStart
// points there; nothing else of the unit is changed.
func TestUnitsVerify(t *testing.T) {
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		testenv.Missing(t, "systemd-analyze is not installed (apt-get install systemd): the units are not verified")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "omologa")
	build := exec.Command("go", "build", "-o", bin, "omologa/cmd/omologa")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, unit := range []string{"omologa.service"} {
		t.Run(unit, func(t *testing.T) {
			b, err := os.ReadFile(unit)
			if err != nil {
				t.Fatal(err)
			}
			text := string(b)
			const installed = "ExecStart=/usr/local/bin/omologa "
			if !strings.Contains(text, installed) {
				t.Fatalf("%s: no %q line", unit, installed)
			}
			for _, want := range []string{"User=omologa", "ProtectSystem=strict", "ReadWritePaths=/var/lib/omologa",
				"NoNewPrivileges=true", "PrivateTmp=true", "Restart=on-failure", "LoadCredential="} {
				if !strings.Contains(text, "\n"+want) {
					t.Errorf("%s: no %q", unit, want)
				}
			}
			text = strings.Replace(text, installed, "ExecStart="+bin+" ", 1)
			copy := filepath.Join(dir, unit)
			if err := os.WriteFile(copy, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			// --man=no: the Documentation= page need not exist here.
			out, err := exec.Command(analyze, "verify", "--man=no", copy).CombinedOutput()
			if err != nil || len(strings.TrimSpace(string(out))) > 0 {
				t.Errorf("systemd-analyze verify %s: %v\n%s", unit, err, out)
			}
		})
	}
}
