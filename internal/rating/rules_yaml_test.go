package rating

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"omologa/internal/homologation/rules"
)

// The `rating:` section of the repository's rules.yaml (its last key)
// must read and equal the settings these tests use.
func TestRulesYAMLRatingSection(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "rules.yaml"))
	if err != nil {
		t.Skipf("rules.yaml not found: %v", err)
	}
	i := bytes.Index(data, []byte("\nrating:"))
	if i < 0 {
		t.Fatal("rules.yaml has no top-level rating: key")
	}
	got, err := rules.ParseRating("rules.yaml (rating section)", data[i+1:])
	if err != nil {
		t.Fatal(err)
	}
	if want := settings(t); !reflect.DeepEqual(got, want) {
		t.Errorf("rules.yaml rating section differs from testdata/rating.yaml:\n got %+v\nwant %+v", got, want)
	}
}

func TestRatingSettingsErrorsNameTheLine(t *testing.T) {
	data, err := os.ReadFile("testdata/rating.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Replace(data, []byte("diff_cap: 400"), []byte("diff_cap: 900"), 1)
	bad = bytes.Replace(bad, []byte("first_place: score"), []byte("first_place: best"), 1)
	_, err = rules.ParseRating("r.yaml", bad)
	if err == nil {
		t.Fatal("bad settings accepted")
	}
	for _, want := range []string{"r.yaml:5: rating.diff_cap 900", "r.yaml:8: rating.first_place \"best\""} {
		if !bytes.Contains([]byte(err.Error()), []byte(want)) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	missing := bytes.Replace(data, []byte("  k_lock: true\n"), nil, 1)
	missing = bytes.Replace(missing, []byte("    k_lock: true\n"), nil, 1)
	if _, err := rules.ParseRating("r.yaml", missing); err == nil || !bytes.Contains([]byte(err.Error()), []byte(`missing required key "k_lock"`)) {
		t.Errorf("missing key: %v", err)
	}
}

func TestRatingSettingsNewDecisions(t *testing.T) {
	data, err := os.ReadFile("testdata/rating.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, from, to, want string
	}{
		{"RTF 4.4.1.5.3: average_rounding is half_up, down or up", "average_rounding: half_up", "average_rounding: nearest",
			`rating.standard.maestro.average_rounding "nearest"`},
		{"RAPID 8.4: band names are distinct", "{name: B, min: 2200}", "{name: A, min: 2200}", "distinct names"},
	} {
		t.Run(c.name, func(t *testing.T) {
			bad := bytes.Replace(data, []byte(c.from), []byte(c.to), 1)
			if bytes.Equal(bad, data) {
				t.Fatalf("%q not in the settings", c.from)
			}
			_, err := rules.ParseRating("r.yaml", bad)
			if err == nil || !bytes.Contains([]byte(err.Error()), []byte(c.want)) {
				t.Errorf("error %v; want one with %q", err, c.want)
			}
		})
	}
	r := settings(t)
	if r.Standard.Maestro.AverageRounding != rules.RoundHalfUp || !r.Standard.TheoreticalIfHigher {
		t.Errorf("the documented decisions changed: %+v", r.Standard)
	}
}
