package api

import (
	"errors"
	"fmt"
	"io"
	"mime"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/handlers/base"
)

// finishBody is the body of PUT finish in every time model: groups, or the clock results of a
// real race (uci-road), each time written "4:24:44" or "13:03.96" or, as race.Finish keeps it, given
// in hundredths; bonus and penalty are whole seconds.
type finishBody struct {
	Groups  []race.FinishGroup `json:"groups,omitempty"`
	Results []clockResultBody  `json:"results,omitempty"`
	// BonusesGiven says the results carry the officials' bonuses even when no row has a "bonus" (a
	// stage without any): a "bonus" on any row says so too.
	BonusesGiven bool `json:"bonuses_given,omitempty"`
	// Teams are a team time trial entered per team.
	Teams []teamTimeBody `json:"teams,omitempty"`
}

// teamTimeBody is one team's result in a team time trial entered per team: the team's time
// ("25:02.31", or hundredths) and its dropped riders with their own times.
type teamTimeBody struct {
	Team       int               `json:"team"`
	Time       string            `json:"time,omitempty"`
	Hundredths *int              `json:"hundredths,omitempty"`
	Dropped    []clockResultBody `json:"dropped,omitempty"`
}

// clockResultBody is one rider's clock result as the API takes it.
type clockResultBody struct {
	Bib        int    `json:"bib"`
	Time       string `json:"time,omitempty"`
	Hundredths *int   `json:"hundredths,omitempty"`
	Bonus      *int   `json:"bonus,omitempty"`
	Penalty    int    `json:"penalty,omitempty"`
}

// finish converts the body to a race.Finish; a time that cannot be read is refused as
// "results[3].time" with what a time looks like.
func (b finishBody) finish() (race.Finish, error) {
	f := race.Finish{Groups: b.Groups, BonusesGiven: b.BonusesGiven}
	v := &refuse.ValidationError{}
	for i, r := range b.Results {
		res := race.ClockResult{Bib: r.Bib, Penalty: r.Penalty, Hundredths: bodyTime(v, fmt.Sprintf("results[%d].time", i), r.Time, r.Hundredths)}
		if r.Bonus != nil {
			res.Bonus, f.BonusesGiven = *r.Bonus, true
		}
		f.Results = append(f.Results, res)
	}
	for i, tb := range b.Teams {
		tt := race.TeamTime{Team: tb.Team, Hundredths: bodyTime(v, fmt.Sprintf("teams[%d].time", i), tb.Time, tb.Hundredths)}
		for j, d := range tb.Dropped {
			res := race.ClockResult{Bib: d.Bib, Penalty: d.Penalty, Hundredths: bodyTime(v, fmt.Sprintf("teams[%d].dropped[%d].time", i, j), d.Time, d.Hundredths)}
			if d.Bonus != nil {
				res.Bonus = *d.Bonus
			}
			tt.Dropped = append(tt.Dropped, res)
		}
		f.Teams = append(f.Teams, tt)
	}
	return f, v.Err()
}

// bodyTime reads a time given as text or hundredths, adding its problem under field to v.
func bodyTime(v *refuse.ValidationError, field, text string, hundredths *int) int {
	switch {
	case text != "" && hundredths != nil:
		v.Add(field, "give the time or the hundredths, not both")
	case hundredths != nil:
		return *hundredths
	case text == "":
		v.Add(field, "is required (like 4:24:44 or 13:03.96)")
	default:
		h, err := race.ParseClockTime(text)
		if err != nil {
			v.AddText(field, refuse.ReasonOf(err))
		}
		return h
	}
	return 0
}

// isCSV reports whether the request body is CSV (Content-Type: text/csv).
func isCSV(c echo.Context) bool {
	mt, _, err := mime.ParseMediaType(c.Request().Header.Get(echo.HeaderContentType))
	return err == nil && mt == "text/csv"
}

// apiSetFinishCSV is PUT finish with a CSV body: the clock finish of a real race as its officials
// publish it (rank,bib,time[,bonus,penalty], s.t., gaps, DNF/DNS/OTL/DSQ rows), refused row by row
// ("rows[4].time").
func (h *Handler) apiSetFinishCSV(c echo.Context) error {
	return h.resultCall(c, nil, func(id uint, n, version int) error {
		data, err := readBody(c)
		if err != nil {
			return err
		}
		parsed, err := race.ParseClockCSV(data)
		if err != nil {
			return err
		}
		return base.CSVRows(h.StoreFor(c).SetPublishedFinish(id, n, version, parsed.Finish(), parsed.Exits), parsed.Rows, parsed.ExitRows)
	})
}

// readBody reads a request's whole body (within the route's limit: over it, 413).
func readBody(c echo.Context) ([]byte, error) {
	data, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var tooLarge *echo.HTTPError
		if errors.As(err, &tooLarge) {
			return nil, tooLarge
		}
		return nil, base.BadRequest("the body could not be read")
	}
	return data, nil
}
