package validate

import (
	"bytes"
	"fmt"
	"omologa/internal/fsi/registers"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

// Judge reads a file's bytes (in any format the codec knows) and judges
// them as received with sub, against the registers: the verdict of
// `omologa check`, and of a stored submission judged again for its
// report. The tournament read comes back too, nil when unreadable.
func Judge(f *Rulebook, regs *registers.Set, name string, data []byte, sub Submission) (Report, *tournament.Tournament) {
	if big := overLimits(f.Limits, data); big != nil {
		return Validate(f, Input{File: name, ReadError: big, Registers: regs, Submission: sub}), nil
	}
	t, diags, err := codec.Read(name, data)
	if err == nil && len(t.Players) > f.Limits.players() {
		// A format whose player records the count below does not see.
		big := &TooLarge{What: "players", Count: len(t.Players), Max: f.Limits.players()}
		return Validate(f, Input{File: name, ReadError: big, Registers: regs, Submission: sub}), nil
	}
	in := Input{File: name, Tournament: t, Diagnostics: diags, ReadError: err, Registers: regs, Submission: sub}
	if err != nil {
		in.Tournament, t = nil, nil
	}
	return Validate(f, in), t
}

// TooLarge is a file beyond the rulebook's limits (FileLimits), not read.
type TooLarge struct {
	What       string // "lines" or "players"
	Count, Max int
}

func (e *TooLarge) Error() string {
	return fmt.Sprintf("the file holds %d %s, over the limit of %d", e.Count, e.What, e.Max)
}

// overLimits counts a file's lines and TRF player records ("001" at the
// start of a line) without reading it: counting costs no memory, reading
// a million lines would.
func overLimits(l FileLimits, data []byte) *TooLarge {
	lines := bytes.Count(data, []byte{'\n'}) + 1
	if n := bytes.Count(data, []byte{'\r'}); n > lines {
		lines = n + 1 // old Mac line ends
	}
	if lines > l.lines() {
		return &TooLarge{What: "lines", Count: lines, Max: l.lines()}
	}
	players := bytes.Count(data, []byte("\n001")) + bytes.Count(data, []byte("\r001"))
	if bytes.HasPrefix(data, []byte("001")) {
		players++
	}
	if players > l.players() {
		return &TooLarge{What: "players", Count: players, Max: l.players()}
	}
	return nil
}
