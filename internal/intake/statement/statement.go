// Package statement reads a bank statement's movements: the CSV exports
// of Italian banks, the usual "Data;Valuta;Importo;Descrizione" with
// decimal commas and the CBI movements' columns (accounting and value
// date, debit and credit, description), and any bank's own columns as
// configured. Reading is all or nothing: a file whose header is of no
// known layout, or whose row cannot be read, names its line and column
// and gives no movement, so that an import never takes half a file.
//
// Each movement carries a Key made of its bank fields (dates, amount,
// description, and its occurrence among identical rows), so that the
// same statement imported twice adds nothing.
package statement

import (
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"omologa/internal/tournament"
)

// Layout names a statement's columns by their header (compared without
// case, spaces or accents). Amount is one signed column; a bank that
// writes debits and credits apart names Debit and Credit instead.
type Layout struct {
	Name        string `yaml:"name"`
	Date        string `yaml:"date"`
	ValueDate   string `yaml:"value_date,omitempty"`
	Amount      string `yaml:"amount,omitempty"`
	Credit      string `yaml:"credit,omitempty"`
	Debit       string `yaml:"debit,omitempty"`
	Description string `yaml:"description"`
	// Separator is the field separator: ";" when empty.
	Separator string `yaml:"separator,omitempty"`
}

// The layouts every import knows.
var (
	// Plain is the usual home-banking export.
	Plain = Layout{Name: "plain", Date: "Data", ValueDate: "Valuta", Amount: "Importo", Description: "Descrizione"}
	// CBI is the CBI movements' columns as Italian banks export them.
	CBI = Layout{Name: "cbi", Date: "Data contabile", ValueDate: "Data valuta", Debit: "Dare", Credit: "Avere",
		Description: "Descrizione operazione"}
	Builtin = []Layout{CBI, Plain}
)

// Check returns what is wrong with a configured layout.
func (l Layout) Check() error {
	switch {
	case l.Name == "":
		return errors.New("a layout needs a name")
	case l.Date == "" || l.Description == "":
		return fmt.Errorf("layout %s: date and description are required", l.Name)
	case (l.Amount == "") == (l.Credit == ""):
		return fmt.Errorf("layout %s: give amount, or credit (and debit), not both", l.Name)
	case l.Debit != "" && l.Credit == "":
		return fmt.Errorf("layout %s: debit needs credit", l.Name)
	case len([]rune(l.Separator)) > 1:
		return fmt.Errorf("layout %s: the separator is one character", l.Name)
	}
	return nil
}

func (l Layout) comma() rune {
	if l.Separator == "" {
		return ';'
	}
	r, _ := utf8.DecodeRuneInString(l.Separator)
	return r
}

// Movement is one credit on the account.
type Movement struct {
	Line        int             `json:"line"`
	Date        tournament.Date `json:"date"`
	ValueDate   tournament.Date `json:"value_date,omitzero"`
	Cents       int64           `json:"cents"`
	Description string          `json:"description"`
	// Key identifies the movement by its bank fields, for a re-import.
	Key string `json:"key"`
}

// Statement is a read file: its layout, the credits, and the debits and
// other lines passed over, each said (never silently taken).
type Statement struct {
	Layout    string     `json:"layout"`
	Movements []Movement `json:"movements"`
	// Debits are outgoing movements: not payments, listed for the record.
	Debits []Movement `json:"debits,omitempty"`
}

// Error is a line of a statement that could not be read.
type Error struct {
	File   string
	Line   int
	Column string // the header's name, "" for the whole line
	Msg    string
}

func (e *Error) Error() string {
	if e.Column == "" {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s:%d: column %q: %s", e.File, e.Line, e.Column, e.Msg)
}

// Parse reads a statement in the first of layouts (then the built-in
// ones) whose header it finds; the lines before the header (the bank's
// account details) are passed over. Every error names the file, line
// and column, and a file with any error gives nothing.
func Parse(file string, data []byte, layouts []Layout) (*Statement, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) { // Windows exports: Latin-1
		var b strings.Builder
		for _, c := range data {
			b.WriteRune(rune(c))
		}
		data = []byte(b.String())
	}
	all := append(append([]Layout{}, layouts...), Builtin...)
	var errs []error
	for _, l := range all {
		st, found, err := parseAs(file, data, l)
		if found {
			return st, err
		}
		errs = append(errs, err)
	}
	var names []string
	for _, l := range all {
		names = append(names, l.Name+" ("+strings.Join(l.columns(), l.Separator+sepOr(l))+")")
	}
	line := 1
	if e, ok := firstError(errs); ok {
		line = e.Line
	}
	return nil, &Error{File: file, Line: line, Msg: "no header of a known layout: " + strings.Join(names, "; ")}
}

func sepOr(l Layout) string {
	if l.Separator == "" {
		return ";"
	}
	return ""
}

func firstError(errs []error) (*Error, bool) {
	for _, err := range errs {
		var e *Error
		if errors.As(err, &e) && e.Line > 1 {
			return e, true
		}
	}
	return nil, false
}

func (l Layout) columns() []string {
	var out []string
	for _, c := range []string{l.Date, l.ValueDate, l.Amount, l.Debit, l.Credit, l.Description} {
		if c != "" {
			out = append(out, c)
		}
	}
	return out
}

// fold is a header compared: lower case, no spaces, dots or accents.
func fold(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch r {
		case ' ', '.', '_', '-', '\t', '"':
			continue
		case 'à', 'á':
			r = 'a'
		case 'è', 'é':
			r = 'e'
		case 'ì', 'í':
			r = 'i'
		case 'ò', 'ó':
			r = 'o'
		case 'ù', 'ú':
			r = 'u'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// parseAs reads data in layout l; found is false when no header of l is
// in the file.
func parseAs(file string, data []byte, l Layout) (*Statement, bool, error) {
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma, r.FieldsPerRecord, r.LazyQuotes = l.comma(), -1, true
	var col map[string]int
	st := &Statement{Layout: l.Name}
	var errs []error
	seen := map[string]int{}
	firstLine := map[string]int{}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		line, _ := r.FieldPos(0)
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				line = pe.Line
			}
			e := &Error{File: file, Line: line, Msg: "not a line of a statement: " + err.Error()}
			if col == nil {
				return nil, false, e
			}
			errs = append(errs, e)
			continue
		}
		if col == nil {
			col = header(rec, l)
			continue
		}
		if blank(rec) {
			continue
		}
		m, err := row(file, line, rec, col, l)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		id := fmt.Sprintf("%s|%s|%d|%s", m.Date, m.ValueDate, m.Cents, strings.Join(strings.Fields(strings.ToUpper(m.Description)), " "))
		seen[id]++
		if n := seen[id]; n > 1 {
			errs = append(errs, &Error{File: file, Line: line, Msg: fmt.Sprintf("the same movement as line %d (date, amount, description): a duplicated row; remove it, or write a word in the description that tells them apart", firstLine[id])})
			continue
		}
		firstLine[id] = line
		sum := sha256.Sum256([]byte(id))
		m.Key = hex.EncodeToString(sum[:16])
		if m.Cents < 0 {
			st.Debits = append(st.Debits, m)
			continue
		}
		st.Movements = append(st.Movements, m)
	}
	if col == nil {
		return nil, false, &Error{File: file, Line: 1, Msg: "no header"}
	}
	if len(errs) > 0 {
		return nil, true, errors.Join(errs...)
	}
	return st, true, nil
}

// header maps l's columns to their index in rec, nil unless every
// required column is there.
func header(rec []string, l Layout) map[string]int {
	at := map[string]int{}
	for i, h := range rec {
		if _, dup := at[fold(h)]; !dup {
			at[fold(h)] = i
		}
	}
	col := map[string]int{}
	for _, c := range l.columns() {
		i, ok := at[fold(c)]
		if !ok {
			if c == l.ValueDate || c == l.Debit {
				continue // optional
			}
			return nil
		}
		col[c] = i
	}
	return col
}

func blank(rec []string) bool {
	for _, f := range rec {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

func row(file string, line int, rec []string, col map[string]int, l Layout) (Movement, error) {
	m := Movement{Line: line}
	get := func(c string) (string, bool) {
		i, ok := col[c]
		if !ok || c == "" {
			return "", false
		}
		if i >= len(rec) {
			return "", true
		}
		return strings.TrimSpace(rec[i]), true
	}
	bad := func(c, format string, a ...any) error {
		return &Error{File: file, Line: line, Column: c, Msg: fmt.Sprintf(format, a...)}
	}
	var err error
	s, _ := get(l.Date)
	if m.Date, err = ParseDate(s); err != nil {
		return m, bad(l.Date, "%v", err)
	}
	if s, ok := get(l.ValueDate); ok && s != "" {
		if m.ValueDate, err = ParseDate(s); err != nil {
			return m, bad(l.ValueDate, "%v", err)
		}
	}
	if l.Amount != "" {
		s, _ := get(l.Amount)
		if m.Cents, err = ParseCents(s); err != nil {
			return m, bad(l.Amount, "%v", err)
		}
	} else {
		cr, _ := get(l.Credit)
		db, _ := get(l.Debit)
		switch {
		case cr != "" && db != "":
			return m, bad(l.Credit, "both %s and %s are written", l.Debit, l.Credit)
		case cr != "":
			if m.Cents, err = ParseCents(cr); err != nil {
				return m, bad(l.Credit, "%v", err)
			}
		case db != "":
			c, err := ParseCents(db)
			if err != nil {
				return m, bad(l.Debit, "%v", err)
			}
			m.Cents = -abs(c)
		default:
			return m, bad(l.Credit, "no amount")
		}
	}
	if m.Cents == 0 {
		return m, bad(firstNonEmpty(l.Amount, l.Credit), "the amount is zero")
	}
	m.Description, _ = get(l.Description)
	return m, nil
}

func abs(c int64) int64 {
	if c < 0 {
		return -c
	}
	return c
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// ParseDate reads a statement's date: 23/11/2026, 23/11/26, 23.11.2026,
// 23-11-2026 or 2026-11-23.
func ParseDate(s string) (tournament.Date, error) {
	s = strings.TrimSpace(s)
	if len(s) == 10 && s[4] == '-' && s[7] == '-' {
		var d tournament.Date
		if err := d.UnmarshalText([]byte(s)); err == nil && d.IsCalendarDay() {
			return d, nil
		}
		return tournament.Date{}, fmt.Errorf("%q is not a date", s)
	}
	f := strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '.' || r == '-' })
	if len(f) != 3 || len(f[0]) > 2 || len(f[1]) > 2 || (len(f[2]) != 2 && len(f[2]) != 4) {
		return tournament.Date{}, fmt.Errorf("%q is not a date (dd/mm/yyyy)", s)
	}
	n := make([]int, 3)
	for i, p := range f {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 {
			return tournament.Date{}, fmt.Errorf("%q is not a date (dd/mm/yyyy)", s)
		}
		n[i] = v
	}
	if len(f[2]) == 2 {
		n[2] += 2000
	}
	d := tournament.Date{Year: n[2], Month: time.Month(n[1]), Day: n[0]}
	if !d.IsCalendarDay() {
		return tournament.Date{}, fmt.Errorf("%q is not a day of the calendar", s)
	}
	return d, nil
}

// ParseCents reads an amount written the Italian way: "1.234,50",
// "-25,00", "+25", "25,5", "€ 25,00", "25,00 EUR". A decimal point alone
// ("25.50") is refused: it reads as thousands in Italian.
func ParseCents(s string) (int64, error) {
	orig := s
	s = strings.TrimSpace(s)
	for _, cur := range []string{"€", "EUR", "eur"} {
		s = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(s, cur), cur))
	}
	neg := false
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		neg = s[0] == '-'
		s = strings.TrimSpace(s[1:])
	}
	whole, frac, hasFrac := strings.Cut(s, ",")
	if whole == "" || (hasFrac && (len(frac) == 0 || len(frac) > 2)) {
		return 0, fmt.Errorf("%q is not an amount (1.234,50)", orig)
	}
	if strings.Contains(whole, ".") {
		groups := strings.Split(whole, ".")
		if len(groups[0]) == 0 || len(groups[0]) > 3 {
			return 0, fmt.Errorf("%q is not an amount (1.234,50)", orig)
		}
		for _, g := range groups[1:] {
			if len(g) != 3 {
				return 0, fmt.Errorf("%q is not an amount (1.234,50: a decimal comma)", orig)
			}
		}
		whole = strings.Join(groups, "")
	}
	if len(whole) > 13 {
		return 0, fmt.Errorf("%q is too large an amount", orig)
	}
	for _, r := range whole + frac {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("%q is not an amount (1.234,50)", orig)
		}
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, _ := strconv.ParseInt(whole, 10, 64)
	c, _ := strconv.ParseInt(frac, 10, 64)
	v := w*100 + c
	if neg {
		v = -v
	}
	return v, nil
}
