package web

import (
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/handlers/base"
	"racedirector/views"
)

// startListPanel is a real race's start list form on the riders page: a CSV file or pasted lines
// team,bib,name that give the riders the race's own bibs (docs/rules.md §5.2).
type startListPanel struct {
	Action string
	// Text is a refused paste as it was; Error says why the list was refused, line by line.
	Text  string
	Error *clockProblems
}

// SaveStartListPage gives a real race's riders the bibs of its official start list, pasted (field
// "start_list") or uploaded (multipart field "file"): on success back to the riders page with a flash;
// refused, the riders page with the list as it was and every problem by line. Nothing is stored
// unless the whole list is good.
func (h *Handler) SaveStartListPage(c echo.Context) error {
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	text := c.FormValue("start_list")
	data := []byte(text)
	if text == "" {
		if _, file, ferr := clockUpload(c); ferr == nil {
			data = file
		}
	}
	var list race.StartList
	var changes race.Renumbering
	switch {
	case len(data) == 0:
		err = refuse.Invalid("start_list", "paste the start list or choose its file: one rider a line, team,bib,name")
	case len(data) > maxClockCSVBytes:
		err = refuse.Invalidf("start_list", "is too large (at most %d kB)", maxClockCSVBytes>>10)
	default:
		list, err = race.ParseStartList(data)
	}
	if err == nil {
		changes, err = h.StoreFor(c).RenumberRiders(id, func(t *race.Tour, raced map[int]bool) (race.Renumbering, error) {
			return race.StartListBibs(t, raced, list)
		})
	}
	l := h.Tr(c)
	if err != nil {
		ref, ok := classifyRefusal(err, l)
		if !ok {
			return err
		}
		_, st, lerr := h.LoadTour(c)
		if lerr != nil {
			return lerr
		}
		return h.renderTourRidersWith(c, ref.status, id, st, views.Page{}, nil, &startListPanel{Text: text, Error: clockError(l, ref, list.Lines)})
	}
	return base.Redirect(c, fmt.Sprintf("/tours/%d/riders", id), l.T("published.flash.start_list", "Riders", l.N("race.riders_n", len(changes))))
}

// startListText is a tour's start list as the form shows it to be edited: team,bib,name a line, in
// the tour's order, with the cells a spreadsheet would quote quoted.
func startListText(t race.Tour) string {
	var b strings.Builder
	w := csv.NewWriter(&b)
	for _, team := range t.Teams {
		for _, r := range team.Riders {
			_ = w.Write([]string{team.Name, strconv.Itoa(r.Bib), r.Name})
		}
	}
	w.Flush()
	return b.String()
}
