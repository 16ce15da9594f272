package integration

import (
	"path/filepath"
	"testing"
	"time"

	"omologa/internal/testkit/imaptest"
	"omologa/internal/testkit/pipelinetest"
)

// BenchmarkIntakeLatency measures one message appended to the mailbox →
// its notice accepted by the SMTP peer, through IDLE, parsing, the
// SQLite store, the validator and SMTP (target: under 1 s). ns/op is
// the latency of one submission, taken one at a time.
func BenchmarkIntakeLatency(b *testing.B) {
	b.Run("in-process IMAP", func(b *testing.B) {
		srv := imaptest.Start(b)
		benchLatency(b, mailbox{srv.Host(), srv.Port(), imaptest.User, imaptest.Password}, func() appender {
			c := srv.Client()
			return appender{c: c}
		})
	})
	b.Run("Dovecot", func(b *testing.B) {
		d := imaptest.StartDovecot(b)
		benchLatency(b, mailbox{d.Host, d.Port, d.User, d.Password}, func() appender {
			return appender{c: d.Client(b)}
		})
	})
}

func benchLatency(b *testing.B, mb mailbox, connect func() appender) {
	peer := pipelinetest.StartSMTP(b)
	o := startOffice(b, mb, peer.Port, filepath.Join(b.TempDir(), "omologa.db"))
	defer o.stop(b)
	a := connect()
	defer a.c.Close()
	at := time.Date(2026, 11, 8, 9, 0, 0, 0, time.UTC)
	// A first round trip warms the connection, the store and the rules.
	imaptest.Append(b, a.c, "INBOX", submission(0, fieldsWithoutOrganiser), at)
	peer.Next(b, 20*time.Second)

	var worst time.Duration
	b.ResetTimer()
	for i := 1; i <= b.N; i++ {
		msg := submission(i, fieldsWithoutOrganiser)
		start := time.Now()
		imaptest.Append(b, a.c, "INBOX", msg, at)
		peer.Next(b, 20*time.Second)
		worst = max(worst, time.Since(start))
	}
	b.StopTimer()
	b.ReportMetric(float64(worst.Milliseconds()), "worst-ms")
}
