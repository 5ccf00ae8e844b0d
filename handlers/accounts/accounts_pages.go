package accounts

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/i18n"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/views"
)

// passwordForm is the page of choosing a password: the first-run setup (a name too) or an invitation.
type passwordForm struct {
	// Setup says it is the first administrator's account (the name is typed).
	Setup bool
	// NeedsCode says the setup asks for the setup code printed at start (from another machine).
	NeedsCode bool
	// Name is the name typed, or the invited director's.
	Name string
	// Action is where the form posts.
	Action string
	// Reset says the invited director had a password: this one replaces it.
	Reset bool
	// ExpiresAt is when the invitation ends.
	ExpiresAt time.Time
}

// directorsView is the administrators' page: the directors, and an invitation just made.
type directorsView struct {
	Directors []store.DirectorLine
	// Me is the administrator's own account.
	Me uint
	// Made is the invitation just made (shown once), nil otherwise.
	Made *madeInvitation
	// Name and Admin are the invitation form's values, kept when it is refused.
	Name  string
	Admin bool
	// Renaming is the director whose new name NewName was refused (0: none).
	Renaming uint
	NewName  string
	// Refused is a change refused that is no field's (disabling oneself…), in words.
	Refused string
}

// madeInvitation is an invitation's link, shown once to the administrator who made it.
type madeInvitation struct {
	Director  string
	URL       string
	ExpiresAt time.Time
	New       bool
	// Reset says the director's old password and sessions ended with it.
	Reset bool
}

// SetupPage is the first-run setup: the first administrator's account, for the director of a table
// without accounts (the policy lets only them in: with the PIN, or on this machine).
func (h *Handler) SetupPage(c echo.Context) error {
	return h.renderPasswordForm(c, http.StatusOK, h.setupForm(c, ""), nil)
}

// setupForm is the first-run setup's form, asking for the setup code from another machine.
func (h *Handler) setupForm(c echo.Context, name string) passwordForm {
	return passwordForm{Setup: true, Action: auth.SetupPath, Name: name, NeedsCode: h.Lock.SetupNeedsCode(auth.ViewerOf(c))}
}

// renderPasswordForm renders the setup or invitation page with errs beside the fields.
func (h *Handler) renderPasswordForm(c echo.Context, status int, f passwordForm, errs map[string]string) error {
	c.Response().Header().Set("Cache-Control", "no-store")
	title := h.Tr(c).T("setup.account.choose_title")
	if f.Setup {
		title = h.Tr(c).T("setup.account.first_admin")
	}
	p := views.Page{Title: title, Section: "sign-in", Errors: errs, Data: f}
	if len(errs) > 0 {
		p.Error = h.Tr(c).T("setup.wizard.correct")
	}
	return h.Render(c, status, "account_password", p)
}

// checkNewPassword checks the password and its confirmation typed for name.
func (h *Handler) checkNewPassword(c echo.Context, name string, errs map[string]string) string {
	password := c.FormValue("password")
	if err := auth.CheckPassword(password, name); err != nil {
		errs["password"] = sentence(h.SayErr(c, err))
	} else if c.FormValue("confirm") != password {
		errs["confirm"] = h.Tr(c).T("setup.account.same_twice")
	}
	return password
}

// SetupFormPage creates the first administrator's account from the form and signs this device in:
// every tour and team of the database becomes theirs, and from then on directors sign in with their
// name and password.
func (h *Handler) SetupFormPage(c echo.Context) error {
	errs := map[string]string{}
	var ve *refuse.ValidationError
	if err := h.Lock.CheckSetupCode(auth.ViewerOf(c), c.FormValue("code")); errors.As(err, &ve) {
		errs["code"] = sentence(base.SayIn(c, ve.Reason("code")))
	}
	name, err := store.CheckDirectorName(c.FormValue("name"))
	if errors.As(err, &ve) {
		errs["name"] = sentence(base.SayIn(c, ve.Reason("name")))
	}
	password := h.checkNewPassword(c, name, errs)
	f := h.setupForm(c, strings.TrimSpace(c.FormValue("name")))
	if len(errs) > 0 {
		return h.renderPasswordForm(c, http.StatusUnprocessableEntity, f, errs)
	}
	hash, err := h.Lock.HashPassword(password)
	if err != nil {
		return err
	}
	d, err := h.StoreFor(c).CreateDirector(store.NewDirector{Name: name, Admin: true, PasswordHash: hash, FirstOnly: true})
	if errors.As(err, &ve) {
		return h.renderPasswordForm(c, http.StatusUnprocessableEntity, f, map[string]string{"name": sentence(base.SayIn(c, ve.Reason("name")))})
	}
	if err != nil {
		return err
	}
	s, err := h.Lock.StartSession(auth.Account{ID: d.ID, Name: d.Name, Admin: true})
	if err != nil {
		return err
	}
	c.SetCookie(h.Lock.SessionCookie(c, s))
	return base.Redirect(c, auth.DirectorsPath, h.Tr(c).T("setup.account.welcome_admin", "Name", d.Name))
}

// invitationOf reads the invitation of the :token path parameter.
func (h *Handler) invitationOf(c echo.Context) (string, store.InvitationView, error) {
	token := c.Param("token")
	if token == "" || len(token) > 100 {
		return "", store.InvitationView{}, echo.NewHTTPError(http.StatusNotFound, i18n.Textf("this invitation link is not known: check that it was copied whole, or ask an administrator for a new one"))
	}
	hash := auth.TokenHash(token)
	inv, err := h.StoreFor(c).Invitation(hash, h.Lock.Now())
	var nf *store.NotFoundError
	var ie *store.InvitationError
	switch {
	case errors.As(err, &nf):
		return "", inv, echo.NewHTTPError(http.StatusNotFound, i18n.Textf("this invitation link is not known: check that it was copied whole, or ask an administrator for a new one"))
	case errors.As(err, &ie):
		return "", inv, echo.NewHTTPError(http.StatusGone, ie.Said())
	}
	return hash, inv, err
}

// InvitationPage is where an invitation's link leads: the invited director chooses a password.
func (h *Handler) InvitationPage(c echo.Context) error {
	_, inv, err := h.invitationOf(c)
	if err != nil {
		return err
	}
	return h.renderPasswordForm(c, http.StatusOK, passwordForm{Name: inv.Director, Action: c.Request().URL.Path, Reset: inv.Reset, ExpiresAt: inv.ExpiresAt}, nil)
}

// InvitationFormPage sets the invited director's password with the invitation, once, and signs this
// device in.
func (h *Handler) InvitationFormPage(c echo.Context) error {
	hash, inv, err := h.invitationOf(c)
	if err != nil {
		return err
	}
	errs := map[string]string{}
	password := h.checkNewPassword(c, inv.Director, errs)
	if len(errs) > 0 {
		return h.renderPasswordForm(c, http.StatusUnprocessableEntity, passwordForm{Name: inv.Director, Action: c.Request().URL.Path, Reset: inv.Reset, ExpiresAt: inv.ExpiresAt}, errs)
	}
	pw, err := h.Lock.HashPassword(password)
	if err != nil {
		return err
	}
	a, err := h.StoreFor(c).AcceptInvitation(hash, pw, h.Lock.Now())
	var ie *store.InvitationError
	if errors.As(err, &ie) {
		return echo.NewHTTPError(http.StatusGone, ie.Said())
	}
	if err != nil {
		return err
	}
	s, err := h.Lock.StartSession(auth.Account{ID: a.ID, Name: a.Name, Admin: a.Admin})
	if err != nil {
		return err
	}
	c.SetCookie(h.Lock.SessionCookie(c, s))
	return base.Redirect(c, "/", h.Tr(c).T("setup.account.welcome_set", "Name", a.Name))
}

// DirectorsPage is the administrators' page: every director, what each owns, their invitations, and
// the form to invite one. A table without accounts yet starts them with the first-run setup.
func (h *Handler) DirectorsPage(c echo.Context) error {
	if auth.ViewerOf(c).Mode != auth.AccountsMode {
		return c.Redirect(http.StatusSeeOther, auth.SetupPath)
	}
	return h.renderDirectors(c, http.StatusOK, directorsView{}, nil)
}

// renderDirectors renders the directors' page with v's invitation or form values and errs.
func (h *Handler) renderDirectors(c echo.Context, status int, v directorsView, errs map[string]string) error {
	list, err := h.StoreFor(c).Directors(h.Lock.Now())
	if err != nil {
		return err
	}
	v.Directors, v.Me = list, auth.ViewerOf(c).Account
	c.Response().Header().Set("Cache-Control", "no-store")
	p := views.Page{Title: h.Tr(c).T("setup.directors.title"), Section: "directors", Errors: errs, Data: v}
	switch {
	case v.Refused != "":
		p.Error = v.Refused
	case v.Renaming != 0:
		p.Error = h.Tr(c).T("accounts.manage.not_renamed")
	case len(errs) > 0:
		p.Error = h.Tr(c).T("setup.directors.not_made")
	}
	return h.Render(c, status, "directors", p)
}

// InviteDirectorPage creates a director's account from the form (an administrator too when ticked)
// with its own copy of the default teams, and shows the invitation's link, once.
func (h *Handler) InviteDirectorPage(c echo.Context) error {
	if auth.ViewerOf(c).Mode != auth.AccountsMode {
		return c.Redirect(http.StatusSeeOther, auth.SetupPath)
	}
	admin := c.FormValue("admin") != ""
	role := ""
	if c.FormValue("official") != "" {
		role = store.RoleOfficial
		if admin {
			role = "administrator and official"
		}
	}
	d, inv, err := h.InviteDirector(c, c.FormValue("name"), admin, role)
	var ve *refuse.ValidationError
	if errors.As(err, &ve) {
		field := "name"
		if _, ok := ve.Fields["role"]; ok {
			field = "role"
		}
		return h.renderDirectors(c, http.StatusUnprocessableEntity, directorsView{Name: strings.TrimSpace(c.FormValue("name")), Admin: admin}, map[string]string{field: sentence(base.SayIn(c, ve.Reason(field)))})
	}
	if err != nil {
		return err
	}
	return h.renderDirectors(c, http.StatusCreated, directorsView{Made: h.madeInvitation(c, d.Name, inv, true)}, nil)
}

// ReinviteDirectorPage makes a new invitation for a director (one who lost theirs, or forgot their
// password: the invitation chooses a new one; a director who had a password is signed out and their
// old password ends at once) and shows its link, once.
func (h *Handler) ReinviteDirectorPage(c echo.Context) error {
	if auth.ViewerOf(c).Mode != auth.AccountsMode {
		return c.Redirect(http.StatusSeeOther, auth.SetupPath)
	}
	d, inv, reset, err := h.Reinvite(c)
	if err != nil {
		return h.refusedOnDirectors(c, err)
	}
	made := h.madeInvitation(c, d.Name, inv, false)
	made.Reset = reset
	return h.renderDirectors(c, http.StatusCreated, directorsView{Made: made}, nil)
}

// madeInvitation is the link of an invitation just made, on the app's public address.
func (h *Handler) madeInvitation(c echo.Context, name string, inv auth.Invitation, isNew bool) *madeInvitation {
	return &madeInvitation{Director: name, URL: base.InvitationURL(h.Site.Public().Base, inv.Token), ExpiresAt: inv.ExpiresAt, New: isNew}
}
