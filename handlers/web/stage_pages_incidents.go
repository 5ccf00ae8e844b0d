package web

import (
	"strconv"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// incidentsBox is the stage screen's summary of the game's incidents of the stage (weather, effort
// points, turns lost, the most combative rider, fatigue, advantages: race.IncidentsOf), under the game's
// own word for them, with the link to the page that records them.
type incidentsBox struct {
	Word, URL string
	Lines     []incidentLine
}

// incidentLine is one line of the summary; Warn marks what End stage will ask for or a rule in force.
type incidentLine struct {
	Text string
	Warn bool
}

// newIncidentsBox sums up stage n's incidents in l's language, or nil for a game that records none.
func newIncidentsBox(l *i18n.Localizer, st *store.RaceState, n int, open bool) *incidentsBox {
	rs := &st.Tour.Ruleset
	s := race.IncidentsOf(&st.Tour, st.Results[n-1])
	if !s.Any() {
		return nil
	}
	box := &incidentsBox{Word: base.IncidentsWordIn(l, rs), URL: base.AdvantagesURL(st.TourID, n)}
	add := func(warn bool, id string, pairs ...any) {
		box.Lines = append(box.Lines, incidentLine{Text: l.T(id, pairs...), Warn: warn})
	}
	rider := func(bib int) string {
		r, _ := st.Tour.RiderByBib(bib)
		return strconv.Itoa(bib) + " " + r.Name
	}
	if s.Rolls > 0 {
		if len(s.Weather) == 0 {
			add(open, "out.sum.weather_none")
		} else {
			words := make([]string, len(s.Weather))
			for i, w := range s.Weather {
				words[i] = l.Say(race.WeatherWord(w))
			}
			add(open && len(s.Weather) < s.Rolls, "out.sum.weather", "List", l.List(words), "N", len(s.Weather), "Of", s.Rolls)
		}
		if s.NoEffort {
			add(true, "out.sum.no_effort", "Weather", l.Say(race.WeatherWord(rs.NoEffortWeather())))
		}
	}
	if s.Effort {
		add(false, "out.sum.effort", "Points", s.EffortSpent, "Riders", s.EffortRiders)
	}
	if s.LostTurns {
		add(false, "out.sum.lost_turns", "Turns", s.TurnsLost, "Entries", s.LostTurnEntries)
	}
	if s.Combativity {
		if s.Combative == 0 {
			add(open, "out.sum.combative_none")
		} else {
			add(false, "out.sum.combative", "Who", rider(s.Combative))
		}
	}
	if s.Fatigue {
		box.Lines = append(box.Lines, incidentLine{Text: l.N("out.sum.fatigue", s.FatigueRiders)})
		for _, bib := range s.Retiring {
			add(true, "out.sum.retiring", "Who", rider(bib))
		}
	}
	if s.Advantages {
		add(false, "out.sum.uses", "N", s.Uses)
	}
	return box
}
