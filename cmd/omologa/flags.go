package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"omologa/config"
	"omologa/office"
)

// parseFlags parses a subcommand's flags. ok is false when the command
// must stop at once with code: -h asked for the usage (already printed,
// exit 0), or a flag was wrong (the flag package has said which).
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK, false
		}
		return exitUsage, false
	}
	return exitOK, true
}

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

// exitFor is the exit code of an office act's failure: 1 when the act was
// already done (a list closed twice), 2 otherwise.
func exitFor(err error) int {
	if office.KindOf(err) == office.Conflict {
		return exitRejected
	}
	return exitUsage
}

// openOffice opens the office of the configuration at path (its store and
// rules), for a command that does one of its acts.
func openOffice(ctx context.Context, path string) (*office.Office, error) {
	cfg, err := config.Load(path)
	if err != nil {
		return nil, err
	}
	return office.Open(ctx, cfg)
}
