package app

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/keep"
)

// serving is how the app serves a route, as its group in routes*.go declares it: the middleware in
// server.go reads it, never the address asked for.
type serving struct {
	// api: the JSON API, called by scripts with a bearer token: no CSRF token, no cross-site writes,
	// any body type.
	api bool
	// stream: a live event stream, sent as it happens, never held back to be compressed.
	stream bool
	// upload: takes a file or a finish (imports, CSV results): the large body limit.
	upload bool
	// unguarded: answered without waiting on the lock (/healthz and the app's own files).
	unguarded bool
	// quiet: not logged (the app's own files).
	quiet bool
	// packed: answers already compressed once (the app's own files, staticAssets), never again.
	packed bool
	// kept: its answers are kept for this version (keep.TourReads); nil, made for every request.
	kept keep.Version
}

// servings are the routes' ways of being served, by route path (the router's, not the address):
// what a route path answers to any method is served one way, as the addresses were before.
type servings map[string]serving

// of is how the request's route is served (the zero serving, a page's, for an address no route
// has).
func (s servings) of(c echo.Context) serving { return s[c.Path()] }

// isAPI says whether the request's route is the JSON API's.
func (s servings) isAPI(c echo.Context) bool { return s.of(c).api }

// isStream says whether the request's route is a live event stream.
func (s servings) isStream(c echo.Context) bool { return s.of(c).stream }

// isPacked says whether the request's route answers bodies it compressed once itself.
func (s servings) isPacked(c echo.Context) bool { return s.of(c).packed }

// isKept says whether the request's route is one whose answers are kept (keep.TourReads), which
// compresses them itself.
func (s servings) isKept(c echo.Context) bool { return s.of(c).kept != nil }

// keptVersion is how to read the version the request's route's answers are kept for (nil: not
// kept).
func (s servings) keptVersion(c echo.Context) func() (string, error) {
	if v := s.of(c).kept; v != nil {
		return v(c)
	}
	return nil
}

// routeGroup adds routes under a prefix, each served the group's way.
type routeGroup struct {
	e      *echo.Echo
	prefix string
	way    serving
	all    servings
}

// group is a group of routes under prefix served way.
func (g routeGroup) group(prefix string, way serving) routeGroup {
	return routeGroup{e: g.e, prefix: g.prefix + prefix, way: way, all: g.all}
}

// add adds one route; a route path added again must be served the same way.
func (g routeGroup) add(method, path string, h echo.HandlerFunc) {
	r := g.e.Add(method, g.prefix+path, h)
	if was, ok := g.all[r.Path]; ok && fmt.Sprint(was) != fmt.Sprint(g.way) {
		panic("route " + r.Path + " is in two groups served differently")
	}
	g.all[r.Path] = g.way
}

// GET adds a GET route.
func (g routeGroup) GET(path string, h echo.HandlerFunc) { g.add(http.MethodGet, path, h) }

// POST adds a POST route.
func (g routeGroup) POST(path string, h echo.HandlerFunc) { g.add(http.MethodPost, path, h) }

// PUT adds a PUT route.
func (g routeGroup) PUT(path string, h echo.HandlerFunc) { g.add(http.MethodPut, path, h) }

// DELETE adds a DELETE route.
func (g routeGroup) DELETE(path string, h echo.HandlerFunc) { g.add(http.MethodDelete, path, h) }

// Any adds a route for every method.
func (g routeGroup) Any(path string, h echo.HandlerFunc) {
	for _, r := range g.e.Any(g.prefix+path, h) {
		g.all[r.Path] = g.way
	}
}
