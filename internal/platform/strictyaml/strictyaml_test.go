package strictyaml

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type inner struct {
	Min  int    `yaml:"min"`
	Note string `yaml:"note,omitempty"`
}

type common struct {
	Words []string `yaml:"words"`
}

type withInline struct {
	common `yaml:",inline"`
	Exempt bool `yaml:"exempt,omitempty"`
}

type cfg struct {
	Name  string           `yaml:"name"`
	Items []inner          `yaml:"items"`
	ByKey map[string]inner `yaml:"by_key,omitempty"`
	Team  *withInline      `yaml:"team,omitempty"`
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // substrings of the error, "" for success
	}{
		{"ok", "name: a\nitems:\n  - min: 1\n", nil},
		{"unknown key", "name: a\nitems: []\nbogus: 1\n", []string{"x.yaml:3:", "bogus"}},
		{"wrong type", "name: a\nitems:\n  - min: many\n", []string{"x.yaml:3:", "many"}},
		{"missing key", "name: a\nitems:\n  - note: x\n", []string{"x.yaml:3:", `missing required key "min" in items[0]`}},
		{"missing top", "items: []\n", []string{"x.yaml:1:", `"name"`}},
		{"missing in map", "name: a\nitems: []\nby_key:\n  k:\n    note: y\n", []string{"x.yaml:5:", "by_key.k"}},
		{"unknown nested key", "name: a\nitems:\n  - min: 1\n    mx: 2\n", []string{"x.yaml:4:", "field mx not found in type strictyaml.inner"}},
		{"unknown key in a map's value", "name: a\nitems: []\nby_key:\n  k:\n    min: 1\n    nope: 2\n", []string{"x.yaml:6:", "nope"}},
		{"inline fields are known", "name: a\nitems: []\nteam:\n  words: [x]\n  exempt: true\n", nil},
		{"inline fields are required", "name: a\nitems: []\nteam:\n  exempt: true\n", []string{"x.yaml:4:", `missing required key "words" in team`}},
		{"unknown key beside inline fields", "name: a\nitems: []\nteam:\n  words: []\n  other: 1\n", []string{"x.yaml:5:", "other"}},
		{"an anchor's error once", "name: a\nitems:\n  - &i {min: 1, mx: 2}\n  - *i\n  - *i\n", []string{"x.yaml:3: field mx not found in type strictyaml.inner"}},
		{"syntax", "name: [\n", []string{"x.yaml:"}},
		{"empty", "", []string{"empty document"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c cfg
			root, err := DecodeNode("x.yaml", []byte(tt.src), &c)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				if root == nil || len(root.Content) != 1 {
					t.Fatalf("no node tree handed on: %v", root)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error, want %v", tt.want)
			}
			for _, w := range tt.want {
				if n := strings.Count(err.Error(), w); n != 1 {
					t.Errorf("error %q contains %q %d times, want once", err, w, n)
				}
			}
		})
	}
}

// TestLoad: the file's bytes go to parse named by the path; a file that
// cannot be read is an error prefixed with what it is.
func TestLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.yaml")
	if err := os.WriteFile(path, []byte("a: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Load("x", path, func(file string, data []byte) (string, error) { return file + ":" + string(data), nil })
	if err != nil || got != path+":a: 1\n" {
		t.Errorf("Load: %q, %v", got, err)
	}
	_, err = Load("x", path+".missing", func(string, []byte) (string, error) { return "", nil })
	if err == nil || !strings.HasPrefix(err.Error(), "x: ") || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func TestLocate(t *testing.T) {
	root, err := Parse("x.yaml", []byte("a:\n  b: 1\n  c:\n    - x\n    - y\nd: {}\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path  []any
		line  int
		found bool
	}{
		{[]any{"a", "b"}, 2, true},
		{[]any{"a", "c", 1}, 5, true},
		{[]any{"a", "c", 2}, 3, false}, // no third item: the list's key
		{[]any{"d", "e"}, 6, false},    // a key left out: its section's
		{[]any{"z"}, 1, false},
		{nil, 1, true},
	} {
		line, found := Locate(root, tc.path)
		if line != tc.line || found != tc.found || LineOf(root, tc.path) != tc.line {
			t.Errorf("Locate(%v) = %d, %v; want %d, %v", tc.path, line, found, tc.line, tc.found)
		}
	}
}
