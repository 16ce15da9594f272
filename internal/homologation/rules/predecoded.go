package rules

//go:generate go test -run TestPredecoded -update .

import (
	"crypto/sha256"
	"encoding/hex"
)

// predecoded returns the decoded form of the repository's rules.yaml when
// data is exactly that file: reading it with yaml.v3 is most of a whole
// `omologa check` (a few milliseconds), and the office runs it unchanged.
// The decoded form is generated from the file by the rules tests (go
// generate ./internal/homologation/rules, i.e. go test -run TestPredecoded -update in it),
// which fail while it is stale; any other content, or a stale table, is
// parsed as usual. Only the YAML decoding is skipped: resolve and every
// value check still run.
func predecoded(data []byte) (File, bool) {
	if !isPredecoded(data) {
		return File{}, false
	}
	return predecodedFile(), true
}

// isPredecoded reports whether data is the file predecodedFile was
// generated from.
func isPredecoded(data []byte) bool {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]) == predecodedSHA256
}
