package office

import (
	"context"
	"fmt"
	"os"

	"omologa/config"
	"omologa/mailer"
	"omologa/registers"
	"omologa/store"
)

// LoadRegisters takes each register from the store when imported there
// (omologa import), else from the configured CSV file.
func LoadRegisters(ctx context.Context, st *store.Store, cfg *config.Config) (*registers.Set, error) {
	set := &registers.Set{}
	get := func(kind, path string) (string, []byte, error) {
		name, data, ok, err := st.Register(ctx, kind)
		if err != nil || ok {
			return name, data, err
		}
		if path == "" {
			return "", nil, nil
		}
		data, err = os.ReadFile(path)
		if err != nil {
			return "", nil, fmt.Errorf("%s register: %w", kind, err)
		}
		return path, data, nil
	}
	name, data, err := get(store.RegisterPlayers, cfg.Registers.Players)
	if err != nil {
		return nil, err
	}
	if data != nil {
		if set.Players, err = registers.ReadPlayers(name, data); err != nil {
			return nil, err
		}
	}
	if name, data, err = get(store.RegisterArbiters, cfg.Registers.Arbiters); err != nil {
		return nil, err
	}
	if data != nil {
		if set.Arbiters, err = registers.ReadArbiters(name, data); err != nil {
			return nil, err
		}
	}
	if name, data, err = get(store.RegisterCalendar, cfg.Registers.Calendar); err != nil {
		return nil, err
	}
	if data != nil {
		if set.Calendar, err = registers.ReadCalendar(name, data); err != nil {
			return nil, err
		}
	}
	return set, nil
}

// NewMailer is the configured mailer: SMTP when configured, else the
// outbox folder.
func NewMailer(cfg *config.Config) (mailer.Mailer, error) {
	if s := cfg.SMTP; s != nil {
		pw, err := config.Password(s.PasswordEnv)
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
type ImportRequest struct {
	Kind string
	Name string
	Data []byte
}

// ImportResult is what was imported; its JSON is `omologa import
// --json`'s.
type ImportResult struct {
	Register string `json:"register"` // players, arbiters or calendar
	File     string `json:"file"`
	Rows     int    `json:"rows"`
}

// ImportDiff is what importing a register would change.
type ImportDiff struct {
	Register string `json:"register"`
	File     string `json:"file"`
	Rows     int    `json:"rows"`
	// Before is the rows of the register in force (0 when none).
	Before  int      `json:"before"`
	Added   []string `json:"added"`
	Removed []string `json:"removed"`
	Changed []string `json:"changed"`
}

// readRegister reads data as a register of kind, with the same reader the
// daemon uses, so that a bad file is refused at the import rather than
// at the next start; it returns its rows, one key and line per row.
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
		return 0, errorf(Invalid, "unknown register %q: want players, arbiters or calendar", kind)
	}
	if err != nil {
		return 0, &Error{Kind: Invalid, Msg: err.Error(), Err: err}
	}
	return rows, nil
}

// ImportPreview reads data as the register of kind and says what
// importing it would change, storing nothing.
func (o *Office) ImportPreview(ctx context.Context, a Actor, kind, name string, data []byte) (*ImportDiff, error) {
	if err := o.allow(a, ActImport); err != nil {
		return nil, err
	}
	rows, err := readRegister(kind, name, data)
	if err != nil {
		return nil, err
	}
	d := &ImportDiff{Register: kind, File: name, Rows: rows, Added: []string{}, Removed: []string{}, Changed: []string{}}
	return d, nil
}

// Import stores data as the register of kind, after reading it as the
// daemon will.
func (o *Office) Import(ctx context.Context, a Actor, req ImportRequest) (*ImportResult, error) {
	if err := o.allow(a, ActImport); err != nil {
		return nil, err
	}
	rows, err := readRegister(req.Kind, req.Name, req.Data)
	if err != nil {
		return nil, err
	}
	if err := o.Store.SaveRegister(ctx, req.Kind, req.Name, req.Data, rows, o.Now()); err != nil {
		return nil, err
	}
	if err := o.audit(ctx, a, ActImport, "register "+req.Kind, fmt.Sprintf("%s: %d rows", req.Name, rows)); err != nil {
		return nil, err
	}
	return &ImportResult{Register: req.Kind, File: req.Name, Rows: rows}, nil
}
