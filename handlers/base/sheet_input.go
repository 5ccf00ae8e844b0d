package base

import (
	"strconv"
	"time"

	"racedirector/app/refuse"
	"racedirector/app/sheets"

	"github.com/labstack/echo/v4"
)

// SheetInput loads a tour and builds the sheets input from the query (?stage=n, ?after=n).
func (h *Base) SheetInput(c echo.Context, id uint) (sheets.Input, error) {
	st, err := h.StoreFor(c).LoadRace(id)
	if err != nil {
		return sheets.Input{}, err
	}
	in := sheets.Input{Tour: &st.Tour, Results: st.Results, Closed: st.Closed, Date: time.Now(), Fonts: h.Fonts, Words: h.Tr(c)}
	if st.Tour.Ruleset.OfficialResults {
		if in.Publications, err = h.StoreFor(c).Publications(st, st.Closed); err != nil {
			return in, err
		}
	}
	for _, q := range []struct {
		name string
		dst  *int
	}{{"stage", &in.Stage}, {"after", &in.After}} {
		if v := c.QueryParam(q.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return in, refuse.Invalid(q.name, "must be a stage number")
			}
			*q.dst = n
		}
	}
	return in, nil
}
