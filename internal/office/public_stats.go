package office

import (
	"os"
	"slices"
	"strconv"
	"sync"

	"omologa/internal/platform/catalogue"
	"omologa/internal/publishing/statistics"
)

// The public site's statistics are computed in parts
// (statistics.ComputePart), each kept beside the store
// (cache/statistics.gob, never published) under the key of what it was
// computed from and of the catalogue's texts it is written with: a
// list closed computes again the year's new players, and the standard
// lists' tables only when a standard list changed; the tournaments'
// activity and the outcomes are read back. A cache: any failure to read
// it costs a computation, nothing else.

// statsCacheVersion changes with what the cache keeps or how; a
// change of the tables' figures or layout changes statistics.Version,
// which the cache is kept under too.
const statsCacheVersion = 1

// statsCache is the parts kept: by year and part, the key each was
// computed under and its tables.
type statsCache struct {
	// load reads the file on first use: a build whose years are all
	// kept, and the web's statistics, never read it.
	load    sync.Once
	mu      sync.Mutex
	file    string
	texts   string // statistics.TextsKey of the site's language
	parts   map[string]cachedPart
	changed bool
}

type cachedPart struct {
	Key    string
	Tables []cachedTable
}

// cachedTable is a statistics.Table with its cells told by their type
// (gob does not keep an interface's nil, nor tell an int from a float
// without registering them).
type cachedTable struct {
	Name, Title, Note string
	Columns, Keys     []string
	Rows              [][]cachedCell
	Total             []cachedCell
	HasTotal          bool
}

type cachedCell struct {
	Type byte // 0 nil, 's' string, 'i' int, 'f' float64
	S    string
	I    int
	F    float64
}

type statsFile struct {
	Version, Statistics int
	Texts               string
	// Program is the program that computed the parts (programStamp):
	// statistics.Version is bumped by hand, and an upgrade that changed
	// a figure without bumping it would otherwise be served the old
	// figures for as long as their input does not change.
	Program string
	Parts   map[string]cachedPart
}

// programStamp tells this program from another build: its executable's
// size and time. A copy of the same build computes the parts once more,
// nothing worse.
var programStamp = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return ""
	}
	return strconv.FormatInt(fi.Size(), 10) + " " + strconv.FormatInt(fi.ModTime().UnixNano(), 10)
})

// statsCache is the parts kept, read when first asked for.
func (o *Office) statsCache() *statsCache { return &statsCache{file: o.cacheFile("statistics.gob")} }

// read reads the parts kept; nothing usable is an empty cache.
func (c *statsCache) read() {
	c.load.Do(func() {
		c.texts, c.parts = statistics.TextsKey(catalogue.IT), map[string]cachedPart{}
		var f statsFile
		if readCache(c.file, &f) && f.Version == statsCacheVersion && f.Statistics == statistics.Version && f.Texts == c.texts && f.Program == programStamp() && f.Parts != nil {
			c.parts = f.Parts
		}
	})
}

func partName(y int, p statistics.Part) string { return strconv.Itoa(y) + "/" + strconv.Itoa(int(p)) }

// get is the tables of part p of year y computed under key, false when
// the cache has none.
func (c *statsCache) get(y int, p statistics.Part, key string) ([]statistics.Table, bool) {
	c.read()
	c.mu.Lock()
	cp, ok := c.parts[partName(y, p)]
	c.mu.Unlock()
	if !ok || cp.Key != key {
		return nil, false
	}
	out := make([]statistics.Table, len(cp.Tables))
	for i := range cp.Tables {
		out[i] = cp.Tables[i].table()
	}
	return out, true
}

// put keeps the tables of part p of year y computed under key, in
// place of the part's earlier ones; tables it cannot keep are not.
func (c *statsCache) put(y int, p statistics.Part, key string, ts []statistics.Table) {
	cp := cachedPart{Key: key, Tables: make([]cachedTable, len(ts))}
	for i := range ts {
		t, ok := cacheTable(&ts[i])
		if !ok {
			return
		}
		cp.Tables[i] = t
	}
	c.read()
	c.mu.Lock()
	c.parts[partName(y, p)], c.changed = cp, true
	c.mu.Unlock()
}

// keepStats writes the cache when a build computed parts; a failure is
// logged, not returned: the next build computes them again.
func (o *Office) keepStats(c *statsCache) {
	if c == nil || !c.changed {
		return
	}
	o.keepCache(c.file, "the statistics", statsFile{Version: statsCacheVersion, Statistics: statistics.Version, Texts: c.texts,
		Program: programStamp(), Parts: c.parts})
}

// computeYear is the statistics of year y for the site: each part read
// from the cache when kept under its key (parts), else computed, the
// parts missing at once.
func (d *publicData) computeYear(y int, parts [statistics.NParts]string) (*statistics.Result, error) {
	var tables [statistics.NParts][]statistics.Table
	var missing []statistics.Part
	for p := range statistics.NParts {
		if ts, ok := d.statsCache.get(y, p, parts[p]); ok {
			tables[p] = ts
		} else {
			missing = append(missing, p)
		}
	}
	// The standard lists are read only for their tables.
	if slices.Contains(missing, statistics.Standard) {
		if err := d.standard(); err != nil {
			return nil, err
		}
	}
	errs := make([]error, statistics.NParts)
	var wg sync.WaitGroup
	for _, p := range missing {
		wg.Go(func() { tables[p], errs[p] = statistics.ComputePart(d.stats, y, catalogue.IT, p) })
	}
	wg.Wait()
	for _, p := range missing {
		if errs[p] != nil {
			return nil, errs[p]
		}
		d.statsCache.put(y, p, parts[p], tables[p])
	}
	return statistics.Join(y, catalogue.IT, tables), nil
}

func cacheTable(t *statistics.Table) (cachedTable, bool) {
	ct := cachedTable{Name: t.Name, Title: t.Title, Note: t.Note, Columns: t.Columns, Keys: t.Keys, HasTotal: t.Total != nil}
	ok := true
	cells := func(row []any) []cachedCell {
		out := make([]cachedCell, len(row))
		for i, v := range row {
			switch v := v.(type) {
			case nil:
			case string:
				out[i] = cachedCell{Type: 's', S: v}
			case int:
				out[i] = cachedCell{Type: 'i', I: v}
			case float64:
				out[i] = cachedCell{Type: 'f', F: v}
			default:
				ok = false
			}
		}
		return out
	}
	for _, r := range t.Rows {
		ct.Rows = append(ct.Rows, cells(r))
	}
	if t.Total != nil {
		ct.Total = cells(t.Total)
	}
	return ct, ok
}

func (ct *cachedTable) table() statistics.Table {
	t := statistics.Table{Name: ct.Name, Title: ct.Title, Note: ct.Note, Columns: ct.Columns, Keys: ct.Keys}
	cells := func(row []cachedCell) []any {
		out := make([]any, len(row))
		for i, c := range row {
			switch c.Type {
			case 's':
				out[i] = c.S
			case 'i':
				out[i] = c.I
			case 'f':
				out[i] = c.F
			}
		}
		return out
	}
	for _, r := range ct.Rows {
		t.Rows = append(t.Rows, cells(r))
	}
	if ct.HasTotal {
		t.Total = cells(ct.Total)
	}
	return t
}
