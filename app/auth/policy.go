package auth

import (
	"net/http"
	"strings"
)

// Decision is what the policy says of a request.
type Decision int

// The policy's answers.
const (
	// Allow lets the request through (to the ownership check of the tour, team or rider it names).
	Allow Decision = iota
	// SignInFirst refuses someone not signed in: 401 for the API, the sign-in page for pages.
	SignInFirst
	// Forbidden refuses someone signed in who may not: 403 (a director on the administrators' pages,
	// the first-run setup asked for from another machine of an open table).
	Forbidden
	// NotHere is a page this table does not have in its mode: 404 (the first-run setup once accounts exist).
	NotHere
	// ReadOnly refuses an official a change: 403 (officials see every tour and change none).
	ReadOnly
)

// Paths of the directors' accounts.
const (
	// SetupPath is the first-run setup: the first administrator's account.
	SetupPath = "/setup"
	// InvitationPath is where an invitation's link leads (followed by its token).
	InvitationPath = "/invitations/"
	// DirectorsPath is the administrators' page of directors and invitations.
	DirectorsPath = "/directors"
)

// Decide is the policy, the one place that says who may ask for what: viewer v asking for route
// (the router's pattern, like "/tours/:id/stages/:n") with method. What a request names (a tour, a
// team, a rider) is then checked against the viewer's own by the middleware, through the store.
//
//   - Signing in, and following an invitation's link (its token is the proof), are open to all.
//   - The first-run setup is for the director of a table without accounts: signed in with the PIN,
//     or on an open table; from another machine (or through a proxy) it also takes the setup code
//     printed at start (Lock.CheckSetupCode); once an account exists it is gone.
//   - The directors' pages are an administrator's (the director of a table without accounts may
//     open them, and is sent to the setup).
//   - Open: everything else is allowed to the director, who is whoever reached this machine without a
//     proxy; through a proxy an open table is only read. PIN: NeedsDirector says what needs the director.
//   - Accounts: an official reads everything but changes nothing (officialMay); a tour's erasure,
//     hand-over and co-directors are its owner's (ownerOnly: the middleware checks the tour).
//   - Accounts: only the pages for everyone (home, sign-in, following a tour with its code, the
//     rulesets) are open; everything else needs a director signed in.
func Decide(v Viewer, method, route string) Decision {
	switch {
	case isSignIn(method, route), strings.HasPrefix(route, InvitationPath):
		return Allow
	case route == SetupPath:
		switch {
		case v.Mode == AccountsMode:
			return NotHere
		case v.Mode == PINMode && !v.Director:
			return SignInFirst
		}
		// From another machine the form asks for the setup code printed at start (Lock.CheckSetupCode).
		return Allow
	case adminRoute(route):
		switch {
		case !v.Director:
			return SignInFirst
		case v.Mode == AccountsMode && !v.Admin, v.Mode == Open && !v.Local:
			return Forbidden
		}
		return Allow
	}
	switch {
	case v.Director && v.Official && v.Mode == AccountsMode && !officialMay(method, route):
		return ReadOnly
	case v.Director:
		return Allow
	case v.Mode == Open && NeedsDirector(method, route):
		return Forbidden // an open table reached through a proxy: look, but not change
	case v.Mode != AccountsMode && !NeedsDirector(method, route):
		return Allow
	case v.Mode == AccountsMode && openToAll(method, route):
		return Allow
	}
	return SignInFirst
}

// adminRoute says whether the route is one of the administrators' (directors and invitations).
func adminRoute(route string) bool {
	for _, p := range []string{DirectorsPath, "/api/v1/directors"} {
		if route == p || strings.HasPrefix(route, p+"/") {
			return true
		}
	}
	return false
}

// openToAll says whether a route is open to everyone where accounts are kept: the home page, signing
// in and out, following a tour with its code (its pages, TV, JSON and events), the rulesets, who is
// signed in, the health check and the app's files. Every tour, team and rider of a director is theirs.
func openToAll(method, route string) bool {
	if method != http.MethodGet && method != http.MethodHead {
		return false
	}
	switch route {
	case "", "/", "/healthz", "/lang/:lang", SignInPath, "/sign-out", "/follow", "/api/v1/rulesets", "/api/v1/rulesets/:id", "/api/v1/session", "/api/v1/*":
		return true
	}
	for _, p := range []string{"/follow/", "/api/v1/follow/", "/assets/"} {
		if strings.HasPrefix(route, p) {
			return true
		}
	}
	return false
}

// thingOf names what a route's :id is: a tour, a team, a rider or a season ("" for none).
func thingOf(route string) string {
	for _, p := range []struct{ prefix, kind string }{
		{"/tours/:id", "tour"}, {"/api/v1/tours/:id", "tour"},
		{"/teams/:id", "team"}, {"/api/v1/teams/:id", "team"},
		{"/riders/:id", "rider"}, {"/api/v1/riders/:id", "rider"},
		{"/seasons/:id", "season"}, {"/api/v1/seasons/:id", "season"},
	} {
		if route == p.prefix || strings.HasPrefix(route, p.prefix+"/") {
			return p.kind
		}
	}
	return ""
}
