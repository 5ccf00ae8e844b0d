package base

import (
	"strings"

	"racedirector/app/auth"
	"racedirector/app/store"

	"github.com/labstack/echo/v4"
)

// InviteDirector creates an account with an invitation, of role (store.RoleOf's words; "" for a
// director, or an administrator when admin).
func (h *Base) InviteDirector(c echo.Context, name string, admin bool, role string) (store.DirectorLine, auth.Invitation, error) {
	admin, official, err := store.CheckRole(role, admin)
	if err != nil {
		return store.DirectorLine{}, auth.Invitation{}, err
	}
	inv, err := h.Lock.NewInvitation()
	if err != nil {
		return store.DirectorLine{}, inv, err
	}
	d, err := h.StoreFor(c).CreateDirector(store.NewDirector{Name: name, Admin: admin, Official: official, Teams: h.Defaults, InvitationHash: inv.Hash, InvitationExpires: inv.ExpiresAt})
	return d, inv, err
}

// Reinvite makes a new invitation for the director of the :id path parameter; reset says it is a
// reset link (the director had a password: it ends, and their sessions with it, at once).
func (h *Base) Reinvite(c echo.Context) (d store.DirectorLine, inv auth.Invitation, reset bool, err error) {
	id, err := IDParam(c, "id", "director")
	if err != nil {
		return d, inv, false, err
	}
	if d, err = h.StoreFor(c).Director(id, h.Lock.Now()); err != nil {
		return d, inv, false, err
	}
	if inv, err = h.Lock.NewInvitation(); err != nil {
		return d, inv, false, err
	}
	if reset, err = h.StoreFor(c).Invite(id, inv.Hash, inv.ExpiresAt); err != nil {
		return d, inv, false, err
	}
	d, err = h.StoreFor(c).Director(id, h.Lock.Now())
	return d, inv, reset, err
}

// InvitationURL is the link of an invitation's token on the site at base.
func InvitationURL(base, token string) string {
	return strings.TrimSuffix(base, "/") + auth.InvitationPath + token
}
