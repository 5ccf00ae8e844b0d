package handlers

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/views"
)

// finishForm is the finish entry in the ruleset's time model.
type finishForm struct {
	Model string
	// Clock is the engine's preview table of group times (race.FinishClockOf), handed to race.js.
	Clock  race.FinishClock
	Action string
	Rows   []groupRow
	Error  string
	// tr speaks the viewer's language (English words when nil).
	tr *i18n.Localizer
}

// word is a computed time's word in the viewer's language, english when no language is set.
func (f *finishForm) word(id, english string, pairs ...any) string {
	if f.tr == nil {
		return english
	}
	return f.tr.T(id, pairs...)
}

// groupRow is one finish group as typed or stored.
type groupRow struct {
	N                                 int
	Turn, Square, Die, Sector, Riders string
	Preview                           []bibView
	Time                              string
	Errors                            map[string]string
}

// retiredRow is a 2RUOTE rider over the fatigue limit after the previous stage.
type retiredRow struct {
	Bib           int
	Name, Color   string
	Fatigue       int
	Limit, Before int
}

// timeRow is one line of the finish placings.
type timeRow struct {
	Place, Bib                   int
	Name, Team, Color, Time, Gap string
	Bonus                        string
	// Status replaces the place of a rider who crossed the line but left the race (OTL, DSQ).
	Status string
}

// storedRow shows a stored finish group as form values.
func storedRow(model string, g race.FinishGroup) groupRow {
	row := groupRow{Turn: strconv.Itoa(g.Turn), Riders: bibText(g.Riders)}
	switch model {
	case race.TimeModelCyclingParty:
		row.Square, row.Die = strconv.Itoa(g.Square), strconv.Itoa(g.Die)
	case race.TimeModelSectors:
		row.Turn, row.Sector = "", strconv.Itoa(g.Sector)
	}
	return row
}

// padRows adds empty group rows: two after the stored ones, three in all at least.
func padRows(rows []groupRow) []groupRow {
	want := max(len(rows)+2, 3)
	for len(rows) < want {
		rows = append(rows, groupRow{})
	}
	for i := range rows {
		rows[i].N = i + 1
	}
	return rows
}

// ClockData is Clock as the JSON race.js reads from the form's data-clock.
func (f *finishForm) ClockData() string {
	b, _ := json.Marshal(f.Clock)
	return string(b)
}

// preview fills each group's rider preview and computed time from the engine's table.
func (f *finishForm) preview(block ridersBlock) {
	seen := map[int]bool{}
	lead, hasLead := 0, false
	if f.Model == race.TimeModelSectors {
		for _, r := range f.Rows {
			if s, err := strconv.Atoi(r.Sector); err == nil && r.Riders != "" && (!hasLead || s > lead) {
				lead, hasLead = s, true
			}
		}
	}
	for i := range f.Rows {
		r := &f.Rows[i]
		bibs, _ := parseBibs(r.Riders, "")
		r.Preview = previewBibs(block, bibs, "finish", seen)
		r.Time = ""
		switch f.Model {
		case race.TimeModelCyclingParty:
			t, e1 := strconv.Atoi(r.Turn)
			s, e2 := strconv.Atoi(r.Square)
			d, e3 := strconv.Atoi(r.Die)
			if sec, ok := f.Clock.GroupSeconds(t, s, d); e1 == nil && e2 == nil && e3 == nil && ok {
				r.Time = views.Clock(sec)
			}
		case race.TimeModelTurns:
			if t, err := strconv.Atoi(r.Turn); err == nil && t >= 1 {
				r.Time = f.word("race.finish.turn_n", fmt.Sprintf("turn %d", t), "N", t)
			}
		case race.TimeModelSectors:
			if s, err := strconv.Atoi(r.Sector); err == nil && hasLead && r.Riders != "" {
				r.Time = "+" + views.Clock(f.Clock.BehindLead(lead, s))
				if lead == s {
					r.Time = f.word("race.finish.leading_sector", "leading sector")
				}
			}
		}
	}
}

// timeRows turns the computed finish placings into table rows.
func timeRows(st *store.RaceState, times []race.StageTime) []timeRow {
	rs := &st.Tour.Ruleset
	out := make([]timeRow, 0, len(times))
	for _, t := range times {
		r, _ := st.Tour.RiderByBib(t.Bib)
		team, _ := st.Tour.TeamByID(r.TeamID)
		row := timeRow{Place: t.Place, Bib: t.Bib, Name: r.Name, Team: team.Name, Color: team.Color, Time: timeText(rs, t.Time), Gap: gapText(rs, t.Time-times[0].Time)}
		if t.Bonus > 0 {
			row.Bonus = "−" + timeText(rs, t.Bonus)
		}
		out = append(out, row)
	}
	return out
}

// fatigueRetiredBefore lists the 2RUOTE riders who retired for fatigue at the end of stage n-1: they
// do not start stage n.
func fatigueRetiredBefore(st *store.RaceState, n int) []retiredRow {
	var out []retiredRow
	for bib, e := range exitsBefore(st, n) {
		if e.Fatigue == 0 || e.Stage != n-1 {
			continue
		}
		r, _ := st.Tour.RiderByBib(bib)
		t, _ := st.Tour.TeamByID(r.TeamID)
		out = append(out, retiredRow{Bib: bib, Name: r.Name, Color: t.Color, Fatigue: e.Fatigue, Limit: race.FatigueLimit(&st.Tour), Before: n - 1})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Bib < out[j].Bib })
	return out
}
