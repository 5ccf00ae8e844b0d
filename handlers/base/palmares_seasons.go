package base

import (
	"strconv"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/store"
)

// PalmaresSeason is one line of a palmarès' seasons: a season of the tours ridden, and the place
// and points there of the rider, the team or the player, as the engine ranks them (race.Season).
type PalmaresSeason struct {
	ID     uint   `json:"id"`
	Name   string `json:"name"`
	Rank   int    `json:"rank"`
	Points int    `json:"points"`
	// Provisional says a tour of the season that counts for them is still running.
	Provisional bool `json:"provisional"`
}

// SeasonTable chooses a season's table: its riders', teams' or managers'.
type SeasonTable func(race.SeasonStandings) []race.SeasonRow

// RiderSeasonKey, TeamSeasonKey and PlayerSeasonKey are the keys of a database rider's, a database
// team's and a player's lines in a season's tables, with the table each is in.
func RiderSeasonKey(id uint) (SeasonTable, string) {
	return func(st race.SeasonStandings) []race.SeasonRow { return st.Riders }, "rider:" + strconv.FormatUint(uint64(id), 10)
}

// TeamSeasonKey is a database team's line in the season's teams' table.
func TeamSeasonKey(id uint) (SeasonTable, string) {
	return func(st race.SeasonStandings) []race.SeasonRow { return st.Teams }, "team:" + strconv.FormatUint(uint64(id), 10)
}

// PlayerSeasonKey is a player's line in the season's managers' table.
func PlayerSeasonKey(name string) (SeasonTable, string) {
	return func(st race.SeasonStandings) []race.SeasonRow { return st.Managers }, "player:" + race.ManagerKey(name)
}

// PalmaresSeasons are the seasons the viewer sees of the tours ridden (apps), each with the line
// keyed key of its table; a season where they scored nothing has no line. Always a list (empty for
// none).
func (h *Base) PalmaresSeasons(c echo.Context, apps []store.Appearance, table SeasonTable, key string) ([]PalmaresSeason, error) {
	ids := make([]uint, len(apps))
	for i, a := range apps {
		ids[i] = a.TourID
	}
	st := h.StoreFor(c)
	seasons, err := st.SeasonsOfTours(h.Scope(c), ids)
	if err != nil {
		return nil, err
	}
	out := []PalmaresSeason{}
	for _, s := range seasons {
		_, standings, err := st.SeasonStandings(s)
		if err != nil {
			return nil, err
		}
		for _, r := range table(standings) {
			if r.Key == key {
				out = append(out, PalmaresSeason{ID: s.ID, Name: s.Name, Rank: r.Rank, Points: r.Points, Provisional: r.Provisional})
				break
			}
		}
	}
	return out, nil
}
