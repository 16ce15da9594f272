package synth

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"omologa/internal/fsi/registers"
	"omologa/internal/platform/atomicfile"
	"omologa/internal/tournament"
	"omologa/internal/tournament/trf"
)

// Written is what Season.Write wrote (omologa gen prints it, as JSON
// with --json).
type Written struct {
	Dir         string `json:"dir"`
	Players     string `json:"players"`
	Received    string `json:"received"`
	Tournaments int    `json:"tournaments"`
	Games       int    `json:"games"`
	Files       int    `json:"files"`
}

// Write writes the season into dir (created) as `omologa list close`
// reads it: players.csv (the players' register), received.csv
// (file,received) and one TRF-2025/26 file per tournament, t00001.trf
// on; each, when not nil, is called as each tournament file is written.
func (s *Season) Write(dir string, each func()) (Written, error) {
	out := Written{Dir: dir, Players: filepath.Join(dir, "players.csv"), Received: filepath.Join(dir, "received.csv"),
		Tournaments: len(s.Tournaments)}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return out, err
	}
	if err := atomicfile.WriteFrom(out.Players, func(w io.Writer) error { return registers.WritePlayers(w, s.Players) }, 0o644); err != nil {
		return out, err
	}
	var rec bytes.Buffer
	rec.WriteString("file,received\n")
	for i, t := range s.Tournaments {
		if each != nil {
			each()
		}
		name := fmt.Sprintf("t%05d.trf", i+1)
		t.File, t.Format = name, tournament.FormatTRF26
		var tb bytes.Buffer
		if err := trf.Write(&tb, t, trf.TRF26); err != nil {
			return out, fmt.Errorf("%s: %w", name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), tb.Bytes(), 0o644); err != nil {
			return out, err
		}
		fmt.Fprintf(&rec, "%s,%s\n", name, s.Received[i])
		out.Games += len(t.Games())
		out.Files++
	}
	return out, os.WriteFile(out.Received, rec.Bytes(), 0o644)
}
