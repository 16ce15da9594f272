package rating

import (
	"strings"
	"testing"
	"time"
)

func TestReadReceived(t *testing.T) {
	rome, _ := time.LoadLocation("Europe/Rome")
	m, err := ReadReceived("r.csv", []byte("\xef\xbb\xbffile,received\na.trf,2026-02-19\nb.trf,2026-02-19T23:30:00Z\n"), rome)
	if err != nil {
		t.Fatal(err)
	}
	// 23:30 UTC is 00:30 of the 20th in Rome: after the March cut-off.
	if m["a.trf"].String() != "2026-02-19" || m["b.trf"].String() != "2026-02-20" {
		t.Errorf("%v", m)
	}
	for _, bad := range []string{"", "file\nx\n", "file,received\nx,2026-02\n", "file,received\nx\n"} {
		if _, err := ReadReceived("r.csv", []byte(bad), rome); err == nil || !strings.HasPrefix(err.Error(), "r.csv") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func FuzzReadReceived(f *testing.F) {
	f.Add([]byte("file,received\na.trf,2026-02-19\n"))
	f.Add([]byte("received,file\n2026-02-19T23:30:00+01:00,b.trf\n"))
	f.Add([]byte("file,received\n\"a,b\",2026-13-40\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ReadReceived("fuzz.csv", data, time.UTC)
		if err != nil {
			return
		}
		for k, d := range m {
			if !d.IsFull() {
				t.Errorf("%q: partial date %v accepted", k, d)
			}
		}
	})
}
