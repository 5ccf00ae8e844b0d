package story

import (
	"encoding/json"

	"racedirector/app/race"
)

// The story as the JSON API answers it (GET /api/v1/tours/{id}/story): the engine's types with a few
// shapes made plain for a client — a stage nobody led a jersey after is null, and a manager's points
// name where they come from.

// Source is where some of a manager's points come from: a classification (race.ManagerClasses; "stage"
// for stage wins) and the points it gave.
type Source struct {
	Class  string `json:"class"`
	Points int    `json:"points"`
}

// Sources names a manager's final points by where they come from, in race.ManagerClasses order.
func (m Manager) Sources() []Source {
	out := []Source{}
	for i, class := range race.ManagerClasses() {
		if i < len(m.From) {
			out = append(out, Source{Class: class, Points: m.From[i]})
		}
	}
	return out
}

// MarshalJSON writes a manager with his points' sources named ("from": [{"class", "points"}]).
func (m Manager) MarshalJSON() ([]byte, error) {
	type plain Manager
	return json.Marshal(struct {
		plain
		From []Source `json:"from"`
	}{plain(m), m.Sources()})
}

// MarshalJSON writes a jersey's strip with null for a stage after which nobody held it.
func (s Strip) MarshalJSON() ([]byte, error) {
	type plain Strip
	holders := make([]*Rider, len(s.Holders))
	for i := range s.Holders {
		if s.Holders[i].Bib != 0 {
			holders[i] = &s.Holders[i]
		}
	}
	wearers := s.Wearers
	if wearers == nil {
		wearers = []Wearer{}
	}
	return json.Marshal(struct {
		plain
		Holders []*Rider `json:"holders"`
		Wearers []Wearer `json:"wearers"`
	}{plain(s), holders, wearers})
}

// emptyLists makes every list of the story a list, empty when there is nothing in it, so that its
// JSON has [] and never null.
func (s *Story) emptyLists() {
	if s.Riders == nil {
		s.Riders = []RiderGC{}
	}
	if s.Top == nil {
		s.Top = []RiderGC{}
	}
	if s.Jerseys == nil {
		s.Jerseys = []Strip{}
	}
	if s.Managers == nil {
		s.Managers = []Manager{}
	}
	if s.Awards.Podiums == nil {
		s.Awards.Podiums = []Podium{}
	}
	if s.Awards.StageWinners == nil {
		s.Awards.StageWinners = []StageWin{}
	}
}
