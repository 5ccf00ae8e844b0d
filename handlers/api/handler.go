// Package api is the JSON API under /api/v1 (docs/API.md): it parses a request, calls the store and
// the engine, and answers JSON; refusals are JSON in the caller's language (base.ErrorHandler).
package api

import (
	"racedirector/handlers/base"
)

// Handler answers the JSON API.
type Handler struct {
	*base.Base
}

// New returns the API's Handler over the shared base.
func New(b *base.Base) *Handler { return &Handler{Base: b} }
