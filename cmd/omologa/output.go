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

// printFiles prints the results of a command c that reads files: as JSON
// (writeJSONFiles), or each with print, a blank line between them, in
// one write for the whole listing, not one a line; it returns code, the
// exit the command reached, and a failure to print is said (exit 2).
func printFiles[T any](c *call, code int, out []T, print func(io.Writer, T)) int {
	var err error
	if *c.json {
		err = writeJSONFiles(c.stdout, out)
	} else {
		bw := bufio.NewWriter(c.stdout)
		for i, x := range out {
			if i > 0 {
				fmt.Fprintln(bw)
			}
			print(bw, x)
		}
		err = bw.Flush()
	}
	if err != nil {
		return c.fail(err)
	}
	return code
}
