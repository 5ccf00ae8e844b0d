package wizard

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/refuse"
)

// pointsPlaces is how many places each points table of the form offers.
const pointsPlaces = 8

// pointsCell is one place of a points table as typed; Invalid marks a place with a message.
type pointsCell struct {
	Name, Value string
	Place       int
	Invalid     bool
}

// pointsRow is one classification of the points definition.
type pointsRow struct {
	Field, Label, Hint string
	Cells              []pointsCell
	// Messages are the row's own messages and those of each of its places, every one shown.
	Messages []string
	// Whole says a message is about the whole row (every place is marked).
	Whole bool
	Sum   int
}

// pointsStepView is the Cycling Party points definition step.
type pointsStepView struct {
	StageWin      string
	StageWinTotal int
	Stages        int
	Rows          []pointsRow
	Total         int
}

// pointsTables lists the tables of a points definition with their form field and label.
func pointsTables(p *race.PointsDefinition) []struct {
	Field, Label, Hint string
	Table              *[]int
} {
	return []struct {
		Field, Label, Hint string
		Table              *[]int
	}{
		{"individual", "Final individual (time)", "yellow jersey", &p.Individual},
		{"regularity", "Final regularity", "green jersey", &p.Regularity},
		{"mountain", "Final mountain", "polka-dot jersey", &p.Mountain},
		{"sprints", "Final intermediate sprints", "purple jersey", &p.Sprints},
		{"teams", "Final teams", "the team's manager scores", &p.Teams},
	}
}

// pointsTotal is every Cycling Party point in play over a tour of n stages.
func pointsTotal(p race.PointsDefinition, n int) int {
	total := p.StageWin * n
	for _, t := range pointsTables(&p) {
		for _, x := range *t.Table {
			total += x
		}
	}
	return total
}

// renderPointsStep shows the points table with the draft's values, or the raw typed ones.
func (h *Handler) renderPointsStep(c echo.Context, status int, d wizardDraft, raw map[string]string, errs map[string]string) error {
	d.Step = stepPoints
	rs, err := h.wizardRuleset(d)
	if err != nil {
		return err
	}
	if d.Points == nil {
		pts := rs.DefaultPoints()
		d.Points = &pts
	}
	if errs == nil {
		if err := race.ValidatePoints(*d.Points); err != nil {
			v := &refuse.ValidationError{}
			wizardMerge(v, err)
			errs = h.Said(c, v)
		}
	}
	pv := &pointsStepView{StageWin: strconv.Itoa(d.Points.StageWin), Stages: len(d.Stages), Total: pointsTotal(*d.Points, len(d.Stages))}
	pv.StageWinTotal = d.Points.StageWin * len(d.Stages)
	if s, ok := raw["points.stage_win"]; ok {
		pv.StageWin = s
	}
	tr := h.Tr(c)
	for _, t := range pointsTables(d.Points) {
		row := pointsRow{Field: "points." + t.Field, Label: tr.T("setup.points.row." + t.Field), Hint: tr.T("setup.points.row." + t.Field + ".hint")}
		for i := range pointsPlaces {
			name := fmt.Sprintf("points.%s[%d]", t.Field, i)
			cell := pointsCell{Name: name, Place: i + 1}
			if i < len(*t.Table) {
				cell.Value = strconv.Itoa((*t.Table)[i])
				row.Sum += (*t.Table)[i]
			}
			if s, ok := raw[name]; ok {
				cell.Value = s
			}
			if m, ok := errs[name]; ok {
				row.Messages = append(row.Messages, tr.T("setup.points.place_message", "Place", i+1, "Message", m))
				cell.Invalid = true
			}
			row.Cells = append(row.Cells, cell)
		}
		if m, ok := errs[row.Field]; ok {
			row.Messages = append([]string{m}, row.Messages...)
			row.Whole = true
		}
		pv.Rows = append(pv.Rows, row)
	}
	return h.renderWizard(c, status, d, rs, wizardView{Points: pv}, errs, "")
}

// readPointsForm reads the points table; empty places at the end of a row are no places.
func readPointsForm(c echo.Context, d *wizardDraft) (map[string]string, *refuse.ValidationError) {
	v := &refuse.ValidationError{}
	raw := map[string]string{}
	var p race.PointsDefinition
	if d.Points != nil {
		p = *d.Points
	}
	s := strings.TrimSpace(c.FormValue("points.stage_win"))
	if n, err := strconv.Atoi(s); err == nil && n < 0 {
		raw["points.stage_win"] = c.FormValue("points.stage_win")
		v.Add("points.stage_win", "must not be negative")
	} else if err == nil {
		p.StageWin = n
	} else {
		raw["points.stage_win"] = c.FormValue("points.stage_win")
		v.Add("points.stage_win", "must be a whole number")
	}
	for _, t := range pointsTables(&p) {
		var table []int
		lastFilled := -1
		cells := make([]string, pointsPlaces)
		for i := range pointsPlaces {
			cells[i] = strings.TrimSpace(c.FormValue(fmt.Sprintf("points.%s[%d]", t.Field, i)))
			if cells[i] != "" {
				lastFilled = i
			}
		}
		ok := true
		for i := 0; i <= lastFilled; i++ { // every place is checked: each gets its own message
			name := fmt.Sprintf("points.%s[%d]", t.Field, i)
			if cells[i] == "" {
				v.Add(name, "is empty: fill it or clear the places after it")
				ok = false
				continue
			}
			n, err := strconv.Atoi(cells[i])
			if err != nil {
				v.Add(name, "must be a whole number")
				ok = false
				continue
			}
			table = append(table, n)
		}
		if ok && checkPointsPlaces(v, "points."+t.Field, table) {
			*t.Table = table
			continue
		}
		for i, cell := range cells { // keep the whole row as typed
			raw[fmt.Sprintf("points.%s[%d]", t.Field, i)] = cell
		}
	}
	d.Points = &p
	if v.Err() == nil { // the engine's own check, in case it ever asks more than the places above
		wizardMerge(v, race.ValidatePoints(p))
	}
	return raw, v
}

// checkPointsPlaces checks each place of a points table as the engine does (race.ValidatePoints: no
// negative points, never more than the place before) and gives every bad place its own message; it
// says whether the table is good.
func checkPointsPlaces(v *refuse.ValidationError, field string, table []int) bool {
	good, before := true, -1 // before is the last place that is not negative (-1: none yet)
	for i, n := range table {
		name := fmt.Sprintf("%s[%d]", field, i)
		switch {
		case n < 0:
			v.Add(name, "must not be negative")
			good = false
			continue
		case before >= 0 && n > table[before]:
			v.Addf(name, "(%d) is more than place %d (%d): a place never gives more than the one before", n, before+1, table[before])
			good = false
		}
		before = i
	}
	return good
}

// wizardPointsPost applies the points table, then goes back or, when it is valid, on to the stages.
func (h *Handler) wizardPointsPost(c echo.Context, d wizardDraft, action string) error {
	rs, err := h.wizardRuleset(d)
	if err != nil {
		return err
	}
	raw, v := readPointsForm(c, &d)
	if target, ok := backTarget(rs, stepPoints, action); ok {
		d.Step = target
		return h.showStep(c, d)
	}
	if target, ok := jumpTarget(rs, d, action); ok && v.Err() == nil {
		d.Step = target
		return h.showStep(c, d)
	}
	if v.Err() != nil {
		return h.renderPointsStep(c, http.StatusUnprocessableEntity, d, raw, h.Said(c, v))
	}
	d.Step = stepAfter(rs, stepPoints, 1)
	return h.showStep(c, d)
}
