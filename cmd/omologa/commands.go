package main

import "omologa/internal/fsi"

// The commands, each with the flags it shares with the others; its own
// flags, usage and work are in its file.

const (
	configHelp = "configuration file"
	jsonHelp   = "print JSON"
	// stateHelp is --json of the commands that print the state of the
	// submissions they put through the office.
	stateHelp = "print the submissions' state as JSON"
	// filesHelp is --json of the commands that read files.
	filesHelp = "print one JSON object per file (an array for several files)"
)

// The lists' names are the vocabulary's (internal/fsi), as every other
// surface writes them.
var (
	kindHelp    = "standard (" + fsi.Standard.ListName() + ") or rapid (" + fsi.Rapid.ListName() + ")"
	listRunKind = "rapid (the monthly " + fsi.Rapid.ListName() + " list) or standard (the bimonthly " + fsi.Standard.ListName() + " list)"
	rateSummary = "the " + fsi.Standard.ListName() + " or " + fsi.Rapid.ListName() + " variations of one tournament"
)

var commands = index([]*command{
	{name: "audit", summary: "the office's audit trail: who did what and when, from the command line or the web",
		usage: auditUsage, config: configHelp, json: "print the entries as JSON", run: runAudit},
	{name: "backup", summary: "write a consistent, checked copy of the store (while watch or serve run)",
		usage: backupUsage, config: configHelp, json: jsonHelp, run: runBackup},
	{name: "restore", summary: "put a backup in place of the store (refused while a daemon holds it)",
		usage: restoreUsage, config: configHelp, json: jsonHelp, run: runRestore},
	{name: "check", summary: "judge result files against rules.yaml: verdict, findings with articles, standings",
		usage: checkUsage, json: filesHelp, run: runCheck},
	{name: "decide", summary: "the office's decisions on a tournament's players (withdrawals, theoretical ratings), applied by list run",
		usage: decideUsage, config: "configuration file: its store", json: "print the decisions recorded as JSON", run: runDecide},
	{name: "doctor", summary: "check the configuration against the world before the service starts: one OK or PROBLEM line a check, with the fix",
		usage: doctorUsage, config: configHelp, json: "print the checks as JSON", run: runDoctor},
	{name: "fide", summary: "FIDE: 'fide export' forwards the homologated FIDE-rated tournaments of a FIDE list; 'fide preview' shows what FIDE will make of a file",
		usage: "usage: omologa fide export [flags]        (omologa fide export -h)\n       omologa fide preview [flags] FILE  (omologa fide preview -h)",
		subs: []*command{
			{name: "export", usage: fideExportUsage, config: configHelp, json: jsonHelp, run: runFideExport},
			{name: "preview", usage: fidePreviewUsage, json: jsonHelp, run: runFidePreview},
		}},
	{name: "gen", summary: "generate a synthetic season (TRF files, players' register, receipt dates)",
		usage: genUsage, json: "print a JSON summary", run: runGen},
	{name: "import", summary: "load a register (players, arbiters or calendar CSV) into the store; --history, --undo",
		usage: importUsage, config: configHelp, json: "print what was imported as JSON", run: runImport},
	{name: "ingest", summary: "take files in once (as the drop folder would), judge them and deliver the notices",
		usage: ingestUsage, config: configHelp, json: stateHelp, verbose: true, run: runIngest},
	{name: "init", summary: "write a new, empty office: omologa.yaml for a real office, rules, empty registers, var/, the first admin account",
		usage: initUsage, run: runInit},
	{name: "list", summary: "rating lists: 'list run' closes a period from the store and publishes it; 'list close' and 'list publish' work on files",
		usage: "usage: omologa list close [flags] TRF...   (omologa list close -h)\n       omologa list publish [flags]        (omologa list publish -h)\n       omologa list run [flags]            (omologa list run -h)",
		subs: []*command{
			{name: "close", usage: listCloseUsage, json: "print the change report as JSON", kind: kindHelp, run: runListClose},
			{name: "publish", usage: listPublishUsage, json: "print the files written as JSON", kind: kindHelp, run: runListPublish},
			{name: "run", usage: listRunUsage, config: "configuration file: its store, rules and players' register", json: "print what was done as JSON",
				kind: listRunKind, run: runListRun},
		}},
	{name: "parse", summary: "read result files (TRF, .trfx, .tdf) and print the tournament and the problems found",
		usage: parseUsage, json: filesHelp, run: runParse},
	{name: "payments", summary: "the homologation fee: import a bank statement, enter or confirm a payment, waive a fee, list fees and unmatched payments",
		usage: "usage: omologa payments import [flags] FILE   (omologa payments import -h)\n       omologa payments add|confirm|waive [flags]\n       omologa payments fees|unmatched [flags]",
		subs: []*command{
			{name: "import", usage: paymentsImportUsage, config: configHelp, json: jsonHelp, run: runPaymentsImport},
			{name: "add", usage: paymentsAddUsage, config: configHelp, json: jsonHelp, run: runPaymentsAdd},
			{name: "confirm", usage: paymentsConfirmUsage, config: configHelp, json: jsonHelp, run: runPaymentsConfirm},
			{name: "waive", usage: paymentsWaiveUsage, config: configHelp, json: jsonHelp, run: runPaymentsWaive},
			{name: "fees", usage: paymentsListUsage, config: configHelp, json: jsonHelp, run: runPaymentsFees},
			{name: "unmatched", usage: paymentsListUsage, config: configHelp, json: jsonHelp, run: runPaymentsUnmatched},
		}},
	{name: "rate", summary: rateSummary,
		usage: rateUsage, json: jsonHelp, kind: kindHelp, run: runRate},
	{name: "release", summary: "the office's word on quarantined submissions: judge and answer them, or --drop them unanswered",
		usage: releaseUsage, config: configHelp, json: stateHelp, verbose: true, run: runRelease},
	{name: "report", summary: "publish tournament reports: HTML page (header, findings, standings, crosstable, ratings) and chart",
		usage: reportUsage, json: "print what was written as JSON", run: runReport},
	{name: "resend", summary: "put a failed or failing notice back to be delivered at once (or every one with --failed)",
		usage: resendUsage, config: configHelp, json: stateHelp, verbose: true, run: runResend},
	{name: "serve", summary: "the office's web application alone, for an office without a daemon (watch serves it too, on web.listen)",
		usage: serveUsage, config: configHelp, json: "log one JSON object a line", verbose: true, run: runServe},
	{name: "site", summary: "the public site: `site build` writes the published lists, players, tournaments, provinces and statistics into publish/site",
		usage: "usage: omologa site build [--config FILE] [--out DIR] [--json]", config: configHelp, json: "print what was written as JSON", run: runSite},
	{name: "stats", summary: "the federation's statistics of a year: activity by month, province and club, new players, categories, Elo by sex and age, homologation outcomes",
		usage: "usage: omologa stats --year YYYY [--config FILE] [--json] [--csv DIR] [--lang en]", config: configHelp, json: "print the tables as JSON", run: runStats},
	{name: "status", summary: "the submissions recorded, with their state, verdicts and notices",
		usage: "usage: omologa status [--config FILE] [--json] [-n N] [--quarantined] [--show ID]", config: configHelp, json: jsonHelp, run: runStatus},
	{name: "tournament", summary: "tournaments and their versions: list, show, link/unlink a file, revoke/reinstate a homologation",
		usage: tournamentUsage, verbs: true, config: configHelp, json: "print the result as JSON", run: runTournament},
	{name: "user", summary: "the web application's accounts: user add|passwd|disable|enable|list",
		usage: userUsage, verbs: true, config: configHelp, json: "print the users as JSON (list)", run: runUser},
	{name: "verdict", summary: "the office's decisions about a file's verdict: judge again, accept despite errors, accept late, reject, confirm or refuse an authorisation",
		usage: verdictUsage, verbs: true, config: configHelp, json: "print the outcome as JSON", run: runVerdict},
	{name: "watch", summary: "the daemon: take submissions from the drop folder (and IMAP), judge them, send the notices",
		usage: "usage: omologa watch [--config FILE] [--once] [--json] [-v]", config: configHelp,
		json: "log one JSON object a line (for a log collector) instead of text", verbose: true, run: runWatch},
})

// index is the commands by name; a name declared twice is a mistake of
// this file.
func index(cs []*command) map[string]*command {
	m := map[string]*command{}
	for _, c := range cs {
		if _, dup := m[c.name]; dup {
			panic("omologa: command declared twice: " + c.name)
		}
		m[c.name] = c
	}
	return m
}
