// Package accounts is the directors' accounts as pages: signing in and out (with the PIN or a name
// and password), the first-run setup, invitations, the administrators' page of directors, a
// director's own account, and a tour's directors (co-directors, hand-over). Forms are posted and
// answered by a redirect.
package accounts

import "racedirector/handlers/base"

// Handler answers the accounts' pages.
type Handler struct {
	*base.Base
}

// New returns the accounts' Handler over the shared base.
func New(b *base.Base) *Handler { return &Handler{Base: b} }
