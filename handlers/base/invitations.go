package base

import (
	"strings"

	"racedirector/app/auth"
	"racedirector/app/store"

	"github.com/labstack/echo/v4"
)

// InviteDirector creates a director's account with an invitation.
func (h *Base) InviteDirector(c echo.Context, name string, admin bool) (store.DirectorLine, auth.Invitation, error) {
	inv, err := h.Lock.NewInvitation()
	if err != nil {
		return store.DirectorLine{}, inv, err
	}
	d, err := h.StoreFor(c).CreateDirector(store.NewDirector{Name: name, Admin: admin, Teams: h.Defaults, InvitationHash: inv.Hash, InvitationExpires: inv.ExpiresAt})
	return d, inv, err
}

// Reinvite makes a new invitation for the director of the :id path parameter.
func (h *Base) Reinvite(c echo.Context) (store.DirectorLine, auth.Invitation, error) {
	id, err := IDParam(c, "id", "director")
	if err != nil {
		return store.DirectorLine{}, auth.Invitation{}, err
	}
	d, err := h.StoreFor(c).Director(id, h.Lock.Now())
	if err != nil {
		return d, auth.Invitation{}, err
	}
	inv, err := h.Lock.NewInvitation()
	if err != nil {
		return d, inv, err
	}
	return d, inv, h.StoreFor(c).Invite(id, inv.Hash, inv.ExpiresAt)
}

// InvitationURL is the link of an invitation's token on the site at base.
func InvitationURL(base, token string) string {
	return strings.TrimSuffix(base, "/") + auth.InvitationPath + token
}
