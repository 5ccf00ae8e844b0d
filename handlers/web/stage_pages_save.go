package web

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
)

// stageForm parses what every stage-screen form posts: the stage and the _version it was built from.
func stageForm(c echo.Context) (uint, int, int, error) {
	id, n, err := base.StageParams(c)
	if err != nil {
		return 0, 0, 0, err
	}
	version, err := formVersion(c)
	if err != nil {
		return 0, 0, 0, err
	}
	return id, n, version, nil
}

// saveOrder is the page twin of PUT sprints/{k} and climbs/{k}.
func (h *Handler) saveOrder(c echo.Context, kind string) error {
	id, n, version, err := stageForm(c)
	if err != nil {
		return err
	}
	k, err := base.IndexParam(c, kind)
	if err != nil {
		return err
	}
	text := c.FormValue("order")
	order, err := standing.ParseBibs(text, "order")
	if err == nil {
		if kind == "sprint" {
			err = h.StoreFor(c).SetSprint(id, n, k, version, order)
		} else {
			err = h.StoreFor(c).SetClimb(id, n, k, version, order)
		}
	}
	if err != nil {
		return h.renderStage(c, id, n, &stageFailure{Form: kind, Index: k, Text: text, Err: err})
	}
	l := h.Tr(c)
	msg := l.T("race.flash."+kind+"_saved", "N", k, "Bibs", standing.BibText(order))
	if len(order) == 0 {
		msg = l.T("race.flash."+kind+"_cleared", "N", k)
	}
	return base.Redirect(c, base.StageURL(id, n), msg)
}

func titleWord(kind string) string {
	if kind == "" {
		return ""
	}
	return strings.ToUpper(kind[:1]) + kind[1:]
}

// SaveSprintPage stores an intermediate sprint's crossing order from the stage screen.
func (h *Handler) SaveSprintPage(c echo.Context) error { return h.saveOrder(c, "sprint") }

// SaveClimbPage stores a climb's crossing order from the stage screen.
func (h *Handler) SaveClimbPage(c echo.Context) error { return h.saveOrder(c, "climb") }

// maxFinishRows is the most group rows a finish form is read with: the largest tour of a game timed
// by groups has 180 riders (Cycling Party, 30 teams of six), each of whom may finish alone, and the
// form adds two empty rows.
const maxFinishRows = 200

// finishRows reads the group rows of the stage screen's finish form as typed (repeated g_turn,
// g_square, g_die, g_sector, g_riders fields, one per row, trimmed): the save's reading and the
// preview's. A form of more than maxFinishRows rows is refused on "groups", with its first rows.
func finishRows(c echo.Context) ([]standing.GroupRow, error) {
	form, err := c.FormParams()
	if err != nil {
		return nil, base.BadRequest("the form could not be read")
	}
	col := func(name string, i int) string {
		if vs := form["g_"+name]; i < len(vs) {
			return strings.TrimSpace(vs[i])
		}
		return ""
	}
	count := 0
	for _, name := range []string{"turn", "square", "die", "sector", "riders"} {
		count = max(count, len(form["g_"+name]))
	}
	rows := make([]standing.GroupRow, 0, min(count, maxFinishRows))
	for i := range min(count, maxFinishRows) {
		rows = append(rows, standing.GroupRow{Turn: col("turn", i), Square: col("square", i), Die: col("die", i), Sector: col("sector", i), Riders: col("riders", i)})
	}
	if count > maxFinishRows {
		return rows, refuse.Invalidf("groups", "has %d rows: a finish form has at most %d", count, maxFinishRows)
	}
	return rows, nil
}

// emptyRow says whether nothing is typed in a group row: the form skips it.
func emptyRow(row standing.GroupRow) bool {
	return row.Turn == "" && row.Square == "" && row.Die == "" && row.Sector == "" && row.Riders == ""
}

// finishFromForm reads the finish groups typed on the stage screen (finishRows); rows left empty are
// skipped. rowOf maps each group to its row.
func finishFromForm(c echo.Context, model string) (race.Finish, []standing.GroupRow, []int, error) {
	rows, err := finishRows(c)
	if err != nil {
		return race.Finish{}, rows, nil, err
	}
	var (
		f     race.Finish
		rowOf []int
	)
	v := &refuse.ValidationError{}
	for i, row := range rows {
		if emptyRow(row) {
			continue
		}
		gi := len(f.Groups)
		p := fmt.Sprintf("groups[%d].", gi)
		var g race.FinishGroup
		num := func(text, name string) int {
			n, err := parseNumber(text, p+name, false)
			if err != nil {
				v.AddText(p+name, err.(*refuse.ValidationError).Reason(p+name))
			}
			return n
		}
		switch model {
		case race.TimeModelCyclingParty:
			g.Turn, g.Square, g.Die = num(row.Turn, "turn"), num(row.Square, "square"), num(row.Die, "die")
		case race.TimeModelTurns:
			g.Turn = num(row.Turn, "turn")
		case race.TimeModelSectors:
			g.Sector = num(row.Sector, "sector")
		}
		bibs, err := standing.ParseBibs(row.Riders, p+"riders")
		if err != nil {
			v.AddText(p+"riders", err.(*refuse.ValidationError).Reason(p+"riders"))
		}
		g.Riders = bibs
		f.Groups = append(f.Groups, g)
		rowOf = append(rowOf, i)
	}
	return f, rows, rowOf, v.Err()
}

// SaveFinishPage stores the whole finish from the stage screen.
func (h *Handler) SaveFinishPage(c echo.Context) error {
	id, n, version, err := stageForm(c)
	if err != nil {
		return err
	}
	st, err := h.StoreFor(c).LoadRace(id)
	if err != nil {
		return err
	}
	f, rows, rowOf, err := finishFromForm(c, st.Tour.Ruleset.TimeModel)
	confirmed := c.FormValue("confirm_order") == "1"
	if err == nil && !confirmed {
		err = orderUnconfirmed(&st.Tour.Ruleset, rows)
	}
	if err == nil {
		err = h.StoreFor(c).SetFinish(id, n, version, f)
	}
	if err != nil {
		return h.renderStage(c, id, n, &stageFailure{Form: "finish", Rows: rows, rowOf: rowOf, confirmed: confirmed, Err: err})
	}
	riders := 0
	for _, g := range f.Groups {
		riders += len(g.Riders)
	}
	return base.Redirect(c, base.StageURL(id, n), h.Tr(c).T("race.flash.finish_saved", "Groups", h.Tr(c).N("race.groups_n", len(f.Groups)), "Riders", h.Tr(c).N("race.riders_n", riders)))
}

// orderUnconfirmed refuses, on confirm_order, finish rows whose times place a group ahead of one typed
// before it (race.OrderFinish): one wrong square would silently change the winner. The director
// confirms the order when it is right (groups typed in any order, placed by time).
func orderUnconfirmed(rs *race.Ruleset, rows []standing.GroupRow) error {
	previews, err := race.PreviewFinish(rs, standing.TypedGroups(rows))
	if err != nil {
		return nil // the save refuses such a finish itself
	}
	if order := race.OrderFinish(previews, standing.RiderCounts(rows)); len(order.OutOfOrder) > 0 {
		return refuse.InvalidText("confirm_order", race.OrderRefusal(order.OutOfOrder[0]))
	}
	return nil
}

// AddAbandonPage records an abandonment from the stage screen.
func (h *Handler) AddAbandonPage(c echo.Context) error {
	id, n, version, err := stageForm(c)
	if err != nil {
		return err
	}
	text, reason, status := c.FormValue("bib"), strings.TrimSpace(c.FormValue("reason")), strings.TrimSpace(c.FormValue("status"))
	bib, err := parseOneBib(text, "bib")
	if err == nil {
		err = h.StoreFor(c).AddAbandon(id, n, version, race.Abandon{Bib: bib, Reason: reason, Status: status})
	}
	if err != nil {
		return h.renderStage(c, id, n, &stageFailure{Form: "abandon", Text: text, Reason: reason, Status: status, Err: err})
	}
	if status != "" && status != race.StatusDNF {
		return base.Redirect(c, base.StageURL(id, n), h.Tr(c).T("race.flash.status", "Bib", bib, "Status", base.StatusNameIn(h.Tr(c), status), "Reason", reason))
	}
	return base.Redirect(c, base.StageURL(id, n), h.Tr(c).T("race.flash.abandon", "Bib", bib, "Reason", reason))
}

// RemoveAbandonPage takes back an abandonment from the stage screen.
func (h *Handler) RemoveAbandonPage(c echo.Context) error {
	id, n, version, err := stageForm(c)
	if err != nil {
		return err
	}
	bib, err := strconv.Atoi(c.Param("bib"))
	if err != nil {
		return echo.NewHTTPError(404, i18n.Textf("abandonment not found"))
	}
	if err := h.StoreFor(c).RemoveAbandon(id, n, version, bib); err != nil {
		err = goneAlready(err, i18n.Textf("bib %d has no abandonment in stage %d to remove: it was taken back already", bib, n))
		return h.renderStage(c, id, n, &stageFailure{Form: "abandon-remove", Err: err})
	}
	return base.Redirect(c, base.StageURL(id, n), h.Tr(c).T("race.flash.abandon_back", "Bib", bib))
}

// Redirects back to the stage screen carry no #fragment: a fragment would stop the browser from
// focusing the first empty entry (autofocus), and the director keeps typing from there.

// CloseStagePage is "End stage": it closes the stage and moves on to the next stage's screen,
// or lists exactly what is missing.
func (h *Handler) CloseStagePage(c echo.Context) error {
	id, n, version, err := stageForm(c)
	if err != nil {
		return err
	}
	if err := h.StoreFor(c).CloseStage(id, n, version); err != nil {
		return h.renderStage(c, id, n, &stageFailure{Form: "close", Err: err})
	}
	st, err := h.StoreFor(c).LoadRace(id)
	if err != nil {
		return err
	}
	if n < len(st.Tour.Stages) {
		return base.Redirect(c, base.StageURL(id, n+1), h.Tr(c).T("race.flash.closed", "N", n, "Next", n+1))
	}
	return base.Redirect(c, fmt.Sprintf("/tours/%d/classifications", id), h.Tr(c).T("race.flash.closed_last", "N", n))
}

// ReopenStagePage reopens the last closed stage for corrections.
func (h *Handler) ReopenStagePage(c echo.Context) error {
	id, n, err := base.StageParams(c)
	if err != nil {
		return err
	}
	if err := h.StoreFor(c).ReopenStage(id, n); err != nil {
		return h.renderStage(c, id, n, &stageFailure{Form: "reopen", Err: err})
	}
	return base.Redirect(c, base.StageURL(id, n), h.Tr(c).T("race.flash.reopened", "N", n))
}

// UndoPage takes back the last change of the open stage.
func (h *Handler) UndoPage(c echo.Context) error {
	id, n, version, err := stageForm(c)
	if err != nil {
		return err
	}
	undoing, err := h.StoreFor(c).Undo(id, n, version)
	if err != nil {
		return h.renderStage(c, id, n, &stageFailure{Form: "undo", Err: err})
	}
	st, err := h.StoreFor(c).LoadRace(id)
	if err != nil {
		return err
	}
	back := base.StageURL(id, n)
	if c.FormValue("from") == "history" {
		back += "/history"
	}
	l := h.Tr(c)
	return base.Redirect(c, back, l.T("race.flash.undone", "What", lineText(l, &st.Tour.Ruleset, undoing)))
}

// goneAlready reads a "not found" for an entry a page offered to remove (removed since, in another
// tab) as a refusal the page shows: msg says what happened. Other errors are returned as they are.
func goneAlready(err error, msg i18n.Text) error {
	var nf *store.NotFoundError
	if errors.As(err, &nf) {
		return &refuse.ConflictError{Message: msg.String(), Text: msg}
	}
	return err
}
