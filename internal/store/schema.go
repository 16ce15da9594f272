package store

import "strings"

// migrations are applied in order, each in its own transaction; the
// schema's version is the number applied (PRAGMA user_version). Never
// edit a released migration: append a new one.
var migrations = []string{
	// 1: the submissions, their files, the verdicts and the notices.
	`
CREATE TABLE submissions (
	id           INTEGER PRIMARY KEY,
	channel      TEXT NOT NULL,
	sender       TEXT NOT NULL DEFAULT '',
	received_at  TEXT NOT NULL,            -- RFC 3339 UTC: starts the 8-day clock
	message_id   TEXT NOT NULL DEFAULT '',
	subject      TEXT NOT NULL DEFAULT '',
	body         TEXT NOT NULL DEFAULT '',
	fields       TEXT NOT NULL DEFAULT '{}', -- JSON object
	problems     TEXT NOT NULL DEFAULT '[]', -- JSON array
	source       TEXT NOT NULL DEFAULT '',
	content_hash TEXT NOT NULL,            -- SHA-256 of raw, hex
	raw          BLOB,
	state        TEXT NOT NULL,            -- received, judged, quarantined
	note         TEXT NOT NULL DEFAULT '',
	recorded_at  TEXT NOT NULL,
	judged_at    TEXT,
	UNIQUE (content_hash, message_id)
);
CREATE INDEX submissions_state ON submissions(state);

CREATE TABLE files (
	id            INTEGER PRIMARY KEY,
	submission_id INTEGER NOT NULL REFERENCES submissions(id),
	seq           INTEGER NOT NULL,
	name          TEXT NOT NULL,
	from_archive  TEXT NOT NULL DEFAULT '',
	hash          TEXT NOT NULL,
	size          INTEGER NOT NULL,
	data          BLOB NOT NULL,
	UNIQUE (submission_id, seq)
);

CREATE TABLE tournaments (
	key          TEXT PRIMARY KEY,         -- normalised name | start | city
	name         TEXT NOT NULL,
	city         TEXT NOT NULL DEFAULT '',
	start_date   TEXT NOT NULL DEFAULT '',
	end_date     TEXT NOT NULL DEFAULT '',
	current_file INTEGER REFERENCES files(id),
	updated_at   TEXT NOT NULL
);

CREATE TABLE verdicts (
	file_id        INTEGER PRIMARY KEY REFERENCES files(id),
	tournament_key TEXT NOT NULL DEFAULT '',
	format         TEXT NOT NULL DEFAULT '',
	verdict        TEXT NOT NULL,          -- accepted, accepted-with-warnings, rejected
	rule_set       TEXT NOT NULL DEFAULT '',
	kind           TEXT NOT NULL DEFAULT '',
	period         TEXT NOT NULL DEFAULT '',
	read_error     TEXT NOT NULL DEFAULT '',
	supersedes     INTEGER REFERENCES files(id),
	superseded_by  INTEGER REFERENCES files(id),
	report         TEXT NOT NULL DEFAULT '{}', -- validate.Report as JSON
	decided_at     TEXT NOT NULL
);
CREATE INDEX verdicts_tournament ON verdicts(tournament_key);

CREATE TABLE findings (
	file_id    INTEGER NOT NULL REFERENCES files(id),
	seq        INTEGER NOT NULL,
	rule       TEXT NOT NULL,
	article    TEXT NOT NULL DEFAULT '',
	severity   TEXT NOT NULL,
	message_it TEXT NOT NULL DEFAULT '',
	message_en TEXT NOT NULL DEFAULT '',
	line       INTEGER NOT NULL DEFAULT 0,
	player     INTEGER NOT NULL DEFAULT 0,
	round      INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (file_id, seq)
);

CREATE TABLE rating_results (
	file_id  INTEGER NOT NULL REFERENCES files(id),
	player   TEXT NOT NULL,                -- FSI id or starting number
	kind     TEXT NOT NULL,                -- standard, rapid
	period   TEXT NOT NULL DEFAULT '',
	result   TEXT NOT NULL,                -- JSON from the rating stage
	PRIMARY KEY (file_id, player, kind)
);

CREATE TABLE notices (
	id              INTEGER PRIMARY KEY,
	submission_id   INTEGER NOT NULL UNIQUE REFERENCES submissions(id),
	kind            TEXT NOT NULL,         -- receipt, rejection
	env_from        TEXT NOT NULL,
	env_to          TEXT NOT NULL,         -- JSON array
	subject         TEXT NOT NULL,
	message_id      TEXT NOT NULL,
	message         BLOB NOT NULL,
	status          TEXT NOT NULL,         -- pending, sent, failed
	attempts        INTEGER NOT NULL DEFAULT 0,
	next_attempt_at TEXT NOT NULL,
	last_error      TEXT NOT NULL DEFAULT '',
	created_at      TEXT NOT NULL,
	sent_at         TEXT
);
CREATE INDEX notices_due ON notices(status, next_attempt_at);

CREATE TABLE mailbox_state (
	mailbox     TEXT PRIMARY KEY,
	uidvalidity INTEGER NOT NULL,
	last_uid    INTEGER NOT NULL,
	updated_at  TEXT NOT NULL
);

CREATE TABLE registers (
	kind        TEXT PRIMARY KEY,          -- players, arbiters, calendar
	name        TEXT NOT NULL,             -- the file imported
	data        BLOB NOT NULL,             -- the CSV as imported
	rows        INTEGER NOT NULL,
	imported_at TEXT NOT NULL
);
`,
	// 2: the rating lists closed by `omologa list run`, each with the
	// files it rated, so that the next period chains from it and no
	// tournament is rated in two lists.
	`
CREATE TABLE rating_lists (
	id            INTEGER PRIMARY KEY,
	kind          TEXT NOT NULL,           -- standard, rapid
	period        TEXT NOT NULL,           -- the list's month, "2027-01"
	issue         TEXT NOT NULL,           -- 2027-01-01
	received_from TEXT NOT NULL DEFAULT '', -- first receipt day counted
	cutoff        TEXT NOT NULL,           -- last receipt day counted
	based_on      TEXT NOT NULL DEFAULT '', -- the list in force: "list 2026-11" or "register players.csv"
	list          BLOB NOT NULL,           -- the new list, players' register CSV with the state columns
	rows          INTEGER NOT NULL,
	report        TEXT NOT NULL DEFAULT '{}', -- the change report, JSON
	created_at    TEXT NOT NULL,
	UNIQUE (kind, period)
);

CREATE TABLE rating_list_files (
	list_id        INTEGER NOT NULL REFERENCES rating_lists(id) ON DELETE CASCADE,
	file_id        INTEGER NOT NULL REFERENCES files(id),
	tournament_key TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (list_id, file_id)
);
CREATE INDEX rating_list_files_tournament ON rating_list_files(tournament_key);
`,
	// 3: what the office decided about a quarantined submission (omologa
	// release): released to be judged and answered, or discarded; who
	// decided and when, so that status can say so.
	`
ALTER TABLE submissions ADD COLUMN office_action TEXT NOT NULL DEFAULT ''; -- '', released, discarded
ALTER TABLE submissions ADD COLUMN office_by     TEXT NOT NULL DEFAULT ''; -- the OS user who decided
ALTER TABLE submissions ADD COLUMN office_at     TEXT;                     -- RFC 3339 UTC
`,
	// 4: the office's decisions about a homologated file's players (omologa
	// decide), applied when the file is rated (omologa list run): its
	// reading of a last-round forfeit (RTF 7.5.2–7.5.3) and the chief
	// arbiter's theoretical ratings (RTF 4.2.7, RAPID 6.8). One row per
	// file, player and kind: a later decision replaces the earlier one.
	`
CREATE TABLE office_decisions (
	file_id    INTEGER NOT NULL REFERENCES files(id),
	start      INTEGER NOT NULL,            -- the player's starting number in the file
	kind       TEXT NOT NULL,               -- withdrawal, theoretical
	value      TEXT NOT NULL,               -- justified, unjustified; the rating
	decided_by TEXT NOT NULL,               -- the OS user who decided
	decided_at TEXT NOT NULL,               -- RFC 3339 UTC
	PRIMARY KEY (file_id, start, kind)
);
`,
	// (issue 11) the tournaments forwarded to FIDE (omologa fide export):
	// which file, for which FIDE list, the TRF as sent, who and when; a
	// tournament is forwarded once unless the office says --again.
	`
CREATE TABLE fide_forwardings (
	id             INTEGER PRIMARY KEY,
	file_id        INTEGER NOT NULL REFERENCES files(id),
	tournament_key TEXT NOT NULL DEFAULT '',
	period         TEXT NOT NULL,           -- the FIDE list, "2027-01"
	name           TEXT NOT NULL,           -- the TRF file written
	data           BLOB NOT NULL,           -- the TRF as forwarded
	forwarded_by   TEXT NOT NULL,           -- the OS user
	forwarded_at   TEXT NOT NULL            -- RFC 3339 UTC
);
CREATE INDEX fide_forwardings_file ON fide_forwardings(file_id);
CREATE INDEX fide_forwardings_tournament ON fide_forwardings(tournament_key);
`,
	// (issue 14) the office's audit trail: every act of the office (release,
	// decide, import, list run, …), from the command line or the web,
	// with who did it (user, role, through what), what and when; the
	// tournaments with their versions, facts and revocation.
	`
CREATE TABLE audit (
	id      INTEGER PRIMARY KEY,
	at      TEXT NOT NULL,                -- RFC 3339 UTC
	user    TEXT NOT NULL,
	role    TEXT NOT NULL,                -- clerk, officer, admin
	via     TEXT NOT NULL,                -- cli, web
	action  TEXT NOT NULL,                -- release, decide, import, list-run, …
	object  TEXT NOT NULL DEFAULT '',     -- "submission 12", "list standard 2027-01"
	details TEXT NOT NULL DEFAULT ''
);
CREATE INDEX audit_at ON audit(at);

-- Tournaments are first-class: each file of a tournament is one of its
-- versions (verdicts.tournament_key); current_file is the version in
-- force, the latest accepted one (a rejected correction leaves the
-- accepted version in force). The facts below tell sections of one
-- festival apart; unclear_with names a tournament the file may be a
-- version of, for the office to decide (omologa tournament link).
ALTER TABLE tournaments ADD COLUMN calendar_code TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN rounds        INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN players       TEXT NOT NULL DEFAULT '[]'; -- JSON array of normalised names
ALTER TABLE tournaments ADD COLUMN unclear_with  TEXT NOT NULL DEFAULT '';  -- a tournament key
ALTER TABLE tournaments ADD COLUMN revoked_at    TEXT;                       -- RFC 3339 UTC; NULL: not revoked
ALTER TABLE tournaments ADD COLUMN revoked_by    TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN revoke_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN changed_at    TEXT;                       -- when its version in force or revocation last changed
ALTER TABLE tournaments ADD COLUMN change_reason TEXT NOT NULL DEFAULT '';
CREATE INDEX tournaments_code ON tournaments(calendar_code);
CREATE INDEX tournaments_start ON tournaments(start_date);

-- Corrections after a list is closed: each closed list keeps the list in
-- force it was closed from (base), and for each file it rated its label
-- in the change report and the office's decisions applied (a
-- fingerprint); a later change of a rated tournament (new version in
-- force, revocation, decision) is re-rated against that base and each
-- player's difference carried into the next list closed (list_id), with
-- the variations now counted.
ALTER TABLE rating_lists ADD COLUMN base BLOB;
ALTER TABLE rating_list_files ADD COLUMN label TEXT NOT NULL DEFAULT '';
ALTER TABLE rating_list_files ADD COLUMN decisions TEXT NOT NULL DEFAULT '';
CREATE TABLE list_corrections (
	list_id        INTEGER NOT NULL REFERENCES rating_lists(id) ON DELETE CASCADE,
	tournament_key TEXT NOT NULL,
	rated_in       TEXT NOT NULL,               -- the period of the list (same kind) it was first rated in
	file_id        INTEGER NOT NULL DEFAULT 0,  -- the version now counted; 0: revoked
	decisions      TEXT NOT NULL DEFAULT '',
	reason         TEXT NOT NULL,
	variations     TEXT NOT NULL,               -- JSON: player → applied variation now counted
	deltas         TEXT NOT NULL,               -- JSON: the differences carried
	PRIMARY KEY (list_id, tournament_key)
);

-- Every register version imported (omologa import), so that an import
-- can be undone; the one in force stays in registers.
CREATE TABLE register_versions (
	id          INTEGER PRIMARY KEY,
	kind        TEXT NOT NULL,
	name        TEXT NOT NULL,
	data        BLOB NOT NULL,
	rows        INTEGER NOT NULL,
	imported_at TEXT NOT NULL,
	imported_by TEXT NOT NULL DEFAULT '',
	undone_at   TEXT,                      -- NULL: not undone
	undone_by   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX register_versions_kind ON register_versions(kind, id);

-- A submission whose content was received before: answered with a short
-- notice pointing to the first, at most once a day per sender and first
-- submission.
ALTER TABLE submissions ADD COLUMN repeat_of INTEGER REFERENCES submissions(id);
CREATE INDEX files_hash ON files(hash);
`,
	// (issue 13) delivery claims and slow retries: a notice is claimed
	// (claimed_at) in a transaction before it is handed to the mailer, so
	// that only one deliverer sends it and a crash mid-send is bounded to
	// one repeat; once the fast attempts are spent it is retried slowly
	// from failing_since until the configured time has passed.
	`
ALTER TABLE notices ADD COLUMN claimed_at    TEXT; -- RFC 3339 UTC: a delivery attempt in progress since
ALTER TABLE notices ADD COLUMN failing_since TEXT; -- RFC 3339 UTC: fast attempts spent, retried slowly since
`,
	// (issue 9) the office's web accounts and their server-side sessions:
	// a user has one role (clerk, officer, admin) and a password hash
	// (bcrypt); a session is known by the SHA-256 of its cookie's token,
	// so that the database never holds a usable token.
	`
CREATE TABLE users (
	id         INTEGER PRIMARY KEY,
	name       TEXT NOT NULL UNIQUE,
	role       TEXT NOT NULL,               -- clerk, officer, admin
	hash       TEXT NOT NULL,               -- bcrypt
	disabled   INTEGER NOT NULL DEFAULT 0,
	created_at TEXT NOT NULL,
	updated_at TEXT NOT NULL
);

CREATE TABLE sessions (
	token_hash TEXT PRIMARY KEY,            -- SHA-256 of the cookie's token, hex
	user_id    INTEGER NOT NULL REFERENCES users(id),
	lang       TEXT NOT NULL DEFAULT 'it',
	created_at TEXT NOT NULL,
	expires_at TEXT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

-- The web pages' reads: a player's results, and the closed lists without
-- their bytes (a covering index, so that listing them does not read each
-- list's blob to reach the columns stored after it).
CREATE INDEX rating_results_player ON rating_results(player);
CREATE INDEX rating_lists_summary ON rating_lists(period, kind, id, issue, received_from, cutoff, based_on, rows, created_at);
`,
	// (issue 10) the audit trail's details in Italian too: the office's
	// pages are in Italian, the English stays for scripts.
	`
ALTER TABLE audit ADD COLUMN details_it TEXT NOT NULL DEFAULT '';
`,
	// (issue 13) stored bytes in chunks: an original and a file are kept
	// in blobs of at most 1 MiB each, keyed by their SHA-256 (the same
	// content, a dropped file that is both original and file, or an
	// attachment sent twice, is kept once), written and read a chunk at a
	// time, so that a message of tens of megabytes is never held whole
	// by SQLite nor by omologa. A rowid table, not WITHOUT ROWID: its
	// rows are large. The bytes already stored move there (a file under
	// its hash, always the SHA-256 of its bytes; an original under
	// 'submission:' and its id, since its content hash is not always its
	// own, unless it is byte for byte a file of that hash) and the old
	// columns are emptied, so that there is one way of reading them.
	`
CREATE TABLE blobs (
	key  TEXT NOT NULL,    -- SHA-256 of the whole content, hex ('submission:' and an id: an original kept before blobs)
	seq  INTEGER NOT NULL, -- 0, 1, ...: a content has at least chunk 0 (empty for no bytes)
	data BLOB NOT NULL,
	PRIMARY KEY (key, seq)
);
ALTER TABLE submissions ADD COLUMN raw_blob TEXT NOT NULL DEFAULT ''; -- the original's blob; '' when not kept
INSERT OR IGNORE INTO blobs (key, seq, data) SELECT hash, 0, data FROM files;
-- A dropped file is its own original: kept once, when the bytes agree.
UPDATE submissions SET raw_blob = content_hash WHERE raw IS NOT NULL
	AND EXISTS (SELECT 1 FROM files f WHERE f.hash = submissions.content_hash AND f.data = submissions.raw);
INSERT INTO blobs (key, seq, data) SELECT 'submission:' || id, 0, raw FROM submissions WHERE raw IS NOT NULL AND raw_blob = '';
UPDATE submissions SET raw_blob = 'submission:' || id WHERE raw IS NOT NULL AND raw_blob = '';
UPDATE submissions SET raw = NULL WHERE raw IS NOT NULL;
UPDATE files SET data = X'' WHERE data <> X'';
`,
	// (issue 23) the tournaments a FIDE export held back (an arbiter or
	// players without FIDE id, anything FIDE would refuse), with the
	// findings and the players waiting for an id as the export wrote them
	// (JSON), so that the FIDE page shows them and why; a later
	// forwarding of the file clears it.
	`
CREATE TABLE IF NOT EXISTS fide_holds (
	id            INTEGER PRIMARY KEY,
	file_id       INTEGER NOT NULL REFERENCES files(id),
	period        TEXT NOT NULL,              -- the FIDE list, "2026-12"
	tournament    TEXT NOT NULL DEFAULT '',   -- its name, as the export read it
	findings      TEXT NOT NULL DEFAULT '[]', -- JSON
	registrations TEXT NOT NULL DEFAULT '[]', -- JSON
	held_by       TEXT NOT NULL,
	held_at       TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS fide_holds_file ON fide_holds (file_id);
`,
	// (issue 22) what the browse pages filter on, in columns: a verdict's
	// tournament's province (the calendar event's, else the sign closing
	// the tournament's city) and the summary of its report, kept by
	// triggers whenever a verdict is written or its tournament's city
	// changes, so that a page never reads every verdict's JSON report.
	// Indexes for the filters and the tournaments' order.
	browseMigration,
	// (issue 22) the players' history across the closed lists, kept once
	// per list (each list read once when it is closed, or when the
	// index first sees it), so that a player's page reads his few rows
	// and no process holds every list × every player in memory.
	`
CREATE TABLE player_points (
	fsi_id  TEXT NOT NULL,
	list_id INTEGER NOT NULL,               -- rating_lists(id); its rows go when the list is closed again
	rating  INTEGER NOT NULL,
	cat     TEXT NOT NULL DEFAULT '',       -- the category (standard) or rapid category
	PRIMARY KEY (fsi_id, list_id)
) WITHOUT ROWID;
CREATE INDEX player_points_list ON player_points(list_id);
CREATE TABLE player_milestones (
	fsi_id  TEXT NOT NULL,
	list_id INTEGER NOT NULL,
	seq     INTEGER NOT NULL,
	data    TEXT NOT NULL,                  -- the milestone, JSON
	PRIMARY KEY (fsi_id, list_id, seq)
) WITHOUT ROWID;
CREATE INDEX player_milestones_list ON player_milestones(list_id);
CREATE TABLE player_index_lists (
	list_id INTEGER PRIMARY KEY,
	stamp   TEXT NOT NULL                   -- the list's stamp (ListStamps) when it was read
);
`,
	// (issue 21) whether a submission's original is an e-mail message,
	// whatever door it came by (the mailbox, a saved .eml given to
	// omologa ingest or dropped in the folder): a message's sender is
	// authenticated, a result file dropped by the office is its own.
	// Before, only the mailbox's were messages, and any with a Message-ID.
	`
ALTER TABLE submissions ADD COLUMN message INTEGER NOT NULL DEFAULT 0;
UPDATE submissions SET message = 1 WHERE channel = 'imap' OR message_id <> '';
`,
	// (issue 21) how far a notice's SMTP transaction got: '' (not being
	// sent), 'claimed', 'data' (the message written, its end not yet
	// acknowledged), 'accepted' (the server's 250: the notice is sent, and
	// recorded so before the session closes). A restart resends a notice
	// claimed or at 'data', never one accepted.
	`
ALTER TABLE notices ADD COLUMN smtp_progress TEXT NOT NULL DEFAULT '';
UPDATE notices SET smtp_progress = 'accepted' WHERE status = 'sent';
`,
	// (issue 20) the office's decisions about a verdict and the history
	// of judgements: verdict stays the verdict in force (what the lists
	// read); judged_verdict keeps the validator's when the office
	// overruled it (decision accept, accept-late or reject, with its
	// reason, who and when); a re-judgement moves the previous verdict,
	// its findings and decision into judgements, the same version judged
	// anew.
	`
ALTER TABLE verdicts ADD COLUMN judged_verdict  TEXT NOT NULL DEFAULT ''; -- the validator's, when overruled
ALTER TABLE verdicts ADD COLUMN decision        TEXT NOT NULL DEFAULT ''; -- '', accept, accept-late, reject
ALTER TABLE verdicts ADD COLUMN decision_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE verdicts ADD COLUMN decision_by     TEXT NOT NULL DEFAULT '';
ALTER TABLE verdicts ADD COLUMN decision_at     TEXT;
ALTER TABLE verdicts ADD COLUMN decision_rules  TEXT NOT NULL DEFAULT '[]'; -- JSON: the error findings' rules accepted
CREATE TABLE judgements (
	id          INTEGER PRIMARY KEY,
	file_id     INTEGER NOT NULL REFERENCES files(id),
	verdict     TEXT NOT NULL,              -- the verdict then in force
	judged      TEXT NOT NULL DEFAULT '',   -- the validator's, when overruled
	decision    TEXT NOT NULL DEFAULT '',
	decision_reason TEXT NOT NULL DEFAULT '',
	rule_set    TEXT NOT NULL DEFAULT '',
	period      TEXT NOT NULL DEFAULT '',
	findings    TEXT NOT NULL DEFAULT '[]', -- JSON: rule, severity, message_it, message_en
	judged_at   TEXT NOT NULL,              -- when that judgement was made
	replaced_at TEXT NOT NULL,              -- when the re-judgement replaced it
	replaced_by TEXT NOT NULL DEFAULT '',   -- who asked for it
	reason      TEXT NOT NULL DEFAULT ''
);
CREATE INDEX judgements_file ON judgements(file_id);
`,
	// (issue 20) a submission may have more than one notice: its answer
	// (act '') and one for each office act that changed its verdict or
	// where it counts (act: rejudged, overruled, revoked, ...). The table
	// is rebuilt without the one-notice-per-submission constraint; the
	// answer stays unique.
	`
CREATE TABLE notices_v2 (
	id              INTEGER PRIMARY KEY,
	submission_id   INTEGER NOT NULL REFERENCES submissions(id),
	act             TEXT NOT NULL DEFAULT '',  -- '': the submission's answer; else the office's act told of
	kind            TEXT NOT NULL,
	env_from        TEXT NOT NULL,
	env_to          TEXT NOT NULL,
	subject         TEXT NOT NULL,
	message_id      TEXT NOT NULL,
	message         BLOB NOT NULL,
	status          TEXT NOT NULL,
	attempts        INTEGER NOT NULL DEFAULT 0,
	next_attempt_at TEXT NOT NULL,
	last_error      TEXT NOT NULL DEFAULT '',
	created_at      TEXT NOT NULL,
	sent_at         TEXT,
	claimed_at      TEXT,
	failing_since   TEXT,
	smtp_progress   TEXT NOT NULL DEFAULT ''    -- how far its SMTP transaction got (see the migration above)
);
INSERT INTO notices_v2 (id, submission_id, kind, env_from, env_to, subject, message_id, message, status, attempts,
	next_attempt_at, last_error, created_at, sent_at, claimed_at, failing_since, smtp_progress)
	SELECT id, submission_id, kind, env_from, env_to, subject, message_id, message, status, attempts,
	next_attempt_at, last_error, created_at, sent_at, claimed_at, failing_since, smtp_progress FROM notices;
DROP TABLE notices;
ALTER TABLE notices_v2 RENAME TO notices;
CREATE INDEX notices_due ON notices(status, next_attempt_at);
CREATE UNIQUE INDEX notices_answer ON notices(submission_id) WHERE act = '';
`,
	// (issue 24) the portal of arbiters and organisers: an account per
	// e-mail address the registers hold (created at its first sign-in,
	// or when the office disables it), the one-time sign-in links (only
	// their hashes, and the hash of the browser cookie each is bound to)
	// and the portal's sessions, apart from the office's.
	`
CREATE TABLE portal_accounts (
	email       TEXT PRIMARY KEY,          -- lower case
	hash        TEXT NOT NULL DEFAULT '',  -- bcrypt of the password the person set, '' for none
	disabled    INTEGER NOT NULL DEFAULT 0,
	disabled_by TEXT NOT NULL DEFAULT '',
	disabled_at TEXT,
	created_at  TEXT NOT NULL,
	last_login  TEXT
);
CREATE TABLE portal_links (
	token_hash   TEXT PRIMARY KEY,         -- SHA-256 of the link's token, hex
	email        TEXT NOT NULL,
	browser_hash TEXT NOT NULL,            -- SHA-256 of the cookie of the browser that asked
	created_at   TEXT NOT NULL,
	expires_at   TEXT NOT NULL,
	used_at      TEXT
);
CREATE INDEX portal_links_email ON portal_links(email, created_at);
CREATE TABLE portal_sessions (
	token_hash TEXT PRIMARY KEY,
	email      TEXT NOT NULL,
	created_at TEXT NOT NULL,
	expires_at TEXT NOT NULL
);
`,
	standingMigration,
	// (issue 22) one covering index of what the submissions' filters ask
	// of a verdict: any of them is answered from the index, never from
	// the verdicts' rows, whose JSON reports take pages each.
	`
CREATE INDEX verdicts_browse ON verdicts(verdict, kind, period, province, read_error, tournament_key);
`,
	// (issue 20) the foreign players without any rating whose theoretical
	// rating the office has to give (rating.Line.TheoreticalWanted, RTF
	// 4.2.7, RAPID 6.8), flagged so that the work queue finds them from a
	// small partial index, never by reading every rating's JSON.
	`
ALTER TABLE rating_results ADD COLUMN theoretical_wanted INTEGER NOT NULL DEFAULT 0;
UPDATE rating_results SET theoretical_wanted = 1 WHERE result LIKE '%"theoretical_wanted":true%';
CREATE INDEX rating_results_wanted ON rating_results(file_id) WHERE theoretical_wanted = 1;
`,
	// (issue 30) the office's word on a file whose authorisation the
	// calendar left uncertain: the event it confirmed (code) or that
	// the tournament is not authorised (refused). Every judgement of the
	// file reads it, so that a re-judgement keeps it.
	`
CREATE TABLE authorisation_words (
	file_id    INTEGER PRIMARY KEY REFERENCES files(id),
	code       TEXT NOT NULL DEFAULT '',
	refused    INTEGER NOT NULL DEFAULT 0,
	by_user    TEXT NOT NULL,
	reason     TEXT NOT NULL DEFAULT '',
	decided_at TEXT NOT NULL
);
`,
	// (issue 34) threads: a message answering a notice (In-Reply-To,
	// References, or the reference in its Subject) continues the
	// submission the notice answered (thread_of, the first of the
	// thread); a written reply waits for the office until it is
	// answered or read (replied_at, replied_by); a notice a delivery
	// report says was not delivered keeps when (bounced_at); automatic
	// mail (RFC 3834 auto-replies, RFC 3464 reports, the office's own)
	// is kept apart from the submissions, with its original bytes.
	`
ALTER TABLE submissions ADD COLUMN thread_of INTEGER NOT NULL DEFAULT 0;
ALTER TABLE submissions ADD COLUMN in_reply_to TEXT NOT NULL DEFAULT '';
ALTER TABLE submissions ADD COLUMN replied_at TEXT;
ALTER TABLE submissions ADD COLUMN replied_by TEXT NOT NULL DEFAULT '';
CREATE INDEX submissions_thread ON submissions(thread_of) WHERE thread_of <> 0;
CREATE INDEX notices_message_id ON notices(message_id);
ALTER TABLE notices ADD COLUMN bounced_at TEXT;
CREATE TABLE automatic_mail (
	id           INTEGER PRIMARY KEY,
	received_at  TEXT NOT NULL,
	sender       TEXT NOT NULL DEFAULT '',
	message_id   TEXT NOT NULL DEFAULT '',
	subject      TEXT NOT NULL DEFAULT '',
	why          TEXT NOT NULL,               -- the header that marks it automatic
	notice_id    INTEGER REFERENCES notices(id), -- the notice a delivery report names
	reason       TEXT NOT NULL DEFAULT '',    -- the remote server's, for a report of a failure
	source       TEXT NOT NULL DEFAULT '',
	content_hash TEXT NOT NULL,
	raw_blob     TEXT NOT NULL DEFAULT '',
	recorded_at  TEXT NOT NULL,
	UNIQUE (content_hash, message_id)
);
`,
	// (issue 32) the daemon's scheduled backups, each recorded whether it
	// succeeded or not (a failure stays in the work queue until a later
	// backup succeeds; the office is told of it once, alerted_at), and
	// how long each list's close ran, for the metrics.
	`
CREATE TABLE backups (
	id          INTEGER PRIMARY KEY,
	started_at  TEXT NOT NULL,
	finished_at TEXT NOT NULL,
	path        TEXT NOT NULL DEFAULT '',  -- the verified copy ('' when none was written)
	bytes       INTEGER NOT NULL DEFAULT 0,
	ok          INTEGER NOT NULL,
	error       TEXT NOT NULL DEFAULT '',
	copied      INTEGER NOT NULL DEFAULT 0, -- backup.command ran on it and succeeded
	removed_at  TEXT,                       -- rotated away
	alerted_at  TEXT                        -- the office was e-mailed about its failure
);
CREATE INDEX backups_started ON backups(started_at);
ALTER TABLE rating_lists ADD COLUMN run_ms INTEGER NOT NULL DEFAULT 0;
`,
	// (issue 33) the homologation fee: what each submission owes (its
	// payment reference, the amount, the term, the policy, and the
	// tournament's organiser, name, calendar code and province for the
	// treasurer's view and the suggestions), the office's waivers and
	// refunds; the movements of the bank statements and manual entries,
	// each once by its bank fields; and what each movement pays of which
	// fee (one transfer may pay several; what exceeds a fee is a balance).
	`
CREATE TABLE fees (
	submission_id INTEGER PRIMARY KEY REFERENCES submissions(id),
	reference     TEXT NOT NULL UNIQUE,
	due_cents     INTEGER NOT NULL,
	schedule      TEXT NOT NULL DEFAULT '',
	article       TEXT NOT NULL DEFAULT '',
	policy        TEXT NOT NULL DEFAULT '',
	due_by        TEXT NOT NULL DEFAULT '',   -- YYYY-MM-DD, last day in time
	exempt_by     TEXT NOT NULL DEFAULT '',
	homologated   INTEGER NOT NULL DEFAULT 0, -- a file of it counts (or waits for the fee)
	organiser     TEXT NOT NULL DEFAULT '',
	tournament    TEXT NOT NULL DEFAULT '',
	calendar_code TEXT NOT NULL DEFAULT '',
	province      TEXT NOT NULL DEFAULT '',
	waived_reason TEXT NOT NULL DEFAULT '',
	waived_by     TEXT NOT NULL DEFAULT '',
	refunded_at   TEXT NOT NULL DEFAULT '',
	refunded_by   TEXT NOT NULL DEFAULT '',
	reminders     INTEGER NOT NULL DEFAULT 0,
	reminded_at   TEXT NOT NULL DEFAULT '',
	updated_at    TEXT NOT NULL
);
CREATE TABLE payments (
	id          INTEGER PRIMARY KEY,
	bank_key    TEXT NOT NULL UNIQUE,         -- the movement's bank fields, hashed; manual-N for an entry
	date        TEXT NOT NULL,                -- YYYY-MM-DD
	value_date  TEXT NOT NULL DEFAULT '',
	cents       INTEGER NOT NULL CHECK (cents > 0),
	description TEXT NOT NULL DEFAULT '',
	channel     TEXT NOT NULL,                -- bank, cash, other
	source      TEXT NOT NULL DEFAULT '',     -- the statement's file name and line
	recorded_by TEXT NOT NULL DEFAULT '',
	recorded_at TEXT NOT NULL
);
CREATE TABLE payment_allocations (
	payment_id    INTEGER NOT NULL REFERENCES payments(id),
	submission_id INTEGER NOT NULL REFERENCES fees(submission_id),
	cents         INTEGER NOT NULL,
	how           TEXT NOT NULL,              -- reference, confirmed
	by_user       TEXT NOT NULL DEFAULT '',
	at            TEXT NOT NULL,
	PRIMARY KEY (payment_id, submission_id)
);
CREATE INDEX payment_allocations_fee ON payment_allocations(submission_id);
`,
	publicChangesMigration,
}

// publicChangesMigration counts every change to what the public site and
// the statistics read (verdicts, tournaments, lists, registers), so that
// PublicStamp changes with each whatever the times recorded: two acts in
// one second, or dated by a pinned clock, leave the latest times as they
// were.
var publicChangesMigration = func() string {
	m := "CREATE TABLE public_changes (n INTEGER NOT NULL);\nINSERT INTO public_changes VALUES (0);\n"
	for _, table := range []string{"verdicts", "tournaments", "rating_lists", "registers"} {
		for _, op := range []string{"INSERT", "UPDATE", "DELETE"} {
			m += "CREATE TRIGGER public_changes_" + table + "_" + strings.ToLower(op) + " AFTER " + op + " ON " + table +
				" BEGIN UPDATE public_changes SET n = n + 1; END;\n"
		}
	}
	return m
}()

// standingMigration (issue 22) keeps on each tournament what the
// tournaments' page filters and counts on: the file that stands for it
// (the version in force, else the latest judged) and that file's kind,
// period, verdict and province, in indexed columns kept by triggers
// whenever a verdict or the version in force changes. The page then
// counts on an index instead of joining every tournament to its verdict.
var standingMigration = func() string {
	recompute := func(key string) string {
		return `
	UPDATE tournaments SET s_file = coalesce(nullif(current_file, 0),
		(SELECT max(x.file_id) FROM verdicts x WHERE x.tournament_key = tournaments.key), 0) WHERE key = ` + key + `;
	UPDATE tournaments SET (s_kind, s_period, s_verdict, s_province) =
		(SELECT v.kind, v.period, v.verdict, v.province FROM verdicts v WHERE v.file_id = tournaments.s_file)
		WHERE key = ` + key + ` AND EXISTS (SELECT 1 FROM verdicts v WHERE v.file_id = tournaments.s_file);`
	}
	return `
ALTER TABLE tournaments ADD COLUMN s_file INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN s_kind TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN s_period TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN s_verdict TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN s_province TEXT NOT NULL DEFAULT '';
UPDATE tournaments SET s_file = coalesce(nullif(current_file, 0),
	(SELECT max(x.file_id) FROM verdicts x WHERE x.tournament_key = tournaments.key), 0);
UPDATE tournaments SET (s_kind, s_period, s_verdict, s_province) =
	(SELECT v.kind, v.period, v.verdict, v.province FROM verdicts v WHERE v.file_id = tournaments.s_file)
	WHERE EXISTS (SELECT 1 FROM verdicts v WHERE v.file_id = tournaments.s_file);
CREATE TRIGGER tournaments_standing_verdict_insert AFTER INSERT ON verdicts BEGIN` + recompute("NEW.tournament_key") + `
END;
CREATE TRIGGER tournaments_standing_verdict_update AFTER UPDATE OF kind, period, verdict, province, tournament_key ON verdicts BEGIN` +
		recompute("NEW.tournament_key") + recompute("OLD.tournament_key") + `
END;
CREATE TRIGGER tournaments_standing_verdict_delete AFTER DELETE ON verdicts BEGIN` + recompute("OLD.tournament_key") + `
END;
CREATE TRIGGER tournaments_standing_insert AFTER INSERT ON tournaments BEGIN` + recompute("NEW.key") + `
END;
CREATE TRIGGER tournaments_standing_current AFTER UPDATE OF current_file ON tournaments BEGIN` + recompute("NEW.key") + `
END;
CREATE INDEX tournaments_s_kind ON tournaments(s_kind, s_period);
CREATE INDEX tournaments_s_period ON tournaments(s_period);
CREATE INDEX tournaments_s_verdict ON tournaments(s_verdict);
CREATE INDEX tournaments_s_province ON tournaments(s_province);
`
}()

// browseMigration is the migration of issue 22 that keeps a verdict's
// province and summary in columns (see the slice), its triggers' shared
// statements and the city's sign (fsi.ProvinceOfCity) written once: the
// text is byte for byte the one shipped.
var browseMigration = func() string {
	// sign is the province sign in brackets closing a city, "" when none
	// (fsi.ProvinceOfCity).
	sign := func(city string) string {
		return `CASE WHEN rtrim(` + city + `) LIKE '%(__)' THEN upper(substr(rtrim(` + city + `), -3, 2)) ELSE '' END`
	}
	const calendar = `nullif(upper(json_extract(NEW.report, '$.authorisation.province')), '')`
	verdict := `
	UPDATE verdicts SET
		province = coalesce(` + calendar + `,
			(SELECT ` + sign("t.city") + `
				FROM tournaments t WHERE t.key = NEW.tournament_key), ''),
		summary = json_extract(NEW.report, '$.tournament')
	WHERE file_id = NEW.file_id;
END;`
	city := `
	UPDATE verdicts SET province = coalesce(nullif(upper(json_extract(report, '$.authorisation.province')), ''),
		` + sign("NEW.city") + `)
	WHERE tournament_key = NEW.key;
END;`
	return `
ALTER TABLE verdicts ADD COLUMN province TEXT NOT NULL DEFAULT '';
ALTER TABLE verdicts ADD COLUMN summary TEXT;
UPDATE verdicts SET
	province = coalesce(nullif(upper(json_extract(report, '$.authorisation.province')), ''),
		(SELECT ` + sign("t.city") + `
			FROM tournaments t WHERE t.key = verdicts.tournament_key), ''),
	summary = json_extract(report, '$.tournament');
CREATE TRIGGER verdicts_browse_insert AFTER INSERT ON verdicts BEGIN` + verdict + `
CREATE TRIGGER verdicts_browse_update AFTER UPDATE OF report, tournament_key ON verdicts BEGIN` + verdict + `
CREATE TRIGGER tournaments_browse_insert AFTER INSERT ON tournaments BEGIN` + city + `
CREATE TRIGGER tournaments_browse_city AFTER UPDATE OF city ON tournaments BEGIN` + city + `
CREATE INDEX verdicts_province ON verdicts(province);
CREATE INDEX verdicts_kind_period ON verdicts(kind, period);
CREATE INDEX verdicts_verdict ON verdicts(verdict);
CREATE INDEX tournaments_browse_order ON tournaments(start_date DESC, name);
`
}()
