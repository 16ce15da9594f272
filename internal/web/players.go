package web

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"

	"omologa/internal/config"
	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/office"
	"omologa/internal/rating"
)

// playerIndex is the players as the lists say them: the rows of the
// latest list (else the players' register) to search, and each player's
// rating in every closed list, for his history. Closed lists do not
// change, so the index is rebuilt only when a list is closed (or closed
// again): a search or a player's page then costs no parsing.
type playerIndex struct {
	st  *office.Queries
	cfg *config.Config

	mu    sync.Mutex
	stamp string
	cur   *indexed
}

type indexed struct {
	rows []registers.Player
	keys []string // rating.NameKey of "surname name", by row
	byID map[string]int
	// history by FSI id: the player's rating in each list, oldest first.
	history map[string][]histPoint
	// milestones by FSI id: the promotions, rapid category changes and
	// norms the lists' change reports ratified, oldest first.
	milestones map[string][]milestone
	source     string // what rows come from: "list standard 2027-01" or "register players.csv"
	stamp      string // the lists it was built from
}

// milestone is a promotion, a rapid category change or a norm of a
// player, with the list whose close ratified it.
type milestone struct {
	Kind       string // the list's: standard, rapid
	Period     string
	What       string // "promotion", "category", "norm"
	From, To   string // the categories, for a promotion or change
	Rating     int
	Tournament string // the norm's tournament
	Article    string
}

// milestonesOf reads a closed list's change report into the players'
// milestones.
func milestonesOf(report []byte, kind, period string, into map[string][]milestone) error {
	var rep struct {
		Promotions []rating.CategoryChange `json:"promotions"`
		Categories []rating.CategoryChange `json:"category_changes"`
		Norms      []rating.PlayerNote     `json:"norms"`
	}
	if err := json.Unmarshal(report, &rep); err != nil {
		return fmt.Errorf("list %s %s: change report: %w", kind, period, err)
	}
	for what, cs := range map[string][]rating.CategoryChange{"promotion": rep.Promotions, "category": rep.Categories} {
		for _, c := range cs {
			into[c.FSIID] = append(into[c.FSIID], milestone{Kind: kind, Period: period, What: what,
				From: c.From, To: c.To, Rating: c.Rating, Article: c.Article})
		}
	}
	for _, n := range rep.Norms {
		// The reason names the tournament first: "Name: 6/9 against …".
		t := n.Reason
		if i := strings.LastIndex(t, ": "); i > 0 {
			t = t[:i]
		}
		into[n.FSIID] = append(into[n.FSIID], milestone{Kind: kind, Period: period, What: "norm", Tournament: t,
			Article: n.Article})
	}
	return nil
}

type histPoint struct {
	Kind   string
	Period string
	Rating int
	Cat    string
}

func newPlayerIndex(st *office.Queries, cfg *config.Config) *playerIndex {
	return &playerIndex{st: st, cfg: cfg}
}

// warm builds the index in the background (at start and after a list
// is closed), so that the first players' page does not wait for it.
func (p *playerIndex) warm() {
	go func() { _, _ = p.get(context.Background()) }()
}

// get returns the index, rebuilt when the closed lists changed.
func (p *playerIndex) get(ctx context.Context) (*indexed, error) {
	stamps, err := p.st.ListStamps(ctx)
	if err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(stamps))
	for id, s := range stamps {
		keys = append(keys, fmt.Sprint(id, " ", s))
	}
	slices.Sort(keys)
	stamp := strings.Join(keys, "\n")
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur != nil && p.stamp == stamp {
		return p.cur, nil
	}
	ix, err := p.build(ctx)
	if err != nil {
		return nil, err
	}
	ix.stamp = fmt.Sprintf("%x", sha256.Sum256([]byte(stamp)))
	p.cur, p.stamp = ix, stamp
	return ix, nil
}

func (p *playerIndex) build(ctx context.Context) (*indexed, error) {
	ix := &indexed{byID: map[string]int{}, history: map[string][]histPoint{}, milestones: map[string][]milestone{}}
	sums, err := p.st.ListSummaries(ctx)
	if err != nil {
		return nil, err
	}
	// Oldest first, so that the last list read is the latest.
	slices.SortStableFunc(sums, func(a, b office.ListSummary) int {
		if c := strings.Compare(a.Period, b.Period); c != 0 {
			return c
		}
		return strings.Compare(a.Kind, b.Kind)
	})
	var latest *registers.Players
	for _, s := range sums {
		l, ok, err := p.st.RatingListByID(ctx, s.ID)
		if err != nil || !ok {
			return nil, err
		}
		ps, err := registers.ReadPlayers(fmt.Sprintf("list %s %s", s.Kind, s.Period), l.List)
		if err != nil {
			return nil, err
		}
		if err := milestonesOf(l.Report, s.Kind, s.Period, ix.milestones); err != nil {
			return nil, err
		}
		for i := range ps.Rows {
			r := &ps.Rows[i]
			if r.FSIID == "" {
				continue
			}
			pt := histPoint{Kind: s.Kind, Period: s.Period, Rating: r.EloItalia, Cat: r.Category}
			if fsi.Kind(s.Kind) == fsi.Rapid {
				pt.Rating, pt.Cat = r.EloRapid, r.Extra[rating.ColRapidCategory]
			}
			if pt.Rating > 0 {
				ix.history[r.FSIID] = append(ix.history[r.FSIID], pt)
			}
		}
		latest, ix.source = ps, fmt.Sprintf("list %s %s", s.Kind, s.Period)
	}
	if latest == nil {
		name, data, ok, err := p.st.Register(ctx, office.RegisterPlayers)
		if err != nil {
			return nil, err
		}
		if !ok && p.cfg.Registers.Players != "" {
			name = p.cfg.Registers.Players
			if data, err = os.ReadFile(name); err != nil {
				return nil, err
			}
			ok = true
		}
		if ok {
			if latest, err = registers.ReadPlayers(name, data); err != nil {
				return nil, err
			}
			ix.source = "register " + name
		}
	}
	if latest != nil {
		ix.rows = latest.Rows
	}
	ix.keys = make([]string, len(ix.rows))
	for i := range ix.rows {
		r := &ix.rows[i]
		ix.keys[i] = registers.Letters(r.Surname + " " + r.Name)
		if r.FSIID != "" {
			ix.byID[r.FSIID] = i
		}
	}
	return ix, nil
}

// maxFound bounds a search's answer.
const maxFound = 100

// search finds players by FSI id, FIDE id or name, accents and case
// ignored, in either order ("mario rossi" finds Rossi Mario); more is
// true when there were more than maxFound.
func (ix *indexed) search(q string) (found []*registers.Player, more bool) {
	q = strings.TrimSpace(q)
	if q == "" {
		return nil, false
	}
	if i, ok := ix.byID[q]; ok {
		return []*registers.Player{&ix.rows[i]}, false
	}
	words := strings.Fields(q)
	keys := make([]string, 0, len(words))
	for _, w := range words {
		if k := registers.Letters(w); k != "" {
			keys = append(keys, k)
		}
	}
	for i := range ix.rows {
		r := &ix.rows[i]
		hit := r.FideID != "" && r.FideID == q
		if !hit && len(keys) > 0 {
			hit = true
			for _, k := range keys {
				if !strings.Contains(ix.keys[i], k) {
					hit = false
					break
				}
			}
		}
		if hit {
			if len(found) == maxFound {
				return found, true
			}
			found = append(found, r)
		}
	}
	return found, false
}
