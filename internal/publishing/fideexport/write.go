package fideexport

// The files an export writes: each tournament's TRF as FIDE takes it,
// and the registration file of the players FIDE does not know.

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"omologa/internal/platform/atomicfile"
	"omologa/internal/tournament"
	"omologa/internal/tournament/trf"
)

// Write writes the TRF forwarded to FIDE: TRF-2025 (TRF26) when the file
// came so, TRF16 otherwise (Vega .tdf, TRF16, TRFx), as forFide makes
// it: ASCII, CRLF, 092 in English, FIDE titles only, no national
// records. t's players carry the FIDE ids and titles to forward
// (withPlayerIDs), its arbiters their FIDE ids (fide.WithArbiterIDs).
func Write(t *tournament.Tournament, roundRobin bool) ([]byte, trf.Version, error) {
	out := forFide(t, roundRobin)
	v := trf.TRF16
	if t.Format == tournament.FormatTRF26 {
		v = trf.TRF26
	}
	var b bytes.Buffer
	if err := trf.Write(&b, out, v); err != nil {
		return nil, v, fmt.Errorf("fide export: %s: %w", t.File, err)
	}
	if err := checkASCII(b.Bytes()); err != nil {
		return nil, v, fmt.Errorf("fide export: %s: %w", t.File, err)
	}
	return b.Bytes(), v, nil
}

// safeName is a file's base name without extension, in letters, digits,
// '-' and '_'.
func safeName(name string) string {
	base := strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
	var b strings.Builder
	for _, r := range base {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "torneo"
	}
	return b.String()
}

// RegistrationCSV is the FIDE registration file: one row a player, in
// ASCII, CRLF (a CSV every spreadsheet and FIDE's officers read).
func RegistrationCSV(regs []Registration) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.UseCRLF = true
	_ = w.Write([]string{"tournament", "start", "name", "sex", "birth_year", "federation", "fsi_id"})
	for _, r := range regs {
		year := ""
		if r.BirthYear > 0 {
			year = strconv.Itoa(r.BirthYear)
		}
		_ = w.Write([]string{r.Tournament, strconv.Itoa(r.Start), r.Name, r.Sex, year, r.Federation, r.FSIID})
	}
	w.Flush()
	return b.Bytes()
}

// writeRegistrations writes the FIDE registration file in dir and
// returns its path.
func writeRegistrations(dir string, regs []Registration) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("fide export: %w", err)
	}
	path := filepath.Join(dir, RegistrationFile)
	if err := atomicfile.Write(path, RegistrationCSV(regs), 0o644); err != nil {
		return "", fmt.Errorf("fide export: %w", err)
	}
	return path, nil
}
