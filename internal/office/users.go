package office

import (
	"context"
	"errors"

	"omologa/internal/office/accounts"
	"omologa/internal/platform/catalogue"
	"omologa/internal/store"
)

// ValidRole reports whether r is one of the roles.
func ValidRole(r Role) bool { _, ok := rank[r]; return ok }

// AddUser creates a web account with a role and a password (hashed
// with bcrypt; the store never sees the password).
func (o *Office) AddUser(ctx context.Context, a Actor, name string, role Role, password string) error {
	if err := o.allow(a, ActUsers); err != nil {
		return err
	}
	if err := accounts.ValidName(name); err != nil {
		return newError(Invalid, "office.user.bad-name", catalogue.Named{"err": err, "max": accounts.MaxName}).because(err)
	}
	if !ValidRole(role) {
		return newError(Invalid, "office.user.bad-role", role)
	}
	h, err := hashPassword(password)
	if err != nil {
		return err
	}
	if _, err := o.Store.AddUser(ctx, name, string(role), h, o.Now()); err != nil {
		if errors.Is(err, store.ErrUserExists) {
			return newError(Conflict, "office.user.exists", name).because(err)
		}
		return err
	}
	return o.audit(ctx, a, ActUsers, "user "+name, say("audit.user.added", pair{string(role), role.Italian()}))
}

// SetPassword sets a user's password; the user's sessions end.
func (o *Office) SetPassword(ctx context.Context, a Actor, name, password string) error {
	if err := o.allow(a, ActUsers); err != nil {
		return err
	}
	h, err := hashPassword(password)
	if err != nil {
		return err
	}
	if err := o.Store.UpdateUser(ctx, name, &h, nil, nil, o.Now()); err != nil {
		return userError(name, err)
	}
	return o.audit(ctx, a, ActUsers, "user "+name, say("audit.user.password"))
}

// DisableUser disables a user (its sessions end) or, with disabled
// false, enables it again.
func (o *Office) DisableUser(ctx context.Context, a Actor, name string, disabled bool) error {
	if err := o.allow(a, ActUsers); err != nil {
		return err
	}
	if err := o.Store.UpdateUser(ctx, name, nil, nil, &disabled, o.Now()); err != nil {
		return userError(name, err)
	}
	what := say("audit.user.disabled")
	if !disabled {
		what = say("audit.user.enabled")
	}
	return o.audit(ctx, a, ActUsers, "user "+name, what)
}

// Users lists the web accounts by name.
func (o *Office) Users(ctx context.Context, a Actor) ([]store.User, error) {
	if err := o.allow(a, ActUsers); err != nil {
		return nil, err
	}
	return o.Store.Users(ctx)
}

func hashPassword(pw string) (string, error) {
	h, err := accounts.HashPassword(pw)
	if err != nil {
		return "", newError(Invalid, "office.user.bad-password", catalogue.Named{"err": err, "min": accounts.MinPassword}).because(err)
	}
	return h, nil
}

// ChangeOwnPassword is every user's act on his own account: the current
// password, then the new one; his sessions end (the web opens a new
// one). No role is needed, only the actor's own name.
func (o *Office) ChangeOwnPassword(ctx context.Context, a Actor, current, password string) error {
	u, err := o.Store.UserByName(ctx, a.User)
	if err != nil {
		return userError(a.User, err)
	}
	if u.Disabled || !accounts.PasswordMatches(u.Hash, current) {
		return newError(Refused, "office.user.wrong-password")
	}
	h, err := hashPassword(password)
	if err != nil {
		return err
	}
	if err := o.Store.UpdateUser(ctx, a.User, &h, nil, nil, o.Now()); err != nil {
		return userError(a.User, err)
	}
	return o.audit(ctx, a, ActOwnPassword, "user "+a.User, say("audit.user.own-password"))
}

func userError(name string, err error) error {
	if errors.Is(err, store.ErrLastAdmin) {
		return newError(Refused, "office.user.last-admin", name).because(err)
	}
	if errors.Is(err, store.ErrNoUser) {
		return newError(NotFound, "office.user.none", name).because(err)
	}
	return err
}
