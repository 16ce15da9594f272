package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
)

// writeJSON writes v indented, as every --json output is.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// writeJSONFiles writes the per-file results of a command that takes
// several files: one object for one file, an array for several, so that
// a script reading one file's result needs no unwrapping.
func writeJSONFiles[T any](w io.Writer, out []T) error {
	if len(out) == 1 {
		return writeJSON(w, out[0])
	}
	return writeJSON(w, out)
}

// printResult prints a command's result: as JSON with --json
// (writeJSON), for a script, else with text, for a person.
func printResult(w io.Writer, asJSON bool, v any, text func(io.Writer)) error {
	if asJSON {
		return writeJSON(w, v)
	}
	text(w)
	return nil
}

// printFiles prints the results of a command that reads files: as JSON
// (writeJSONFiles), or each with print, a blank line between them, in
// one write for the whole listing, not one a line.
func printFiles[T any](w io.Writer, out []T, asJSON bool, print func(io.Writer, T)) error {
	if asJSON {
		return writeJSONFiles(w, out)
	}
	bw := bufio.NewWriter(w)
	for i, x := range out {
		if i > 0 {
			fmt.Fprintln(bw)
		}
		print(bw, x)
	}
	return bw.Flush()
}
