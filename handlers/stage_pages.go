package handlers

import (
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/views"
)

// stageScreen is what the stage screen shows: the course in order with its result entries,
// the finish, abandonments, End stage, history.
type stageScreen struct {
	TourID     uint
	Tour       string
	N          int
	Last       bool
	Stage      store.StageView
	TypeName   string
	Ruleset    *race.Ruleset
	SquareWord string
	Unit       string
	Open       bool
	Closed     bool
	Planned    bool
	Current    int
	Version    int
	Items      []courseItem
	Finish     finishForm
	Abandons   []abandonRow
	Abandon    abandonForm
	Retired    []retiredRow
	Missing    []string
	CloseError string
	History    []store.HistoryLine
	MoreLines  int
	UndoWhat   string
	UndoError  string
	CanReopen  bool
	Riders     ridersBlock
	Times      []timeRow
	Focus      string
	Volata     bool
	// Length says the stage's length in the ruleset's squares ("217 km", "10 terrain cards").
	Length string
	// Fatigue says the ruleset records fatigue at the end of the stage (2RUOTE).
	Fatigue bool
	// Bonuses says some placing carries a time bonus.
	Bonuses bool
}

// courseItem is one intermediate sprint or climb with its crossing-order entry.
type courseItem struct {
	Kind    string
	Index   int
	Title   string
	Where   string
	Scores  string
	ID      string
	Action  string
	Value   string
	Preview []bibView
	Error   string
	Dice    *diceForm
	at      int
}

// diceForm is the "double throw" button beside a climb that allows it.
type diceForm struct {
	Name    string
	Options []diceOption
	Value   string
	Error   string
}

// diceOption is one rider who may take a double throw on the climb.
type diceOption struct {
	Bib   int
	Label string
}

// finishForm is the finish entry in the ruleset's time model.
type finishForm struct {
	Model  string
	Action string
	Rows   []groupRow
	Error  string
}

// groupRow is one finish group as typed or stored.
type groupRow struct {
	N                                 int
	Turn, Square, Die, Sector, Riders string
	Preview                           []bibView
	Time                              string
	Errors                            map[string]string
}

// abandonRow is one recorded abandonment.
type abandonRow struct {
	Bib                       int
	Name, Team, Color, Reason string
}

// abandonForm is the abandonment entry.
type abandonForm struct {
	Bib, Reason string
	Preview     []bibView
	Errors      map[string]string
	Error       string
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
}

// stageFailure is a refused stage-screen form: which one, what was typed, and why.
type stageFailure struct {
	Form   string
	Index  int
	Text   string
	Reason string
	Rows   []groupRow
	rowOf  []int
	Err    error
}

// StagePage shows the stage screen of stage n.
func (h *Handler) StagePage(c echo.Context) error {
	id, n, err := stageParams(c)
	if err != nil {
		return err
	}
	return h.renderStage(c, id, n, nil)
}

// renderStage builds and renders the stage screen; with a failure it shows the refused form with
// its typed values and messages (422 for a rule, 409 for a conflict) or returns other errors.
func (h *Handler) renderStage(c echo.Context, id uint, n int, fail *stageFailure) error {
	v, st, err := h.Store.GetStage(id, n)
	if err != nil {
		return err
	}
	scr := h.buildStage(st, v)
	if fill := c.QueryParam("fill"); fill != "" && fail == nil && scr.Open {
		scr.prefill(fill, c.QueryParam("order"))
	}
	status := http.StatusOK
	p := views.Page{Title: fmt.Sprintf("Stage %d — %s", n, st.Tour.Name), Section: "tours", TourNav: h.tourNav(st, "stage", n)}
	if fail != nil {
		var ok bool
		status, ok = scr.applyFailure(fail, &p)
		if !ok {
			return fail.Err
		}
	}
	p.Data = scr
	return h.render(c, status, "stage", p)
}

// buildStage turns a stage and the tour's state into the stage screen.
func (h *Handler) buildStage(st *store.RaceState, v store.StageView) *stageScreen {
	rs := &st.Tour.Ruleset
	n := v.Number
	scr := &stageScreen{TourID: st.TourID, Tour: st.Tour.Name, N: n, Last: n == len(st.Tour.Stages), Stage: v, Ruleset: rs,
		TypeName: stageTypeName(rs, v.Type), SquareWord: squareWord(rs), Unit: unitName(rs),
		Open: v.State == race.StateOpen, Closed: v.State == race.StateClosed, Planned: v.State == race.StatePlanned,
		Current: st.Current, Version: v.Version, Riders: ridersOf(st, n), Volata: rs.Volata != nil, Fatigue: rs.Fatigue != nil,
		Length: lengthText(rs, v.Length)}
	scr.CanReopen = scr.Closed && n == st.Closed
	res := v.Results
	var allowances []race.TeamAllowance
	if scr.Open {
		allowances = race.Allowances(&st.Tour, st.Prior(n), res)
	}
	for _, s := range v.Sprints {
		it := courseItem{Kind: "sprint", Index: s.Index, Title: fmt.Sprintf("Sprint %d", s.Index),
			Where: fmt.Sprintf("%s %d", scr.SquareWord, s.At), Scores: sprintScores(rs), at: s.At,
			ID: fmt.Sprintf("sprint-%d", s.Index), Action: fmt.Sprintf("%s/sprints/%d", stageURL(st.TourID, n), s.Index)}
		it.setOrder(scr.Riders, res.Sprints[s.Index])
		scr.Items = append(scr.Items, it)
	}
	for _, cl := range v.Climbs {
		it := courseItem{Kind: "climb", Index: cl.Index, Title: fmt.Sprintf("Climb %d — %s", cl.Index, climbName(rs, cl.Category)),
			Where: fmt.Sprintf("%s %d–%d", scr.SquareWord, cl.Start, cl.End), at: cl.Start,
			ID: fmt.Sprintf("climb-%d", cl.Index), Action: fmt.Sprintf("%s/climbs/%d", stageURL(st.TourID, n), cl.Index)}
		if cl.Name != "" {
			it.Title += " (" + cl.Name + ")"
		}
		if cat, ok := rs.ClimbCategory(cl.Category); ok {
			it.Scores = pointsText(cat.Points)
			if len(cat.Points) > 0 && len(rs.ClimbBonuses) > 0 {
				it.Scores += " · bonus " + tableText(rs.ClimbBonuses) + " " + unitWord(rs)
			}
		}
		it.setOrder(scr.Riders, res.Climbs[cl.Index])
		if scr.Open {
			it.Dice = diceFor(st, n, cl, allowances)
		}
		scr.Items = append(scr.Items, it)
	}
	sort.SliceStable(scr.Items, func(i, j int) bool { return scr.Items[i].at < scr.Items[j].at })
	scr.Finish = finishForm{Model: rs.TimeModel, Action: stageURL(st.TourID, n) + "/finish"}
	for _, g := range res.Finish.Groups {
		scr.Finish.Rows = append(scr.Finish.Rows, storedRow(rs.TimeModel, g))
	}
	scr.Finish.Rows = padRows(scr.Finish.Rows)
	scr.Finish.preview(scr.Riders)
	for _, a := range res.Abandons {
		r, _ := st.Tour.RiderByBib(a.Bib)
		t, _ := st.Tour.TeamByID(r.TeamID)
		scr.Abandons = append(scr.Abandons, abandonRow{Bib: a.Bib, Name: r.Name, Team: t.Name, Color: t.Color, Reason: a.Reason})
	}
	scr.Times = timeRows(st, v.Times)
	for _, t := range scr.Times {
		scr.Bonuses = scr.Bonuses || t.Bonus != ""
	}
	scr.Retired = fatigueRetiredBefore(st, n)
	if lines, err := h.Store.History(st.TourID, n); err == nil {
		for _, l := range lines {
			if scr.UndoWhat == "" && !l.Undone && l.Action != "undo" && l.Action != "close" && l.Action != "reopen" {
				scr.UndoWhat = l.Summary
			}
		}
		if len(lines) > 6 {
			scr.MoreLines = len(lines) - 6
			lines = lines[:6]
		}
		scr.History = lines
	}
	if scr.Open {
		scr.Focus = scr.firstEmpty()
	}
	return scr
}

// setOrder fills an item's entry from a stored crossing order.
func (it *courseItem) setOrder(block ridersBlock, order []int) {
	it.Value = bibText(order)
	it.Preview = previewBibs(block, order, "order", nil)
}

// pointsText describes a points table: "5, 3, 1 points".
func pointsText(points []int) string {
	if len(points) == 0 {
		return "no points"
	}
	return tableText(points) + " points"
}

// tableText writes a table of numbers: "5, 3, 1".
func tableText(table []int) string {
	out := ""
	for i, p := range table {
		if i > 0 {
			out += ", "
		}
		out += strconv.Itoa(p)
	}
	return out
}

// sprintScores says what an intermediate sprint gives in the ruleset.
func sprintScores(rs *race.Ruleset) string {
	var parts []string
	if len(rs.SprintPoints) > 0 {
		parts = append(parts, pointsText(rs.SprintPoints))
	}
	if len(rs.SprintRegularity) > 0 {
		parts = append(parts, tableText(rs.SprintRegularity)+" regularity points")
	}
	if len(rs.SprintBonuses) > 0 {
		parts = append(parts, "bonus "+tableText(rs.SprintBonuses)+" "+unitWord(rs))
	}
	if len(parts) == 0 {
		return "no points"
	}
	return strings.Join(parts, " · ")
}

// unitWord is the ruleset's time unit in words, for bonuses.
func unitWord(rs *race.Ruleset) string {
	if rs.TimeUnit == "turns" {
		return "turns"
	}
	return "s"
}

// lengthText says a stage's length in the ruleset's squares: "217 km", "10 terrain cards".
func lengthText(rs *race.Ruleset, n int) string {
	w := squareWord(rs)
	if n != 1 && w != "km" {
		w += "s"
	}
	return fmt.Sprintf("%d %s", n, w)
}

// diceFor builds the double-throw button of a climb, or nil when the ruleset gives none on it.
func diceFor(st *store.RaceState, n int, cl race.Climb, allowances []race.TeamAllowance) *diceForm {
	rule, ok := st.Tour.Ruleset.AdvantageRule(race.AdvDoubleThrow)
	if !ok || rule.PerClimb[cl.Category] == 0 {
		return nil
	}
	left := map[int]int{}
	for _, ta := range allowances {
		for _, it := range ta.Items {
			if it.Kind == race.AdvDoubleThrow && it.Climb == cl.Index {
				left[ta.TeamID] = it.Left
			}
		}
	}
	gone := outOf(st, n)
	d := &diceForm{Name: rule.Name}
	if d.Name == "" {
		d.Name = "Double throw"
	}
	for _, t := range st.Tour.Teams {
		for _, r := range t.Riders {
			if _, out := gone[r.Bib]; out || (rule.Role != "" && r.Role != rule.Role) {
				continue
			}
			d.Options = append(d.Options, diceOption{Bib: r.Bib, Label: fmt.Sprintf("%d %s (%s) — %d left", r.Bib, r.Name, t.Short, left[t.ID])})
		}
	}
	return d
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

// preview fills each group's rider preview and computed time.
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
			if e1 == nil && e2 == nil && e3 == nil && t >= 0 && s >= 1 && s <= race.TimeSquares && d >= 1 && d <= race.DieFaces {
				r.Time = views.Clock(race.CyclingPartySeconds(t, s, d))
			}
		case race.TimeModelTurns:
			if t, err := strconv.Atoi(r.Turn); err == nil && t >= 1 {
				r.Time = fmt.Sprintf("turn %d", t)
			}
		case race.TimeModelSectors:
			if s, err := strconv.Atoi(r.Sector); err == nil && hasLead && r.Riders != "" {
				r.Time = "+" + views.Clock((lead-s)*30)
				if lead == s {
					r.Time = "leading sector"
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
		out = append(out, retiredRow{Bib: bib, Name: r.Name, Color: t.Color, Fatigue: e.Fatigue, Limit: fatigueLimitOf(&st.Tour), Before: n - 1})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Bib < out[j].Bib })
	return out
}

// fatigueLimitOf is the 2RUOTE fatigue above which a rider retires (20, or 25 in the advanced game).
func fatigueLimitOf(t *race.Tour) int {
	limit, advanced := 20, 25
	if f := t.Ruleset.Fatigue; f != nil {
		if f.Limit > 0 {
			limit = f.Limit
		}
		if f.AdvancedLimit > 0 {
			advanced = f.AdvancedLimit
		}
	}
	if t.Advanced {
		return advanced
	}
	return limit
}

// firstEmpty is the id of the first entry still empty, in course order, then the finish.
func (scr *stageScreen) firstEmpty() string {
	for _, it := range scr.Items {
		if it.Value == "" {
			return it.ID
		}
	}
	for _, r := range scr.Finish.Rows {
		if r.Riders != "" {
			continue
		}
		switch {
		case scr.Finish.Model == race.TimeModelSectors && r.Sector == "":
			return fmt.Sprintf("g%d-sector", r.N)
		case (scr.Finish.Model == race.TimeModelCyclingParty || scr.Finish.Model == race.TimeModelTurns) && r.Turn == "":
			return fmt.Sprintf("g%d-turn", r.N)
		}
		return fmt.Sprintf("g%d-riders", r.N)
	}
	return "abandon-bib"
}

// prefill puts an order computed elsewhere (the 2RUOTE volata's "use this order") into an entry of
// the screen without saving it: target is "finish", "sprint-k" or "climb-k".
func (scr *stageScreen) prefill(target, order string) {
	bibs, err := parseBibs(order, "order")
	if err != nil || len(bibs) == 0 {
		return
	}
	if target != "finish" {
		for i := range scr.Items {
			if it := &scr.Items[i]; it.ID == target {
				it.Value = bibText(bibs)
				it.Preview = previewBibs(scr.Riders, bibs, "order", nil)
				scr.Focus = it.ID
			}
		}
		return
	}
	rows := scr.Finish.Rows
	best := -1
	for i, r := range rows {
		if r.Riders == "" {
			continue
		}
		s, _ := strconv.Atoi(r.Sector)
		if best < 0 || s > mustAtoi(rows[best].Sector) {
			best = i
		}
	}
	if best < 0 {
		best = 0
		if rows[0].Sector == "" {
			rows[0].Sector = "0"
		}
	}
	rows[best].Riders = bibText(bibs)
	scr.Finish.preview(scr.Riders)
	scr.Focus = fmt.Sprintf("g%d-riders", best+1)
}

func mustAtoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
