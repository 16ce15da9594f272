package codec

import (
	"bytes"

	"omologa/internal/tournament"
)

// Refuse recognises files omologa does not read (PDF, office documents,
// archives such as Vega's .vegz, images, Swiss-Manager's binary .TUNX and
// .TURX, any other binary) and returns a *tournament.RefusedError asking
// for the TRF export; nil for text.
func Refuse(name string, data []byte) error {
	// refuse is the refusal of a file of the kind, which is what (a
	// reader's text, "codec.file."+what).
	refuse := func(kind, what string) error {
		en, it := tournament.Say("codec.refused", tournament.Key("codec.file."+what))
		return &tournament.RefusedError{File: name, Kind: kind, AdviceIT: it, AdviceEN: en}
	}
	switch {
	case bytes.HasPrefix(data, []byte("%PDF")):
		return refuse("pdf", "pdf")
	case bytes.HasPrefix(data, []byte("PK\x03\x04")), bytes.HasPrefix(data, []byte("PK\x05\x06")):
		head := data[:min(len(data), 4096)]
		switch {
		case bytes.Contains(head, []byte("word/")):
			return refuse("word", "word")
		case bytes.Contains(head, []byte("xl/")), bytes.Contains(head, []byte("opendocument.spreadsheet")):
			return refuse("spreadsheet", "spreadsheet")
		case bytes.Contains(head, []byte("opendocument.text")):
			return refuse("word", "odt")
		}
		return refuse("vegz", "vegz")
	case bytes.HasPrefix(data, []byte("\x1F\x8B")):
		return refuse("vegz", "vegz")
	case bytes.HasPrefix(data, []byte("\xD0\xCF\x11\xE0")):
		return refuse("spreadsheet", "office")
	case bytes.HasPrefix(data, []byte("{\\rtf")):
		return refuse("word", "rtf")
	case bytes.HasPrefix(data, []byte("\x89PNG")), bytes.HasPrefix(data, []byte("\xFF\xD8\xFF")),
		bytes.HasPrefix(data, []byte("GIF8")), bytes.HasPrefix(data, []byte("II*\x00")), bytes.HasPrefix(data, []byte("MM\x00*")):
		return refuse("image", "image")
	case bytes.HasPrefix(data, []byte("Rar!")), bytes.HasPrefix(data, []byte("7z\xBC\xAF")):
		return refuse("archive", "archive")
	}
	if isHTML(data) {
		return refuse("html", "html")
	}
	if binary(data) {
		return refuse("swiss-manager", "binary")
	}
	return nil
}

// binary reports NUL bytes or many control characters in the first 8 KB:
// text files in any of the encodings read have neither.
func binary(data []byte) bool {
	head := data[:min(len(data), 8192)]
	if bytes.IndexByte(head, 0) >= 0 {
		return true
	}
	ctl := 0
	for _, c := range head {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != 0x1A {
			ctl++
		}
	}
	return ctl*50 > len(head)
}

// isHTML recognises the HTML pages pairing programs publish.
func isHTML(data []byte) bool {
	head := bytes.ToLower(bytes.TrimSpace(bytes.TrimPrefix(data[:min(len(data), 512)], []byte("\xEF\xBB\xBF"))))
	return bytes.HasPrefix(head, []byte("<!doctype html")) || bytes.HasPrefix(head, []byte("<html")) ||
		(bytes.HasPrefix(head, []byte("<?xml")) && bytes.Contains(head, []byte("<html")))
}
