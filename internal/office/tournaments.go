package office

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"omologa/internal/platform/catalogue"
	"omologa/internal/publishing/notice"
	"omologa/internal/store"
)

// Tournaments lists the tournaments with their versions, newest first;
// with unclear, those whose file may be a version of another tournament,
// for the office to decide.
func (o *Office) Tournaments(ctx context.Context, unclear bool) ([]store.Tournament, error) {
	return o.Store.Tournaments(ctx, unclear)
}

// Tournament returns one tournament with its versions.
func (o *Office) Tournament(ctx context.Context, id int64) (*store.Tournament, error) {
	t, err := o.Store.Tournament(ctx, id)
	return t, tournamentError(id, err)
}

func tournamentObject(id int64) string { return fmt.Sprintf("tournament %d", id) }

func tournamentError(id int64, err error) error {
	if errors.Is(err, store.ErrNoTournament) {
		return newError(NotFound, "office.tournament.none", id).because(err).withCLI("no tournament %d (omologa tournament list)", id)
	}
	return err
}

// Revoke revokes a tournament's homologation, with the reason: no
// version of it is in force for the lists until it is reinstated; a
// list already closed is corrected at the next close.
func (o *Office) Revoke(ctx context.Context, a Actor, id int64, reason string) error {
	return o.revoke(ctx, a, ActRevoke, id, reason)
}

// Reinstate undoes a revocation, with the reason.
func (o *Office) Reinstate(ctx context.Context, a Actor, id int64, reason string) error {
	return o.revoke(ctx, a, ActReinstate, id, reason)
}

func (o *Office) revoke(ctx context.Context, a Actor, act Action, id int64, reason string) error {
	if err := o.allow(a, act); err != nil {
		return err
	}
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return newError(Invalid, "office.tournament.no-reason")
	}
	t, err := o.Store.Tournament(ctx, id)
	if err != nil {
		return tournamentError(id, err)
	}
	if act == ActRevoke && t.CurrentFile == 0 {
		return newError(Refused, "office.tournament.nothing-to-revoke", id, t.Name)
	}
	// The version in force is the file the arbiter is told about.
	var before *fileView
	file := t.CurrentFile
	if file != 0 {
		if before, err = o.fileView(ctx, file); err != nil {
			return err
		}
	}
	if act == ActRevoke {
		err = o.Store.Revoke(ctx, id, a.User, reason, o.Now())
	} else {
		err = o.Store.Reinstate(ctx, id, a.User, reason, o.Now())
	}
	var se *store.StateError
	if errors.As(err, &se) {
		return newError(Refused, "office.tournament.already", id, se.State).because(err)
	}
	if err != nil {
		return err
	}
	if before != nil {
		kind := map[Action]string{ActRevoke: notice.KindRevoked, ActReinstate: notice.KindReinstated}[act]
		if _, err := o.after(ctx, a, before, file, kind, reason, nil); err != nil {
			return err
		}
	}
	// The reason is the office's own words, in whatever language.
	return o.audit(ctx, a, act, tournamentObject(id), say("audit.reason-only", reason))
}

// Link makes a file a version of the tournament id: the office's word
// when the facts did not say (omologa tournament list --unclear). The
// tournament's version in force is then its latest accepted one.
func (o *Office) Link(ctx context.Context, a Actor, fileID, id int64) error {
	if err := o.allow(a, ActLink); err != nil {
		return err
	}
	num := o.fileNumber(ctx, fileID)
	from, err := o.Store.TournamentOfFile(ctx, fileID)
	if errors.Is(err, store.ErrNoTournament) {
		return newError(NotFound, "office.tournament.no-version", num).because(err).
			withCLI("file %s is no version of a tournament (omologa status shows the files)", num)
	}
	if err != nil {
		return err
	}
	if from.ID == id {
		return newError(Refused, "office.tournament.already-version", num, id)
	}
	if err := o.Store.Link(ctx, fileID, id, o.Now()); err != nil {
		return tournamentError(id, err)
	}
	return o.audit(ctx, a, ActLink, tournamentObject(id),
		say("audit.link", num, from.ID, pair{fmt.Sprintf("%q", from.Key), from.Name})) // the key, quoted, names it in English
}

// Unlink makes a file a tournament of its own (a section taken for a
// version of another); it returns the new tournament.
func (o *Office) Unlink(ctx context.Context, a Actor, fileID int64) (*store.Tournament, error) {
	if err := o.allow(a, ActUnlink); err != nil {
		return nil, err
	}
	num := o.fileNumber(ctx, fileID)
	from, err := o.Store.TournamentOfFile(ctx, fileID)
	if errors.Is(err, store.ErrNoTournament) {
		return nil, newError(NotFound, "office.tournament.no-version", num).because(err).
			withCLI("file %s is no version of a tournament (omologa status shows the files)", num)
	}
	if err != nil {
		return nil, err
	}
	if len(from.Versions) == 1 && from.UnclearWith != "" {
		// An unclear file alone in its tournament: the office says it is
		// a tournament of its own, and it counts from now on.
		if err := o.Store.ClearUnclear(ctx, from.ID, o.Now()); err != nil {
			return nil, err
		}
		t, err := o.Store.Tournament(ctx, from.ID)
		if err != nil {
			return nil, err
		}
		return t, o.audit(ctx, a, ActUnlink, tournamentObject(from.ID),
			say("audit.unlink.unclear", catalogue.Named{"file": num, "key": strconv.Quote(from.UnclearWith)}))
	}
	if len(from.Versions) == 1 {
		return nil, newError(Refused, "office.tournament.only-version", num, from.ID)
	}
	key := fmt.Sprintf("%s#file%d", strings.SplitN(from.Key, "#", 2)[0], fileID)
	if err := o.Store.Unlink(ctx, fileID, key, o.Now()); err != nil {
		return nil, err
	}
	t, err := o.Store.TournamentByKey(ctx, key)
	if err != nil {
		return nil, err
	}
	if err := o.audit(ctx, a, ActUnlink, tournamentObject(from.ID),
		say("audit.unlink", num, t.ID)); err != nil {
		return nil, err
	}
	return t, nil
}

// fileNumber is a file as a person knows it, "N.M" (the messages and the
// audit trail name files so); the id when the file is unknown.
func (o *Office) fileNumber(ctx context.Context, fileID int64) string {
	if _, n, _, _, err := o.Store.FileFacts(ctx, fileID); err == nil && n != "" {
		return n
	}
	return fmt.Sprintf("%d", fileID)
}
