// Package standing holds the views of a stage and of the standings that the director's pages and the
// followers' pages (phone, TV, story) both show: the riders still in, the finish, the classifications
// and their leaders' jerseys.
package standing

import (
	"racedirector/app/colour"
	"racedirector/app/race"
)

// Icon is what the "icon" template draws beside a leader: a jersey in its colour, a polka-dot jersey
// (white with dots of its colour) or a team's colour as a rounded square. The zero Icon draws nothing.
type Icon struct {
	// Kind is "jersey", "dotted" or "team" ("" for no icon).
	Kind string
	// ID names the icon on its page (a dotted jersey's clip path), e.g. "mountain" or "tv-gc".
	ID string
	// Color is the #rrggbb colour drawn (grey when the colour given was not one).
	Color string
}

// iconGrey is the colour drawn for one that is not a #rrggbb colour.
const iconGrey = "#999999"

// JerseyIcon is a leader's jersey in its colour; a jersey whose ruleset pattern is dotted is white with
// dots of its colour.
func JerseyIcon(id string, j race.Jersey) Icon {
	color := j.Color
	if !colour.Is(color) {
		color = iconGrey
	}
	kind := "jersey"
	if j.Dotted() { // the ruleset's pattern, not the jersey's name
		kind = "dotted"
	}
	return Icon{Kind: kind, ID: id, Color: color}
}

// TeamIcon is a team's colour as a large rounded square.
func TeamIcon(color string) Icon {
	if !colour.Is(color) {
		color = iconGrey
	}
	return Icon{Kind: "team", Color: color}
}
