package app

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// unguarded says whether the request is one of the answers that never wait on the lock (which asks
// the database whether directors' accounts exist), as their group says: /healthz, which a load
// balancer asks while the database is away and which must say so, and the static files, which need
// no database at all.
func unguarded(ways servings, c echo.Context) bool {
	if m := c.Request().Method; m != http.MethodGet && m != http.MethodHead {
		return false
	}
	return ways.of(c).unguarded // the route the router found, not the address asked for
}

// exceptUnguarded runs the middleware mw for every request but the unguarded ones.
func exceptUnguarded(ways servings, mw echo.MiddlewareFunc) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		guarded := mw(next)
		return func(c echo.Context) error {
			if unguarded(ways, c) {
				return next(c)
			}
			return guarded(c)
		}
	}
}
