// Package web is the director's pages: teams and riders, tours, the stage screen and its forms,
// classifications, sheets and palmarès (seasons are in handlers/season, accounts and sign-in in
// handlers/accounts). Forms are posted and answered by a redirect.
package web

import (
	"racedirector/handlers/base"
)

// Handler answers the director's pages.
type Handler struct {
	*base.Base
}

// New returns the director's pages' Handler over the shared base.
func New(b *base.Base) *Handler { return &Handler{Base: b} }
