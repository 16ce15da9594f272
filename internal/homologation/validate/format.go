package validate

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"omologa/internal/tournament"
)

// Format checks: a file that cannot be read, or is of a kind the office
// does not read, is refused with the reason (RAPID 5.2 asks for the files
// the pairing program produces); what the reader had to skip or guess
// becomes a finding at its line.

func init() {
	register(&Check{
		Name: "format.reader",
		Rules: []string{"format.unreadable", "format.refused", "format.attachment", "format.empty", "format.read-error",
			"format.read-warning", "format.read-note", "format.no-players", "format.no-rounds", "format.too-large"},
		Article: "RAPID 5.2",
		Doc:     "the file is readable; the reader's diagnostics, each at its line",
		Run:     checkFormat,
	})
}

func checkFormat(p *Pass) {
	var big *TooLarge
	if errors.As(p.ReadError, &big) {
		p.Report("format.too-large", At{}, Args{"count": big.Count, "max": big.Max, "what": word("limit." + big.What)})
		return
	}
	if err := p.ReadError; err != nil {
		refused, parse, empty := readErrorKind(err)
		switch {
		case refused != nil && p.Attachment && refused.IsDocument():
			// A PDF crosstable, a photo, a letter beside the result file:
			// kept with the submission and noted, never a rejection
			// (regs §4c "Other attachments").
			p.Report("format.attachment", At{}, Args{"kind": refusedKinds.of(refused.Kind)})
		case refused != nil:
			p.Report("format.refused", At{}, Args{"kind": refusedKinds.of(refused.Kind),
				"advice": given(sentence(refused.AdviceIT), sentence(refused.AdviceEN))})
		case empty:
			p.Report("format.empty", At{}, Args{})
		case parse != nil:
			msg := err.Error()
			if parse.Err != nil {
				msg = parse.Err.Error()
			}
			it := parse.ErrIT
			if it == "" {
				it = msg
			}
			p.Report("format.unreadable", At{Line: parse.Line}, Args{"where": whereRead(parse.Field, parse.Column), "error": given(it, msg)})
		default:
			p.Report("format.unreadable", At{}, Args{"where": Text{}, "error": err.Error()})
		}
	}
	for _, d := range p.Diagnostics {
		rule, ok := readRules[d.Severity]
		if !ok {
			rule = "format.read-note"
		}
		msgIT := d.MessageIT
		if msgIT == "" {
			// A reader that has no Italian text yet: the English one beats
			// a hole in the notice.
			msgIT = d.Message
		}
		// The reader's code (codec.windows-1252) is for the office's
		// logs, not for the arbiter: the notice names the field only.
		where := whereRead(d.Field, d.Column)
		if d.Field == "encoding" {
			// The message says it is the encoding; its column is the
			// first byte that is not UTF-8, which tells the arbiter nothing.
			where = Text{}
		}
		p.Report(rule, At{Line: d.Line}, Args{"where": where, "message": given(msgIT, d.Message)})
	}
	t := p.Tournament
	if t == nil {
		return
	}
	if len(t.Players) == 0 {
		p.Report("format.no-players", At{}, Args{})
	} else if t.Rounds() == 0 {
		p.Report("format.no-rounds", At{}, Args{"players": len(t.Players)})
	}
}

// readRules report a reader's diagnostic by its severity; one of another
// severity is a note.
var readRules = map[tournament.Severity]string{
	tournament.Error:   "format.read-error",
	tournament.Warning: "format.read-warning",
	tournament.Note:    "format.read-note",
}

// refusedKinds name a refused file's kind as the arbiter knows it; the
// reader's ids ("vegz", "swiss-manager") are for scripts.
var refusedKinds = texts[string]("validate.refused.")

// sentence starts s with a capital letter: the reader's advice is written
// to follow a colon in its error, the finding puts it after a full stop.
func sentence(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// readerFields name the fields the readers put in their diagnostics (the
// reader's name is the English); TRF codes ("132") need no translation,
// and a field without a name is left as the reader wrote it.
var readerFields = texts[string]("validate.field.")

// fieldText names a diagnostic's field: "round 3" is "turno 3".
func fieldText(field string) Text {
	if n, ok := strings.CutPrefix(field, "round "); ok {
		return say("validate.field-round", n)
	}
	return readerFields.of(field)
}

// whereRead names the place of a reader's note in the file, for a
// message: " (turno 3, colonna 92)", only the parts known, or nothing
// (the line is given apart).
func whereRead(field string, column int) Text {
	var parts []Text
	if field != "" {
		parts = append(parts, fieldText(field))
	}
	if column > 0 {
		parts = append(parts, say("validate.column", column))
	}
	if len(parts) == 0 {
		return Text{}
	}
	return around(" (", join(parts, ", "), ")")
}
