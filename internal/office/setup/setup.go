// Package setup writes a new, empty office (omologa init): its
// configuration, commented for a real federation office (no demo clock,
// no seeding), the rules, the three registers with their headers and the
// var/ folders. It never overwrites: an office is made once.
package setup

import (
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"omologa/internal/fsi/registers"
)

//go:embed omologa.yaml
var configText []byte

// Folders are the office's working folders under its directory.
var Folders = []string{"registers", "var", "var/drop", "var/spool", "var/outbox", "var/backups", "var/publish"}

// ConfigName is the configuration's file name in the office's directory.
const ConfigName = "omologa.yaml"

// ErrExists says that init would overwrite something: the path is named.
var ErrExists = errors.New("exists already: omologa init never overwrites")

// Write makes the office in dir (created when missing) with rules as its
// rules.yaml; it returns the files written. Nothing is written when any
// of them exists.
func Write(dir string, rules []byte) ([]string, error) {
	files := map[string][]byte{
		ConfigName:               configText,
		"rules.yaml":             rules,
		"registers/players.csv":  header(registers.PlayerColumns),
		"registers/arbiters.csv": header(append(append([]string{}, registers.ArbiterColumns...), registers.ArbiterOptional...)),
		"registers/calendar.csv": header(append(append([]string{}, registers.CalendarColumns...), "province", "flags")),
	}
	order := []string{ConfigName, "rules.yaml", "registers/players.csv", "registers/arbiters.csv", "registers/calendar.csv"}
	for _, name := range append(order, "var") {
		p := filepath.Join(dir, name)
		if _, err := os.Lstat(p); err == nil {
			return nil, fmt.Errorf("%s: %w", p, ErrExists)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	for _, f := range append([]string{""}, Folders...) {
		if err := os.MkdirAll(filepath.Join(dir, f), 0o750); err != nil {
			return nil, err
		}
	}
	var written []string
	for _, name := range order {
		p := filepath.Join(dir, name)
		// O_EXCL: a file that appeared since the check is not replaced.
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
		if err != nil {
			return written, err
		}
		if _, err := f.Write(files[name]); err != nil {
			f.Close()
			return written, err
		}
		if err := f.Close(); err != nil {
			return written, err
		}
		written = append(written, p)
	}
	return written, nil
}

// header is a register's header row, as the federation's exports write it.
func header(cols []string) []byte { return []byte(strings.Join(cols, ",") + "\n") }
