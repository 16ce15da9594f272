package office

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"omologa/internal/config"
	"omologa/internal/fsi/registers"
	"omologa/internal/intake/imap"
	"omologa/internal/platform/catalogue"
	"omologa/internal/publishing/mailer"
	"omologa/internal/store"
)

// LoadRegisters takes each register from the store when imported there
// (omologa import), else from the configured CSV file.
func LoadRegisters(ctx context.Context, st *store.Store, cfg *config.Config) (*registers.Set, error) {
	set := &registers.Set{}
	var err error
	if set.Players, err = loadRegister(ctx, st, store.RegisterPlayers, cfg.Registers.Players, registers.ReadPlayers); err != nil {
		return nil, err
	}
	if set.Arbiters, err = loadRegister(ctx, st, store.RegisterArbiters, cfg.Registers.Arbiters, registers.ReadArbiters); err != nil {
		return nil, err
	}
	if set.Calendar, err = loadRegister(ctx, st, store.RegisterCalendar, cfg.Registers.Calendar, registers.ReadCalendar); err != nil {
		return nil, err
	}
	return set, nil
}

// loadRegister reads one register of LoadRegisters with its reader: the
// store's copy when imported, else the configured file, else none (the
// zero value).
func loadRegister[T any](ctx context.Context, st *store.Store, kind, path string, read func(string, []byte) (T, error)) (T, error) {
	var zero T
	name, data, ok, err := st.Register(ctx, kind)
	if err != nil {
		return zero, err
	}
	if !ok {
		if path == "" {
			return zero, nil
		}
		if data, err = os.ReadFile(path); err != nil {
			return zero, fmt.Errorf("%s register: %w", kind, err)
		}
		name = path
	}
	if data == nil {
		return zero, nil
	}
	return read(name, data)
}

// IMAPOptions are the mailbox intake's options of the configuration's
// imap: section with its password (read by the caller): the daemon adds
// its state, limits and vitals; doctor probes with them as they are.
func IMAPOptions(m *config.IMAP, password string) imap.Options {
	return imap.Options{Host: m.Host, Port: m.Port, TLS: m.TLS, User: m.User, Password: password,
		InsecureSkipVerify: m.InsecureSkipVerify, Mailbox: m.Mailbox, Processed: m.Processed}
}

// NewMailer is the configured mailer: SMTP when configured, else the
// outbox folder.
func NewMailer(cfg *config.Config) (mailer.Mailer, error) {
	if s := cfg.SMTP; s != nil {
		pw, err := s.Read()
		if err != nil {
			return nil, fmt.Errorf("smtp: %w", err)
		}
		return mailer.NewSMTP(mailer.SMTPOptions{Host: s.Host, Port: s.Port, TLS: s.TLS, User: s.User,
			Password: pw, InsecureSkipVerify: s.InsecureSkipVerify})
	}
	return mailer.NewOutbox(cfg.Outbox)
}

// ImportRequest is a register to import: its kind (store.RegisterPlayers,
// RegisterArbiters or RegisterCalendar), the file's name and content.
// Replace lets the file remove more than MaxRemovedShare of the rows in
// force (a new register that really is that much smaller).
type ImportRequest struct {
	Kind    string
	Name    string
	Data    []byte
	Replace bool
}

// MaxRemovedShare is the share of the rows in force an import may remove
// without ImportRequest.Replace: a truncated or wrong file would
// otherwise replace the whole register silently.
const MaxRemovedShare = 0.10

// ImportResult is what was imported; its JSON is `omologa import
// --json`'s.
type ImportResult struct {
	Register string      `json:"register"` // players, arbiters or calendar
	File     string      `json:"file"`
	Rows     int         `json:"rows"`
	Diff     *ImportDiff `json:"diff"`
}

// ImportDiff is what importing a register changes, by row key (FSI id,
// or event code): rows added, removed and changed, against the register
// in force (the one imported last, else the configured file).
type ImportDiff struct {
	Register string `json:"register"`
	File     string `json:"file"`
	Rows     int    `json:"rows"`
	// Before is the register in force: its file and rows (0 when none).
	BeforeFile string   `json:"before_file,omitempty"`
	Before     int      `json:"before"`
	Added      []string `json:"added"`
	Removed    []string `json:"removed"`
	Changed    []string `json:"changed"`
	// MassRemoval says the file removes more than MaxRemovedShare of the
	// rows in force: imported only as an explicit replacement (an
	// administrator's, with a confirmation); RemovedPercent is the share.
	MassRemoval    bool `json:"mass_removal,omitempty"`
	RemovedPercent int  `json:"removed_percent,omitempty"`
}

// MaxRemovedPercent is MaxRemovedShare in per cent, for messages.
func MaxRemovedPercent() int { return int(MaxRemovedShare * 100) }

// mass sets MassRemoval and RemovedPercent.
func (d *ImportDiff) mass() {
	if d.Before > 0 {
		d.RemovedPercent = (100*len(d.Removed) + d.Before/2) / d.Before
		d.MassRemoval = float64(len(d.Removed)) > MaxRemovedShare*float64(d.Before)
	}
}

// registerColumns are each register's header, the column that keys its
// rows, and the optional columns a row's change is seen in too.
var registerColumns = map[string]struct {
	cols     []string
	key      string
	name     string // the register's name in messages
	optional []string
}{
	store.RegisterPlayers:  {registers.PlayerColumns, "fsi_id", "players' register", nil},
	store.RegisterArbiters: {registers.ArbiterColumns, "fsi_id", "arbiters' register", registers.ArbiterOptional},
	store.RegisterCalendar: {registers.CalendarColumns, "code", "calendar", nil},
}

// csvRows reads a register CSV into its header and rows by column name,
// with the registers' one CSV reader.
func csvRows(name string, data []byte) (header []string, rows []map[string]string, err error) {
	t, err := registers.ReadTable(name, data)
	if err != nil {
		return nil, nil, err
	}
	for i, rec := range t.Rows {
		row := map[string]string{}
		for j := range rec {
			if j < len(t.Header) {
				row[t.Header[j]] = t.Get(i, t.Header[j])
			}
		}
		rows = append(rows, row)
	}
	return t.Header, rows, nil
}

// checkHeader refuses a file whose header is not the named register's,
// saying which register it looks like.
func checkHeader(kind, name string, header []string) error {
	want := registerColumns[kind]
	has := map[string]bool{}
	for _, h := range header {
		has[h] = true
	}
	var missing []string
	for _, c := range want.cols {
		if !has[c] {
			missing = append(missing, c)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	// {looks} names the register the header looks like, if any; the
	// command line's English names the command that imports it too.
	args := catalogue.Named{"file": name, "register": want.name, "kind": kind, "missing": strings.Join(missing, ", ")}
	var looks joined
	cli := ""
	for k, other := range registerColumns {
		if k == kind {
			continue
		}
		all := true
		for _, c := range other.cols {
			all = all && has[c]
		}
		if all {
			looks.parts = append(looks.parts, say("office.register.looks-like", other.name))
			cli += fmt.Sprintf(" (it looks like the %s: omologa import %s)", other.name, k)
		}
	}
	args["looks"] = looks
	e := newError(Invalid, "office.register.bad-header", args)
	if cli != "" {
		args["looks"] = cli
		e.CLI = catalogue.EN.T("office.register.bad-header", args)
	}
	return e
}

// diffRegister compares a register file with the one in force.
func (o *Office) diffRegister(ctx context.Context, kind, name string, data []byte) (*ImportDiff, error) {
	if _, ok := registerColumns[kind]; !ok {
		return nil, unknownRegister(kind)
	}
	header, rows, err := csvRows(name, data)
	if err != nil {
		return nil, unreadableRegister(err)
	}
	if err := checkHeader(kind, name, header); err != nil {
		return nil, err
	}
	n, err := readRegister(kind, name, data)
	if err != nil {
		return nil, err
	}
	d := &ImportDiff{Register: kind, File: name, Rows: n, Added: []string{}, Removed: []string{}, Changed: []string{}}
	beforeName, before, err := o.registerInForce(ctx, kind)
	if err != nil || before == nil {
		return d, err
	}
	d.BeforeFile = beforeName
	_, old, err := csvRows(beforeName, before)
	if err != nil {
		return d, nil // the register in force is unreadable: everything is new
	}
	d.Before = len(old)
	key := registerColumns[kind].key
	cols := append(append([]string{}, registerColumns[kind].cols...), registerColumns[kind].optional...)
	label := func(r map[string]string) string {
		s := r[key]
		for _, c := range []string{"surname", "name"} {
			if r[c] != "" {
				s += " " + r[c]
			}
		}
		return s
	}
	// changes says what changed in a row, column by column: "fide_id
	// 853120 → 853121" ("—" for empty); "" when nothing did.
	changes := func(a, b map[string]string) string {
		var cs []string
		for _, c := range cols {
			if a[c] != b[c] {
				cs = append(cs, fmt.Sprintf("%s %s → %s", c, orDash(a[c]), orDash(b[c])))
			}
		}
		return strings.Join(cs, ", ")
	}
	oldBy := map[string]map[string]string{}
	for _, r := range old {
		oldBy[r[key]] = r
	}
	seen := map[string]bool{}
	for _, r := range rows {
		k := r[key]
		seen[k] = true
		switch prev, ok := oldBy[k]; {
		case !ok:
			d.Added = append(d.Added, label(r))
		default:
			if c := changes(prev, r); c != "" {
				d.Changed = append(d.Changed, label(r)+": "+c)
			}
		}
	}
	for _, r := range old {
		if !seen[r[key]] {
			d.Removed = append(d.Removed, label(r))
		}
	}
	return d, nil
}

// orDash is a value in a register's diff, "—" for an empty one.
func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// registerInForce is the register of kind in force: imported last, else
// the configured file; nil when none.
func (o *Office) registerInForce(ctx context.Context, kind string) (string, []byte, error) {
	name, data, ok, err := o.Store.Register(ctx, kind)
	if err != nil || ok {
		return name, data, err
	}
	path := map[string]string{store.RegisterPlayers: o.Config.Registers.Players, store.RegisterArbiters: o.Config.Registers.Arbiters,
		store.RegisterCalendar: o.Config.Registers.Calendar}[kind]
	if path == "" {
		return "", nil, nil
	}
	data, err = os.ReadFile(path)
	if err != nil {
		return "", nil, nil // a missing configured file: nothing in force
	}
	return path, data, nil
}

// readRegister reads data as a register of kind with the reader the
// daemon uses, so that a bad file is refused at the import rather than
// at the next start; it returns its rows.
func readRegister(kind, name string, data []byte) (rows int, err error) {
	switch kind {
	case store.RegisterPlayers:
		var ps *registers.Players
		if ps, err = registers.ReadPlayers(name, data); err == nil {
			rows = len(ps.Rows)
		}
	case store.RegisterArbiters:
		var as []registers.Arbiter
		as, err = registers.ReadArbiters(name, data)
		rows = len(as)
	case store.RegisterCalendar:
		var es []registers.Event
		es, err = registers.ReadCalendar(name, data)
		rows = len(es)
	default:
		return 0, unknownRegister(kind)
	}
	if err != nil {
		return 0, unreadableRegister(err)
	}
	return rows, nil
}

// ImportPreview reads data as the register of kind and says what
// importing it would change, storing nothing.
func (o *Office) ImportPreview(ctx context.Context, a Actor, kind, name string, data []byte) (*ImportDiff, error) {
	if err := o.allow(a, ActImport); err != nil {
		return nil, err
	}
	d, err := o.diffRegister(ctx, kind, name, data)
	if err != nil {
		return nil, err
	}
	d.mass()
	return d, nil
}

// Import makes data the register of kind in force, after checking its
// header and reading it as the daemon will; a file that would remove
// more than MaxRemovedShare of the rows in force is refused unless
// req.Replace. Every version is kept (ImportHistory, UndoImport); a
// running daemon reads it before its next submission.
func (o *Office) Import(ctx context.Context, a Actor, req ImportRequest) (*ImportResult, error) {
	if err := o.allow(a, ActImport); err != nil {
		return nil, err
	}
	d, err := o.diffRegister(ctx, req.Kind, req.Name, req.Data)
	if err != nil {
		return nil, err
	}
	d.mass()
	if d.MassRemoval && req.Replace && !a.Role.May(ActReplaceRegister) {
		return nil, o.allow(a, ActReplaceRegister)
	}
	if d.MassRemoval && !req.Replace {
		e := newError(Refused, "office.register.mass-removal", catalogue.Named{"file": req.Name, "removed": len(d.Removed), "before": d.Before,
			"register": registerColumns[req.Kind].name, "before_file": d.BeforeFile, "percent": d.RemovedPercent, "max": MaxRemovedPercent()})
		return nil, e.withCLI("%s (--replace imports it all the same)", e.Msg)
	}
	if err := o.Store.ImportRegister(ctx, req.Kind, req.Name, req.Data, d.Rows, a.User, o.Now()); err != nil {
		return nil, err
	}
	if err := o.audit(ctx, a, ActImport, "register "+req.Kind,
		say("audit.import", req.Name, count{"audit.import.rows", d.Rows},
			len(d.Added), word{"audit.import.added", len(d.Added)}, len(d.Removed), word{"audit.import.removed", len(d.Removed)},
			len(d.Changed), word{"audit.import.changed", len(d.Changed)})); err != nil {
		return nil, err
	}
	return &ImportResult{Register: req.Kind, File: req.Name, Rows: d.Rows, Diff: d}, nil
}

// ImportHistory lists the imported versions of a register (all when
// kind is ""), newest first.
func (o *Office) ImportHistory(ctx context.Context, kind string) ([]store.RegisterVersion, error) {
	return o.Store.RegisterHistory(ctx, kind)
}

// UndoImport undoes the latest import of a register: the version before
// it (else the configured file) is in force again.
func (o *Office) UndoImport(ctx context.Context, a Actor, kind string) (*store.RegisterVersion, error) {
	if err := o.allow(a, ActUndoImport); err != nil {
		return nil, err
	}
	if _, ok := registerColumns[kind]; !ok {
		return nil, unknownRegister(kind)
	}
	v, err := o.Store.UndoRegister(ctx, kind, a.User, o.Now())
	if errors.Is(err, store.ErrNothingToUndo) {
		return nil, newError(Refused, "office.register.nothing-to-undo", say(registerNames[kind])).because(err)
	}
	if err != nil {
		return nil, err
	}
	if err := o.audit(ctx, a, ActUndoImport, "register "+kind,
		say("audit.undo-import", v.ID, v.Name)); err != nil {
		return nil, err
	}
	return v, nil
}

// unknownRegister refuses a register that is neither players, arbiters
// nor calendar.
func unknownRegister(kind string) *Error { return newError(Invalid, "office.register.unknown", kind) }

// unreadableRegister refuses a register file the reader cannot read: its
// words (file, line, column) in English, introduced in Italian.
func unreadableRegister(err error) *Error {
	return newError(Invalid, "office.register.unreadable", catalogue.Named{"err": err}).because(err)
}

// registerNames are the registers' names in the office's refusals, by
// kind.
var registerNames = map[string]string{
	"players":  "office.register.name.players",
	"arbiters": "office.register.name.arbiters",
	"calendar": "office.register.name.calendar",
}
