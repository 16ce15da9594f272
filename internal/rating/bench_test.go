package rating

import (
	"fmt"
	"reflect"
	"runtime"
	"runtime/metrics"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/testkit/synth"
)

// rateSeason re-rates a season from scratch: the tournaments are put in
// their list periods by receipt date and the periods closed in order,
// each on the previous one's list.
func rateSeason(tb testing.TB, s *synth.Season, r *rules.Rating, inPlace bool) *registers.Players {
	order, byLabel := seasonPeriods(s, r)
	list := s.Players
	if inPlace {
		list = cloneList(list)
	}
	var from *List
	for _, p := range order {
		res, err := ClosePeriod(Close{Kind: fsi.Standard, Period: p, List: list, Tournaments: byLabel[p.Label],
			Settings: r, InPlace: inPlace, From: from})
		if err != nil {
			tb.Fatal(err)
		}
		list, from = res.List, res.Next
	}
	return list
}

// seasonPeriods puts a season's tournaments in their standard list
// periods by receipt date: the periods in order, and each one's
// tournaments.
func seasonPeriods(s *synth.Season, r *rules.Rating) ([]periods.Period, map[string][]Received) {
	sched := r.Schedule(fsi.Standard)
	byLabel := map[string][]Received{}
	var order []periods.Period
	for i, t := range s.Tournaments {
		p := sched.ForReceipt(s.Received[i])
		if _, ok := byLabel[p.Label]; !ok {
			order = append(order, p)
		}
		byLabel[p.Label] = append(byLabel[p.Label], Received{File: t.Name, Tournament: t, Received: s.Received[i]})
	}
	return order, byLabel
}

// BenchmarkSeason: 3,000 tournaments, 30,000 players, about 300,000
// games re-rated from scratch (1×), and twice that (2×) to see that the
// time grows linearly.
func BenchmarkSeason(b *testing.B) {
	r := settings(b)
	for _, scale := range []int{1, 2} {
		c := synth.Default()
		c.Players *= scale
		c.Tournaments *= scale
		s := synth.Generate(c)
		games := s.Games()
		b.Run(fmt.Sprintf("%dx", scale), func(b *testing.B) {
			b.ReportAllocs()
			// The machine is shared: CPU time says what the season costs
			// when wall time is stretched by other processes.
			runtime.GC()
			cpu0 := cpuTime()
			peak := watchHeap()
			n := 0
			for b.Loop() {
				rateSeason(b, s, r, true)
				n++
			}
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(n), "cpu-ns/op")
			// The heap's high-water mark while re-rating (the season
			// itself included), sampled: what the 300 MB target is about.
			hi, lo := peak()
			b.ReportMetric(float64(hi)/(1<<20), "peak-heap-MB")
			b.ReportMetric(float64(lo)/(1<<20), "input-heap-MB")
			b.ReportMetric(float64(games), "games")
			b.ReportMetric(float64(len(s.Tournaments)), "tournaments")
		})
	}
}

func TestSeasonRatesEveryone(t *testing.T) {
	c := synth.Default()
	c.Players, c.Tournaments = 2000, 200
	s := synth.Generate(c)
	list := rateSeason(t, s, settings(t), false)
	if inPlace := rateSeason(t, s, settings(t), true); !reflect.DeepEqual(inPlace, list) {
		t.Error("a season closed in place differs from one closed on copies")
	}
	changed := 0
	for i := range s.Players.Rows {
		if list.Rows[i].EloItalia != s.Players.Rows[i].EloItalia {
			changed++
		}
	}
	if changed < len(s.Players.Rows)/2 {
		t.Errorf("only %d of %d ratings changed over a season", changed, len(s.Players.Rows))
	}
}

// watchHeap samples the heap's live objects every millisecond until the
// returned function is called, which gives the highest value seen and
// the first (the season, before re-rating it).
func watchHeap() func() (hi, first uint64) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var hi atomic.Uint64
	read := func() {
		metrics.Read(sample)
		if v := sample[0].Value.Uint64(); v > hi.Load() {
			hi.Store(v)
		}
	}
	read()
	first := hi.Load()
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				read()
			}
		}
	}()
	return func() (uint64, uint64) {
		close(done)
		<-stopped
		read()
		return hi.Load(), first
	}
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
