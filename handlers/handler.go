// Package handlers turns HTTP requests into store and race calls and renders HTML pages or JSON.
// Handlers parse, call, and render: no SQL, no scoring.
package handlers

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"io/fs"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/i18n"
	"racedirector/app/live"
	"racedirector/app/store"
	"racedirector/assets"
	"racedirector/views"
)

// Handler holds what every handler needs.
type Handler struct {
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
	// refused keeps refused page forms for the GET their redirect leads to (post/redirect/get).
	refused *refusedPages
	// reads keeps the answers made for tours' versions (TourReads).
	reads *tourReads
	// streams counts each client address's open event streams.
	streams *clientStreams
	// boot is this process's own mark in every ETag: an answer of an older process (or an older
	// build) is never taken for a current one.
	boot string
}

// New returns a Handler over the store, the views and the live hub.
func New(s *store.Store, v *views.Views, logger *slog.Logger, hub *live.Hub) *Handler {
	refused := newRefusedPages()
	if s != nil && s.SharesKeptPages() {
		refused.shared = s // another instance may answer the GET a refusal's redirect leads to
	}
	return &Handler{Store: s, Views: v, Logger: logger, Live: hub, Fonts: assets.Fonts(), refused: refused, reads: newTourReads(), streams: newClientStreams(StreamsPerClient), boot: newBoot()}
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

// render writes a page with status, filling the CSRF token.
func (h *Handler) render(c echo.Context, status int, name string, p views.Page) error {
	p.CSRF = csrfToken(c)
	p.Lang, p.Here = h.tr(c).Lang(), here(c)
	viewer := auth.ViewerOf(c)
	p.Director, p.Locked = viewer.Director, viewer.Locked
	p.Accounts, p.Who, p.Admin = viewer.Mode == auth.AccountsMode, viewer.Name, viewer.Admin
	if viewer.Locked && !viewer.Director {
		p.SignIn = auth.SignInURL(backTo(c))
	}
	if nav, ok := p.TourNav.(*TourNav); ok && nav != nil {
		nav.Follower = !viewer.Director
		nav.tr = h.tr(c)
	}
	if p.Flash == "" {
		p.Flash = takeFlash(c)
	}
	// Render first, answer after: a template error must reach the error handler before anything is
	// sent, not leave an empty page behind an already written status.
	var buf bytes.Buffer
	if err := h.Views.Render(&buf, name, p); err != nil {
		return err
	}
	if to := h.refusedAddress(c, name, status); to != "" {
		if done, err := h.refuseAt(c, to, status, buf.Bytes()); done {
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

// redirect answers a successful form post with 303 See Other and a flash message for the next page.
func redirect(c echo.Context, to, flash string) error {
	if flash != "" {
		setFlash(c, flash)
	}
	return c.Redirect(http.StatusSeeOther, to)
}

// newBoot is a random mark of this process.
func newBoot() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// loadTour reads the tour named by the :id path parameter, as race values.
func (h *Handler) loadTour(c echo.Context) (uint, *store.RaceState, error) {
	id, err := idParam(c, "id", "tour")
	if err != nil {
		return 0, nil, err
	}
	st, err := h.Store.LoadRace(id)
	if err != nil {
		return 0, nil, err
	}
	return id, st, nil
}
