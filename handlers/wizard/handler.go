// Package wizard is the "Start" wizard: the pages that propose a tour step by step (tour, stages,
// points, teams, summary) and create it.
package wizard

import "racedirector/handlers/base"

// Handler answers the wizard's pages.
type Handler struct {
	*base.Base
}

// New returns the wizard's Handler over the shared base.
func New(b *base.Base) *Handler { return &Handler{Base: b} }
