package lists

import (
	"bytes"
	"html/template"
	"testing"
)

// The list page's rows written by hand are the bytes html/template
// writes from the range they replace, for names with every character it
// escapes (and bytes that are no UTF-8, which it leaves alone).
func TestRowsAreTheTemplates(t *testing.T) {
	odd := []string{`D'Angelo`, `Rossi "Max"`, "Bianchi & Figli", "A+B", "<b>x</b>", "Nicolò Ça", "nul\x00x", "", "\xff\xfeLatin", "\ufdd0\ufffe"}
	ref := template.Must(template.New("").Parse(`{{range .Entries}}` + entryRow + `{{end}}`))
	var entries []Entry
	for i, s := range odd {
		entries = append(entries, Entry{Rank: i + 1, FSIID: s, Surname: s, Name: odd[(i+1)%len(odd)], Category: s, Province: s,
			Rating: 1400 - 300*i, FIDE: i%2 == 0})
	}
	for _, fide := range []bool{false, true} {
		var b bytes.Buffer
		if err := ref.Execute(&b, struct {
			FIDE    bool
			Entries []Entry
		}{fide, entries}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b.Bytes(), []byte("D&#39;Angelo")) {
			t.Fatalf("the reference escapes nothing: %s", b.String())
		}
		if got := string(rowsHTML(entries, fide)); got != b.String() {
			t.Errorf("rows (FIDE %v):\n%s\nwant\n%s", fide, got, b.String())
		}
	}
}
