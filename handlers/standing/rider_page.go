package standing

import (
	"strconv"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/views"
)

// RiderPage is a rider's page in a tour, for the director and the players alike: who he is, his
// stages one by one as the engine counts them (race.RiderStages), and the tours he rode (his
// palmarès, when he was copied from the teams database).
type RiderPage struct {
	Tour string
	// Back is the page the rider's page comes from (the tour's riders, or the follow page).
	Back string
	Bib  int
	// Name, Team and Color say who he is; TeamHref is his team's page ("": none).
	Name, Team, Color, TeamHref string
	// Status says whether he races, or how and where he left.
	Status string
	Out    bool
	// Points, Mountain and GC say which columns the game has.
	Points, Mountain, GC bool
	// Stages are the closed stages he rode, one by one.
	Stages []RiderStageRow
	// Palmares are the tours he rode (nil: he has no rider in the teams database); PalmaresHref is
	// the whole palmarès (the director's, "" for players); Tours says the tours are links (the
	// director's: a player sees only the tour he follows).
	Palmares     []base.PalmaresRow
	PalmaresHref string
	Tours        bool
}

// RiderStageRow is one stage of a rider's page, in words.
type RiderStageRow struct {
	Stage int
	// Href is the stage's page ("": none).
	Href                                   string
	Place, Time, Gap, Points, Mountain, GC string
	// Status says how he left the race in this stage ("" while he races); Out says so.
	Status string
	Out    bool
}

// NumberParam is the path's positive whole number of that name (a bib, a team's number); false
// when it is not one.
func NumberParam(c echo.Context, name string) (int, bool) {
	n, err := strconv.Atoi(c.Param(name))
	return n, err == nil && n > 0 && n < 1_000_000
}

// RiderPageOf lays out the page of the rider with that bib from the tour's closed stages; stage
// gives the address of a stage's page ("" for none). It returns false when the tour has no such
// rider.
func RiderPageOf(l *i18n.Localizer, st *store.RaceState, bib int, stage func(n int) string) (RiderPage, bool, error) {
	r, ok := st.Tour.RiderByBib(bib)
	if !ok {
		return RiderPage{}, false, nil
	}
	rs := &st.Tour.Ruleset
	t, _ := st.Tour.TeamByID(r.TeamID)
	p := RiderPage{Tour: st.Tour.Name, Bib: bib, Name: r.Name, Team: t.Name, Color: t.Color,
		Points: rs.Has(race.ClassRegularity), Mountain: rs.Has(race.ClassMountain), GC: rs.Has(race.ClassIndividual),
		Status: l.T("riders.page.racing")}
	stages, err := race.RiderStages(&st.Tour, st.Results[:min(st.Closed, len(st.Results))], bib)
	if err != nil {
		return RiderPage{}, true, err
	}
	dash := func(n int) string {
		if n == 0 {
			return "—"
		}
		return strconv.Itoa(n)
	}
	for _, s := range stages {
		row := RiderStageRow{Stage: s.Stage, Href: stage(s.Stage), Place: dash(s.Place), Time: "—", Gap: "—", Points: dash(s.Points), Mountain: dash(s.Mountain), GC: dash(s.GC), Out: s.Out}
		if s.Place > 0 {
			row.Time, row.Gap = base.TimeText(rs, s.Time), base.GapText(rs, s.Gap)
		}
		if s.Out {
			row.Status = views.Sentence(l.T("race.riders.status", "Status", base.StatusNameIn(l, s.Status), "Code", s.Status, "N", s.Stage))
			p.Status, p.Out = row.Status, true
		}
		p.Stages = append(p.Stages, row)
	}
	return p, true, nil
}
