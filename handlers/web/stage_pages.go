package web

import (
	"fmt"
	"net/http"
	"sort"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
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
	Finish     standing.FinishForm
	Abandons   []standing.AbandonRow
	Abandon    abandonForm
	Retired    []standing.RetiredRow
	// Incidents sums up the game's incidents of the stage, linked to the page recording them (nil: none).
	Incidents *incidentsBox
	// Retiring are the riders whose fatigue recorded in this stage retires them at its end (2RUOTE).
	Retiring   []standing.RetiredRow
	Missing    []string
	CloseError string
	History    []historyRow
	MoreLines  int
	UndoWhat   string
	UndoError  string
	CanReopen  bool
	Riders     standing.RidersBlock
	Times      []standing.TimeRow
	Focus      string
	Volata     bool
	// Length says the stage's length in the ruleset's squares ("217 km", "10 terrain cards").
	Length string
	// Fatigue says the ruleset records fatigue at the end of the stage (2RUOTE).
	Fatigue bool
	// Bonuses says some placing carries a time bonus.
	Bonuses bool
	// BonusNote says where a real race's stage bonuses come from: entered with the finish, or the tables.
	BonusNote string
	// TeamTimes is a real race's team time trial entered per team (nil in other stages).
	TeamTimes *teamTimesForm
	// Jury is a real race's jury section: time limit, reinstatements, penalties, combativity.
	Jury *juryPanel
	// ClockError says why an uploaded clock finish was refused (uci-road).
	ClockError *clockProblems
	// PublishedText is a refused pasted result, as pasted; PublishedError says why (uci-road).
	PublishedText  string
	PublishedError *clockProblems
	// FollowCode and TourVersion let the screen follow the tour's live changes (live.js): another
	// device's change puts the screen read again in place.
	FollowCode  string
	TourVersion int64
	// Panel is the profile, its legend and the bib grid kept in view beside the entries.
	Panel stagePanel
	// Adv records advantage uses on the stage screen itself (nil: the game has none, or the stage is
	// not open).
	Adv *advantagesScreen
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
	Preview []standing.BibView
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

// abandonForm is the abandonment entry; a real race also asks how the rider left (Statuses, Status).
type abandonForm struct {
	Bib, Reason string
	Preview     []standing.BibView
	Errors      map[string]string
	Error       string
	Status      string
	Statuses    []statusOption
}

// statusOption is one way of leaving the race offered by the abandonment form.
type statusOption struct{ Value, Label string }

// stageFailure is a refused stage-screen form: which one, what was typed, and why.
type stageFailure struct {
	Form   string
	Index  int
	Text   string
	Reason string
	// Status is the abandonment's status as chosen (real races).
	Status string
	Rows   []standing.GroupRow
	rowOf  []int
	// teamTyped is what was typed in each team's row of a refused per-team entry (time, dropped), by
	// team id; teamRows the team id of each team entered, by its place in the finish.
	teamTyped map[int][2]string
	teamRows  []int
	// juryValues is what was typed in a refused jury form (Text names the form).
	juryValues map[string]string
	// adv is a refused advantage use sent from the stage screen.
	adv *advFailure
	// confirmed says the director confirmed a finish's groups out of typed order (confirm_order).
	confirmed bool
	// lines are the file lines of a refused clock upload's rows.
	lines []int
	Err   error
}

// StagePage shows the stage screen of stage n.
func (h *Handler) StagePage(c echo.Context) error {
	id, n, err := base.StageParams(c)
	if err != nil {
		return err
	}
	return h.renderStage(c, id, n, nil)
}

// renderStage builds and renders the stage screen; with a failure it shows the refused form with
// its typed values and messages (422 for a rule, 409 for a conflict) or returns other errors.
func (h *Handler) renderStage(c echo.Context, id uint, n int, fail *stageFailure) error {
	v, st, err := h.StoreFor(c).GetStage(id, n)
	if err != nil {
		return err
	}
	l := h.Tr(c)
	scr := h.buildStage(c, l, st, v)
	status := http.StatusOK
	p := views.Page{Title: l.T("race.stage.page_title", "N", n, "Tour", st.Tour.Name), Section: "tours", TourNav: h.TourNav(st, "stage", n)}
	if fail != nil {
		var ok bool
		status, ok = scr.applyFailure(fail, &p, l)
		if !ok {
			return fail.Err
		}
	}
	p.Data = scr
	return h.Render(c, status, "stage", p)
}

// buildStage turns a stage and the tour's state into the stage screen, in l's language.
func (h *Handler) buildStage(c echo.Context, l *i18n.Localizer, st *store.RaceState, v store.StageView) *stageScreen {
	rs := &st.Tour.Ruleset
	n := v.Number
	scr := &stageScreen{TourID: st.TourID, Tour: st.Tour.Name, N: n, Last: n == len(st.Tour.Stages), Stage: v, Ruleset: rs,
		TypeName: base.StageTypeNameIn(l, rs, v.Type), SquareWord: base.SquareWordIn(l, rs), Unit: base.UnitNameIn(l, rs),
		Open: v.State == race.StateOpen, Closed: v.State == race.StateClosed, Planned: v.State == race.StatePlanned,
		Current: st.Current, Version: v.Version, Riders: standing.RidersOf(st, n), Volata: rs.Volata != nil, Fatigue: rs.Fatigue != nil,
		Length: base.StageLengthIn(l, rs, v.Stage), FollowCode: st.FollowCode, TourVersion: st.Version}
	scr.CanReopen = scr.Closed && n == st.Closed
	res := v.Results
	var allowances []race.TeamAllowance
	if scr.Open {
		allowances = race.Allowances(&st.Tour, st.Prior(n), res)
	}
	for _, s := range v.Sprints {
		it := courseItem{Kind: "sprint", Index: s.Index, Title: l.T("race.sprint.title", "N", s.Index),
			Where: fmt.Sprintf("%s %d", scr.SquareWord, s.At), Scores: base.SprintScoresIn(l, rs), at: s.At,
			ID: fmt.Sprintf("sprint-%d", s.Index), Action: fmt.Sprintf("%s/sprints/%d", base.StageURL(st.TourID, n), s.Index)}
		it.setOrder(scr.Riders, res.Sprints[s.Index])
		scr.Items = append(scr.Items, it)
	}
	for _, cl := range v.Climbs {
		it := courseItem{Kind: "climb", Index: cl.Index, Where: fmt.Sprintf("%s %d–%d", scr.SquareWord, cl.Start, cl.End), at: cl.Start,
			ID: fmt.Sprintf("climb-%d", cl.Index), Action: fmt.Sprintf("%s/climbs/%d", base.StageURL(st.TourID, n), cl.Index)}
		it.Title, it.Scores = base.ClimbWordsIn(l, rs, cl)
		it.setOrder(scr.Riders, res.Climbs[cl.Index])
		if scr.Open {
			it.Dice = diceFor(l, st, n, cl, allowances)
		}
		scr.Items = append(scr.Items, it)
	}
	sort.SliceStable(scr.Items, func(i, j int) bool { return scr.Items[i].at < scr.Items[j].at })
	scr.Finish = standing.FinishForm{Model: rs.TimeModel, Ruleset: rs, Action: base.StageURL(st.TourID, n) + "/finish"}
	scr.Finish.SpeakIn(l)
	for _, g := range res.Finish.Groups {
		scr.Finish.Rows = append(scr.Finish.Rows, standing.StoredRow(rs.TimeModel, g))
	}
	scr.Finish.Rows = standing.PadRows(scr.Finish.Rows)
	scr.Finish.FillPreviews(scr.Riders)
	for _, a := range res.Abandons {
		r, _ := st.Tour.RiderByBib(a.Bib)
		t, _ := st.Tour.TeamByID(r.TeamID)
		row := standing.AbandonRow{Bib: a.Bib, Name: r.Name, Team: t.Name, Color: t.Color, Reason: l.Say(race.ReasonWords(a.Reason))}
		if a.Status != "" {
			row.Status = base.StatusNameIn(l, a.Status) + " (" + a.Status + ")"
		}
		scr.Abandons = append(scr.Abandons, row)
	}
	if rs.OfficialResults {
		for _, s := range race.Statuses() {
			scr.Abandon.Statuses = append(scr.Abandon.Statuses, statusOption{Value: s, Label: base.UpperFirst(base.StatusNameIn(l, s)) + " (" + s + ")"})
		}
	}
	scr.Times = append(standing.TimeRows(st, v.Times), outTimeRows(st, res, v.OutTimes, v.Times)...)
	for _, t := range scr.Times {
		scr.Bonuses = scr.Bonuses || t.Bonus != ""
	}
	if rs.TimeModel == race.TimeModelClock {
		scr.BonusNote = base.BonusNoteIn(l, rs, st.Tour.Stages[n-1], res.Finish)
		scr.TeamTimes = newTeamTimesForm(st, n, res)
		scr.Jury = newJuryPanel(l, st, n, res)
	}
	scr.Retired = standing.FatigueRetiredBefore(st, n)
	scr.Retiring = standing.FatigueRetiringIn(st, n)
	if !scr.Planned {
		scr.Incidents = newIncidentsBox(l, st, n, scr.Open)
	}
	if lines, err := h.StoreFor(c).History(st.TourID, n); err == nil {
		scr.UndoWhat = undoWhat(l, rs, lines)
		if len(lines) > 6 {
			scr.MoreLines = len(lines) - 6
			lines = lines[:6]
		}
		scr.History = historyRows(l, rs, lines)
	}
	scr.Panel = newStagePanel(l, st, v, scr.Riders)
	if scr.Open {
		scr.Adv = stageAdvantages(l, st, v)
		scr.Focus = scr.firstEmpty()
	}
	return scr
}

// setOrder fills an item's entry from a stored crossing order.
func (it *courseItem) setOrder(block standing.RidersBlock, order []int) {
	it.Value = standing.BibText(order)
	it.Preview = standing.PreviewBibs(block, order, "order", nil)
}

// diceFor builds the double-throw button of a climb, or nil when the ruleset gives none on it.
func diceFor(l *i18n.Localizer, st *store.RaceState, n int, cl race.Climb, allowances []race.TeamAllowance) *diceForm {
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
	gone := standing.OutOf(st, n)
	d := &diceForm{Name: rule.NameIn(l.Lang())}
	if d.Name == "" {
		d.Name = base.UseNameIn(l, &st.Tour.Ruleset, race.AdvDoubleThrow)
	}
	for _, t := range st.Tour.Teams {
		for _, r := range t.Riders {
			if _, out := gone[r.Bib]; out || (rule.Role != "" && r.Role != rule.Role) {
				continue
			}
			d.Options = append(d.Options, diceOption{Bib: r.Bib, Label: l.T("race.stage.dice_option", "Bib", r.Bib, "Name", r.Name, "Short", t.Short, "Left", left[t.ID])})
		}
	}
	return d
}

// firstEmpty is the id of the first entry still empty, in course order, then the finish.
func (scr *stageScreen) firstEmpty() string {
	for _, it := range scr.Items {
		if it.Value == "" {
			return it.ID
		}
	}
	if scr.Finish.Model == race.TimeModelClock {
		return ""
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
