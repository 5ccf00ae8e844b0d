package auth

import "net/http"

// Tours handed over and shared, and officials, in the policy: an official reads every tour of the
// league and changes nothing; a co-director changes a tour shared with them as its owner does, but
// only its owner (or an administrator) erases it, hands it over or chooses its co-directors.

// ownerOnly says whether a route, on a tour its :id names, is its owner's (or an administrator's)
// alone: erasing the tour, handing it over, choosing its co-directors, and the pages for these.
func ownerOnly(method, route string) bool {
	switch method + " " + route {
	case "DELETE /api/v1/tours/:id",
		"PUT /api/v1/tours/:id/owner",
		"PUT /api/v1/tours/:id/codirectors",
		"GET /tours/:id/delete",
		"POST /tours/:id/delete",
		"GET /tours/:id/directors",
		"HEAD /tours/:id/directors",
		"POST /tours/:id/owner",
		"POST /tours/:id/codirectors":
		return true
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
