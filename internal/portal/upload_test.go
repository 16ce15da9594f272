package portal

import (
	"bytes"
	"errors"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// readUpload reads what FormFile and FormValue read: the file part (a
// part with a file name), the form's tournament before the address's.
func TestReadUpload(t *testing.T) {
	type part struct{ name, file, body string }
	form := func(parts ...part) (string, *bytes.Buffer) {
		var b bytes.Buffer
		mw := multipart.NewWriter(&b)
		for _, p := range parts {
			var w interface{ Write([]byte) (int, error) }
			if p.file != "" || p.name == "file" {
				w, _ = mw.CreateFormFile(p.name, p.file)
			} else {
				w, _ = mw.CreateFormField(p.name)
			}
			w.Write([]byte(p.body))
		}
		mw.Close()
		return mw.FormDataContentType(), &b
	}
	for _, c := range []struct {
		name    string
		query   string
		parts   []part
		limit   int64 // the request's limit, 0 for none
		want    upload
		wantErr error
	}{
		{"a file and its tournament", "", []part{{"torneo", "", "12"}, {"file", "open.trf", "012 Open"}}, 0,
			upload{name: "open.trf", tournament: "12", data: []byte("012 Open")}, nil},
		{"the tournament after the file", "", []part{{"file", "open.trf", "x"}, {"torneo", "", "7"}}, 0,
			upload{name: "open.trf", tournament: "7", data: []byte("x")}, nil},
		{"the tournament from the address", "torneo=3", []part{{"file", "open.trf", "x"}}, 0,
			upload{name: "open.trf", tournament: "3", data: []byte("x")}, nil},
		{"the form's tournament before the address's", "torneo=3", []part{{"torneo", "", "4"}, {"file", "open.trf", "x"}}, 0,
			upload{name: "open.trf", tournament: "4", data: []byte("x")}, nil},
		{"a path in the file's name", "", []part{{"file", "tornei/open.trf", "x"}}, 0,
			upload{name: "open.trf", data: []byte("x")}, nil},
		{"no file chosen", "", []part{{"torneo", "", "12"}, {"file", "", ""}}, 0, upload{}, errNoFile},
		{"a file beyond the check's size: max+1 bytes kept", "", []part{{"file", "big.trf", strings.Repeat("a", 40)}}, 0,
			upload{name: "big.trf", data: []byte(strings.Repeat("a", 11))}, nil},
		{"a request beyond its limit", "", []part{{"file", "big.trf", strings.Repeat("a", 400)}}, 200, upload{}, &http.MaxBytesError{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ct, body := form(c.parts...)
			r := httptest.NewRequest(http.MethodPost, "/portale/verifica?"+c.query, body)
			r.Header.Set("Content-Type", ct)
			if c.limit > 0 {
				r.Body = http.MaxBytesReader(httptest.NewRecorder(), r.Body, c.limit)
			}
			got, err := readUpload(r, 10)
			if c.wantErr != nil {
				var mb *http.MaxBytesError
				if _, isMB := c.wantErr.(*http.MaxBytesError); (isMB && !errors.As(err, &mb)) || (!isMB && !errors.Is(err, c.wantErr)) {
					t.Fatalf("error %v, want %v", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.name != c.want.name || got.tournament != c.want.tournament || !bytes.Equal(got.data, c.want.data) {
				t.Errorf("got %q %q %q, want %q %q %q", got.name, got.tournament, got.data, c.want.name, c.want.tournament, c.want.data)
			}
		})
	}
}
