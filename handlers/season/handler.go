// Package season is the director's seasons: the pages that make a season, pick its tours and show
// its standings across them, and those standings as PDF and XLSX sheets. Forms are posted and
// answered by a redirect.
package season

import "racedirector/handlers/base"

// Handler answers the seasons' pages and sheets.
type Handler struct {
	*base.Base
}

// New returns the seasons' Handler over the shared base.
func New(b *base.Base) *Handler { return &Handler{Base: b} }
