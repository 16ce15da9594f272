package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"omologa/internal/config"
	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/homologation/validate"
	"omologa/internal/intake/ingest"
	"omologa/internal/office"
	"omologa/internal/office/accounts"
	"omologa/internal/rating"
	"omologa/internal/store"
	"omologa/internal/testkit/synth"
	"omologa/internal/testkit/testenv"
	"omologa/internal/tournament"
	"omologa/internal/tournament/trf"
)

// BenchmarkTenYears measures every page on ten years of a federation
// (issue 22): 3,000 tournaments a year, each a judged submission with a
// realistic report (findings, standings, the calendar's authorisation)
// and its players' provisional results, 30,000 players, every list closed
// (120 rapid, 60 standard, each stored with the list in force it was
// closed from and a change report), seeded with the store's and the
// office's own code (one transaction a submission; not the mail intake).
// It reports each page's median, the player search under 50 concurrent
// clients (p50, p99), and the peak memory of `omologa serve` on that
// store, measured from outside the process.
//
//	make bench-scale
//	OMOLOGA_SCALE=1 go test -run '^$' -bench TenYears -benchtime 1x -timeout 60m ./internal/web
//
// Seeding takes minutes: OMOLOGA_BENCH_STORE=/path/omologa.db keeps the
// seeded store and reuses it on the next run. Targets: a page's median
// under 100 ms, the search under 50 ms with p99 under 200 ms at 50
// clients, serve under 200 MB.
func BenchmarkTenYears(b *testing.B) {
	if os.Getenv("OMOLOGA_SCALE") == "" {
		b.Skip("seeding ten years takes minutes: run it with make bench-scale (OMOLOGA_SCALE=1)")
	}
	years := testenv.Int("OMOLOGA_SCALE_YEARS", 10)
	path := os.Getenv("OMOLOGA_BENCH_STORE")
	if path == "" {
		dir, err := os.MkdirTemp("/dev/shm", "omologa-scale-")
		if err != nil {
			dir = b.TempDir()
		} else {
			b.Cleanup(func() { os.RemoveAll(dir) })
		}
		path = filepath.Join(dir, "omologa.db")
	}
	info := seedYears(b, path, years)
	for b.Loop() {
		measureInProcess(b, path, info)
		measureServe(b, path, info)
	}
}

// scaleInfo is what the pages need of a seeded store.
type scaleInfo struct {
	SubID   int64
	Player  string
	Names   []string // surnames to search
	Periods []string // the lists' periods, oldest first
	Years   int
}

const benchPassword = "bench-password"

func seedYears(b *testing.B, path string, years int) scaleInfo {
	ctx := context.Background()
	meta := path + ".json"
	if raw, err := os.ReadFile(meta); err == nil {
		var info scaleInfo
		if json.Unmarshal(raw, &info) == nil && info.Years == years {
			say("reusing the store seeded at %s", path)
			return info
		}
	}
	os.Remove(path)
	st, err := store.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	season := synth.Generate(synth.Default())
	provinces := []string{"MI", "TO", "NO", "PV", "RM", "NA", "FI", "BO", "VE", "PA"}
	t0 := time.Now()
	var info scaleInfo
	info.Years = years
	last := 2026
	for y := 0; y < years; y++ {
		shift := y - (years - 1) // the last year is 2026
		year := last + shift
		for i, src := range season.Tournaments {
			t := *src
			t.Name = fmt.Sprintf("%s %d", src.Name, year)
			t.Start = tournament.NewDate(src.Start.Year+shift, src.Start.Month, src.Start.Day)
			t.End = tournament.NewDate(src.End.Year+shift, src.End.Month, src.End.Day)
			var buf bytes.Buffer
			if err := trf.Write(&buf, &t, trf.TRF16); err != nil {
				b.Fatal(err)
			}
			recv := season.Received[i].Time(time.UTC).AddDate(shift, 0, 0).Add(10 * time.Hour)
			name := fmt.Sprintf("torneo_%d_%04d.trf", year, i)
			sub := &ingest.Submission{Channel: ingest.ChannelDrop, ReceivedAt: recv, Source: name, Original: ingest.Bytes(buf.Bytes()),
				Files: []ingest.File{{Name: name, Content: ingest.Bytes(buf.Bytes())}}}
			id, _, err := st.Record(ctx, sub, recv)
			if err != nil {
				b.Fatal(err)
			}
			if y == years-1 && i == 1500 {
				info.SubID = id
			}
			loaded, err := st.Load(ctx, id)
			if err != nil {
				b.Fatal(err)
			}
			kind := fsi.Standard
			if i%3 == 0 {
				kind = fsi.Rapid
			}
			rep := realisticReport(&t, name, kind, i, provinces)
			city := t.City
			if i%3 == 1 {
				city = fmt.Sprintf("%s (%s)", t.City, provinces[i%len(provinces)])
			}
			v := store.Verdict{FileID: loaded.Files[0].ID, TournamentKey: fmt.Sprintf("t%d-%d", year, i), Name: t.Name, City: city,
				Start: t.Start.String(), End: t.End.String(), Format: "trf16", Verdict: string(rep.Verdict), Kind: kind,
				Period: fmt.Sprintf("%d-%02d", recv.Year(), int(recv.Month())), Report: rep}
			for _, p := range t.Players {
				pid := p.NationalID
				if pid == "" {
					pid = "#" + strconv.Itoa(p.Start)
				}
				res, _ := json.Marshal(rating.Line{Start: p.Start, Name: p.Name, FSIID: p.NationalID, Rating: p.Rating, Rated: true,
					Games: 9, Score: p.Points, Applied: 12})
				v.Ratings = append(v.Ratings, store.Rating{Player: pid, Kind: kind, Period: v.Period, Result: res})
			}
			if err := st.Judge(ctx, store.Judgement{SubmissionID: id, State: store.StateJudged, Verdicts: []store.Verdict{v}}, recv); err != nil {
				b.Fatal(err)
			}
		}
		say("year %d: %d submissions judged (%s)", year, len(season.Tournaments), time.Since(t0).Round(time.Second))
	}
	// Every list of the ten years: the register with the ratings moved
	// each period, stored with the list in force it was closed from and
	// a change report with promotions.
	t1 := time.Now()
	prev := map[fsi.Kind][]byte{}
	at := time.Date(last-years+1, 1, 5, 12, 0, 0, 0, time.UTC)
	for y := last - years + 1; y <= last; y++ {
		for m := 1; m <= 12; m++ {
			kinds := []fsi.Kind{fsi.Rapid}
			if m%2 == 1 {
				kinds = append(kinds, fsi.Standard)
			}
			for _, k := range kinds {
				ps := &registers.Players{Rows: make([]registers.Player, len(season.Players.Rows)), ExtraHeader: season.Players.ExtraHeader}
				copy(ps.Rows, season.Players.Rows)
				for i := range ps.Rows {
					d := (i*7+m*13+y)%41 - 20
					ps.Rows[i].EloItalia += d + (y-last)*5
					ps.Rows[i].EloRapid = ps.Rows[i].EloItalia - 30 + d
				}
				var buf bytes.Buffer
				if err := registers.WritePlayers(&buf, ps); err != nil {
					b.Fatal(err)
				}
				var promos []rating.CategoryChange
				for j := 0; j < 40; j++ {
					r := ps.Rows[(j*997+m*31+y)%len(ps.Rows)]
					promos = append(promos, rating.CategoryChange{FSIID: r.FSIID, Name: r.Surname + " " + r.Name, From: "1N", To: "CM",
						Rating: r.EloItalia, Article: "RTF 4.4.1.3"})
				}
				report, _ := json.Marshal(map[string]any{"promotions": promos})
				period := fmt.Sprintf("%d-%02d", y, m)
				at = at.Add(time.Hour)
				if _, err := st.SaveRatingList(ctx, &store.RatingList{Kind: k, Period: period, Issue: period + "-01",
					Cutoff: period + "-01", BasedOn: "list", List: buf.Bytes(), Base: prev[k], Rows: len(ps.Rows), Report: report},
					false, at); err != nil {
					b.Fatal(err)
				}
				prev[k] = buf.Bytes()
				info.Periods = append(info.Periods, period)
			}
		}
	}
	say("%d lists closed and stored (%s)", len(info.Periods), time.Since(t1).Round(time.Second))
	o := &office.Office{Store: st, Config: &config.Config{}, Now: time.Now, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if err := o.AddUser(ctx, office.CLIActor(), "officer", office.Officer, benchPassword); err != nil {
		b.Fatal(err)
	}
	// The players' history is read once per list, when the index first
	// meets it (a running office reads each list as it is closed).
	t2 := time.Now()
	if _, _, err := office.NewPlayerIndex(st, nil).History(ctx, "0"); err != nil {
		b.Fatal(err)
	}
	say("players' history of %d lists read once (%s, a list: %s)", len(info.Periods), time.Since(t2).Round(time.Second),
		(time.Since(t2) / time.Duration(len(info.Periods))).Round(time.Millisecond))
	info.Player = season.Players.Rows[100].FSIID
	seen := map[string]bool{}
	for _, r := range season.Players.Rows {
		if !seen[r.Surname] && len(info.Names) < 200 {
			seen[r.Surname] = true
			info.Names = append(info.Names, r.Surname)
		}
	}
	if fi, err := os.Stat(path); err == nil {
		say("store: %d MB", fi.Size()>>20)
	}
	raw, _ := json.Marshal(info)
	os.WriteFile(path+".json", raw, 0o644)
	return info
}

// realisticReport is a report as the validator writes it for an
// accepted tournament: its summary, standings, a few findings, and for a
// third of them the calendar event (with its province) it was matched to.
func realisticReport(t *tournament.Tournament, file string, kind fsi.Kind, i int, provinces []string) *validate.Report {
	rep := &validate.Report{File: file, Verdict: validate.Accepted, Kind: kind,
		Summary: validate.Summary{Name: t.Name, City: t.City, Start: t.Start, End: t.End, Players: len(t.Players)}}
	if i%3 == 0 {
		rep.Authorisation = &validate.Authorisation{Code: fmt.Sprintf("%d-%s-%d", t.Start.Year, provinces[i%len(provinces)], i),
			Name: t.Name, City: t.City, Province: provinces[i%len(provinces)], By: "code"}
	}
	for j, p := range t.Players {
		rep.Standings = append(rep.Standings, validate.Standing{Start: p.Start, Name: p.Name, Points: p.Points, Rank: j + 1,
			BH: 30.5, BHC1: 27, SB: 21.25})
	}
	rep.Findings = []validate.Finding{
		{Rule: "deadline", Article: "RTF 5.2", Severity: validate.SeverityInfo, MessageIT: "ricevuto nei termini: 3 giorni dopo la fine", MessageEN: "received in time: 3 days after the end"},
		{Rule: "rate-of-play", Article: "RTF 3.1", Severity: validate.SeverityInfo, MessageIT: "cadenza 90 minuti + 30 secondi a mossa", MessageEN: "rate of play 90 minutes + 30 seconds a move"},
		{Rule: "membership", Article: "RTF 3.3", Severity: validate.SeverityWarning, MessageIT: "il giocatore 7 non risulta tesserato per l'anno in corso", MessageEN: "player 7 is not a member this year"},
		{Rule: "tiebreak", Article: "RTF 2.6", Severity: validate.SeverityInfo, MessageIT: "spareggi ricalcolati: Buchholz, Buchholz Cut 1, Sonneborn-Berger", MessageEN: "tie-breaks recomputed"},
	}
	if i%7 == 0 {
		rep.Verdict = validate.AcceptedWithWarnings
	}
	return rep
}

// scalePages are the pages measured: every kind of page the office opens.
func scalePages(info scaleInfo) []struct{ name, path string } {
	lastPeriod := info.Periods[len(info.Periods)-1]
	midYear := lastPeriod[:4]
	return []struct{ name, path string }{
		{"overview", "/"},
		{"submissions", "/submissions"},
		{"submissions-filtered", "/submissions?kind=rapid&verdict=accepted&q=open&page=3"},
		{"submissions-province", "/submissions?province=MI"},
		{"submissions-period", "/submissions?period=" + midYear + "-03"},
		{"submission", fmt.Sprintf("/submissions/%d", info.SubID)},
		{"tournaments", "/tournaments"},
		{"tournaments-page-10", "/tournaments?kind=standard&page=10"},
		{"tournaments-province", "/tournaments?province=NO"},
		{"tournaments-verdict", "/tournaments?verdict=accepted-with-warnings&period=" + midYear + "-05"},
		{"fide", "/fide"},
		{"lists", "/lists"},
		{"list", "/lists/standard/" + midYear + "-11"},
		{"list-changes", "/lists/standard/" + midYear + "-11/changes"},
		{"player-search-name", "/players?q=" + url.QueryEscape(strings.ToLower(info.Names[3]))},
		{"player-search-id", "/players?q=" + info.Player},
		{"player", "/players/" + info.Player},
		{"player-chart", "/players/" + info.Player + "/chart/standard"},
		{"registers", "/registers"},
		{"audit", "/audit"},
		{"account", "/account"},
	}
}

// measureInProcess serves the pages from a server in this process and
// reports each page's median.
func measureInProcess(b *testing.B, path string, info scaleInfo) {
	ctx := context.Background()
	st, err := store.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	rf, err := rules.Load(filepath.Join(root, "rules.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	o := &office.Office{Store: st, Config: &config.Config{}, Rules: rf, Now: time.Now, Log: log}
	acc := accounts.New(st, time.Hour, nil)
	token, _, err := acc.Login(ctx, "officer", benchPassword, "it")
	if err != nil {
		b.Fatal(err)
	}
	srv, err := New(Options{Office: o, Accounts: acc, Log: log})
	if err != nil {
		b.Fatal(err)
	}
	h := srv.Handler()
	get := func(p string) time.Duration {
		req, _ := http.NewRequest(http.MethodGet, p, nil)
		req.AddCookie(&http.Cookie{Name: "omologa", Value: token})
		w := &discardWriter{h: http.Header{}}
		t := time.Now()
		h.ServeHTTP(w, req)
		d := time.Since(t)
		if w.code != 0 && w.code != http.StatusOK {
			b.Fatalf("GET %s: %d", p, w.code)
		}
		return d
	}
	var rows []string
	for _, p := range scalePages(info) {
		first := get(p.path)
		var ds []time.Duration
		for range 9 {
			ds = append(ds, get(p.path))
		}
		med := median(ds)
		rows = append(rows, fmt.Sprintf("%-24s median %7.1f ms  (first view %7.1f ms)", p.name, ms(med), ms(first)))
		b.ReportMetric(ms(med), p.name+"-ms")
	}
	say("in process, %d years:\n%s", info.Years, strings.Join(rows, "\n"))
	p50, p99 := concurrentSearch(b, info, func(q string) time.Duration { return get("/players?q=" + url.QueryEscape(q)) })
	say("player search, 50 concurrent clients, in process: p50 %.1f ms, p99 %.1f ms", ms(p50), ms(p99))
	b.ReportMetric(ms(p99), "search50-p99-ms")
}

type discardWriter struct {
	h    http.Header
	code int
}

func (d *discardWriter) Header() http.Header         { return d.h }
func (d *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (d *discardWriter) WriteHeader(c int)           { d.code = c }

// concurrentSearch runs 50 clients searching names at once and returns
// the p50 and p99 of their answers.
func concurrentSearch(b *testing.B, info scaleInfo, search func(q string) time.Duration) (p50, p99 time.Duration) {
	// One burst first, not measured: the first burst after a start opens
	// the database connections the next ones reuse.
	burst(info, search)
	return burst(info, search)
}

func burst(info scaleInfo, search func(q string) time.Duration) (p50, p99 time.Duration) {
	var mu sync.Mutex
	var all []time.Duration
	var wg sync.WaitGroup
	for c := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for i := range 20 {
				name := strings.ToLower(info.Names[(c*20+i)%len(info.Names)])
				q := name
				switch i % 4 {
				case 1:
					q = name[:min(3, len(name))]
				case 2:
					q = name + " ma"
				case 3:
					q = "ro " + name[:min(2, len(name))]
				}
				mine = append(mine, search(q))
			}
			mu.Lock()
			all = append(all, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	slices.Sort(all)
	return all[len(all)/2], all[len(all)*99/100]
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// measureServe runs `omologa serve` on the store, opens every page and
// runs the concurrent search over HTTP, and reports the process's peak
// memory (VmHWM) and the pages' medians as a browser's client sees them.
func measureServe(b *testing.B, path string, info scaleInfo) {
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	dir := b.TempDir()
	bin := filepath.Join(dir, "omologa")
	build := exec.Command("go", "build", "-o", bin, "./cmd/omologa")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cfg := filepath.Join(dir, "omologa.yaml")
	os.WriteFile(cfg, []byte(fmt.Sprintf(`drop:
  folder: %[2]s/drop
spool: %[2]s/spool
store:
  path: %[3]s
outbox: %[2]s/outbox
rules: %[1]s/rules.yaml
notices:
  from: omologazioni@federscacchi.example
  office: omologazioni@federscacchi.example
web:
  listen: %[4]s
`, root, dir, path, addr)), 0o644)
	cmd := exec.Command(bin, "serve", "--config", cfg)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	base := "http://" + addr
	for i := 0; ; i++ {
		if r, err := http.Get(base + "/login"); err == nil {
			r.Body.Close()
			break
		}
		if i > 200 {
			b.Fatal("serve did not start")
		}
		time.Sleep(50 * time.Millisecond)
	}
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.PostForm(base+"/login", url.Values{"name": {"officer"}, "password": {benchPassword}})
	if err != nil || resp.StatusCode != http.StatusSeeOther {
		b.Fatalf("login to serve: %v %v", err, resp)
	}
	resp.Body.Close()
	get := func(p string) time.Duration {
		t := time.Now()
		r, err := c.Get(base + p)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, r.Body)
		r.Body.Close()
		if r.StatusCode != http.StatusOK {
			b.Fatalf("GET %s from serve: %s", p, r.Status)
		}
		return time.Since(t)
	}
	var rows []string
	for _, p := range scalePages(info) {
		get(p.path)
		var ds []time.Duration
		for range 5 {
			ds = append(ds, get(p.path))
		}
		rows = append(rows, fmt.Sprintf("%-24s median %7.1f ms", p.name, ms(median(ds))))
	}
	say("omologa serve over HTTP:\n%s", strings.Join(rows, "\n"))
	p50, p99 := concurrentSearch(b, info, func(q string) time.Duration { return get("/players?q=" + url.QueryEscape(q)) })
	say("player search, 50 concurrent clients over HTTP: p50 %.1f ms, p99 %.1f ms", ms(p50), ms(p99))
	// Every list's page and chart once more: the caches at their fullest.
	for _, p := range info.Periods[len(info.Periods)-12:] {
		kind := "rapid"
		if m, _ := strconv.Atoi(p[5:]); m%2 == 1 {
			kind = "standard"
		}
		get("/lists/" + kind + "/" + p)
	}
	hwm, rss := procMemory(cmd.Process.Pid)
	say("omologa serve: peak %d MB (VmHWM), now %d MB (VmRSS)", hwm>>20, rss>>20)
	b.ReportMetric(float64(hwm>>20), "serve-peak-MB")
}

// say prints a result line to the output a person reads (a benchmark's
// own log is cut after a few lines).
func say(format string, args ...any) { fmt.Printf(format+"\n", args...) }

// procMemory reads a process's peak and current resident memory.
func procMemory(pid int) (hwm, rss int64) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		switch k {
		case "VmHWM":
			hwm = n << 10
		case "VmRSS":
			rss = n << 10
		}
	}
	return hwm, rss
}
