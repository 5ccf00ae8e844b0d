package auth

import (
	"fmt"

	"github.com/labstack/echo/v4"

	"racedirector/app/store"
)

// Mode is how a table is guarded: open, with the director's PIN, or with directors' accounts. It
// is one mechanism: the PIN is the case of a single director, without a name.
type Mode int

// The modes, from the director's own laptop to a club's shared server.
const (
	// Open: no PIN and no account. Everyone is the director, as on the director's own laptop.
	Open Mode = iota
	// PINMode: the director signs in with the PIN; everyone else may look at every tour.
	PINMode
	// AccountsMode: as soon as the database has a director's account, each director signs in with
	// their name and password and sees and changes only their own tours and teams; an administrator
	// sees them all. The PIN no longer signs in. Followers still follow with a tour's follow code.
	AccountsMode
)

// String names the mode as the API says it.
func (m Mode) String() string {
	switch m {
	case PINMode:
		return "pin"
	case AccountsMode:
		return "accounts"
	}
	return "open"
}

// viewerKey is where the middleware leaves the Viewer in the request's context.
const viewerKey = "auth.viewer"

// Viewer is who is asking: anyone (not signed in), the director of a table served open or with the
// PIN, a named director, or an administrator. The middleware finds it once per request; the policy
// (Decide) and the store's scopes read it, nothing else decides.
type Viewer struct {
	// Mode is how the table is guarded.
	Mode Mode
	// Locked says the table is guarded (a PIN or accounts): the pages offer to sign in or out.
	Locked bool
	// Director says the viewer is signed in (or the table is open): they may change the race,
	// their own tours and teams where accounts are kept.
	Director bool
	// Account is the named director's account (0: none: anyone, or the director of the PIN).
	Account uint
	// Name is the named director's name.
	Name string
	// Admin says the named director is an administrator: every director's tours and teams, and
	// inviting directors.
	Admin bool
	// Official says the named director is an official: every tour read, none changed.
	Official bool
	// Local says the request comes from this machine (a loopback address, not through a proxy).
	Local bool
}

// Owned says whether what the viewer sees is narrowed to one director's own tours and teams: a named
// director who is not an administrator, or anyone not signed in where accounts are kept. With a PIN
// or open, every tour is everyone's to read; an administrator sees all.
func (v Viewer) Owned() bool { return v.Mode == AccountsMode && !v.Admin && !v.Official }

// Changes says whether the viewer may change the race (its forms and buttons are shown): a director
// signed in (or the table open) who is not an official.
func (v Viewer) Changes() bool { return v.Director && !v.Official }

// Author is the viewer as the author of the changes they make (the audit record, the history): a
// director's account, the table's PIN session, whoever directs an open table, or no one signed in.
func (v Viewer) Author() store.Author {
	switch {
	case v.Mode == AccountsMode && v.Account != 0:
		return store.Director(v.Account, v.Name)
	case v.Mode == PINMode && v.Director:
		return store.Author{Kind: store.ByPIN}
	case v.Mode == Open && v.Director:
		return store.Author{Kind: store.ByOpenTable}
	}
	return store.Author{Kind: store.ByNobody}
}

// Key tells viewers apart for the answers kept in memory: two viewers with the same key see the same.
func (v Viewer) Key() string {
	return fmt.Sprintf("%s/%t/%d/%t/%t", v.Mode, v.Director, v.Account, v.Admin, v.Official)
}

// ViewerOf is the viewer the middleware found for the request (the director of an open table when
// no middleware ran).
func ViewerOf(c echo.Context) Viewer {
	if v, ok := c.Get(viewerKey).(Viewer); ok {
		return v
	}
	return Viewer{Director: true}
}
