package web

import (
	"reflect"
	"strings"
	"testing"
)

// The milestones a change report gives: promotions, rapid categories,
// norms with their tournament.
func TestMilestonesOf(t *testing.T) {
	rep := `{"promotions":[{"fsi_id":"1","name":"Rossi Mario","from":"1N","to":"CM","rating":2012,"article":"RTF 4.4.1.3"}],
		"category_changes":[{"fsi_id":"2","name":"Bianchi Anna","from":"","to":"D","rating":1900,"article":"RAPID 8.3"}],
		"norms":[{"fsi_id":"1","name":"Rossi Mario","reason":"Open: Città di Novara: 6/9 against 2150 (needed 5.5)","article":"RTF 4.4.1.5.1"}]}`
	got := map[string][]milestone{}
	if err := milestonesOf([]byte(rep), "standard", "2027-01", got); err != nil {
		t.Fatal(err)
	}
	want := map[string][]milestone{
		"1": {{Kind: "standard", Period: "2027-01", What: "promotion", From: "1N", To: "CM", Rating: 2012, Article: "RTF 4.4.1.3"},
			{Kind: "standard", Period: "2027-01", What: "norm", Tournament: "Open: Città di Novara", Article: "RTF 4.4.1.5.1"}},
		"2": {{Kind: "standard", Period: "2027-01", What: "category", To: "D", Rating: 1900, Article: "RAPID 8.3"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("milestones\n got %+v\nwant %+v", got, want)
	}
}

// A player's page names what the closed lists ratified for him.
func TestPlayerMilestones(t *testing.T) {
	f := newFixture(t)
	c := f.client(t, "clerk")
	_, page := get(t, c, f.ts.URL+"/players/112000")
	if !strings.Contains(page, `id="milestones"`) || !strings.Contains(page, "<strong>Categoria rapid</strong> <strong>B</strong> (2288), prima assegnazione") ||
		!strings.Contains(page, `ratificata nella <a href="/lists/rapid/2026-11">lista di novembre 2026</a>`) {
		t.Errorf("the player's page lacks his rapid category of November 2026")
	}
}
