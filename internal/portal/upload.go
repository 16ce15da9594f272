package portal

import (
	"bytes"
	"errors"
	"io"
	"net/http"
)

// An upload is the check form as read: the file's name and bytes, the
// tournament it corrects (the form's "torneo", else the address's).
type upload struct {
	name, tournament string
	data             []byte
}

// errNoFile is a form without a chosen file (FormFile's
// http.ErrMissingFile).
var errNoFile = errors.New("portal: no file in the form")

// readUpload reads the check form as it streams, the file into one
// buffer of the request's size: FormFile would hold the file in a
// buffer grown by doubling and ReadAll copy it into another, four times
// the file at the peak (issue 31: a 10 MB upload cost 60 MB). At most
// max+1 bytes of the file are kept, so that the check can tell a file
// too large; the request's own limit (http.MaxBytesReader) shows as an
// *http.MaxBytesError.
func readUpload(r *http.Request, max int64) (upload, error) {
	var u upload
	mr, err := r.MultipartReader()
	if err != nil {
		return u, err
	}
	found, torneo := false, false
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return u, err
		}
		switch {
		case p.FormName() == "file" && p.FileName() != "" && !found:
			size := max + 1
			if r.ContentLength > 0 && r.ContentLength < size {
				size = r.ContentLength
			}
			// bytes.Buffer grows when less than 512 bytes are free.
			b := bytes.NewBuffer(make([]byte, 0, size+512))
			if _, err := b.ReadFrom(io.LimitReader(p, max+1)); err != nil {
				return u, err
			}
			u.name, u.data, found = p.FileName(), b.Bytes(), true
		case p.FormName() == "torneo" && p.FileName() == "" && !torneo:
			v, err := io.ReadAll(io.LimitReader(p, 64))
			if err != nil {
				return u, err
			}
			u.tournament, torneo = string(v), true
		}
		// The rest of a part not read is skipped by NextPart.
	}
	if !found {
		return u, errNoFile
	}
	if !torneo {
		u.tournament = r.URL.Query().Get("torneo")
	}
	return u, nil
}
