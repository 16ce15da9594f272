package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	gomail "github.com/emersion/go-message/mail"

	"omologa/config"
	"omologa/store"
)

func init() {
	register(&command{
		name:    "status",
		summary: "the submissions recorded, with their state, verdicts and notices",
		run:     runStatus,
	})
}

func runStatus(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("status", flag.ContinueOnError)
	fl.SetOutput(stderr)
	cfgPath := fl.String("config", defaultConfig(), "configuration file")
	asJSON := fl.Bool("json", false, "print JSON")
	limit := fl.Int("n", 0, "show only the newest N submissions (0: all)")
	show := fl.Int64("show", 0, "print the text of submission `ID`'s notice")
	quarantined := fl.Bool("quarantined", false, "list only the quarantined submissions (for omologa release)")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: omologa status [--config FILE] [--json] [-n N] [--quarantined] [--show ID]")
		fl.PrintDefaults()
	}
	if code, ok := parseFlags(fl, args); !ok {
		return code
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		fmt.Fprintln(stderr, "omologa status:", err)
		return exitUsage
	}
	st, err := store.Open(ctx, cfg.Store.Path)
	if err != nil {
		fmt.Fprintln(stderr, "omologa status:", err)
		return exitUsage
	}
	defer st.Close()
	if *show != 0 {
		msg, ok, err := st.NoticeMessage(ctx, *show)
		if err != nil {
			fmt.Fprintln(stderr, "omologa status:", err)
			return exitUsage
		}
		if !ok {
			fmt.Fprintf(stderr, "omologa status: submission %d has no notice (not judged yet, quarantined, or unknown)\n", *show)
			return exitUsage
		}
		if err := printNoticeText(stdout, msg); err != nil {
			fmt.Fprintln(stderr, "omologa status:", err)
			return exitUsage
		}
		return exitOK
	}
	state := ""
	if *quarantined {
		state = store.StateQuarantined
	}
	rows, err := st.StatusesIn(ctx, state, *limit)
	if err != nil {
		fmt.Fprintln(stderr, "omologa status:", err)
		return exitUsage
	}
	if *asJSON {
		if rows == nil {
			rows = []store.Status{}
		}
		if err := writeJSON(stdout, rows); err != nil {
			return exitUsage
		}
		return exitOK
	}
	if *quarantined && len(rows) == 0 {
		fmt.Fprintln(stdout, "no quarantined submissions")
		return exitOK
	}
	printStatuses(stdout, rows)
	return exitOK
}

func printStatuses(out io.Writer, rows []store.Status) {
	// One write for the whole table, not one a cell.
	w := bufio.NewWriter(out)
	defer w.Flush()
	if len(rows) == 0 {
		fmt.Fprintln(w, "no submissions recorded")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tRECEIVED\tCHANNEL\tFROM\tSTATE\tFILE\tTOURNAMENT\tVERDICT\tERR/WARN\tNOTICE")
	for _, r := range rows {
		from := r.Sender
		if from == "" {
			from = "-"
		}
		notice := "-"
		if n := r.Notice; n != nil {
			notice = fmt.Sprintf("%s %s (%d attempts) to %s", n.Kind, n.Status, n.Attempts, strings.Join(n.To, ","))
			if n.LastError != "" {
				notice += ": " + n.LastError
			}
		} else if r.State == store.StateQuarantined {
			notice = fmt.Sprintf("none: %s (omologa release %d, or --drop)", r.Note, r.ID)
		} else if r.State == store.StateDiscarded {
			notice = "none: " + r.Note
		}
		head := fmt.Sprintf("%d\t%s\t%s\t%s\t%s", r.ID, r.ReceivedAt.Local().Format("2006-01-02 15:04:05"), r.Channel, from, stateLabel(r))
		if len(r.Files) == 0 {
			fmt.Fprintf(tw, "%s\t-\t-\t-\t-\t%s\n", head, notice)
		}
		for i, f := range r.Files {
			verdict := f.Verdict
			if verdict == "" {
				verdict = "(pending)"
				if r.State == store.StateQuarantined || r.State == store.StateDiscarded {
					verdict = "(not judged)"
				}
			}
			if f.SupersededBy != 0 {
				verdict += fmt.Sprintf(" (superseded by file %d)", f.SupersededBy)
			}
			if f.Supersedes != 0 {
				verdict += fmt.Sprintf(" (supersedes file %d)", f.Supersedes)
			}
			name := f.Name
			if f.From != "" {
				name += " (in " + f.From + ")"
			}
			tour := f.Tournament
			if tour == "" {
				tour = "-"
			}
			if i > 0 {
				head, notice = "\t\t\t\t", ""
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d/%d\t%s\n", head, name, tour, verdict, f.Errors, f.Warnings, notice)
		}
		for _, p := range r.Problems {
			fmt.Fprintf(tw, "\t\t\t\t\tproblem: %s\t\t\t\t\n", p)
		}
	}
	tw.Flush()
}

// stateLabel makes a quarantine stand out and says when the office
// decided a submission's fate.
func stateLabel(r store.Status) string {
	if r.State == store.StateQuarantined {
		return "QUARANTINED"
	}
	if o := r.Office; o != nil {
		action := o.Action + " "
		if o.Action == r.State {
			action = ""
		}
		return fmt.Sprintf("%s (%sby %s %s)", r.State, action, o.By, o.At.Local().Format("2006-01-02 15:04"))
	}
	return r.State
}

// printNoticeText prints a notice's headers of interest and its text part.
func printNoticeText(w io.Writer, msg []byte) error {
	mr, err := gomail.CreateReader(bytes.NewReader(msg))
	if err != nil {
		return err
	}
	subject, _ := mr.Header.Subject()
	to, _ := mr.Header.AddressList("To")
	var rcpt []string
	for _, a := range to {
		rcpt = append(rcpt, a.Address)
	}
	fmt.Fprintf(w, "To: %s\nSubject: %s\n\n", strings.Join(rcpt, ", "), subject)
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if h, ok := p.Header.(*gomail.InlineHeader); ok {
			if ct, _, _ := h.ContentType(); ct == "text/plain" {
				_, err := io.Copy(w, p.Body)
				return err
			}
		}
	}
}
