package web

import (
	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
)

// What the stage screen keeps at hand beside its entries: the stage's profile with its legend, the
// grid of the bibs still racing (tapped to add a bib to the entry last used), and the advantage uses
// recorded there rather than on the advantages page.

// stagePanel is the stage screen's profile, its legend's keys and the bib grid.
type stagePanel struct {
	Profile base.ProfileView
	// Model and Mode say which keys the legend explains (the ruleset's time model, base.StageMode).
	Model, Mode string
	// Grid is every team with the bibs of its riders who start the stage.
	Grid []gridTeam
}

// gridTeam is one team's line of the bib grid.
type gridTeam struct {
	Name, Short, Color string
	Riders             []gridBib
}

// gridBib is one bib of the grid: tapping it adds it to the entry last used.
type gridBib struct {
	Bib  int
	Name string
}

// newStagePanel draws stage n's profile and lists the riders who start it, team by team.
func newStagePanel(l *i18n.Localizer, st *store.RaceState, v store.StageView, block standing.RidersBlock) stagePanel {
	rs := st.Tour.Ruleset
	p := stagePanel{Profile: base.NewProfileView(l, rs, v.Stage, l.T("race.profile.title", "N", v.Number), true),
		Model: rs.TimeModel, Mode: base.StageMode(rs)}
	out := map[int]bool{}
	for _, r := range block.Riders {
		out[r.Bib] = r.Out != ""
	}
	for _, t := range st.Tour.Teams {
		line := gridTeam{Name: t.Name, Short: t.Short, Color: t.Color}
		for _, r := range t.Riders {
			if !out[r.Bib] {
				line.Riders = append(line.Riders, gridBib{Bib: r.Bib, Name: r.Name})
			}
		}
		if len(line.Riders) > 0 {
			p.Grid = append(p.Grid, line)
		}
	}
	return p
}

// stageAdvantages is the advantages page's entry forms as the stage screen shows them: every
// advantage but the double throw (recorded beside its climb) and those the stage does not allow (a
// mountain attack without a climb for it), and Ciclismo a fondo's effort points unless the weather
// forbids them; nil when none is left. The weather, lost turns and the tables stay on the advantages page.
func stageAdvantages(l *i18n.Localizer, st *store.RaceState, v store.StageView) *advantagesScreen {
	adv := buildAdvantages(l, st, v)
	forms := adv.Forms[:0]
	for _, f := range adv.Forms {
		if f.Kind != race.AdvDoubleThrow && f.Disabled == "" {
			forms = append(forms, f)
		}
	}
	adv.Forms = forms
	if adv.Effort != nil && adv.Effort.Form.Disabled != "" {
		adv.Effort = nil
	}
	if len(adv.Forms) == 0 && adv.Effort == nil {
		return nil
	}
	adv.Weather, adv.Combativity, adv.LostTurns, adv.Fatigue = nil, nil, nil, nil
	return adv
}
