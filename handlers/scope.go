package handlers

import (
	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/store"
)

// ScopeOf is whose tours and teams the viewer sees, as the store narrows them: every one on a table
// served open or with the PIN (the director changes them, everyone reads them) and for an
// administrator; a director's own where accounts are kept; none for someone not signed in there.
func ScopeOf(v auth.Viewer) store.Scope {
	switch {
	case v.Mode != auth.AccountsMode:
		return store.Everything()
	case !v.Director:
		return store.Nobody()
	case v.Admin:
		return store.AdminScope(v.Account)
	}
	return store.DirectorScope(v.Account)
}

// scope is the scope of the viewer asking (the middleware found them).
func (h *Handler) scope(c echo.Context) store.Scope { return ScopeOf(auth.ViewerOf(c)) }
