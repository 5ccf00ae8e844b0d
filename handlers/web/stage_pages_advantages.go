package web

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
	"racedirector/views"
)

// advantagesScreen is the advantages page of a stage (docs/rules.md §1.6, §2.5, §2.6, §3.6).
type advantagesScreen struct {
	// Word is the game's own word for the page (base.IncidentsWordIn).
	Word        string
	TourID      uint
	N           int
	State       string
	Open        bool
	Version     int
	Ruleset     *race.Ruleset
	Teams       []teamAllow
	Forms       []advForm
	Uses        []useRow
	Effort      *effortSection
	Weather     *weatherForm
	Combativity *advForm
	LostTurns   *lostTurnSection
	Fatigue     *fatigueSection
	Volata      bool
	Riders      standing.RidersBlock
	Focus       string
	// WeatherOptions and LostReasons are the choices of the Ciclismo a fondo selects.
	WeatherOptions []choice
	LostReasons    []choice
}

// choice is one option of a select.
type choice struct {
	Value, Label string
}

// teamAllow is what one team has used and has left.
type teamAllow struct {
	Name, Short, Color string
	Items              []race.AllowanceItem
}

// advForm is the form recording one kind of advantage use (or another single-rider entry).
type advForm struct {
	Kind, Name, Hint, ID, Action string
	Bib                          string
	Preview                      []standing.BibView
	Turn, Variant, Climb, Points string
	Reason                       string
	// TurnHint says when the turn is needed.
	TurnHint           string
	HasTurn, HasPoints bool
	Variants           []string
	Climbs             []climbOption
	// Choices, when set, limits the rider to those allowed (the sprinter, the leader).
	Choices  []diceOption
	Errors   map[string]string
	Error    string
	Disabled string
}

// climbOption is one climb an advantage may be used on.
type climbOption struct {
	Index int
	Label string
}

// useRow is one recorded advantage use.
type useRow struct {
	Pos                 int
	Kind, Name          string
	Bib                 int
	Rider, Color, Short string
	Detail              string
}

// effortSection is the Ciclismo a fondo effort points of every rider still racing.
type effortSection struct {
	Rows []effortRow
	Form advForm
}

// effortRow is one rider's effort points.
type effortRow struct {
	Bib                       int
	Name, Short, Color, Role  string
	Allowance, Spent, Balance int
}

// weatherForm is the four weather rolls of a Ciclismo a fondo stage.
type weatherForm struct {
	Rolls  []weatherRoll
	Errors map[string]string
	Error  string
}

// weatherRoll is one weather roll.
type weatherRoll struct {
	I            int
	Label, Value string
}

// lostTurnSection lists the turns lost in the stage and records more.
type lostTurnSection struct {
	List []lostTurnRow
	Form advForm
}

// lostTurnRow is one recorded lost turn.
type lostTurnRow struct {
	Bib                        int
	Name, Color, Reason, Turns string
	// Out says this was the rider's second crash of the stage: he left the race.
	Out bool
}

// fatigueSection is the 2RUOTE fatigue of each rider at the end of the stage.
type fatigueSection struct {
	Limit  int
	Rows   []fatigueRow
	Error  string
	Errors map[string]string
}

// fatigueRow is one rider's fatigue entry.
type fatigueRow struct {
	Bib                int
	Name, Short, Color string
	Value, Error       string
	Retired            bool
}

// advFailure is a refused advantages-page form with what was typed.
type advFailure struct {
	Form    string
	Values  map[string]string
	Weather []string
	Fatigue map[int]string
	Err     error
}

// AdvantagesPage shows what each team has used and has left, and records uses.
func (h *Handler) AdvantagesPage(c echo.Context) error {
	id, n, err := base.StageParams(c)
	if err != nil {
		return err
	}
	return h.renderAdvantages(c, id, n, nil)
}

// renderAdvantages builds and renders the advantages page, with a refused form shown when fail is set.
func (h *Handler) renderAdvantages(c echo.Context, id uint, n int, fail *advFailure) error {
	v, st, err := h.StoreFor(c).GetStage(id, n)
	if err != nil {
		return err
	}
	l := h.Tr(c)
	scr := buildAdvantages(l, st, v)
	status := http.StatusOK
	p := views.Page{Title: l.T("out.adv.page_title", "Word", base.IncidentsWordIn(l, &st.Tour.Ruleset), "N", n, "Tour", st.Tour.Name), Section: "tours", TourNav: h.TourNav(st, "advantages", n)}
	if fail != nil {
		ref, ok := classifyRefusal(fail.Err, l)
		if !ok {
			return fail.Err
		}
		status = ref.status
		p.Error = ref.message
		if scr.applyFailure(fail, ref) && ref.status == http.StatusConflict {
			p.Error = "" // a stale page is said once, beside the form sent
		}
	}
	p.Data = scr
	return h.Render(c, status, "advantages", p)
}

// buildAdvantages turns a stage and the tour's state into the advantages page, in l's language.
func buildAdvantages(l *i18n.Localizer, st *store.RaceState, v store.StageView) *advantagesScreen {
	rs := &st.Tour.Ruleset
	n := v.Number
	advURL := base.AdvantagesURL(st.TourID, n)
	stageBase := base.StageURL(st.TourID, n)
	cur := st.Results[n-1]
	scr := &advantagesScreen{TourID: st.TourID, N: n, State: v.State, Open: v.State == race.StateOpen, Version: v.Version,
		Ruleset: rs, Riders: standing.RidersOf(st, n), Volata: rs.Volata != nil, Word: base.IncidentsWordIn(l, rs)}
	for _, ta := range race.Allowances(&st.Tour, st.Prior(n), cur) {
		t, _ := st.Tour.TeamByID(ta.TeamID)
		items := slices.DeleteFunc(slices.Clone(ta.Items), func(it race.AllowanceItem) bool {
			return it.Kind == race.AdvEffort || it.Limit == 0 && it.Used == 0 // none in this tour: no "0 / 0" row
		})
		for i := range items {
			items[i].Name, items[i].Scope = allowanceNameIn(l, rs, v, items[i]), l.T("race.scope."+items[i].Scope)
		}
		scr.Teams = append(scr.Teams, teamAllow{Name: t.Name, Short: t.Short, Color: t.Color, Items: items})
	}
	gone := standing.OutOf(st, n)
	for _, rule := range rs.Advantages {
		if rule.Kind == race.AdvEffort {
			continue
		}
		f := advForm{Kind: rule.Kind, Name: base.UseNameIn(l, rs, rule.Kind), ID: "adv-" + rule.Kind, Action: advURL,
			HasTurn: rule.PerRiderPerTurn > 0 || rule.PerTeamPerTurn > 0 || rule.NotAfterFinish, Variants: rule.Variants}
		if rule.NotAfterFinish {
			f.TurnHint = l.T("race.adv.turn_hint")
		}
		if len(f.Variants) > 0 {
			f.Variant = f.Variants[0]
		}
		if rule.Role != "" {
			f.Hint = l.T("race.adv.only_role", "Role", base.RoleWordIn(l, rs, rule.Role))
			for _, t := range st.Tour.Teams {
				for _, r := range t.Riders {
					if _, out := gone[r.Bib]; !out && r.Role == rule.Role {
						f.Choices = append(f.Choices, diceOption{Bib: r.Bib, Label: fmt.Sprintf("%d %s (%s)", r.Bib, r.Name, t.Short)})
					}
				}
			}
		}
		if len(rule.ClimbCategories) > 0 || len(rule.PerClimb) > 0 {
			for _, cl := range v.Climbs {
				if slices.Contains(rule.ClimbCategories, cl.Category) || rule.PerClimb[cl.Category] > 0 {
					f.Climbs = append(f.Climbs, climbOption{Index: cl.Index, Label: l.T("race.climb.title", "N", cl.Index, "Category", base.ClimbNameIn(l, rs, cl.Category)) + fmt.Sprintf(" (%s %d–%d)", base.SquareWordIn(l, rs), cl.Start, cl.End)})
				}
			}
			if len(f.Climbs) == 0 {
				f.Disabled = l.T("race.adv.no_climb")
			}
		}
		scr.Forms = append(scr.Forms, f)
	}
	for i, u := range cur.Advantages {
		r, _ := st.Tour.RiderByBib(u.Bib)
		t, _ := st.Tour.TeamByID(r.TeamID)
		scr.Uses = append(scr.Uses, useRow{Pos: i + 1, Kind: u.Kind, Name: base.UseNameIn(l, rs, u.Kind), Bib: u.Bib, Rider: r.Name,
			Color: t.Color, Short: t.Short, Detail: base.UseDetailIn(l, u)})
	}
	if rs.Effort != nil {
		scr.Effort = effortOf(l, st, n)
		scr.Effort.Form = advForm{Kind: race.AdvEffort, Name: l.T("race.adv.spend_effort"), ID: "adv-effort", Action: advURL, HasPoints: true}
		if _, rain := race.EffortForbidden(rs, cur.Weather); rain {
			scr.Effort.Form.Disabled = l.T("out.sum.no_effort", "Weather", l.Say(race.WeatherWord(rs.NoEffortWeather())))
		}
		for _, w := range rs.Weathers {
			scr.WeatherOptions = append(scr.WeatherOptions, choice{w, l.Say(race.WeatherWord(w))})
		}
		for _, lr := range rs.LostTurnReasons {
			scr.LostReasons = append(scr.LostReasons, choice{lr.ID, lostReason(l, lr.ID)})
		}
		scr.Weather = &weatherForm{}
		for i, roll := range rs.WeatherRolls {
			w := weatherRoll{I: i, Label: l.Say(race.WeatherRollWord(roll))}
			if i < len(cur.Weather) {
				w.Value = cur.Weather[i]
			}
			scr.Weather.Rolls = append(scr.Weather.Rolls, w)
		}
		scr.LostTurns = &lostTurnSection{Form: advForm{Kind: "lost_turn", Name: l.T("race.adv.turns_lost"), ID: "lost", Action: stageBase + "/lost-turns", Turn: "1"}}
		if len(rs.LostTurnReasons) > 0 {
			scr.LostTurns.Form.Reason = rs.LostTurnReasons[0].ID
		}
		for i, lt := range cur.LostTurns {
			r, _ := st.Tour.RiderByBib(lt.Bib)
			t, _ := st.Tour.TeamByID(r.TeamID)
			row := lostTurnRow{Bib: lt.Bib, Name: r.Name, Color: t.Color, Reason: lostReason(l, lt.Reason), Turns: l.N("race.words.turn", lt.Turns)}
			row.Out = race.SecondCrash(rs, race.StageResult{LostTurns: cur.LostTurns[:i]}, lt)
			scr.LostTurns.List = append(scr.LostTurns.List, row)
		}
	}
	if rs.StageCombativity {
		scr.Combativity = &advForm{Kind: "combativity", Name: l.T("race.adv.combativity"), ID: "combativity", Action: stageBase + "/combativity"}
		if cur.Combativity != 0 {
			scr.Combativity.Bib = strconv.Itoa(cur.Combativity)
			scr.Combativity.Preview = standing.PreviewBibs(scr.Riders, []int{cur.Combativity}, race.EntryRider, nil)
		}
	}
	if rs.Fatigue != nil {
		scr.Fatigue = fatigueOf(st, n, cur)
	}
	scr.Focus = ""
	return scr
}

// lostReason names a lost-turn reason in words, in l's language (race.LostTurnWord).
func lostReason(l *i18n.Localizer, r string) string { return l.Say(race.LostTurnWord(r)) }

// allowanceNameIn names an allowance row in l's language: the advantage, and for a per-climb one
// the climb ("Doble tirada, puerto 2 (Primera categoría)").
func allowanceNameIn(l *i18n.Localizer, rs *race.Ruleset, v store.StageView, it race.AllowanceItem) string {
	name := base.UseNameIn(l, rs, it.Kind)
	if it.Scope != race.ScopeClimb {
		return name
	}
	for _, cl := range v.Climbs {
		if cl.Index == it.Climb {
			return name + ", " + l.T("race.adv.climb_n", "N", cl.Index) + " (" + base.ClimbNameIn(l, rs, cl.Category) + ")"
		}
	}
	return name + ", " + l.T("race.adv.climb_n", "N", it.Climb)
}

// effortOf lists each rider's effort points in stage n: the engine's ledger (race.EffortLedger, the effort
// sheet's too) of the riders racing in it.
func effortOf(l *i18n.Localizer, st *store.RaceState, n int) *effortSection {
	rs := &st.Tour.Ruleset
	ledger := map[int]race.EffortLine{}
	for _, line := range race.EffortLedger(&st.Tour, st.Results, n) {
		ledger[line.Bib] = line
	}
	sec := &effortSection{}
	for _, t := range st.Tour.Teams {
		for _, r := range t.Riders {
			line := ledger[r.Bib]
			if len(line.Stages) < n || !line.Stages[n-1].Racing {
				continue
			}
			in := line.Stages[n-1]
			sec.Rows = append(sec.Rows, effortRow{Bib: r.Bib, Name: r.Name, Short: t.Short, Color: t.Color, Role: base.RoleWordIn(l, rs, r.Role),
				Allowance: line.Allowance, Spent: in.Spent, Balance: in.InStage})
		}
	}
	return sec
}

// fatigueOf lists each starting rider's fatigue entry in stage n, flagging retirements.
func fatigueOf(st *store.RaceState, n int, cur race.StageResult) *fatigueSection {
	sec := &fatigueSection{Limit: race.FatigueLimit(&st.Tour)}
	retired := race.FatigueRetired(&st.Tour, cur)
	gone := standing.ExitsBefore(st, n)
	for _, t := range st.Tour.Teams {
		for _, r := range t.Riders {
			if _, out := gone[r.Bib]; out {
				continue
			}
			row := fatigueRow{Bib: r.Bib, Name: r.Name, Short: t.Short, Color: t.Color, Retired: slices.Contains(retired, r.Bib)}
			if f, ok := cur.Fatigue[r.Bib]; ok {
				row.Value = strconv.Itoa(f)
			}
			sec.Rows = append(sec.Rows, row)
		}
	}
	return sec
}
