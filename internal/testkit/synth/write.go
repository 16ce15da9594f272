package synth

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"

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
		var tb bytes.Buffer
		if err := writeTournament(dir, i, t, &tb); err != nil {
			return out, err
		}
		fmt.Fprintf(&rec, "%s,%s\n", fileName(i), s.Received[i])
		out.Games += len(t.Games())
		out.Files++
	}
	return out, os.WriteFile(out.Received, rec.Bytes(), 0o644)
}

// GenerateTo generates the season of c and writes it into dir as Write
// does, the same files, without holding the season: the tournaments
// are made one after the other (the same random draws) and written on
// every core as they come, the register meanwhile (omologa gen at
// FIDE's scale, issue 31). each, when not nil, is called once for each
// tournament file written, by one writer at a time.
func GenerateTo(c Config, dir string, each func()) (Written, error) {
	s, next := generate(c)
	out := Written{Dir: dir, Players: filepath.Join(dir, "players.csv"), Received: filepath.Join(dir, "received.csv"),
		Tournaments: c.Tournaments}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return out, err
	}
	players := make(chan error, 1)
	go func() {
		players <- atomicfile.WriteFrom(out.Players, func(w io.Writer) error { return registers.WritePlayers(w, s.Players) }, 0o644)
	}()
	type job struct {
		i int
		t *tournament.Tournament
	}
	jobs := make(chan job, 64)
	received := make([]tournament.Date, 0, c.Tournaments)
	errs := make([]error, c.Tournaments)
	games := make([]int, c.Tournaments)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var tb bytes.Buffer
			for j := range jobs {
				if each != nil {
					mu.Lock()
					each()
					mu.Unlock()
				}
				tb.Reset()
				errs[j.i] = writeTournament(dir, j.i, j.t, &tb)
				games[j.i] = len(j.t.Games())
			}
		}()
	}
	for i := 0; ; i++ {
		t, day, ok := next()
		if !ok {
			break
		}
		received = append(received, day)
		jobs <- job{i, t}
	}
	close(jobs)
	wg.Wait()
	if err := <-players; err != nil {
		return out, err
	}
	var rec bytes.Buffer
	rec.WriteString("file,received\n")
	for i, day := range received {
		if errs[i] != nil {
			return out, errs[i]
		}
		fmt.Fprintf(&rec, "%s,%s\n", fileName(i), day)
		out.Games += games[i]
		out.Files++
	}
	return out, os.WriteFile(out.Received, rec.Bytes(), 0o644)
}

// fileName is the i-th tournament's file (t00001.trf on).
func fileName(i int) string { return fmt.Sprintf("t%05d.trf", i+1) }

// writeTournament writes the i-th tournament's file into dir through tb.
func writeTournament(dir string, i int, t *tournament.Tournament, tb *bytes.Buffer) error {
	name := fileName(i)
	t.File, t.Format = name, tournament.FormatTRF26
	if err := trf.Write(tb, t, trf.TRF26); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return os.WriteFile(filepath.Join(dir, name), tb.Bytes(), 0o644)
}
