package base

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
	case v.Admin, v.Official: // an official reads every tour, and the lock lets them change none
		return store.AdminScope(v.Account)
	}
	return store.DirectorScope(v.Account)
}

// Scope is the scope of the viewer asking (the middleware found them).
func (h *Base) Scope(c echo.Context) store.Scope { return ScopeOf(auth.ViewerOf(c)) }

// OwnerNames names the directors of the tours and teams an administrator sees, by account (the
// administrator's own are left unnamed); empty for anyone else, who sees only their own.
func (h *Base) OwnerNames(c echo.Context) (map[uint]string, error) {
	v := auth.ViewerOf(c)
	if v.Mode != auth.AccountsMode || !v.Admin {
		return nil, nil
	}
	list, err := h.StoreFor(c).Directors(h.Lock.Now())
	if err != nil {
		return nil, err
	}
	out := map[uint]string{}
	for _, d := range list {
		if d.ID != v.Account {
			out[d.ID] = d.Name
		}
	}
	return out, nil
}

// TeamOf reads the team named by the :id path parameter.
func (h *Base) TeamOf(c echo.Context) (uint, store.Team, error) {
	id, err := IDParam(c, "id", "team")
	if err != nil {
		return 0, store.Team{}, err
	}
	t, err := h.StoreFor(c).GetTeam(h.Scope(c), id)
	return id, t, err
}
