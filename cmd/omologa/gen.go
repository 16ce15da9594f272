package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/testkit/synth"
	"omologa/internal/tournament"
)

const genUsage = `usage: omologa gen --out DIR [flags]

Writes DIR/players.csv (the players' register), DIR/received.csv (file,received)
and one TRF-2025/26 file per tournament (Swiss and round robin, results drawn from
the players' strength, with byes and forfeits). For load tests and benchmarks;
'omologa list close' reads the output as it is.`

func runGen(c *call) int {
	sc := synth.Default()
	fs := c.fs
	dir := fs.String("out", "", "directory to write into (created)")
	kind := fs.String("kind", string(fsi.Standard), "standard or rapid: which rating the files carry")
	start := fs.String("start", sc.Start.String(), "first tournament's start date")
	fs.Uint64Var(&sc.Seed, "seed", sc.Seed, "random seed (same seed, same season)")
	fs.IntVar(&sc.Players, "players", 2000, "players in the register")
	fs.IntVar(&sc.Tournaments, "tournaments", 100, "tournaments")
	fs.IntVar(&sc.PlayersPerTournament, "field", sc.PlayersPerTournament, "mean players per tournament")
	fs.IntVar(&sc.Rounds, "rounds", sc.Rounds, "Swiss rounds")
	fs.IntVar(&sc.Days, "days", sc.Days, "days the season spreads over")
	fs.Float64Var(&sc.ForfeitRate, "forfeits", sc.ForfeitRate, "share of games lost by forfeit")
	fs.Float64Var(&sc.HalfByeRate, "byes", sc.HalfByeRate, "share of half-point byes")
	if code, ok := c.parse(); !ok {
		return code
	}
	if msg := genCheck(*dir, fs, &sc); msg != "" {
		return c.bad("%s", msg)
	}
	k, err := parseKind(*kind)
	if err != nil {
		return c.bad("%v", err)
	}
	sc.Rapid = k == fsi.Rapid
	// time.Parse refuses 2026-13-01 and 2026-02-30, which the tournament
	// date reader would roll over into the next month.
	day, err := time.Parse("2006-01-02", *start)
	if err != nil {
		return c.bad("--start %q: not a date YYYY-MM-DD", *start)
	}
	sc.Start = tournament.NewDate(day.Year(), day.Month(), day.Day())
	bar := newProgress(c.stderr, "writing", sc.Tournaments)
	defer bar.Done()
	out, err := synth.GenerateTo(sc, *dir, func() { bar.Add(1) })
	bar.Done()
	if err != nil {
		return c.fail(err)
	}
	return c.print(exitOK, out, func(w io.Writer) {
		fmt.Fprintf(w, "%d tournaments (%d games) in %s; players' register %s; receipt dates %s\n",
			out.Tournaments, out.Games, out.Dir, out.Players, out.Received)
	})
}

// maxShare bounds --forfeits and --byes together: beyond it most games
// are not played and the tournaments say nothing.
const maxShare = 0.5

// genCheck says what is wrong with gen's flags, "" when nothing is.
func genCheck(dir string, fs *flag.FlagSet, c *synth.Config) string {
	switch {
	case dir == "":
		return "--out is required"
	case fs.NArg() > 0:
		return fmt.Sprintf("unexpected argument %q", fs.Arg(0))
	case c.Players < 4:
		return fmt.Sprintf("--players %d: at least 4", c.Players)
	case c.Tournaments < 0:
		return fmt.Sprintf("--tournaments %d: 0 or more", c.Tournaments)
	case c.PlayersPerTournament < 4:
		return fmt.Sprintf("--field %d: at least 4", c.PlayersPerTournament)
	case c.PlayersPerTournament > c.Players:
		return fmt.Sprintf("--field %d: more than the %d players of --players", c.PlayersPerTournament, c.Players)
	case c.Rounds < 1:
		return fmt.Sprintf("--rounds %d: at least 1", c.Rounds)
	case c.Days < 1:
		return fmt.Sprintf("--days %d: at least 1", c.Days)
	case c.ForfeitRate < 0 || c.ForfeitRate > maxShare:
		return fmt.Sprintf("--forfeits %g: a share of the games from 0 to %g (0.05 is 5%%)", c.ForfeitRate, maxShare)
	case c.HalfByeRate < 0 || c.HalfByeRate > maxShare:
		return fmt.Sprintf("--byes %g: a share of the games from 0 to %g (0.05 is 5%%)", c.HalfByeRate, maxShare)
	case c.ForfeitRate+c.HalfByeRate > maxShare:
		return fmt.Sprintf("--forfeits %g and --byes %g: together at most %g of the games", c.ForfeitRate, c.HalfByeRate, maxShare)
	}
	return ""
}
