package config

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Issue 32: the backup and metrics sections decode strictly, take their
// defaults, resolve their paths and name the line of a bad value.
func TestBackupAndMetricsSections(t *testing.T) {
	// minimal has 10 lines: the section starts at 11, its first key at 12.
	for _, tc := range []struct {
		name, yaml string
		check      func(t *testing.T, c *Config)
		err        string
	}{
		{"absent: no backups, loopback metrics", "", func(t *testing.T, c *Config) {
			if c.Backup != nil || c.Metrics.TokenFile != "" || c.Metrics.DiskFreePercent() != DefaultReadyDiskFreePercent {
				t.Errorf("backup %+v metrics %+v", c.Backup, c.Metrics)
			}
		}, ""},
		{"the defaults", "backup:\n  at: \"02:30\"\n  folder: backups\n", func(t *testing.T, c *Config) {
			b := c.Backup
			if h, m := b.Clock(); h != 2 || m != 30 {
				t.Errorf("clock %d:%d", h, m)
			}
			if b.KeepDaily != 7 || b.Monthly() != 12 || b.CommandTimeout != 30*time.Minute || !filepath.IsAbs(b.Folder) {
				t.Errorf("backup %+v", b)
			}
		}, ""},
		{"every key", "backup:\n  at: \"23:05\"\n  folder: /srv/copie\n  keep_daily: 3\n  keep_monthly: 0\n  command: [rclone, copy]\n  command_timeout: 5m\n" +
			"metrics:\n  token_file: secrets/metrics\n  ready_disk_free_percent: 2\n", func(t *testing.T, c *Config) {
			b := c.Backup
			if b.Folder != "/srv/copie" || b.KeepDaily != 3 || b.Monthly() != 0 || len(b.Command) != 2 || b.CommandTimeout != 5*time.Minute {
				t.Errorf("backup %+v", b)
			}
			if !strings.HasSuffix(c.Metrics.TokenFile, "/x/secrets/metrics") || c.Metrics.DiskFreePercent() != 2 {
				t.Errorf("metrics %+v", c.Metrics)
			}
		}, ""},
		{"a time of day without minutes", "backup:\n  at: \"2\"\n  folder: b\n", nil, `x/x.yaml:12: backup.at is "2": a time of day`},
		{"a time past midnight", "backup:\n  folder: b\n  at: \"24:10\"\n", nil, "x/x.yaml:13: backup.at is \"24:10\""},
		{"no folder", "backup:\n  at: \"02:00\"\n", nil, `x/x.yaml:12: missing required key "folder" in backup`},
		{"no daily copy", "backup:\n  at: \"02:00\"\n  folder: b\n  keep_daily: 0\n", nil, "x/x.yaml:14: backup.keep_daily is 0"},
		{"negative months", "backup:\n  at: \"02:00\"\n  folder: b\n  keep_monthly: -1\n", nil, "x/x.yaml:14: backup.keep_monthly is -1"},
		{"an empty command", "backup:\n  at: \"02:00\"\n  folder: b\n  command: []\n", nil, "x/x.yaml:14: backup.command is empty"},
		{"a command as a string", "backup:\n  at: \"02:00\"\n  folder: b\n  command: rclone copy\n", nil, "x/x.yaml:14"},
		{"an unknown key", "backup:\n  at: \"02:00\"\n  folder: b\n  keep: 3\n", nil, "x/x.yaml:14: field keep not found"},
		{"a disk threshold of all", "metrics:\n  ready_disk_free_percent: 100\n", nil, "x/x.yaml:12: metrics.ready_disk_free_percent is 100"},
		{"the metrics token inline is not a key", "metrics:\n  token: s3cret\n", nil, "x/x.yaml:12: field token not found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse("x/x.yaml", []byte(minimal+tc.yaml))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, c)
		})
	}
}
