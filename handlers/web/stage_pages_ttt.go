package web

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
)

// teamTimesForm is a real race's team time trial entered per team on the stage page: one row per team.
type teamTimesForm struct {
	Action string
	Rows   []teamTimeRow
	// K is the rider whose time is the team's (0: every rider his own).
	K     int
	Error string
}

// teamTimeRow is one team's row: its time and its dropped riders ("25 26:10.50, 27 27:02").
type teamTimeRow struct {
	ID                 int
	Name, Color        string
	Time, Dropped      string
	TimeErr, DroppedEr string
}

// newTeamTimesForm is the per-team entry of stage n when it is an open team time trial of a real race
// (nil otherwise), filled with the teams entered per team so far.
func newTeamTimesForm(st *store.RaceState, n int, res race.StageResult) *teamTimesForm {
	rs := &st.Tour.Ruleset
	stage := st.Tour.Stages[n-1]
	if typ, _ := rs.StageType(stage.Type); rs.TimeModel != race.TimeModelClock || typ.TimeTrial != race.TimeTrialTeam || stage.State != race.StateOpen {
		return nil
	}
	form := &teamTimesForm{Action: base.StageURL(st.TourID, n) + "/team-times", K: st.Tour.TTTRider()}
	given := map[int]race.TeamTime{}
	for _, tt := range res.Finish.Teams {
		given[tt.Team] = tt
	}
	for _, t := range st.Tour.Teams {
		row := teamTimeRow{ID: t.ID, Name: t.Name, Color: t.Color}
		if tt, ok := given[t.ID]; ok {
			row.Time = race.FormatClockTime(tt.Hundredths)
			var parts []string
			for _, d := range tt.Dropped {
				parts = append(parts, fmt.Sprintf("%d %s", d.Bib, race.FormatClockTime(d.Hundredths)))
			}
			row.Dropped = strings.Join(parts, ", ")
		}
		form.Rows = append(form.Rows, row)
	}
	return form
}

// SaveTeamTimesPage enters a team time trial per team from the stage page: each team with a time is
// timed as a team, its dropped riders on their own; it replaces the whole finish.
func (h *Handler) SaveTeamTimesPage(c echo.Context) error {
	id, n, version, err := stageForm(c)
	if err != nil {
		return err
	}
	st, err := h.StoreFor(c).LoadRace(id)
	if err != nil {
		return err
	}
	typed := map[int][2]string{}
	var f race.Finish
	var rowOf []int // the team id of each entered team, by its place in f.Teams
	v := &refuse.ValidationError{}
	for _, t := range st.Tour.Teams {
		tm, dr := strings.TrimSpace(c.FormValue(fmt.Sprintf("t%d_time", t.ID))), strings.TrimSpace(c.FormValue(fmt.Sprintf("t%d_dropped", t.ID)))
		typed[t.ID] = [2]string{tm, dr}
		if tm == "" && dr == "" {
			continue
		}
		i := len(f.Teams)
		tt := race.TeamTime{Team: t.ID}
		if tm == "" {
			v.Add(fmt.Sprintf("teams[%d].time", i), "the team's time is required (like 25:02.31)")
		} else if h, err := race.ParseClockTime(tm); err != nil {
			v.AddText(fmt.Sprintf("teams[%d].time", i), refuse.ReasonOf(err))
		} else {
			tt.Hundredths = h
		}
		tt.Dropped = parseDropped(v, fmt.Sprintf("teams[%d].dropped", i), dr)
		f.Teams = append(f.Teams, tt)
		rowOf = append(rowOf, t.ID)
	}
	if len(f.Teams) == 0 {
		v.Add("teams", "give at least one team's time")
	}
	err = v.Err()
	if err == nil {
		err = h.StoreFor(c).SetFinish(id, n, version, f)
	}
	if err != nil {
		return h.renderStage(c, id, n, &stageFailure{Form: "teams", Err: err, teamTyped: typed, teamRows: rowOf})
	}
	return base.Redirect(c, base.StageURL(id, n), h.Tr(c).N("race.flash.ttt", len(f.Teams)))
}

// parseDropped reads dropped riders written "25 26:10.50, 27 27:02" (bib and time, separated by
// commas or semicolons); a problem is added under field. It reads at most standing.MaxTypedBibs riders, one
// part at a time: a longer text is refused there.
func parseDropped(v *refuse.ValidationError, field, text string) []race.ClockResult {
	var out []race.ClockResult
	for parts := 0; text != ""; {
		part, rest, _ := cutDropped(text)
		text = rest
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if parts++; parts > standing.MaxTypedBibs {
			v.Addf(field, "has more than %d bibs", standing.MaxTypedBibs)
			break
		}
		words := strings.Fields(part)
		if len(words) != 2 {
			v.Addf(field, "%q is not a bib and a time, like 25 26:10.50", base.ClipText(part[:min(len(part), 160)], 40))
			continue
		}
		bib, err := strconv.Atoi(words[0])
		if err != nil || bib < 1 {
			v.Addf(field, "%q is not a bib number", base.ClipText(words[0][:min(len(words[0]), 80)], 20))
			continue
		}
		h, err := race.ParseClockTime(words[1])
		if err != nil {
			v.AddText(field, refuse.ReasonOf(err))
			continue
		}
		out = append(out, race.ClockResult{Bib: bib, Hundredths: h})
	}
	return out
}

// cutDropped cuts text at its first comma, semicolon or new line.
func cutDropped(text string) (before, after string, found bool) {
	if i := strings.IndexAny(text, ",;\n"); i >= 0 {
		return text[:i], text[i+1:], true
	}
	return text, "", false
}

// applyTeamTimesFailure puts a refused per-team entry back in its form with each message beside its
// team's row.
func (scr *stageScreen) applyTeamTimesFailure(f *stageFailure, ref refusal) {
	form := scr.TeamTimes
	if form == nil {
		return
	}
	index := map[int]int{}
	for i, id := range f.teamRows {
		index[id] = i
	}
	field := regexp.MustCompile(`^teams\[(\d+)\]\.(time|hundredths|team|dropped.*)$`)
	for r := range form.Rows {
		row := &form.Rows[r]
		typed := f.teamTyped[row.ID]
		row.Time, row.Dropped = typed[0], typed[1]
		i, entered := index[row.ID]
		if !entered {
			continue
		}
		for name, msg := range ref.fields {
			m := field.FindStringSubmatch(name)
			if m == nil || m[1] != strconv.Itoa(i) {
				continue
			}
			if strings.HasPrefix(m[2], "dropped") {
				row.DroppedEr = msg
			} else {
				row.TimeErr = msg
			}
		}
	}
	if msg, ok := ref.fields["teams"]; ok {
		form.Error = msg
	} else if ref.fields == nil {
		form.Error = ref.message
	}
	scr.Focus = "team-times"
}
