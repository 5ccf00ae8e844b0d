package web

import (
	"github.com/labstack/echo/v4"

	"racedirector/app/store"
)

// palmaresSeason is a rider's line in one season of the tours he rode.
type palmaresSeason struct {
	ID          uint
	Name        string
	Rank        int
	Points      int
	Provisional bool
}

// riderSeasons are the seasons of the rider's tours with his rank and points in each, as the engine
// ranks them (race.Season); a season he scored nothing in has no line.
func (h *Handler) riderSeasons(c echo.Context, riderID uint, apps []store.Appearance) ([]palmaresSeason, error) {
	ids := make([]uint, len(apps))
	for i, a := range apps {
		ids[i] = a.TourID
	}
	seasons, err := h.StoreFor(c).SeasonsOfTours(h.Scope(c), ids)
	if err != nil {
		return nil, err
	}
	var out []palmaresSeason
	for _, s := range seasons {
		_, st, err := h.StoreFor(c).SeasonStandings(s)
		if err != nil {
			return nil, err
		}
		for _, r := range st.Riders {
			if r.DatabaseID == riderID && r.Key != "" && r.Key[0] == 'r' {
				out = append(out, palmaresSeason{ID: s.ID, Name: s.Name, Rank: r.Rank, Points: r.Points, Provisional: r.Provisional})
				break
			}
		}
	}
	return out, nil
}
