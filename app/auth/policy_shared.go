package auth

import (
	"net/http"
	"strings"
)

// Tours and seasons handed over and shared, and officials, in the policy: an official reads every
// tour and season of the league and changes nothing; a co-director changes a tour or season shared
// with them as its owner does, but only its owner (or an administrator) erases it, hands it over or
// chooses its co-directors.

// ownerOnly says whether a route, on a tour or season its :id names, is its owner's (or an
// administrator's) alone: erasing it, handing it over, choosing its co-directors, and the pages
// for these.
func ownerOnly(method, route string) bool {
	for _, thing := range []string{"tours", "seasons"} {
		switch method + " " + strings.Replace(route, "/"+thing+"/", "/things/", 1) {
		case "DELETE /api/v1/things/:id",
			"PUT /api/v1/things/:id/owner",
			"PUT /api/v1/things/:id/codirectors",
			"GET /things/:id/delete",
			"HEAD /things/:id/delete",
			"POST /things/:id/delete",
			"GET /things/:id/directors",
			"HEAD /things/:id/directors",
			"POST /things/:id/owner",
			"POST /things/:id/codirectors":
			return true
		}
	}
	return false
}

// officialMay says whether an official may ask for route with method: every read but the forms for
// changing the race, and of writes only signing out and their own account (password, sessions).
func officialMay(method, route string) bool {
	switch method {
	case http.MethodGet, http.MethodHead:
		return route == "/account" || !directorPage(route) && !ownerOnly(method, route)
	}
	switch route {
	case "/sign-out", "/api/v1/session", "/account/password", "/account/sessions/:id/end", "/api/v1/account/password", "/api/v1/account/sessions/:id":
		return true
	}
	return false
}
