package follow

import (
	"fmt"
	"sort"
	"strconv"

	"racedirector/app/colour"
	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
)

// The TV's views, one function each, from the standings kept for the tour's version (never
// recomputed per viewer) and the results of the stage being raced.

// Start lists with riders fit up to tvStartTeams teams of tvStartRiders riders; larger tours list
// their teams only.
// At most tvStartMost teams are listed.
const (
	tvStartTeams  = 6
	tvStartRiders = 7
	tvStartMost   = 36
)

// tvStartView is the waiting screen: the start list of the tour, team by team.
func tvStartView(l *i18n.Localizer, st *store.RaceState) tvView {
	riders, most := 0, 0
	start := &tvStart{}
	for _, t := range st.Tour.Teams {
		team := tvTeam{Name: t.Name, Short: t.Short, Color: tvColor(t.Color)}
		for _, r := range t.Riders {
			team.Riders = append(team.Riders, tvRow{Bib: r.Bib, Name: r.Name})
		}
		riders += len(t.Riders)
		most = max(most, len(t.Riders))
		start.Teams = append(start.Teams, team)
	}
	start.Riders = len(st.Tour.Teams) <= tvStartTeams && most <= tvStartRiders
	start.Columns = 3
	if len(start.Teams) > 24 {
		start.Columns = 4
	}
	if len(start.Teams) > tvStartMost {
		start.More = l.N("standings.tv.more_teams", len(start.Teams)-tvStartMost+1)
		start.Teams = start.Teams[:tvStartMost-1]
	}
	note := l.N("standings.count.stages", len(st.Tour.Stages)) + " · " + l.N("standings.count.teams", len(st.Tour.Teams)) + " · " + l.N("standings.count.riders", riders)
	return tvView{ID: "start", Kind: "start", Tag: l.T("standings.tv.start_list"), Title: l.T("standings.tv.waiting"), Note: note, Start: start}
}

// tvLeadersView shows each classification's leader with his jersey, the best team and, in Cycling
// Party, the leading manager; at the end they are the winners.
func tvLeadersView(l *i18n.Localizer, st *store.RaceState, s *race.Standings, final bool) tvView {
	v := tvView{ID: "leaders", Kind: "leaders", Tag: l.T("standings.tv.jerseys"), Title: l.T("standings.leaders"), Note: l.T("standings.after_stage", "N", s.AfterStage)}
	if final {
		v.Title, v.Note = l.T("standings.tv.winners"), l.T("standings.tv.of_tour", "Tour", st.Tour.Name)
	}
	v.Leaders = tvLeaders(l, st, s, "tv-", final)
	return v
}

// tvLeaders names the leader of every classification the ruleset has, with the value he leads on;
// prefix keeps the ids of the jerseys' drawings apart from another view's; final names the winners.
func tvLeaders(l *i18n.Localizer, st *store.RaceState, s *race.Standings, prefix string, final bool) []tvLeader {
	rs := &st.Tour.Ruleset
	var out []tvLeader
	rider := func(id string, bib int, value string) {
		r, _ := st.Tour.RiderByBib(bib)
		t, _ := st.Tour.TeamByID(r.TeamID)
		j := rs.Jerseys[id]
		out = append(out, tvLeader{Icon: standing.JerseyIcon(prefix+id, j), Jersey: j.NameIn(l.Lang()), Class: base.ClassNameOf(l, &st.Tour.Ruleset, id), Bib: bib, Name: r.Name, Team: t.Name, Color: tvColor(t.Color), Value: value})
	}
	for _, d := range race.Classifications() {
		if !d.Dressed || !rs.Has(d.ID) {
			continue
		}
		if rows := d.TimeRows(s); len(rows) > 0 {
			value := base.TimeWordsIn(l, rs, rows[0].Time)
			if rs.TimesAreGaps() {
				value = leadWords(l, rs, rows)
			}
			rider(d.ID, rows[0].Bib, value)
		}
		if rows := d.PointsRows(s); len(rows) > 0 {
			rider(d.ID, rows[0].Bib, base.ValueWordsIn(l, d, rows[0].Points))
		}
	}
	if len(s.Teams) > 0 && rs.Has(race.ClassTeams) {
		t := s.Teams[0]
		value := base.TimeWordsIn(l, rs, t.Time)
		if rs.TimesAreGaps() {
			value = l.T("out.tv.alone")
			if len(s.Teams) > 1 {
				value = leadWords(l, rs, []race.TimeRow{{Time: t.Time}, {Time: s.Teams[1].Time}})
			}
		}
		out = append(out, tvLeader{Icon: standing.TeamIcon(t.TeamColor), Jersey: l.T("standings.tv.best_team"), Class: base.ClassNameOf(l, &st.Tour.Ruleset, race.ClassTeams), Name: t.Team, Color: tvColor(t.TeamColor), Value: value})
	}
	if len(s.CyclingParty) > 0 && rs.Has(race.ClassCyclingParty) {
		m := s.CyclingParty[0]
		title := l.T("standings.tv.leading_manager")
		if final {
			title = l.T("standings.tv.winning_manager")
		}
		out = append(out, tvLeader{Icon: standing.TeamIcon(m.TeamColor), Jersey: title, Class: base.ClassNameOf(l, &st.Tour.Ruleset, race.ClassCyclingParty), Name: teamOfPlayer(m.Team, m.Manager), Color: tvColor(m.TeamColor), Value: base.PointsIn(l, m.Points)})
	}
	return out
}

// leadWords says a leader's lead over the second where the game's times are gaps (race.TimesAreGaps):
// "+0:30 on the second", "level with the second".
func leadWords(l *i18n.Localizer, rs *race.Ruleset, rows []race.TimeRow) string {
	lead, second := race.LeadOver(rows)
	switch {
	case !second:
		return l.T("out.tv.alone")
	case lead == 0:
		return l.T("out.tv.level")
	}
	return l.T("out.tv.lead", "Gap", base.TimeText(rs, lead))
}

// tvStageView is the top ten of the stage: the stage being raced as soon as its finish is entered
// (provisional), else the last closed stage.
func tvStageView(l *i18n.Localizer, st *store.RaceState, s *race.Standings) (tvView, bool) {
	rs := &st.Tour.Ruleset
	v := tvView{ID: "stage", Kind: "table", Tag: l.T("standings.tv.stage_result"), Who: l.T("standings.col.rider"), Unit: base.UnitIn(l, rs), Gaps: true}
	if n := st.Current; n > 0 {
		res := st.Results[n-1]
		if len(res.Finish.Groups) > 0 || len(res.Finish.Results) > 0 {
			if times, err := race.StageTimes(&st.Tour, n, st.Prior(n), res); err == nil && len(times) > 0 {
				v.Title, v.Note = l.T("standings.stage_n", "N", n), l.T("standings.tv.provisional")
				for _, t := range times[:min(tvTopTen, len(times))] {
					r, _ := st.Tour.RiderByBib(t.Bib)
					team, _ := st.Tour.TeamByID(r.TeamID)
					v.Rows = append(v.Rows, tvRow{Place: t.Place, Bib: t.Bib, Name: r.Name, Team: team.Name, Color: tvColor(team.Color),
						Value: base.TimeText(rs, t.Time), Gap: tvGap(l, rs, t.Time-times[0].Time, t.Place == 1)})
				}
				return v, true
			}
		}
	}
	if s == nil || len(s.Stage) == 0 {
		return v, false
	}
	v.Title = l.T("standings.stage_n", "N", s.AfterStage)
	v.Note = base.StageTypeNameIn(l, rs, st.Tour.Stages[s.AfterStage-1].Type)
	v.Rows = tvTimeRows(l, rs, s.Stage, standing.Icon{})
	return v, true
}

// tvGCView is the top ten of the general classification, its leader in his jersey.
func tvGCView(l *i18n.Localizer, st *store.RaceState, s *race.Standings, final bool) tvView {
	rs := &st.Tour.Ruleset
	v := tvView{ID: "gc", Kind: "table", Tag: l.T("standings.tv.overall"), Title: l.T("standings.tv.gc"), Note: l.T("standings.after_stage_of", "N", s.AfterStage, "Stages", len(st.Tour.Stages)),
		Who: l.T("standings.col.rider"), Unit: base.UnitIn(l, rs), Gaps: true}
	if final {
		v.Note = l.T("standings.final")
	}
	icon := standing.Icon{}
	if j, ok := rs.Jerseys[race.ClassIndividual]; ok {
		icon = standing.JerseyIcon("tv-gc", j)
	}
	v.Rows = tvTimeRows(l, rs, s.Individual, icon)
	v.Moves = tvHasMoves(v.Rows)
	return v
}

// tvTimeRows is the top ten of a time classification; the first line gets icon.
func tvTimeRows(l *i18n.Localizer, rs *race.Ruleset, rows []race.TimeRow, icon standing.Icon) []tvRow {
	var out []tvRow
	for i, r := range rows[:min(tvTopTen, len(rows))] {
		row := tvRow{Place: r.Rank, Bib: r.Bib, Name: r.Name, Team: r.Team, Color: tvColor(r.TeamColor), Value: base.TimeText(rs, r.Time), Gap: tvGap(l, rs, r.Gap, i == 0),
			Move: standing.MoveOf(l, r.Moved)}
		if i == 0 {
			row.Icon = icon
		}
		out = append(out, row)
	}
	return out
}

// tvPointsView is the top ten of a points or places classification the TV turns to (declared TV),
// its leader in his jersey.
func tvPointsView(l *i18n.Localizer, st *store.RaceState, s *race.Standings, d race.Classification, final bool) tvView {
	rs := &st.Tour.Ruleset
	name := base.ClassNameOf(l, &st.Tour.Ruleset, d.ID)
	v := tvView{ID: d.ID, Kind: "table", Tag: name, Title: name, Note: l.T("standings.after_stage_of", "N", s.AfterStage, "Stages", len(st.Tour.Stages)),
		Who: l.T("standings.col.rider"), Unit: l.T("standings.unit.points"), Gaps: true}
	if d.Rows == race.RowsPlaces {
		v.Unit = l.T("standings.unit.places")
	}
	if final {
		v.Note = l.T("standings.final")
	}
	rows := d.PointsRows(s)
	for i, r := range rows[:min(tvTopTen, len(rows))] {
		gap := "—"
		if diff := r.Points - rows[0].Points; diff > 0 {
			gap = "+" + strconv.Itoa(diff)
		} else if diff < 0 {
			gap = "−" + strconv.Itoa(-diff)
		}
		row := tvRow{Place: r.Rank, Bib: r.Bib, Name: r.Name, Team: r.Team, Color: tvColor(r.TeamColor), Value: strconv.Itoa(r.Points), Gap: gap}
		if j, ok := rs.Jerseys[d.ID]; ok && i == 0 {
			row.Icon = standing.JerseyIcon("tv-"+d.ID, j)
		}
		v.Rows = append(v.Rows, row)
	}
	return v
}

// tvPartyView is the Cycling Party standing of the managers.
func tvPartyView(l *i18n.Localizer, st *store.RaceState, s *race.Standings, final bool) tvView {
	v := tvView{ID: "party", Kind: "table", Tag: base.ClassNameOf(l, &st.Tour.Ruleset, race.ClassCyclingParty), Title: l.T("standings.tv.managers"), Note: l.T("standings.after_stage", "N", s.AfterStage),
		Who: l.T("standings.col.manager"), Unit: l.T("standings.unit.points"), Gaps: true}
	if final {
		v.Note = l.T("standings.final_result")
	}
	top := s.CyclingParty[0].Points
	for _, m := range s.CyclingParty[:min(tvTopTen, len(s.CyclingParty))] {
		gap := "—"
		if m.Points != top {
			gap = "−" + strconv.Itoa(top-m.Points)
		}
		v.Rows = append(v.Rows, tvRow{Place: m.Rank, Name: m.Team, Team: m.Manager, Color: tvColor(m.TeamColor), Value: strconv.Itoa(m.Points), Gap: gap})
	}
	return v
}

// tvPodiumView is the final result: the first three of the general classification on a podium.
func tvPodiumView(l *i18n.Localizer, st *store.RaceState, s *race.Standings) tvView {
	rs := &st.Tour.Ruleset
	v := tvView{ID: "final", Kind: "podium", Tag: l.T("standings.tv.final_result"), Title: l.T("standings.tv.podium"), Note: l.T("standings.tv.podium_note", "Stages", l.N("standings.count.stages", len(st.Tour.Stages)))}
	rows := tvTimeRows(l, rs, s.Individual, standing.Icon{})
	if len(rows) > 0 {
		rows[0].Gap = base.TimeWordsIn(l, rs, s.Individual[0].Time) // the winner's time, the others' gaps
		if j, ok := rs.Jerseys[race.ClassIndividual]; ok {
			rows[0].Icon = standing.JerseyIcon("tv-final", j)
		}
	}
	v.Podium = rows[:min(3, len(rows))]
	for i := 1; i < len(v.Podium); i++ {
		if v.Podium[i].Gap == l.T("standings.tv.st") {
			v.Podium[i].Gap = l.T("standings.tv.same_time")
		}
	}
	// The jerseys' other winners, under the podium.
	for _, w := range tvLeaders(l, st, s, "tv-final-", true) {
		if w.Class != base.ClassNameOf(l, &st.Tour.Ruleset, race.ClassIndividual) {
			v.Leaders = append(v.Leaders, w)
		}
	}
	return v
}

// tvCourseItems is how many sprints and climbs the course view lists.
const tvCourseItems = 12

// tvCourseView is the stage being raced: its profile and each sprint and climb with who crossed it
// first.
func tvCourseView(l *i18n.Localizer, st *store.RaceState, n int) tvView {
	rs := &st.Tour.Ruleset
	s := st.Tour.Stages[n-1]
	res := st.Results[n-1]
	v := tvView{ID: "course", Kind: "course", Tag: l.T("standings.stage_n", "N", n), Title: base.StageTypeNameIn(l, rs, s.Type),
		Note: base.StageLengthIn(l, rs, s)}
	for _, part := range []struct {
		n   int
		key string
	}{{len(s.Climbs), "standings.count.climbs"}, {len(s.Sprints), "standings.count.sprints"}} {
		if part.n > 0 {
			v.Note += " · " + l.N(part.key, part.n)
		}
	}
	if len(s.Markers) == 0 {
		s.Markers = race.StageMarkers(*rs, s)
	}
	c := &tvCourse{Profile: base.NewProfileView(l, *rs, s, l.T("standings.stage_n", "N", n), true)}
	first := func(order []int) (string, string) {
		if len(order) == 0 {
			return "", ""
		}
		r, _ := st.Tour.RiderByBib(order[0])
		t, _ := st.Tour.TeamByID(r.TeamID)
		return fmt.Sprintf("%d %s", r.Bib, r.Name), tvColor(t.Color)
	}
	word := base.SquareWordIn(l, rs)
	for _, sp := range s.Sprints {
		it := tvCourseItem{Kind: "sprint", What: l.T("standings.sprint_n", "N", sp.Index), Where: fmt.Sprintf("%s %d", word, sp.At), at: sp.At}
		it.First, it.Color = first(res.Sprints[sp.Index])
		c.Items = append(c.Items, it)
	}
	for _, cl := range s.Climbs {
		it := tvCourseItem{Kind: "climb", What: base.ClimbNameIn(l, rs, cl.Category), Where: fmt.Sprintf("%s %d–%d", word, cl.Start, cl.End), at: cl.Start}
		if cl.Name != "" {
			it.What = cl.Name
		}
		it.First, it.Color = first(res.Climbs[cl.Index])
		c.Items = append(c.Items, it)
	}
	sort.SliceStable(c.Items, func(i, j int) bool { return c.Items[i].at < c.Items[j].at })
	// Up to twelve items, in as many columns as they need to fit under the profile.
	c.Items = c.Items[:min(tvCourseItems, len(c.Items))]
	c.Columns = 2
	if len(c.Items) > 4 {
		c.Columns = 3
	}
	if len(c.Items) > 9 {
		c.Columns = 4
	}
	v.Course = c
	return v
}

// tvGap writes a gap to the first: "+0:32", "s.t." (same time) for a rider level with him, "—" for
// the first himself.
func tvGap(l *i18n.Localizer, rs *race.Ruleset, gap int, first bool) string {
	switch {
	case first:
		return "—"
	case gap == 0:
		return l.T("standings.tv.st")
	}
	return base.GapText(rs, gap)
}

// tvColor is a team's colour as the TV draws it: grey when it is not a #rrggbb colour.
func tvColor(c string) string {
	if !colour.Is(c) {
		return "#999999"
	}
	return c
}
