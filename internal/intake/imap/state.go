package imap

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"

	"omologa/internal/platform/atomicfile"
)

// State remembers, per mailbox, the UIDVALIDITY seen and the highest UID
// taken, so that a restart fetches only what is new. The store
// implements it durably; MemState and FileState serve tests and small
// setups.
type State interface {
	// Load returns validity 0 for a mailbox never seen.
	Load(ctx context.Context, mailbox string) (validity, last uint32, err error)
	Save(ctx context.Context, mailbox string, validity, last uint32) error
}

type mark struct {
	Validity uint32 `json:"uidvalidity"`
	Last     uint32 `json:"last_uid"`
}

// MemState keeps the marks in memory: a restart of the process takes
// everything again (the store's dedup makes that harmless).
type MemState struct {
	mu sync.Mutex
	m  map[string]mark
}

func (s *MemState) Load(_ context.Context, mailbox string) (uint32, uint32, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.m[mailbox]
	return m.Validity, m.Last, nil
}

func (s *MemState) Save(_ context.Context, mailbox string, validity, last uint32) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string]mark{}
	}
	s.m[mailbox] = mark{validity, last}
	return nil
}

// FileState keeps the marks in a JSON file, replaced atomically (write
// to a temporary file, sync, rename) so that a crash leaves either the
// old marks or the new.
type FileState struct {
	Path string
	mu   sync.Mutex
}

func (s *FileState) read() (map[string]mark, error) {
	data, err := os.ReadFile(s.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]mark{}, nil
	}
	if err != nil {
		return nil, err
	}
	m := map[string]mark{}
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("imap state %s: %w", s.Path, err)
	}
	return m, nil
}

func (s *FileState) Load(_ context.Context, mailbox string) (uint32, uint32, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, err := s.read()
	if err != nil {
		return 0, 0, err
	}
	return m[mailbox].Validity, m[mailbox].Last, nil
}

func (s *FileState) Save(_ context.Context, mailbox string, validity, last uint32) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, err := s.read()
	if err != nil {
		return err
	}
	m[mailbox] = mark{validity, last}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.Write(s.Path, data, 0o644); err != nil {
		return fmt.Errorf("imap state: %w", err)
	}
	return nil
}

// StateFuncs adapts a pair of functions (the store's MailboxState and
// SaveMailboxState) to State.
type StateFuncs struct {
	LoadFunc func(ctx context.Context, mailbox string) (validity, last uint32, err error)
	SaveFunc func(ctx context.Context, mailbox string, validity, last uint32) error
}

func (s StateFuncs) Load(ctx context.Context, mailbox string) (uint32, uint32, error) {
	return s.LoadFunc(ctx, mailbox)
}

func (s StateFuncs) Save(ctx context.Context, mailbox string, validity, last uint32) error {
	return s.SaveFunc(ctx, mailbox, validity, last)
}
