package main

import (
	"context"
	"io"
)

func init() {
	register(&command{
		name:    "list",
		summary: "rating lists: 'list run' closes a period from the store and publishes it; 'list close' and 'list publish' work on files",
		run:     runList,
	})
}

func runList(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return subcommands(stderr, "list", "usage: omologa list close [flags] TRF...   (omologa list close -h)\n       omologa list publish [flags]        (omologa list publish -h)\n       omologa list run [flags]            (omologa list run -h)",
		args, map[string]func([]string) int{
			"close":   func(a []string) int { return runListClose(ctx, a, stdout, stderr) },
			"publish": func(a []string) int { return runListPublish(ctx, a, stdout, stderr) },
			"run":     func(a []string) int { return runListRun(ctx, a, stdout, stderr) },
		})
}
