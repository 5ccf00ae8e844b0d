package base

import (
	"fmt"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
)

// PalmaresRow is one tour of a palmarès, in words.
type PalmaresRow struct {
	TourID uint
	Tour   string
	// Moment says the tour is not over ("after stage 3 of 5", "not raced yet"; "" when it is).
	Moment string
	// RacedAs is the name (and, for a rider, bib and team) the tour knew them by; Bib is a rider's
	// bib there.
	RacedAs string
	Bib     int
	// GC, Points, Mountain and Teams are the final ranks in words ("—": not ranked, or no such
	// classification); BestRider is a team's best rider in the general classification. For a rider
	// who left the race, GC says how and in which stage ("Abandoned, stage 3"), and Out is set.
	GC, Points, Mountain, Teams, BestRider string
	Out                                    bool
	// CyclingParty is a team's Cycling Party rank and points ("3 · 25 points"; "—": no manager points).
	CyclingParty string
	StageWins    []string
	Jerseys      []string
}

// PalmaresRows words the palmarès facts of a team's (team) or a rider's appearances.
func (h *Base) PalmaresRows(c echo.Context, l *i18n.Localizer, apps []store.Appearance, team bool) ([]PalmaresRow, error) {
	facts, err := h.PalmaresFacts(c, apps, team)
	if err != nil {
		return nil, err
	}
	rank := func(n *int) string {
		if n == nil {
			return "—"
		}
		return l.T("story.palmares.rank", "Rank", *n)
	}
	var out []PalmaresRow
	for _, p := range facts {
		row := PalmaresRow{TourID: p.TourID, Tour: p.Tour, RacedAs: p.RacedAs, Bib: p.Bib,
			GC: rank(p.GCRank), Points: rank(p.PointsRank), Mountain: rank(p.MountainRank), Teams: rank(p.TeamsRank), BestRider: "—", CyclingParty: "—"}
		if o := p.Out; o != nil {
			row.GC, row.Out = outIn(l, o), true
		}
		if p.CyclingPartyRank != nil && p.CyclingPartyPoints != nil {
			row.CyclingParty = l.T("palmares.cycling_party", "Rank", rank(p.CyclingPartyRank), "Points", l.N("palmares.points", *p.CyclingPartyPoints))
		}
		if !team {
			row.RacedAs = fmt.Sprintf("%d %s · %s", p.Bib, p.Rider, p.RacedAs)
		}
		switch {
		case p.Closed == 0:
			row.Moment = l.T("story.palmares.not_started")
		case !p.Final:
			row.Moment = l.T("story.palmares.in_progress", "N", p.Closed, "Stages", p.Stages)
		}
		if b := p.BestRider; b != nil {
			row.BestRider = fmt.Sprintf("%s (%s)", b.Name, rank(&b.GCRank))
		}
		for i, n := range p.StageWins {
			win := l.T("story.table.stage", "N", n)
			if team {
				win += " · " + p.StageWinners[i].Name
			}
			row.StageWins = append(row.StageWins, win)
		}
		for _, j := range p.Jerseys {
			row.Jerseys = append(row.Jerseys, l.T("story.palmares.jersey_days", "Jersey", strings.TrimSpace(j.Words.NameIn(l.Lang())), "Days", l.N("story.days", len(j.Stages))))
		}
		out = append(out, row)
	}
	return out, nil
}

// outIn says how and in which stage a rider left the race: "Abandoned, stage 3".
func outIn(l *i18n.Localizer, o *PalmaresOut) string {
	key := "palmares.out.dnf"
	switch o.Status {
	case race.StatusOTL:
		key = "palmares.out.otl"
	case race.StatusDSQ:
		key = "palmares.out.dsq"
	case race.StatusDNS:
		key = "palmares.out.dns"
	case race.StatusRetired:
		key = "palmares.out.ret"
	}
	return l.T(key, "N", o.Stage)
}
