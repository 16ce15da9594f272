package rules

//go:generate go test -run TestPredecoded -update .

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
)

// fromPredecoded is the repository's rules.yaml, named name, from its
// decoded form: reading it with yaml.v3 is most of a whole `omologa
// check` (a few milliseconds), and the office runs it unchanged. The
// decoded form is generated from the file by the rules tests (go
// generate ./internal/homologation/rules, i.e. go test -run TestPredecoded
// -update in it), which fail while it is stale; any other content, or a
// stale table, is parsed as usual. The value checks are skipped too:
// they depend only on the program and these bytes (the time zones too:
// tzdata is linked), and TestPredecoded parses and checks the same
// content. Resolve runs.
func fromPredecoded(name string) *File {
	f := predecodedFile()
	f.Name = name
	f.resolve()
	f.predecoded = true
	return &f
}

// isPredecoded reports whether data is the file predecodedFile was
// generated from.
func isPredecoded(data []byte) bool {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]) == predecodedSHA256
}

// isPredecodedFile is isPredecoded of the file at path, read through a
// small buffer; false when it cannot be read (Load then says why).
func isPredecodedFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.CopyBuffer(h, f, make([]byte, 8<<10)); err != nil {
		return false
	}
	return hex.EncodeToString(h.Sum(nil)) == predecodedSHA256
}
