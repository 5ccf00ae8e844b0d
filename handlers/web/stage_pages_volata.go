package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
	"racedirector/views"
)

// volataScreen is the 2RUOTE sprint calculator (docs/rules.md §3.4): the riders in the sprint, left to
// right, their values, the computed order, and "use this order".
type volataScreen struct {
	TourID  uint
	N       int
	Open    bool
	Version int
	Kind    string
	Target  string
	Targets []choice
	// TargetLabel names the chosen target in the viewer's language.
	TargetLabel string
	Order       string
	Preview     []standing.BibView
	OrderError  string
	Rows        []volataRow
	Computed    bool
	Results     []volataResultRow
	Result      string
	Riders      standing.RidersBlock
	Thresholds  [2]int
}

// volataRow is one rider in the sprint with the values that count.
type volataRow struct {
	Bib                              int
	Name, Short, Color               string
	Sprint, Helpers, Fatigue, Tokens string
	Error                            string
}

// volataResultRow is one place of the computed sprint.
type volataResultRow struct {
	Rank, Bib, Value int
	Name, Color      string
}

// VolataPage is the volata calculator: a GET form, so it works without JavaScript and stores nothing.
func (h *Handler) VolataPage(c echo.Context) error {
	id, n, err := base.StageParams(c)
	if err != nil {
		return err
	}
	v, st, err := h.StoreFor(c).GetStage(id, n)
	if err != nil {
		return err
	}
	rs, l := st.Tour.Ruleset, h.Tr(c)
	if rs.Volata == nil {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("race.volata.none_f", rs.NameIn(l.Lang())))
	}
	q := c.QueryParams()
	scr := volataScreen{TourID: id, N: n, Open: v.State == race.StateOpen, Version: v.Version, Riders: standing.RidersOf(st, n),
		Target: q.Get("target"), Kind: q.Get("kind"), Order: strings.TrimSpace(q.Get("order"))}
	scr.Thresholds = [2]int{rs.Volata.FinishFatigue, rs.Volata.SprintFatigue}
	scr.Targets = append(scr.Targets, choice{"finish", l.T("race.volata.target_finish")})
	for _, s := range v.Sprints {
		scr.Targets = append(scr.Targets, choice{fmt.Sprintf("sprint-%d", s.Index), l.T("race.volata.target_sprint", "N", s.Index, "Where", fmt.Sprintf("%s %d", base.SquareWordIn(l, &rs), s.At))})
	}
	for _, cl := range v.Climbs {
		scr.Targets = append(scr.Targets, choice{fmt.Sprintf("climb-%d", cl.Index), l.T("race.volata.target_climb", "N", cl.Index, "Category", base.ClimbNameIn(l, &rs, cl.Category))})
	}
	if scr.Target == "" {
		scr.Target = "finish"
	}
	if scr.Kind != race.VolataFinish && scr.Kind != race.VolataSprint {
		scr.Kind = race.VolataFinish
		if scr.Target != "finish" {
			scr.Kind = race.VolataSprint
		}
	}
	status := http.StatusOK
	bibs, err := standing.ParseBibs(scr.Order, "order")
	if err != nil {
		scr.OrderError, status = views.Sentence(h.Tr(c).Say(err.(*refuse.ValidationError).Reason("order"))), http.StatusUnprocessableEntity
	}
	scr.Preview = standing.PreviewBibs(scr.Riders, bibs, "finish", nil)
	for _, b := range scr.Preview {
		if b.Problem.Format != "" {
			scr.OrderError, status = l.T("race.bib_n", "Bib", b.Bib)+": "+l.Say(b.Problem), http.StatusUnprocessableEntity
		}
	}
	if scr.OrderError == "" && len(bibs) > 0 {
		status = scr.fillRows(q, st.Results[n-1], bibs, func(bib int) (race.Rider, race.Team) {
			r, _ := st.Tour.RiderByBib(bib)
			t, _ := st.Tour.TeamByID(r.TeamID)
			return r, t
		}, rs, l)
	}
	for _, t := range scr.Targets {
		if t.Value == scr.Target {
			scr.TargetLabel = t.Label
		}
	}
	p := views.Page{Title: l.T("race.volata.page_title", "N", n, "Tour", st.Tour.Name), Section: "tours", TourNav: h.TourNav(st, "advantages", n), Data: scr}
	if status != http.StatusOK {
		p.Error = l.T("race.volata.not_computed")
	}
	return h.Render(c, status, "stage_volata", p)
}

// fillRows reads each sprinting rider's values (prefilled from his card and the stage's fatigue) and,
// when asked, computes the order.
func (scr *volataScreen) fillRows(q url.Values, cur race.StageResult, bibs []int, rider func(int) (race.Rider, race.Team), rs race.Ruleset, l *i18n.Localizer) int {
	status := http.StatusOK
	var entries []race.VolataEntry
	for _, bib := range bibs {
		r, t := rider(bib)
		row := volataRow{Bib: bib, Name: r.Name, Short: t.Short, Color: t.Color}
		get := func(key, def string) string {
			if v, ok := q[fmt.Sprintf("%s_%d", key, bib)]; ok && len(v) > 0 {
				return strings.TrimSpace(v[0])
			}
			return def
		}
		card := ""
		if s, ok := r.Attributes["volata"]; ok {
			card = strconv.Itoa(s)
		}
		fat := ""
		if f, ok := cur.Fatigue[bib]; ok {
			fat = strconv.Itoa(f)
		}
		row.Sprint, row.Helpers, row.Fatigue, row.Tokens = get("s", card), get("h", "0"), get("f", fat), get("t", "0")
		e := race.VolataEntry{Bib: bib}
		var bad []string
		for _, f := range []struct {
			name, text string
			dst        *int
			lo, hi     int
		}{{l.T("race.volata.sprint_value"), row.Sprint, &e.Sprint, 0, 20}, {l.T("race.volata.helpers"), row.Helpers, &e.Helpers, 0, 8}, {l.T("race.volata.fatigue"), row.Fatigue, &e.Fatigue, 0, race.MaxFatigue}, {l.T("race.volata.tokens"), row.Tokens, &e.Tokens, 0, 9}} {
			if f.text == "" {
				continue
			}
			v, err := strconv.Atoi(f.text)
			if err != nil || v < f.lo || v > f.hi {
				bad = append(bad, l.T("race.volata.range", "Name", f.name, "Lo", f.lo, "Hi", f.hi))
				continue
			}
			*f.dst = v
		}
		if len(bad) > 0 {
			row.Error, status = strings.Join(bad, "; "), http.StatusUnprocessableEntity
		}
		entries = append(entries, e)
		scr.Rows = append(scr.Rows, row)
	}
	if q.Get("compute") == "" || status != http.StatusOK {
		return status
	}
	scr.Computed = true
	var order []int
	for _, res := range race.Volata(rs, scr.Kind, entries) {
		r, t := rider(res.Bib)
		scr.Results = append(scr.Results, volataResultRow{Rank: res.Rank, Bib: res.Bib, Value: res.Value, Name: r.Name, Color: t.Color})
		order = append(order, res.Bib)
	}
	scr.Result = standing.BibText(order)
	return status
}

// UseVolataOrderPage is "Use this order": it stores a computed volata order at once, in one
// transaction with the stale-form check (_version), in the finish's leading sector (target "finish")
// or as the crossing order of an intermediate (TV) or mountain (GPM) sprint ("sprint-k", "climb-k"),
// and goes back to the stage screen saying what it stored. Refused, the stage screen shows the order
// in its entry with the reason, and nothing is stored.
func (h *Handler) UseVolataOrderPage(c echo.Context) error {
	id, n, version, err := stageForm(c)
	if err != nil {
		return err
	}
	target, text := strings.TrimSpace(c.FormValue("target")), strings.TrimSpace(c.FormValue("order"))
	order, perr := standing.ParseBibs(text, "order")
	if perr == nil && len(order) == 0 {
		perr = refuse.Invalid("order", "is empty: compute the volata first") // an empty order would clear the entry
	}
	if target == "finish" {
		f, sector := race.Finish{}, 0
		err = perr
		if err == nil {
			f, sector, err = h.StoreFor(c).SetLeadingSector(id, n, version, order)
		}
		if err != nil {
			if len(f.Groups) == 0 && perr == nil {
				// Refused before the order was put in (a stale form): show it on the finish as it is now.
				if v, _, gerr := h.StoreFor(c).GetStage(id, n); gerr == nil {
					f, _ = race.WithLeadingSector(v.Results.Finish, order)
				}
			}
			fail := &stageFailure{Form: "finish", Err: err}
			for i, g := range f.Groups {
				fail.Rows = append(fail.Rows, standing.StoredRow(race.TimeModelSectors, g))
				fail.rowOf = append(fail.rowOf, i)
			}
			return h.renderStage(c, id, n, fail)
		}
		return base.Redirect(c, base.StageURL(id, n), h.Tr(c).T("race.flash.volata_finish", "Sector", sectorText(h.Tr(c), sector), "Bibs", standing.BibText(order)))
	}
	kind, k := volataTarget(target)
	if kind == "" {
		return refuse.Invalid("target", "must be the finish, a sprint or a climb of the stage")
	}
	err = perr
	if err == nil && kind == "sprint" {
		err = h.StoreFor(c).SetSprint(id, n, k, version, order)
	} else if err == nil {
		err = h.StoreFor(c).SetClimb(id, n, k, version, order)
	}
	if err != nil {
		return h.renderStage(c, id, n, &stageFailure{Form: kind, Index: k, Text: text, Err: err})
	}
	return base.Redirect(c, base.StageURL(id, n), h.Tr(c).T("race.flash.volata_"+kind, "N", k, "Bibs", standing.BibText(order)))
}

// volataTarget reads a volata target "sprint-k" or "climb-k" (kind "" when it is neither).
func volataTarget(target string) (string, int) {
	kind, num, ok := strings.Cut(target, "-")
	k, err := strconv.Atoi(num)
	if !ok || err != nil || k < 1 || (kind != "sprint" && kind != "climb") {
		return "", 0
	}
	return kind, k
}

// sectorText names a 2RUOTE sector: "the group" for 0, "+2" ahead, "−1" behind.
func sectorText(l *i18n.Localizer, s int) string {
	switch {
	case s == 0:
		return l.T("race.volata.the_group")
	case s > 0:
		return fmt.Sprintf("+%d", s)
	}
	return fmt.Sprintf("−%d", -s)
}
