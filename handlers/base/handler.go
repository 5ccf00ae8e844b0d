// Package base is what every handler package shares: the Base each Handler embeds (the store, the
// views, the language), rendering, errors and refusals in words, binding, the tour menu and scope.
// Handlers parse, call, and render: no SQL, no scoring.
package base

import (
	"bytes"
	"io/fs"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/i18n"
	"racedirector/app/keep"
	"racedirector/app/live"
	"racedirector/app/store"
	"racedirector/assets"
	"racedirector/views"
)

// Base holds what every handler needs; each handler package's Handler embeds it.
type Base struct {
	Store  *store.Store
	Views  *views.Views
	Logger *slog.Logger
	// Live fans each tour's changes out to its followers' event streams.
	Live *live.Hub
	// Fonts holds the TTF fonts embedded in PDFs.
	Fonts fs.FS
	// Lock signs the director in and out (its middleware alone decides who may change what).
	Lock *auth.Lock
	// Site is the app's own address: links shown to others come from Site.Public, never from a request.
	Site *auth.Site
	// Defaults are the default teams: a new director's teams database starts with a copy.
	Defaults []store.TeamInput
	// I18n holds the messages in every language (each request's localizer is chosen by Language).
	I18n *i18n.Catalogue
	// Refused keeps refused page forms for the GET their redirect leads to (post/redirect/get).
	Refused *keep.RefusedPages
}

// New returns a Base over the store, the views and the live hub.
func New(s *store.Store, v *views.Views, logger *slog.Logger, hub *live.Hub) *Base {
	var shared keep.PageKeeper
	if s != nil && s.SharesKeptPages() {
		shared = s // another instance may answer the GET a refusal's redirect leads to
	}
	return &Base{Store: s, Views: v, Logger: logger, Live: hub, Fonts: assets.Fonts(), Refused: keep.NewRefusedPages(shared)}
}

// csrfContextKey is where the CSRF middleware puts the request's token.
const csrfContextKey = auth.CSRFContextKey

// csrfToken returns the CSRF token the middleware put in the context.
func csrfToken(c echo.Context) string {
	if t, ok := c.Get(csrfContextKey).(string); ok {
		return t
	}
	return ""
}

// Render writes a page with status, filling the CSRF token.
func (h *Base) Render(c echo.Context, status int, name string, p views.Page) error {
	p.CSRF = csrfToken(c)
	p.Lang, p.Here = h.Tr(c).Lang(), here(c)
	viewer := auth.ViewerOf(c)
	p.Director, p.SignedIn, p.Locked = viewer.Changes(), viewer.Director, viewer.Locked
	p.Accounts, p.Who, p.Admin = viewer.Mode == auth.AccountsMode, viewer.Name, viewer.Admin
	if viewer.Locked && !viewer.Director {
		p.SignIn = auth.SignInURL(backTo(c))
	}
	if nav, ok := p.TourNav.(*TourNav); ok && nav != nil {
		nav.Follower = !viewer.Changes()
		nav.tr = h.Tr(c)
	}
	if p.Flash == "" {
		p.Flash = keep.TakeFlash(c)
	}
	// Every refusal a page shows is a sentence: its reasons beside the fields and its message.
	p.Flash, p.Error = views.Sentence(p.Flash), views.Sentence(p.Error)
	if len(p.Errors) > 0 {
		said := make(map[string]string, len(p.Errors))
		for f, m := range p.Errors {
			said[f] = views.Sentence(m)
		}
		p.Errors = said
	}
	// Render first, answer after: a template error must reach the error handler before anything is
	// sent, not leave an empty page behind an already written status.
	var buf bytes.Buffer
	if err := h.Views.Render(&buf, name, p); err != nil {
		return err
	}
	if to := h.refusedAddress(c, name, status); to != "" {
		if done, err := h.Refused.RedirectTo(c, to, status, buf.Bytes()); done {
			return err
		}
	}
	return c.HTMLBlob(status, buf.Bytes())
}

// backTo is the page a sign-in link leads back to: this one, or for a refused form, its own page.
func backTo(c echo.Context) string {
	if c.Request().Method == http.MethodGet {
		return c.Request().URL.RequestURI()
	}
	return ""
}

// Redirect answers a successful form post with 303 See Other and a flash message for the next page.
func Redirect(c echo.Context, to, flash string) error {
	if flash != "" {
		keep.SetFlash(c, flash)
	}
	return c.Redirect(http.StatusSeeOther, to)
}

// LoadTour reads the tour named by the :id path parameter, as race values.
func (h *Base) LoadTour(c echo.Context) (uint, *store.RaceState, error) {
	id, err := IDParam(c, "id", "tour")
	if err != nil {
		return 0, nil, err
	}
	st, err := h.StoreFor(c).LoadRace(id)
	if err != nil {
		return 0, nil, err
	}
	return id, st, nil
}

// DefaultRuleset is the id of the default ruleset.
func (h *Base) DefaultRuleset() string {
	for _, rs := range h.Store.Rulesets() {
		if rs.Default {
			return rs.ID
		}
	}
	return "cycling-party"
}

// Attachment sends a file download under a name in ASCII ("teams-2027-07-14.xlsx"); a tour's
// files are named by TourFileName (download_name.go).
func Attachment(c echo.Context, name, contentType string, data []byte) error {
	return AttachmentNamed(c, FileName{UTF8: name, ASCII: name}, contentType, data)
}

// StoreFor is the store for the request c: its queries stop when the client leaves.
func (h *Base) StoreFor(c echo.Context) *store.Store { return h.Store.For(c.Request().Context()) }
