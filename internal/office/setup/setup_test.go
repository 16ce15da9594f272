package setup

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"omologa/internal/config"
)

// An office written by init loads strictly, has no demo clock, and is
// never written twice.
func TestWriteLoadsAndRefusesTwice(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ufficio")
	rules, err := os.ReadFile("../../../rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	files, err := Write(dir, rules)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 5 {
		t.Errorf("written %v", files)
	}
	cfg, err := config.Load(filepath.Join(dir, ConfigName))
	if err != nil {
		t.Fatalf("the configuration init writes does not load: %v", err)
	}
	if cfg.Clock != "" || len(cfg.Drop.Seed) != 0 {
		t.Errorf("a demo clock or seeding in a real office: %q %v", cfg.Clock, cfg.Drop.Seed)
	}
	for _, f := range Folders {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || !st.IsDir() {
			t.Errorf("folder %s: %v", f, err)
		}
	}
	if _, err := Write(dir, rules); !errors.Is(err, ErrExists) {
		t.Errorf("init twice: %v, want %v", err, ErrExists)
	}
}
