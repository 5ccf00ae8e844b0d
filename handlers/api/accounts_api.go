package api

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// noAccountsYet refuses the directors' API on a table without accounts: the first administrator is
// made with the first-run setup page or at the command line, with a password of their own.
func noAccountsYet(c echo.Context) error {
	if auth.ViewerOf(c).Mode == auth.AccountsMode {
		return nil
	}
	return refuse.Conflictf("this table has no directors' accounts yet: create the first administrator on the page %s or with: racedirector admin create-director NAME", auth.SetupPath)
}

// directorRequest is the body of POST /api/v1/directors.
type directorRequest struct {
	Name  string `json:"name"`
	Admin bool   `json:"admin"`
	// Role is "director", "administrator" or "official" ("": a director, an administrator with Admin).
	Role string `json:"role"`
}

// invitationAnswer is an invitation just made: its link (shown once), when it ends, and whether it
// is a reset (the director's old password and sessions ended with it).
type invitationAnswer struct {
	URL       string    `json:"url"`
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expires_at"`
	Reset     bool      `json:"reset"`
}

// directorInvited is the answer of an invitation: the director's account and the invitation.
type directorInvited struct {
	Director   store.DirectorLine `json:"director"`
	Invitation invitationAnswer   `json:"invitation"`
}

// APIListDirectors answers every director's account (an administrator's call).
func (h *Handler) APIListDirectors(c echo.Context) error {
	if err := noAccountsYet(c); err != nil {
		return err
	}
	list, err := h.StoreFor(c).Directors(h.Lock.Now())
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, list)
}

// APICreateDirector creates a director's account with an invitation (201): the director chooses a
// password by opening its link.
func (h *Handler) APICreateDirector(c echo.Context) error {
	if err := noAccountsYet(c); err != nil {
		return err
	}
	var req directorRequest
	if err := DecodeJSON(c, &req); err != nil {
		return err
	}
	d, inv, err := h.InviteDirector(c, req.Name, req.Admin, req.Role)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusCreated, directorInvited{Director: d, Invitation: h.invitationAnswer(c, inv.Token, inv.ExpiresAt, false)})
}

// APIReinviteDirector makes a new invitation for a director (201): their earlier one stops working,
// and for a director who had a password it is a reset link: the old password and every session end
// at once, and opening the link chooses a new password.
func (h *Handler) APIReinviteDirector(c echo.Context) error {
	if err := noAccountsYet(c); err != nil {
		return err
	}
	d, inv, reset, err := h.Reinvite(c)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusCreated, directorInvited{Director: d, Invitation: h.invitationAnswer(c, inv.Token, inv.ExpiresAt, reset)})
}

// invitationAnswer is an invitation's link on the app's public address.
func (h *Handler) invitationAnswer(c echo.Context, token string, expires time.Time, reset bool) invitationAnswer {
	return invitationAnswer{URL: base.InvitationURL(h.Site.Public().Base, token), Token: token, ExpiresAt: expires.UTC().Truncate(time.Second), Reset: reset}
}
