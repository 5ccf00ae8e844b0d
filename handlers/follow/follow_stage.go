package follow

import (
	"fmt"
	"sort"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
)

// followTop is how many lines of a long table the follow page shows before "show all".
const followTop = 10

// followStage is the stage a follower sees: its course (profile, what is on the board and where),
// what comes next, and its results as the director enters them.
type followStage struct {
	N int
	// State is open, closed or planned; StateText says it for players.
	State, StateText string
	TypeName, Length string
	// Facts counts the climbs and sprints ("3 climbs · 5 sprints").
	Facts   string
	Profile base.ProfileView
	// Board is the sprints and climbs in course order, each with its crossing order so far.
	Board []followItem
	// Markers is everything the director places on the board, square by square.
	Markers []standing.SheetMarker
	// Next says what comes next in the race, in words.
	Next      string
	NextStage *followNextStage
	// Model is the ruleset's time model; Groups the finish groups entered.
	Model  string
	Groups []standing.GroupRow
	// Times are the stage placings computed from the finish entered so far (the first ones), More the
	// rest.
	Times, More []standing.TimeRow
	Unit        string
	Bonuses     bool
	Abandons    []standing.AbandonRow
	Retired     []standing.RetiredRow
	// Retiring are the riders whose fatigue recorded in the stage retires them at its end (2RUOTE).
	Retiring []standing.RetiredRow
	// Entered says something of the stage's results is in.
	Entered bool
}

// followItem is one intermediate sprint or climb of the stage as a follower sees it.
type followItem struct {
	Key, Kind, Title, Where, Scores string
	Riders                          []standing.BibView
	// Next marks the first sprint or climb still to come.
	Next bool
}

// followNextStage is the stage after the one shown, in short.
type followNextStage struct {
	N                       int
	TypeName, Length, Facts string
}

// followStageOf lays out stage n of the tour for a follower.
func followStageOf(l *i18n.Localizer, st *store.RaceState, n int) followStage {
	rs := &st.Tour.Ruleset
	out := followStage{N: n, Unit: base.UnitIn(l, rs), Model: rs.TimeModel}
	if n < 1 || n > len(st.Tour.Stages) {
		out.StateText = l.T("standings.follow.no_stage")
		return out
	}
	stage := st.Tour.Stages[n-1]
	if len(stage.Markers) == 0 {
		stage.Markers = race.StageMarkers(*rs, stage)
	}
	res := st.Results[n-1]
	out.State = stage.State
	out.StateText = l.T("standings.follow.state." + stage.State)
	out.TypeName, out.Length = base.StageTypeNameIn(l, rs, stage.Type), base.StageLengthIn(l, rs, stage)
	out.Facts = base.FactsIn(l, len(stage.Climbs), len(stage.Sprints))
	out.Profile = base.NewProfileView(l, *rs, stage, l.T("standings.follow.profile", "N", n), false)
	out.Markers = standing.SheetMarkersIn(l, *rs, stage)
	block := standing.RidersOf(st, n)
	out.Board = followBoard(l, rs, stage, res, block)
	fin := standing.FinishForm{Model: rs.TimeModel, Ruleset: rs}
	fin.SpeakIn(l)
	for _, g := range res.Finish.Groups {
		fin.Rows = append(fin.Rows, standing.StoredRow(rs.TimeModel, g))
	}
	for i := range fin.Rows {
		fin.Rows[i].N = i + 1
	}
	fin.FillPreviews(block)
	out.Groups = fin.Rows
	if len(res.Finish.Groups) > 0 || len(res.Finish.Results) > 0 {
		if times, err := race.StageTimes(&st.Tour, n, st.Prior(n), res); err == nil {
			rows := standing.TimeRows(st, times)
			for _, t := range rows {
				out.Bonuses = out.Bonuses || t.Bonus != ""
			}
			out.Times, out.More = splitTop(rows)
		}
	}
	for _, a := range res.Abandons {
		r, _ := st.Tour.RiderByBib(a.Bib)
		t, _ := st.Tour.TeamByID(r.TeamID)
		out.Abandons = append(out.Abandons, standing.AbandonRow{Bib: a.Bib, Name: r.Name, Team: t.Name, Color: t.Color, Reason: l.Say(race.ReasonWords(a.Reason))})
	}
	out.Retired = standing.FatigueRetiredBefore(st, n)
	out.Retiring = standing.FatigueRetiringIn(st, n)
	out.Entered = len(out.Groups) > 0 || len(out.Times) > 0 || len(out.Abandons) > 0
	for _, it := range out.Board {
		out.Entered = out.Entered || len(it.Riders) > 0
	}
	out.Next = out.nextWords(l, rs, stage, st, n)
	if n < len(st.Tour.Stages) {
		ns := st.Tour.Stages[n]
		out.NextStage = &followNextStage{N: n + 1, TypeName: base.StageTypeNameIn(l, rs, ns.Type), Length: base.StageLengthIn(l, rs, ns),
			Facts: base.FactsIn(l, len(ns.Climbs), len(ns.Sprints))}
	}
	return out
}

// followBoard lists a stage's sprints and climbs in course order with the crossing orders entered,
// marking the first one still to come.
func followBoard(l *i18n.Localizer, rs *race.Ruleset, stage race.Stage, res race.StageResult, block standing.RidersBlock) []followItem {
	type placed struct {
		at   int
		item followItem
	}
	var items []placed
	square := base.SquareWordIn(l, rs)
	for _, s := range stage.Sprints {
		it := followItem{Key: fmt.Sprintf("sprint-%d", s.Index), Kind: "sprint", Title: l.T("standings.sprint_n", "N", s.Index),
			Where: fmt.Sprintf("%s %d", square, s.At), Scores: base.SprintScoresIn(l, rs)}
		it.Riders = standing.PreviewBibs(block, res.Sprints[s.Index], "any", nil)
		items = append(items, placed{s.At, it})
	}
	for _, cl := range stage.Climbs {
		it := followItem{Key: fmt.Sprintf("climb-%d", cl.Index), Kind: "climb", Where: fmt.Sprintf("%s %d–%d", square, cl.Start, cl.End)}
		it.Title, it.Scores = base.ClimbWordsIn(l, rs, cl)
		it.Riders = standing.PreviewBibs(block, res.Climbs[cl.Index], "any", nil)
		items = append(items, placed{cl.Start, it})
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].at < items[j].at })
	out := make([]followItem, 0, len(items))
	next := stage.State == race.StateOpen
	for _, p := range items {
		if next && len(p.item.Riders) == 0 {
			p.item.Next, next = true, false
		}
		out = append(out, p.item)
	}
	return out
}

// nextWords says what comes next in the race: the next sprint or climb, the finish, the end of the
// stage, the next stage, or the end of the tour.
func (s *followStage) nextWords(l *i18n.Localizer, rs *race.Ruleset, stage race.Stage, st *store.RaceState, n int) string {
	switch stage.State {
	case race.StatePlanned:
		return l.T("standings.next.planned", "N", n)
	case race.StateClosed:
		if n == len(st.Tour.Stages) {
			return l.T("standings.next.over")
		}
		return l.T("standings.next.closed", "N", n, "Next", n+1)
	}
	for _, it := range s.Board {
		if it.Next {
			return l.T("standings.next.on_course", "What", it.Title, "Where", it.Where)
		}
	}
	if len(s.Groups) == 0 && len(s.Times) == 0 {
		return l.T("standings.next.finish", "Length", base.StageLengthIn(l, rs, stage))
	}
	return l.T("standings.next.finish_in")
}

// splitTop cuts a long table after its first lines: the first ones, and the rest.
func splitTop[T any](rows []T) ([]T, []T) {
	if len(rows) <= followTop+2 { // two more lines are not worth a "show all"
		return rows, nil
	}
	return rows[:followTop], rows[followTop:]
}
