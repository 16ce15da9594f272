package ingest

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/defaults"
	"omologa/internal/platform/italian"
	"os"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits bound what one submission may hold, so that hostile input (a
// zip bomb, a huge attachment, an archive of a million entries) costs
// bounded memory and becomes a clear problem instead of a crash.
type Limits struct {
	MaxFileBytes    int64 // one file, attachment or archive entry
	MaxArchiveBytes int64 // everything expanded from one archive
	MaxArchiveFiles int   // entries in one archive
}

// The one default of each limit (omologa.yaml's, the drop folder's and
// the MIME parser's alike).
const (
	DefaultMaxFileBytes    = 20 << 20
	DefaultMaxArchiveBytes = 50 << 20
	DefaultMaxArchiveFiles = 100
	// DefaultMaxMessageBytes is the largest e-mail message fetched whole
	// (omologa.yaml's max_message_bytes and the IMAP watcher's).
	DefaultMaxMessageBytes = 60 << 20
)

// DefaultLimits are used where a Limits field is zero.
var DefaultLimits = Limits{MaxFileBytes: DefaultMaxFileBytes, MaxArchiveBytes: DefaultMaxArchiveBytes,
	MaxArchiveFiles: DefaultMaxArchiveFiles}

func (l Limits) withDefaults() Limits {
	defaults.Fill(&l.MaxFileBytes, DefaultLimits.MaxFileBytes)
	defaults.Fill(&l.MaxArchiveBytes, DefaultLimits.MaxArchiveBytes)
	defaults.Fill(&l.MaxArchiveFiles, DefaultLimits.MaxArchiveFiles)
	return l
}

// maxArchiveDepth bounds archives inside archives.
const maxArchiveDepth = 2

// IsArchive reports whether a file is a zip archive, by content (the
// local file header's signature) or, for an empty or damaged one, by
// name.
func IsArchive(f File) bool {
	head := f.Content.Head(4)
	return bytes.HasPrefix(head, []byte("PK\x03\x04")) || bytes.HasPrefix(head, []byte("PK\x05\x06")) ||
		strings.EqualFold(path.Ext(f.Name), ".zip")
}

// documentExts are zip containers that are documents, not archives of
// files: Vega's own tournament file and office documents. Opening them
// would hand the reader their inner parts, and the arbiter a refusal of
// some XML part instead of "send the TRF export": they are passed on
// whole, and the reader refuses them by what they are.
var documentExts = map[string]bool{".vegz": true, ".docx": true, ".xlsx": true, ".pptx": true,
	".odt": true, ".ods": true, ".odp": true}

// isDocument reports a zip container that is a document: by its name, or
// by the parts that mark OOXML ([Content_Types].xml) and OpenDocument
// (an uncompressed "mimetype" entry first) whatever the name.
func isDocument(f File) bool {
	if documentExts[strings.ToLower(path.Ext(f.Name))] {
		return true
	}
	head := f.Content.Head(4096)
	return bytes.Contains(head, []byte("[Content_Types].xml")) ||
		bytes.Contains(head, []byte("mimetypeapplication/vnd.oasis.opendocument"))
}

// ExpandArchives replaces every zip archive among files by the files it
// holds (nested archives too, to a small depth), each named by its
// cleaned base name with From set to the archive's name. What cannot be
// taken (a damaged archive, an entry over the size limit, too many
// entries, an encrypted entry) is reported in problems, in Italian, and
// left out; everything else is kept. Memory stays within the limits
// whatever the archive claims in its headers: the entries go to the
// spool (memory for a nil one). The archives given stay the caller's to
// remove; the archives found inside them are removed once opened. The
// error is the spool's failure (wrapping ErrSpool): nothing is returned
// then and no entry is left in the spool, and the submission must be
// taken again later rather than recorded without the files it lost.
func ExpandArchives(files []File, lim Limits, sp *Spool) (out []File, problems []string, err error) {
	lim = lim.withDefaults()
	var expanded []File
	for _, f := range files {
		if !IsArchive(f) || isDocument(f) {
			out = append(out, f)
			continue
		}
		budget := lim.MaxArchiveBytes
		got, ps, err := expand(f, lim, sp, &budget, 1)
		if err != nil {
			removeAll(expanded)
			return nil, nil, err
		}
		expanded = append(expanded, got...)
		out = append(out, got...)
		problems = append(problems, ps...)
	}
	return out, problems, nil
}

func removeAll(files []File) {
	for _, f := range files {
		f.Content.Remove()
	}
}

// RemoveOpened removes the spool files of the files given to
// ExpandArchives (in) that it took apart (no longer among its result
// out): for a caller whose archives are spool files of their own, not
// the original.
func RemoveOpened(in, out []File) {
	kept := map[string]bool{}
	for _, f := range out {
		if f.Content.path != "" {
			kept[f.Content.path] = true
		}
	}
	for _, f := range in {
		if f.Content.path != "" && !kept[f.Content.path] {
			f.Content.Remove()
		}
	}
}

func expand(f File, lim Limits, sp *Spool, budget *int64, depth int) (out []File, problems []string, err error) {
	r, err := f.Content.Open()
	if err != nil {
		// The archive's own spool file gone: the spool failed.
		return nil, nil, fmt.Errorf("ingest: %w: %w", ErrSpool, err)
	}
	defer r.Close()
	zr, err := zip.NewReader(r, f.Content.Size())
	if err != nil {
		return nil, []string{catalogue.IT.T("intake.archive.unreadable", f.Name, err)}, nil
	}
	entries := 0
	for _, zf := range zr.File {
		if zf.FileInfo().IsDir() {
			continue
		}
		entries++
		if entries > lim.MaxArchiveFiles {
			problems = append(problems, catalogue.IT.T("intake.archive.too-many", f.Name, lim.MaxArchiveFiles))
			break
		}
		name := CleanName(zf.Name)
		if zf.Flags&0x1 != 0 {
			problems = append(problems, catalogue.IT.T("intake.archive.encrypted", name, f.Name))
			continue
		}
		limit := min(lim.MaxFileBytes, *budget)
		data, err := readBounded(zf, limit, sp)
		if errors.Is(err, ErrSpool) {
			removeAll(out)
			return nil, nil, err
		}
		if errors.Is(err, ErrTooBig) {
			if limit < lim.MaxFileBytes {
				problems = append(problems, catalogue.IT.T("intake.archive.bomb", f.Name, italian.Size(lim.MaxArchiveBytes), name))
				break
			}
			problems = append(problems, catalogue.IT.T("intake.archive.file-too-large", name, f.Name, italian.Size(lim.MaxFileBytes)))
			continue
		}
		if err != nil {
			problems = append(problems, catalogue.IT.T("intake.archive.file-unreadable", name, f.Name, err))
			continue
		}
		*budget -= data.Size()
		from := f.Name
		if f.From != "" {
			from = f.From + "/" + f.Name
		}
		inner := File{Name: name, Content: data, From: from}
		if IsArchive(inner) && !isDocument(inner) {
			if depth >= maxArchiveDepth {
				problems = append(problems, catalogue.IT.T("intake.archive.too-deep", name, f.Name))
				data.Remove()
				continue
			}
			got, ps, err := expand(inner, lim, sp, budget, depth+1)
			data.Remove()
			if err != nil {
				removeAll(out)
				return nil, nil, err
			}
			out = append(out, got...)
			problems = append(problems, ps...)
			continue
		}
		out = append(out, inner)
	}
	if entries == 0 {
		problems = append(problems, catalogue.IT.T("intake.archive.empty", f.Name))
	}
	return out, problems, nil
}

// readBounded reads an entry into the spool without trusting its
// declared size: at most limit bytes are ever taken.
func readBounded(zf *zip.File, limit int64, sp *Spool) (Content, error) {
	if zf.UncompressedSize64 > uint64(limit) {
		return Content{}, ErrTooBig
	}
	rc, err := zf.Open()
	if err != nil {
		return Content{}, err
	}
	defer rc.Close()
	c, n, err := sp.ReadUpTo(rc, limit+1)
	if err == nil && n > limit {
		err = ErrTooBig
	}
	if err != nil {
		c.Remove()
		return Content{}, err
	}
	return c, nil
}

// ReadUpTo reads at most max bytes of r, and how many it read, in
// chunks joined once at the end: a large input costs its size once more,
// never the doublings of a growing buffer. The one bounded reader.
func ReadUpTo(r io.Reader, max int64) ([]byte, int64, error) {
	// A file says its size: read it into one buffer of that size.
	if f, ok := r.(*os.File); ok {
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && info.Size() < max {
			buf := make([]byte, info.Size()+1)
			n, err := io.ReadFull(f, buf)
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				return buf[:n], int64(n), nil
			}
			if err != nil {
				return nil, int64(n), err
			}
			// It grew since: read the rest as any reader.
			rest, m, err := ReadUpTo(f, max-int64(n))
			return append(buf[:n], rest...), int64(n) + m, err
		}
	}
	const chunk = 64 << 10
	var chunks [][]byte
	var n int64
	var err error
	for n < max && err == nil {
		c := make([]byte, min(chunk, max-n))
		// Not io.ReadFull: its io.ErrUnexpectedEOF would hide the same
		// error from r (a truncated part), which the spool reports.
		m := 0
		for m < len(c) && err == nil {
			var k int
			k, err = r.Read(c[m:])
			m += k
		}
		chunks = append(chunks, c[:m])
		n += int64(m)
	}
	if err == io.EOF {
		err = nil
	}
	if len(chunks) == 1 {
		return chunks[0], n, err
	}
	return bytes.Join(chunks, nil), n, err
}

// ErrTooBig is an input over its limit (an archive entry declaring or
// holding more than the file limit).
var ErrTooBig = errors.New("over the size limit")

// CleanName reduces a name from an archive, a message or a folder to a
// safe base name: no directories (either slash), no "..", no control
// characters, no leading dot, valid UTF-8, at most 200 bytes. It never
// returns "" (it returns "file" instead), so the result can be joined to
// a folder without leaving it.
func CleanName(name string) string {
	name = strings.ToValidUTF8(name, "_")
	name = strings.ReplaceAll(name, "\\", "/")
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == ':' || r == '*' || r == '?' || r == '"' || r == '<' || r == '>' || r == '|' {
			return '_'
		}
		return r
	}, name)
	name = strings.TrimLeft(strings.TrimSpace(name), ".")
	if len(name) > 200 {
		// Shortened before its extension, which says what it is.
		ext := path.Ext(name)
		if len(ext) > 20 {
			ext = ""
		}
		base := name[:len(name)-len(ext)]
		for len(base)+len(ext) > 200 {
			_, size := utf8.DecodeLastRuneInString(base)
			base = base[:len(base)-size]
		}
		name = base + ext
	}
	if name == "" {
		return "file"
	}
	return name
}
