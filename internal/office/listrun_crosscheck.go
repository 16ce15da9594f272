package office

// The close's variations against the provisional ones recorded when each
// tournament was judged.

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"omologa/internal/fsi"
	"omologa/internal/rating"
	"omologa/internal/store"
)

// Crosscheck compares the variations of the close with the provisional
// ones the pipeline recorded when each tournament was judged (computed
// then against the players' register it had): they agree unless the
// list in force differs from that register.
type Crosscheck struct {
	Compared int          `json:"compared"`
	Agree    int          `json:"agree"`
	Differ   []Difference `json:"differ"`
	// Unrecorded lists the files for which the pipeline recorded no
	// provisional variation (no players' register when judged).
	Unrecorded []string `json:"unrecorded"`
}

// Difference is a player whose final variation in a tournament is not
// the provisional one.
type Difference struct {
	File        string        `json:"file"`
	Start       int           `json:"start"`
	Name        string        `json:"name"`
	Provisional rating.Tenths `json:"provisional"`
	Final       rating.Tenths `json:"final"`
}

// crossCheck compares each rated player's variation in each tournament
// with the provisional one the pipeline recorded for the file; a record
// it cannot read is a warning, not a failure of the close.
func crossCheck(ctx context.Context, st *store.Store, label map[int64]string, out *ListRunResult) {
	final := map[string]map[int]rating.Variation{}
	names := map[string]map[int]string{}
	for _, c := range out.Report.Changes {
		for _, v := range c.Variations {
			if final[v.File] == nil {
				final[v.File], names[v.File] = map[int]rating.Variation{}, map[int]string{}
			}
			final[v.File][v.Start], names[v.File][v.Start] = v, c.Name
		}
	}
	ids := make([]int64, 0, len(label))
	for id := range label {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	x := &out.Crosscheck
	for _, id := range ids {
		file := label[id]
		lines, _, err := StoredRatings(ctx, st, id)
		if err != nil {
			out.Warnings = append(out.Warnings, err.Error())
			continue
		}
		if lines == nil {
			x.Unrecorded = append(x.Unrecorded, file)
			continue
		}
		for _, l := range lines {
			v, ok := final[file][l.Start]
			if !ok || !l.Rated {
				continue
			}
			x.Compared++
			if v.Applied == l.Applied {
				x.Agree++
				continue
			}
			x.Differ = append(x.Differ, Difference{File: file, Start: l.Start, Name: names[file][l.Start],
				Provisional: l.Applied, Final: v.Applied})
		}
	}
}

// StoredRatings reads the provisional variations the pipeline recorded
// for a file; nil when none.
func StoredRatings(ctx context.Context, st *store.Store, fileID int64) ([]rating.Line, fsi.Kind, error) {
	rs, err := st.Ratings(ctx, fileID)
	if err != nil || len(rs) == 0 {
		return nil, "", err
	}
	lines := make([]rating.Line, 0, len(rs))
	var kind fsi.Kind
	for _, r := range rs {
		var l rating.Line
		if err := json.Unmarshal(r.Result, &l); err != nil {
			return nil, "", fmt.Errorf("recorded rating of %s in file %d: %w", r.Player, fileID, err)
		}
		lines = append(lines, l)
		kind = r.Kind
	}
	return lines, kind, nil
}
