package main

import (
	"flag"
	"fmt"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/intake/ingest"
	"omologa/internal/platform/clock"
)

// judgeFlags are the flags of the commands that judge files the way the
// pipeline does (check, report): the rules, the kind of play, the
// receipt time and the registers.
type judgeFlags struct {
	rules, kind, received, players, arbiters, calendar *string
}

func addJudgeFlags(fs *flag.FlagSet, playersHelp string) *judgeFlags {
	return &judgeFlags{
		rules:    fs.String("rules", "rules.yaml", "the rules file"),
		kind:     fs.String("kind", "auto", "kind of play: auto (from the rate of play), standard or rapid"),
		received: fs.String("received", "", "receipt time: YYYY-MM-DD (noon of that day), YYYY-MM-DD HH:MM in the rules' time zone, or RFC 3339 (default: now)"),
		players:  fs.String("players", "", playersHelp),
		arbiters: fs.String("arbiters", "", "arbiters' register (CSV)"),
		calendar: fs.String("calendar", "", "calendar of authorised tournaments (CSV)"),
	}
}

// options loads what the flags name. The receipt time defaults to now:
// a command may read the clock, the validator may not.
func (j *judgeFlags) options() (checkOptions, error) {
	var opts checkOptions
	switch {
	case *j.kind == "auto":
	case fsi.Kind(*j.kind).IsList():
		opts.Kind = *j.kind
	default:
		return opts, fmt.Errorf("--kind %q: auto, standard or rapid", *j.kind)
	}
	rf, err := rules.Load(*j.rules)
	if err != nil {
		return opts, err
	}
	// Times are shown in the rules' zone (Europe/Rome), as the notices
	// show them.
	opts.Received = clock.System()().In(rf.Rating.Location())
	if *j.received != "" {
		t, err := ingest.ParseReceivedAt(*j.received, rf.Rating.Location())
		if err != nil {
			return opts, fmt.Errorf("--received %w", err)
		}
		opts.Received = t.In(rf.Rating.Location())
	}
	if err := rf.Complete(); err != nil {
		return opts, err
	}
	opts.Rules = rf
	if opts.Registers, err = registers.Load(*j.players, *j.arbiters, *j.calendar); err != nil {
		return opts, err
	}
	return opts, nil
}
