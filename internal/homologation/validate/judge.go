package validate

import (
	"omologa/internal/fsi/registers"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

// Judge reads a file's bytes (in any format the codec knows) and judges
// them as received with sub, against the registers: the verdict of
// `omologa check`, and of a stored submission judged again for its
// report. The tournament read comes back too, nil when unreadable.
func Judge(f *Rulebook, regs *registers.Set, name string, data []byte, sub Submission) (Report, *tournament.Tournament) {
	t, diags, err := codec.Read(name, data)
	in := Input{File: name, Tournament: t, Diagnostics: diags, ReadError: err, Registers: regs, Submission: sub}
	if err != nil {
		in.Tournament, t = nil, nil
	}
	return Validate(f, in), t
}
