package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"testing"
)

// A shutdown asked for while the daemon starts (SIGTERM during the store's
// opening) is a graceful exit; any other start-up failure is not.
func TestWatchStartupFailure(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	cause := errors.New("schema version: context canceled")

	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	var stderr bytes.Buffer
	if code := startupFailed(stopped, &stderr, log, cause); code != exitOK || stderr.Len() != 0 {
		t.Errorf("shutdown during start-up: exit %d, stderr %q; want 0 and nothing said", code, stderr.String())
	}

	stderr.Reset()
	if code := startupFailed(context.Background(), &stderr, log, cause); code != exitUsage || stderr.Len() == 0 {
		t.Errorf("start-up failure: exit %d, stderr %q; want 2 and the error", code, stderr.String())
	}
}

// watch --json logs one JSON object a line, for a log collector.
func TestWatchJSONLogs(t *testing.T) {
	var buf bytes.Buffer
	newLoggerAs(&buf, false, true).Info("submission recorded", "id", 1)
	var rec map[string]any
	if err := json.Unmarshal(buf.Bytes(), &rec); err != nil || rec["msg"] != "submission recorded" || rec["id"] != float64(1) {
		t.Errorf("%v: %s", err, buf.String())
	}
}
