package codec

import (
	"bytes"

	"omologa/internal/tournament"
)

const (
	adviceVegaIT = "Vega: Rating Report → FIDE (file TRF); Swiss-Manager: Esporta → TRF FIDE"
	adviceVegaEN = "Vega: Rating Report → FIDE (TRF file); Swiss-Manager: Export → FIDE TRF"
)

// Refuse recognises files omologa does not read (PDF, office documents,
// archives such as Vega's .vegz, images, Swiss-Manager's binary .TUNX and
// .TURX, any other binary) and returns a *tournament.RefusedError asking
// for the TRF export; nil for text.
func Refuse(name string, data []byte) error {
	refuse := func(kind, what, whatEN string) error {
		return &tournament.RefusedError{File: name, Kind: kind,
			AdviceIT: "Il file è " + what + ", non un file di risultati leggibile. Inviate l'esportazione TRF del torneo (" + adviceVegaIT + ").",
			AdviceEN: "the file is " + whatEN + ", not a readable result file. Please send the tournament's TRF export (" + adviceVegaEN + ")."}
	}
	switch {
	case bytes.HasPrefix(data, []byte("%PDF")):
		return refuse("pdf", "un PDF", "a PDF")
	case bytes.HasPrefix(data, []byte("PK\x03\x04")), bytes.HasPrefix(data, []byte("PK\x05\x06")):
		head := data[:min(len(data), 4096)]
		switch {
		case bytes.Contains(head, []byte("word/")):
			return refuse("word", "un documento Word", "a Word document")
		case bytes.Contains(head, []byte("xl/")), bytes.Contains(head, []byte("opendocument.spreadsheet")):
			return refuse("spreadsheet", "un foglio di calcolo", "a spreadsheet")
		case bytes.Contains(head, []byte("opendocument.text")):
			return refuse("word", "un documento di testo (ODT)", "a text document (ODT)")
		}
		return refuse("vegz", "un archivio compresso (ad esempio il file .vegz di Vega)", "a compressed archive (such as Vega's .vegz)")
	case bytes.HasPrefix(data, []byte("\x1F\x8B")):
		return refuse("vegz", "un archivio compresso (ad esempio il file .vegz di Vega)", "a compressed archive (such as Vega's .vegz)")
	case bytes.HasPrefix(data, []byte("\xD0\xCF\x11\xE0")):
		return refuse("spreadsheet", "un documento Office (Excel o Word)", "an Office document (Excel or Word)")
	case bytes.HasPrefix(data, []byte("{\\rtf")):
		return refuse("word", "un documento RTF", "an RTF document")
	case bytes.HasPrefix(data, []byte("\x89PNG")), bytes.HasPrefix(data, []byte("\xFF\xD8\xFF")),
		bytes.HasPrefix(data, []byte("GIF8")), bytes.HasPrefix(data, []byte("II*\x00")), bytes.HasPrefix(data, []byte("MM\x00*")):
		return refuse("image", "un'immagine", "an image")
	case bytes.HasPrefix(data, []byte("Rar!")), bytes.HasPrefix(data, []byte("7z\xBC\xAF")):
		return refuse("archive", "un archivio compresso", "a compressed archive")
	}
	if isHTML(data) {
		return refuse("html", "una pagina HTML (la classifica pubblicata), non il file del torneo", "an HTML page (the published standings), not the tournament file")
	}
	if binary(data) {
		return refuse("swiss-manager", "binario (ad esempio un file .TUNX/.TURX di Swiss-Manager o un file di Vega)", "binary (such as a Swiss-Manager .TUNX/.TURX file or a Vega file)")
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
