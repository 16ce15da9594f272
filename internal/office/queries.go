package office

// The read side of the office: what its pages show, through one door.
// The web application reads only through Queries (it does not import the
// store), so that a page and an act see the same office; the types the
// queries answer with are the store's rows, named here.

import (
	"context"
	"io"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/rating"
	"omologa/internal/store"
)

// Queries reads what the office's pages show.
type Queries struct{ st *store.Store }

// Queries is the office's read side.
func (o *Office) Queries() *Queries { return &Queries{st: o.Store} }

// The rows the queries answer with, the office's pages' and the
// portal's.
type (
	AuditEntry       = store.AuditEntry
	AuditFilter      = store.AuditFilter
	Decision         = store.Decision
	FailingNotice    = store.FailingNotice
	FileVerdict      = store.FileVerdict
	FindingRow       = store.FindingRow
	Forwarding       = store.Forwarding
	ForwardingRow    = store.ForwardingRow
	ListSummary      = store.ListSummary
	OfficeAct        = store.Office
	PlayerResult     = store.PlayerResult
	PortalAccount    = store.PortalAccount
	PortalFile       = store.PortalFile
	Rating           = store.Rating
	RatingList       = store.RatingList
	RegisterInfo     = store.RegisterInfo
	RegisterVersion  = store.RegisterVersion
	Session          = store.Session
	Status           = store.Status
	Submission       = store.Submission
	SubmissionFilter = store.SubmissionFilter
	SubmissionRow    = store.SubmissionRow
	Tournament       = store.Tournament
	TournamentFilter = store.TournamentFilter
	TournamentRow    = store.TournamentRow
	User             = store.User
)

// The states of a submission the pages name, and the office's release
// of a quarantined one.
const (
	StateReceived    = store.StateReceived
	StateJudged      = store.StateJudged
	StateQuarantined = store.StateQuarantined
	OfficeReleased   = store.OfficeReleased
)

// The office's decisions about a player of a file (withdrawals and
// theoretical ratings) and their values.
const (
	DecisionTheoretical   = store.DecisionTheoretical
	DecisionWithdrawal    = store.DecisionWithdrawal
	WithdrawalJustified   = store.WithdrawalJustified
	WithdrawalUnjustified = store.WithdrawalUnjustified
)

// RegisterPlayers is the players' register, as the pages name it.
const RegisterPlayers = store.RegisterPlayers

// RegisterInfos lists the registers imported into the store.
func (q *Queries) RegisterInfos(ctx context.Context) ([]store.RegisterInfo, error) {
	return q.st.RegisterInfos(ctx)
}

// ForwardingPeriods lists the FIDE lists something was forwarded to,
// newest first.
func (q *Queries) ForwardingPeriods(ctx context.Context) ([]string, error) {
	return q.st.ForwardingPeriods(ctx)
}

// Forwardings lists the forwardings to a FIDE list (all lists when
// period is ""), latest first.
func (q *Queries) Forwardings(ctx context.Context, period string) ([]store.ForwardingRow, error) {
	return q.st.Forwardings(ctx, period)
}

// ForwardingData returns the TRF of a forwarding as it was sent; ok is
// false when there is no such forwarding.
func (q *Queries) ForwardingData(ctx context.Context, id int64) (name string, data []byte, ok bool, err error) {
	return q.st.ForwardingData(ctx, id)
}

// ListSummaries lists the closed lists, newest period first.
func (q *Queries) ListSummaries(ctx context.Context) ([]store.ListSummary, error) {
	return q.st.ListSummaries(ctx)
}

// ListSummaryOf returns a closed list without its bytes; ok is false
// when it was never closed.
func (q *Queries) ListSummaryOf(ctx context.Context, kind fsi.Kind, period string) (l store.ListSummary, ok bool, err error) {
	return q.st.ListSummaryOf(ctx, kind, period)
}

// RatingListByID returns a closed list.
func (q *Queries) RatingListByID(ctx context.Context, id int64) (*store.RatingList, bool, error) {
	return q.st.RatingListByID(ctx, id)
}

// RatingListOf returns the stored list of a kind and period; ok is
// false when it was never closed.
func (q *Queries) RatingListOf(ctx context.Context, kind fsi.Kind, period string) (l *store.RatingList, ok bool, err error) {
	return q.st.RatingListOf(ctx, kind, period)
}

// PlayerResults returns the provisional results recorded for a player
// (by FSI id) in files that stand for their tournament, latest first.
func (q *Queries) PlayerResults(ctx context.Context, fsiID string) ([]store.PlayerResult, error) {
	return q.st.PlayerResults(ctx, fsiID)
}

// Counts summarises the store: submissions by state and notices by
// status.
func (q *Queries) Counts(ctx context.Context) (map[string]int, error) {
	return q.st.Counts(ctx)
}

// BrowseSubmissions returns a page of the submissions the filter
// selects, newest first, and how many it selects in all.
func (q *Queries) BrowseSubmissions(ctx context.Context, f store.SubmissionFilter, offset, limit int) ([]store.SubmissionRow, int, error) {
	return q.st.BrowseSubmissions(ctx, f, offset, limit)
}

// SubmissionPeriods lists the list periods verdicts name, newest first.
func (q *Queries) SubmissionPeriods(ctx context.Context) ([]string, error) {
	return q.st.SubmissionPeriods(ctx)
}

// Provinces lists the provinces of the tournaments (provinceSQL), in
// order.
func (q *Queries) Provinces(ctx context.Context) ([]string, error) {
	return q.st.Provinces(ctx)
}

// Load reads a recorded submission with its files, without their bytes
// (FileData reads a file's, OpenRaw the original).
func (q *Queries) Load(ctx context.Context, id int64) (*store.Submission, error) {
	return q.st.Load(ctx, id)
}

// StatusOf returns one submission's status (StatusesOf).
func (q *Queries) StatusOf(ctx context.Context, id int64) (*store.Status, error) {
	return q.st.StatusOf(ctx, id)
}

// FileVerdicts returns the files of a submission with their verdicts
// (empty for a file not judged) and findings.
func (q *Queries) FileVerdicts(ctx context.Context, submissionID int64) ([]store.FileVerdict, error) {
	return q.st.FileVerdicts(ctx, submissionID)
}

// LastForwarding returns the latest forwarding of a file or, when
// tournamentKey is not empty, of any file of that tournament (an earlier
// file superseded by a correction was the same tournament).
func (q *Queries) LastForwarding(ctx context.Context, fileID int64, tournamentKey string) (*store.Forwarding, bool, error) {
	return q.st.LastForwarding(ctx, fileID, tournamentKey)
}

// TournamentOfFile returns the tournament a file is a version of.
func (q *Queries) TournamentOfFile(ctx context.Context, fileID int64) (*store.Tournament, error) {
	return q.st.TournamentOfFile(ctx, fileID)
}

// NoticeMessage returns the message of a submission's notice; ok is
// false when the submission has none (not judged yet, or quarantined).
func (q *Queries) NoticeMessage(ctx context.Context, submissionID int64) (msg []byte, ok bool, err error) {
	return q.st.NoticeMessage(ctx, submissionID)
}

// Ratings returns the provisional rating results of a file.
func (q *Queries) Ratings(ctx context.Context, fileID int64) ([]store.Rating, error) {
	return q.st.Ratings(ctx, fileID)
}

// OpenFile reads a stored file a chunk at a time (a download), with its
// name and size. The caller closes the reader.
func (q *Queries) OpenFile(ctx context.Context, fileID int64) (name string, size int64, r io.ReadCloser, err error) {
	return q.st.OpenFile(ctx, fileID)
}

// OpenRaw reads a submission's original as received, a chunk at a time.
// It is ErrNotKept when the original was not kept. The caller closes
// the reader.
func (q *Queries) OpenRaw(ctx context.Context, id int64) (io.ReadCloser, error) {
	return q.st.OpenRaw(ctx, id)
}

// BrowseTournaments returns a page of tournaments, latest start first,
// and how many the filter selects.
func (q *Queries) BrowseTournaments(ctx context.Context, f store.TournamentFilter, offset, limit int) ([]store.TournamentRow, int, error) {
	return q.st.BrowseTournaments(ctx, f, offset, limit)
}

// ListStamps maps each closed list's id to its kind, period and when it
// was (re)closed: a cache of parsed lists stays valid while the stamps
// are unchanged.
func (q *Queries) ListStamps(ctx context.Context) (map[int64]string, error) {
	return q.st.ListStamps(ctx)
}

// Register returns an imported register; ok is false when none was
// imported.
func (q *Queries) Register(ctx context.Context, kind string) (name string, data []byte, ok bool, err error) {
	return q.st.Register(ctx, kind)
}

// FileReport returns the validator's report stored with a file's
// verdict (validate.Report as JSON); ok is false when the file is not
// judged.
func (q *Queries) FileReport(ctx context.Context, fileID int64) (report []byte, received time.Time, ok bool, err error) {
	return q.st.FileReport(ctx, fileID)
}

// FileData returns a stored file's name and content.
func (q *Queries) FileData(ctx context.Context, fileID int64) (name string, data []byte, err error) {
	return q.st.FileData(ctx, fileID)
}

// StoredRatings reads the provisional variations the pipeline recorded
// for a file (StoredRatings); nil when none.
func (q *Queries) StoredRatings(ctx context.Context, fileID int64) ([]rating.Line, fsi.Kind, error) {
	return StoredRatings(ctx, q.st, fileID)
}
