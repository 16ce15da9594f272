package web

import (
	"context"
	"net/http"
	"path/filepath"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"omologa/internal/office"
	"omologa/internal/platform/disk"
)

// metrics is the application's /metrics: a registry of its own (not
// the process-wide default, so that a test's servers do not share one
// and nothing is registered at package init), built when the server is.
// The office's figures are read from the store at each scrape
// (officeCollector); only what no store keeps is counted here.
type metrics struct {
	reg          *prometheus.Registry
	failedLogins prometheus.Counter
	handler      http.Handler
}

func (s *Server) newMetrics() *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.failedLogins = prometheus.NewCounter(prometheus.CounterOpts{Name: "omologa_login_failures_total",
		Help: "Logins to the office's web application refused for a wrong name or password since the process started."})
	m.reg.MustRegister(m.failedLogins, &officeCollector{s: s},
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.handler = promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{ErrorLog: slogPrinter{s}, Timeout: 30 * time.Second})
	return m
}

// slogPrinter logs promhttp's errors.
type slogPrinter struct{ s *Server }

func (p slogPrinter) Println(v ...any) { p.s.log.Error("web: metrics", "err", v) }

func (s *Server) metricsPage(w http.ResponseWriter, r *http.Request) {
	if !s.mayScrape(r) {
		s.log.Warn("web: metrics refused: neither loopback nor the token", "remote", r.RemoteAddr)
		w.Header().Set("WWW-Authenticate", `Bearer realm="omologa metrics"`)
		http.Error(w, "metrics: only from loopback or with the bearer token of metrics.token_file", http.StatusUnauthorized)
		return
	}
	s.metrics.handler.ServeHTTP(w, r)
}

var (
	descSubmissions  = prometheus.NewDesc("omologa_submissions", "Submissions in the store by state.", []string{"state"}, nil)
	descNotices      = prometheus.NewDesc("omologa_notices", "Notices in the store by delivery status (pending, failing, failed, sent).", []string{"status"}, nil)
	descJudgement    = prometheus.NewDesc("omologa_judgement_duration_seconds", "How long judging a submission took, since the process started.", nil, nil)
	descIMAPUp       = prometheus.NewDesc("omologa_imap_connected", "1 when the daemon's mailbox connection is logged in.", nil, nil)
	descIMAPPoll     = prometheus.NewDesc("omologa_imap_last_poll_timestamp_seconds", "When the mailbox was last looked at successfully (Unix time).", nil, nil)
	descDelivery     = prometheus.NewDesc("omologa_delivery_running", "1 when the delivery loop of notices runs in this process.", nil, nil)
	descListRun      = prometheus.NewDesc("omologa_list_last_run_timestamp_seconds", "When the latest list of a kind was closed (Unix time).", []string{"kind"}, nil)
	descListDuration = prometheus.NewDesc("omologa_list_last_run_duration_seconds", "How long the latest close of a list of a kind ran.", []string{"kind"}, nil)
	descBackupOK     = prometheus.NewDesc("omologa_backup_last_success_timestamp_seconds", "When the latest backup that succeeded began (Unix time); 0 when none.", nil, nil)
	descBackupBytes  = prometheus.NewDesc("omologa_backup_last_success_bytes", "The size of the latest backup that succeeded.", nil, nil)
	descBackupFailed = prometheus.NewDesc("omologa_backup_last_failed", "1 when the latest backup failed (it stays in the work queue until one succeeds).", nil, nil)
	descStore        = prometheus.NewDesc("omologa_store_bytes", "The size of the store's database.", nil, nil)
	descDiskFree     = prometheus.NewDesc("omologa_disk_free_bytes", "Free bytes on the disk of the store.", nil, nil)
	descDiskSize     = prometheus.NewDesc("omologa_disk_size_bytes", "The size of the disk of the store.", nil, nil)
	descPortal       = prometheus.NewDesc("omologa_portal_uploads_total", "Files submitted through the arbiters' portal.", nil, nil)
	descScrapeError  = prometheus.NewDesc("omologa_scrape_error", "1 when the store could not be read for this scrape.", nil, nil)
)

// officeCollector reads the office's figures at scrape time: the store
// through the office's queries, the daemon's vitals, the disk.
type officeCollector struct{ s *Server }

func (c *officeCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descSubmissions, descNotices, descJudgement, descIMAPUp, descIMAPPoll, descDelivery,
		descListRun, descListDuration, descBackupOK, descBackupBytes, descBackupFailed, descStore, descDiskFree, descDiskSize,
		descPortal, descScrapeError} {
		ch <- d
	}
}

func (c *officeCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.s
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	unix := func(t time.Time) float64 {
		if t.IsZero() {
			return 0
		}
		return float64(t.UnixNano()) / 1e9
	}
	failed := 0.0
	fail := func(err error) bool {
		if err != nil {
			s.log.Error("web: metrics: the store", "err", err)
			failed = 1
		}
		return err != nil
	}
	if counts, err := s.st.Counts(ctx); !fail(err) {
		for _, st := range []string{office.StateReceived, office.StateJudged, office.StateQuarantined} {
			gauge(descSubmissions, float64(counts["submissions."+st]), st)
		}
		for _, st := range []string{"pending", "failing", "failed", "sent"} {
			gauge(descNotices, float64(counts["notices."+st]), st)
		}
	}
	if runs, err := s.st.LastListRuns(ctx); !fail(err) {
		for _, r := range runs {
			gauge(descListRun, unix(r.At), r.Kind)
			gauge(descListDuration, r.Duration.Seconds(), r.Kind)
		}
	}
	if b, err := s.st.BackupState(ctx); !fail(err) {
		ok, size := 0.0, 0.0
		if b.LastOK != nil {
			ok, size = unix(b.LastOK.StartedAt), float64(b.LastOK.Bytes)
		}
		gauge(descBackupOK, ok)
		gauge(descBackupBytes, size)
		gauge(descBackupFailed, b2f(b.Failing()))
	}
	if n, err := s.st.StoreSize(ctx); !fail(err) {
		gauge(descStore, float64(n))
	}
	if ch2, err := s.st.SubmissionsByChannel(ctx); !fail(err) {
		ch <- prometheus.MustNewConstMetric(descPortal, prometheus.CounterValue, float64(ch2["portal"]))
	}
	if sp, err := disk.Of(filepath.Dir(s.o.Config.Store.Path)); err == nil {
		gauge(descDiskFree, float64(sp.Free))
		gauge(descDiskSize, float64(sp.Total))
	}
	gauge(descScrapeError, failed)
	if s.vitals == nil {
		return
	}
	v := s.vitals.Now()
	gauge(descDelivery, b2f(v.Delivery))
	if v.IMAP {
		gauge(descIMAPUp, b2f(v.IMAPUp))
		gauge(descIMAPPoll, unix(v.LastPoll))
	}
	buckets := map[float64]uint64{}
	var count uint64
	for i, b := range office.JudgeBuckets {
		count += v.Judged[i]
		buckets[b] = count
	}
	count += v.Judged[len(office.JudgeBuckets)]
	ch <- prometheus.MustNewConstHistogram(descJudgement, count, v.JudgedSum, buckets)
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
