package standing

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/views"
)

// FinishForm is the finish entry in the ruleset's time model.
type FinishForm struct {
	Model string
	// Ruleset is the tour's: its time model previews the groups (race.PreviewFinish).
	Ruleset *race.Ruleset
	Action  string
	Rows    []GroupRow
	Error   string
	// OutOfOrder says, in words, each group whose time places it ahead of a group typed before it
	// (race.OrderFinish); OrderError is the save's refusal until the order is confirmed, Confirmed
	// whether the director confirmed it.
	OutOfOrder []string
	OrderError string
	Confirmed  bool
	// tr speaks the viewer's language (English words when nil).
	tr *i18n.Localizer
}

// GroupRow is one finish group as typed or stored.
type GroupRow struct {
	N                                 int
	Turn, Square, Die, Sector, Riders string
	Preview                           []BibView
	Time                              string
	// First is the stage place of the group's first rider (race.OrderFinish; 0: no riders).
	First  int
	Errors map[string]string
}

// RetiredRow is a 2RUOTE rider over the fatigue limit after the previous stage.
type RetiredRow struct {
	Bib           int
	Name, Color   string
	Fatigue       int
	Limit, Before int
}

// TimeRow is one line of the finish placings.
type TimeRow struct {
	Place, Bib                   int
	Name, Team, Color, Time, Gap string
	Bonus                        string
	// Status replaces the place of a rider who crossed the line but left the race (OTL, DSQ).
	Status string
	// Href and TeamHref are the rider's and his team's pages ("": none; Names.Times).
	Href, TeamHref string
}

// StoredRow shows a stored finish group as form values.
func StoredRow(model string, g race.FinishGroup) GroupRow {
	row := GroupRow{Turn: strconv.Itoa(g.Turn), Riders: BibText(g.Riders)}
	switch model {
	case race.TimeModelCyclingParty:
		row.Square, row.Die = strconv.Itoa(g.Square), strconv.Itoa(g.Die)
	case race.TimeModelSectors:
		row.Turn, row.Sector = "", strconv.Itoa(g.Sector)
	}
	return row
}

// SpeakIn has the form say its words (the previews' problems) in l's language.
func (f *FinishForm) SpeakIn(l *i18n.Localizer) { f.tr = l }

// PadRows adds empty group rows: two after the stored ones, three in all at least.
func PadRows(rows []GroupRow) []GroupRow {
	want := max(len(rows)+2, 3)
	for len(rows) < want {
		rows = append(rows, GroupRow{})
	}
	for i := range rows {
		rows[i].N = i + 1
	}
	return rows
}

// FillPreviews fills each group's rider preview and its time as typed, the engine's answer
// (race.PreviewFinish) in words.
func (f *FinishForm) FillPreviews(block RidersBlock) {
	seen := map[int]bool{}
	for i := range f.Rows {
		r := &f.Rows[i]
		bibs, _ := ParseBibs(r.Riders, "")
		r.Preview = PreviewBibs(block, bibs, "finish", seen)
		r.Time = ""
	}
	if f.Ruleset == nil {
		return
	}
	previews, err := race.PreviewFinish(f.Ruleset, TypedGroups(f.Rows))
	if err != nil {
		return // a clock finish has no groups to time
	}
	order := race.OrderFinish(previews, RiderCounts(f.Rows))
	for i, p := range previews {
		f.Rows[i].Time = PreviewText(f.tr, p)
		f.Rows[i].First = order.First[i]
	}
	f.OutOfOrder = OutOfOrderTexts(f.tr, order)
}

// RiderCounts is the number of bibs typed in each row (what the row places, whatever they are).
func RiderCounts(rows []GroupRow) []int {
	out := make([]int, len(rows))
	for i, r := range rows {
		in := false
		for _, c := range r.Riders {
			if bibSeparator(c) {
				in = false
			} else if !in {
				in = true
				out[i]++
			}
		}
	}
	return out
}

// OutOfOrderTexts says, in l's language (English when l is nil), each group the engine places ahead
// of a group typed before it: "Group 2 (0:33) finishes ahead of group 1 (0:51), typed before it".
func OutOfOrderTexts(l *i18n.Localizer, order race.FinishOrder) []string {
	var out []string
	for _, o := range order.OutOfOrder {
		t, ahead := PreviewText(l, o.Time), PreviewText(l, o.AheadTime)
		if l == nil {
			out = append(out, fmt.Sprintf("Group %d (%s) finishes ahead of group %d (%s), typed before it.", o.Group, t, o.Ahead, ahead))
			continue
		}
		out = append(out, l.T("stage.order.ahead", "Group", o.Group, "Time", t, "Ahead", o.Ahead, "AheadTime", ahead))
	}
	return out
}

// TypedGroups are the rows as the engine previews them: each number as typed (an empty field, or one
// holding no whole number, is not typed), and whether riders are typed.
func TypedGroups(rows []GroupRow) []race.TypedGroup {
	out := make([]race.TypedGroup, len(rows))
	for i, r := range rows {
		out[i] = race.TypedGroup{Turn: typedNumber(r.Turn), Square: typedNumber(r.Square), Die: typedNumber(r.Die), Sector: typedNumber(r.Sector),
			HasRiders: strings.TrimSpace(r.Riders) != ""}
	}
	return out
}

// typedNumber reads one number of a group as typed.
func typedNumber(text string) race.TypedNumber {
	n, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil {
		return race.TypedNumber{}
	}
	return race.Typed(n)
}

// PreviewText is a group's preview in l's language (English when l is nil): a time, a turn, a gap
// behind the leading sector, "leading sector", or "" for nothing.
func PreviewText(l *i18n.Localizer, p race.GroupPreview) string {
	say := func(id, english string, pairs ...any) string {
		if l == nil {
			return english
		}
		return l.T(id, pairs...)
	}
	switch p.Kind {
	case race.PreviewTime:
		return views.Clock(p.Time)
	case race.PreviewTurn:
		return say("race.finish.turn_n", fmt.Sprintf("turn %d", p.Time), "N", p.Time)
	case race.PreviewBehind:
		return "+" + views.Clock(p.Time)
	case race.PreviewLeading:
		return say("race.finish.leading_sector", "leading sector")
	}
	return ""
}

// TimeRows turns the computed finish placings into table rows.
func TimeRows(st *store.RaceState, times []race.StageTime) []TimeRow {
	rs := &st.Tour.Ruleset
	out := make([]TimeRow, 0, len(times))
	for _, t := range times {
		r, _ := st.Tour.RiderByBib(t.Bib)
		team, _ := st.Tour.TeamByID(r.TeamID)
		row := TimeRow{Place: t.Place, Bib: t.Bib, Name: r.Name, Team: team.Name, Color: team.Color, Time: base.TimeText(rs, t.Time), Gap: base.GapText(rs, t.Time-times[0].Time)}
		if t.Bonus > 0 {
			row.Bonus = "−" + base.TimeText(rs, t.Bonus)
		}
		out = append(out, row)
	}
	return out
}

// FatigueRetiredBefore lists the 2RUOTE riders who retired for fatigue at the end of stage n-1: they
// do not start stage n.
func FatigueRetiredBefore(st *store.RaceState, n int) []RetiredRow {
	var out []RetiredRow
	for bib, e := range ExitsBefore(st, n) {
		if e.Fatigue == 0 || e.Stage != n-1 {
			continue
		}
		r, _ := st.Tour.RiderByBib(bib)
		t, _ := st.Tour.TeamByID(r.TeamID)
		out = append(out, RetiredRow{Bib: bib, Name: r.Name, Color: t.Color, Fatigue: e.Fatigue, Limit: race.FatigueLimit(&st.Tour), Before: n - 1})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Bib < out[j].Bib })
	return out
}

// FatigueRetiringIn lists the 2RUOTE riders whose fatigue recorded in stage n retires them at its end
// (race.RetiringAtEnd): placed in stage n, they do not start stage n+1.
func FatigueRetiringIn(st *store.RaceState, n int) []RetiredRow {
	if n < 1 || n > len(st.Results) {
		return nil
	}
	cur := st.Results[n-1]
	var out []RetiredRow
	for _, bib := range race.RetiringAtEnd(&st.Tour, cur) {
		r, _ := st.Tour.RiderByBib(bib)
		t, _ := st.Tour.TeamByID(r.TeamID)
		out = append(out, RetiredRow{Bib: bib, Name: r.Name, Color: t.Color, Fatigue: cur.Fatigue[bib], Limit: race.FatigueLimit(&st.Tour), Before: n})
	}
	return out
}

// AbandonRow is one recorded abandonment.
type AbandonRow struct {
	Bib                       int
	Name, Team, Color, Reason string
	// Status says how the rider left, in words with the official abbreviation ("did not start (DNS)").
	Status string
	// Href is the rider's page ("": none; Names.Abandons).
	Href string
}
