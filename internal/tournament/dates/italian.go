package dates

import (
	"errors"
	"fmt"

	"omologa/internal/platform/italian"
	"omologa/internal/tournament"
)

// Error is a date that cannot be read or does not fit the tournament. It
// carries the same explanation in Italian, because the readers pass it on
// to arbiters in the rejection notices.
type Error struct {
	en, it string
	err    error // ErrUnreadable for a date that is not a date at all
}

func (e *Error) Error() string { return e.en }

func (e *Error) Unwrap() error { return e.err }

// Italian is the error's message in Italian.
func (e *Error) Italian() string { return e.it }

// Italian returns err's message in Italian when err is (or wraps) an
// *Error, else err's own message: a caller never gets an empty text.
func Italian(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) && e.it != "" {
		return e.it
	}
	return err.Error()
}

// unreadable builds the error for text s that is not a date; the English
// text keeps the form "unreadable date "s": why".
// unreadable builds the error for text s that is not a date, saying why
// in the reader's text "date."+id with args; the English keeps the form
// "unreadable date "s": why".
func unreadable(s, id string, args ...any) error {
	en, it := tournament.Say("date.unreadable", s, tournament.Phrase("date."+id, args...))
	return &Error{en: en, it: it, err: ErrUnreadable}
}

// roundError builds the error for a round date that was read but cannot
// be used: the reader's text "date."+id with args.
func roundError(id string, args ...any) error {
	en, it := tournament.Say("date."+id, args...)
	return &Error{en: en, it: it}
}

// Said is err's text in both languages, as an argument of a reader's
// text (tournament.Both).
func Said(err error) tournament.Both { return tournament.Both{EN: err.Error(), IT: Italian(err)} }

// Period is a tournament's span in both languages, for a reader's text.
func Period(start, end tournament.Date) tournament.Both {
	return tournament.Both{EN: start.String() + " to " + end.String(), IT: ItalianPeriod(start, end)}
}

// day is a date in both languages, for a reader's text.
func day(d tournament.Date) tournament.Both {
	return tournament.Both{EN: d.String(), IT: ItalianDate(d)}
}

// Both is the layout in both languages, for a reader's text.
func (l Layout) Both() tournament.Both { return tournament.Both{EN: string(l), IT: l.Italian()} }

// Italian writes the layout with the Italian letters arbiters know (AA
// for the year, GG for the day).
func (l Layout) Italian() string {
	switch l {
	case LayoutYMD:
		return "AAAA/MM/GG"
	case LayoutDMY:
		return "GG/MM/AAAA"
	case LayoutMDY:
		return "MM/GG/AAAA"
	case LayoutShort:
		return "AA/MM/GG"
	case LayoutShortYD:
		return "AA/GG/MM"
	case LayoutShortDY:
		return "GG/MM/AA"
	case LayoutNamed:
		return "mese per esteso, giorno e anno"
	case LayoutYear:
		return "AAAA"
	}
	return string(l)
}

// ItalianDate writes d as Italians do: 25/02/2011, 02/2011; a year
// alone (2011) and the zero Date (empty) as d.String writes them.
func ItalianDate(d tournament.Date) string {
	switch {
	case d.Year == 0 || d.Month == 0:
		return d.String()
	case d.Day == 0:
		return fmt.Sprintf("%02d/%04d", int(d.Month), d.Year)
	}
	return italian.DMY(d.Year, d.Month, d.Day)
}

// ItalianPeriod names the tournament's span for a message: "dal 25/02/2011
// al 27/02/2011", or only the bound that is known.
func ItalianPeriod(start, end tournament.Date) string {
	s, e := ItalianDate(start), ItalianDate(end)
	switch {
	case s != "" && e != "":
		return "dal " + s + " al " + e
	case s != "":
		return "iniziato il " + s
	case e != "":
		return "terminato il " + e
	}
	return "date del torneo non note"
}

// TournamentBound reads a tournament's start date (end false) or end date
// as a header writes it. When it cannot be read, en and it say why in
// English and Italian, naming which date: the TRF and the Vega readers
// report it alike.
func TournamentBound(s string, end bool) (d tournament.Date, en, it string) {
	d, _, err := Parse(s)
	if err == nil {
		return d, "", ""
	}
	id := "date.start"
	if end {
		id = "date.end"
	}
	en, it = tournament.Say(id, Said(err))
	return d, en, it
}
