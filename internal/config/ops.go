package config

import (
	"fmt"
	"path/filepath"
	"time"

	"go.yaml.in/yaml/v3"

	"omologa/internal/platform/defaults"
	"omologa/internal/platform/strictyaml"
)

// The sections of the one who keeps the server running (issue 32):
// the scheduled backups (backup:) and the health and metrics endpoints
// (metrics:). Apart from config.go, which holds the office's work.

// Backup is the daemon's scheduled backup of the store (omologa watch):
// once a day at At, a consistent copy written to Folder and verified as
// omologa backup verifies it, Command run on it, the copies rotated.
type Backup struct {
	// At is the time of day, "02:30", in the office's time zone
	// (rules.yaml's rating.time_zone).
	At string `yaml:"at"`
	// Folder holds the copies (omologa-YYYYMMDD-HHMM.db); best on
	// another disk than the store's.
	Folder string `yaml:"folder"`
	// KeepDaily is how many of the latest days keep their copy (default
	// 7); KeepMonthly how many of the latest months keep their first
	// copy beside those (default 12; 0: none).
	KeepDaily   int  `yaml:"keep_daily,omitempty"`
	KeepMonthly *int `yaml:"keep_monthly,omitempty"`
	// Command, when set, is run on each verified copy to take it off the
	// machine (rsync, rclone, scp): the program and its arguments, the
	// copy's path added as the last argument (and in OMOLOGA_BACKUP). A
	// command that fails or outlasts CommandTimeout (default 30m) makes
	// the backup a failed one.
	Command        []string      `yaml:"command,omitempty"`
	CommandTimeout time.Duration `yaml:"command_timeout,omitempty"`
}

// Metrics configures /metrics, /healthz and /readyz of the web
// application.
type Metrics struct {
	// TokenFile holds the bearer token that lets a Prometheus from
	// another machine read /metrics (Authorization: Bearer ...); without
	// it only loopback may.
	TokenFile string `yaml:"token_file,omitempty"`
	// ReadyDiskFreePercent is the share of the store's disk that must be
	// free for /readyz to say ready (default 5).
	ReadyDiskFreePercent *int `yaml:"ready_disk_free_percent,omitempty"`
}

// Defaults of the backup and metrics sections.
const (
	DefaultBackupKeepDaily      = 7
	DefaultBackupKeepMonthly    = 12
	DefaultBackupCommandTimeout = 30 * time.Minute
	DefaultReadyDiskFreePercent = 5
	MaxBackupKeep               = 1000
	backupAtLayout              = "15:04"
)

// Clock returns the time of day of the backup: hours and minutes.
func (b *Backup) Clock() (hour, minute int) {
	t, err := time.Parse(backupAtLayout, b.At)
	if err != nil {
		return 0, 0
	}
	return t.Hour(), t.Minute()
}

// Monthly is KeepMonthly with its default.
func (b *Backup) Monthly() int {
	if b.KeepMonthly == nil {
		return DefaultBackupKeepMonthly
	}
	return *b.KeepMonthly
}

// DiskFreePercent is ReadyDiskFreePercent with its default.
func (m Metrics) DiskFreePercent() int {
	if m.ReadyDiskFreePercent == nil {
		return DefaultReadyDiskFreePercent
	}
	return *m.ReadyDiskFreePercent
}

// checkOps checks the backup and metrics sections as given, each error
// naming the file, the line and the key.
func (c *Config) checkOps(root *yaml.Node) error {
	var errs strictyaml.Errors
	bad := func(path []any, format string, a ...any) {
		line, _ := strictyaml.Locate(root, path)
		errs = append(errs, &strictyaml.Error{File: c.File, Line: line, Msg: fmt.Sprintf(format, a...)})
	}
	if b := c.Backup; b != nil {
		if _, err := time.Parse(backupAtLayout, b.At); err != nil || len(b.At) != 5 {
			bad([]any{"backup", "at"}, "backup.at is %q: a time of day, hours and minutes, is expected (02:30)", b.At)
		}
		if b.Folder == "" {
			bad([]any{"backup"}, "backup.folder is required: the folder the copies are written to")
		}
		if b.KeepDaily < 0 || b.KeepDaily > MaxBackupKeep {
			bad([]any{"backup", "keep_daily"}, "backup.keep_daily is %d: from 1 to %d (leave it out for %d)", b.KeepDaily, MaxBackupKeep, DefaultBackupKeepDaily)
		}
		if _, given := strictyaml.Locate(root, []any{"backup", "keep_daily"}); given && b.KeepDaily == 0 {
			bad([]any{"backup", "keep_daily"}, "backup.keep_daily is 0: at least the latest copy is kept (leave it out for %d)", DefaultBackupKeepDaily)
		}
		if m := b.KeepMonthly; m != nil && (*m < 0 || *m > MaxBackupKeep) {
			bad([]any{"backup", "keep_monthly"}, "backup.keep_monthly is %d: from 0 to %d (leave it out for %d)", *m, MaxBackupKeep, DefaultBackupKeepMonthly)
		}
		if _, given := strictyaml.Locate(root, []any{"backup", "command"}); given && (len(b.Command) == 0 || b.Command[0] == "") {
			bad([]any{"backup", "command"}, "backup.command is empty: a program and its arguments, as a list, or leave it out")
		}
		if b.CommandTimeout < 0 {
			bad([]any{"backup", "command_timeout"}, "backup.command_timeout is negative")
		}
	}
	if p := c.Metrics.ReadyDiskFreePercent; p != nil && (*p < 0 || *p > 99) {
		bad([]any{"metrics", "ready_disk_free_percent"}, "metrics.ready_disk_free_percent is %d: from 0 to 99 (leave it out for %d)", *p, DefaultReadyDiskFreePercent)
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

// opsDefaults fills what the backup section leaves out.
func (c *Config) opsDefaults() {
	if b := c.Backup; b != nil {
		defaults.Fill(&b.KeepDaily, DefaultBackupKeepDaily)
		defaults.Fill(&b.CommandTimeout, DefaultBackupCommandTimeout)
	}
}

// resolveOps resolves the sections' paths against dir.
func (c *Config) resolveOps(dir string) {
	abs := func(p *string) {
		if *p != "" && !filepath.IsAbs(*p) {
			*p = filepath.Join(dir, *p)
		}
	}
	if c.Backup != nil {
		abs(&c.Backup.Folder)
	}
	abs(&c.Metrics.TokenFile)
}
