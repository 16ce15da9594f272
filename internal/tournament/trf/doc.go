// Package trf reads and writes FIDE Tournament Report Files: TRF16, TRF-2025/26
// (TRF26) and the TRF(x) extensions of JaVaFo and bbpPairings that Vega writes.
//
// Read takes text already decoded to UTF-8 with line endings normalised to
// '\n' (package codec does that) and fills a tournament.Tournament. Records
// are cut by characters, not bytes, so that a name with accents does not
// shift the columns after it. Problems are diagnostics; only a text with no
// player and no header record is an error.
//
// Write produces TRF16 or TRF26 from the model, so that read → write → read
// gives the same model; it is what forwards homologated tournaments to FIDE.
package trf

// Version selects the TRF dialect Write produces.
type Version int

const (
	TRF16 Version = 16
	TRF26 Version = 26
)
