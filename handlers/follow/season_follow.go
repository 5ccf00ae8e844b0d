package follow

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/views"
)

// seasonFollowView is a season as its followers see it: on a phone every line, on the TV the first
// tvSeasonRows of each table.
type seasonFollowView struct {
	Name, Code string
	// Version is the season's state shown (store.SeasonVersion), Events its event stream: the page
	// puts the new standings in place when the state moves.
	Version, Events string
	Tours           []race.SeasonTour
	Standings       race.SeasonStandings
}

// tvSeasonRows is how many lines of each table the room's TV shows at 1920×1080.
const tvSeasonRows = 12

// FollowSeasonPage is GET /follow/season/{code}: a season's standings for its followers.
func (h *Handler) FollowSeasonPage(c echo.Context) error {
	v, err := h.seasonFollowed(c)
	if err != nil {
		return err
	}
	return h.Render(c, http.StatusOK, "follow_season", views.Page{Title: h.Tr(c).T("seasons.follow.title", "Name", v.Name), Data: v})
}

// FollowSeasonTVPage is GET /follow/season/{code}/tv: a season's standings on the room's TV.
func (h *Handler) FollowSeasonTVPage(c echo.Context) error {
	v, err := h.seasonFollowed(c)
	if err != nil {
		return err
	}
	st := &v.Standings
	for _, rows := range []*[]race.SeasonRow{&st.Riders, &st.Teams, &st.Managers} {
		if len(*rows) > tvSeasonRows {
			*rows = (*rows)[:tvSeasonRows]
		}
	}
	return h.Render(c, http.StatusOK, "follow_season_tv", views.Page{Title: h.Tr(c).T("seasons.follow.title", "Name", v.Name), Data: v})
}

// seasonFollowed reads the season the route's code names and ranks it.
func (h *Handler) seasonFollowed(c echo.Context) (seasonFollowView, error) {
	s, err := h.StoreFor(c).SeasonByFollowCode(c.Param("code"))
	if err != nil {
		return seasonFollowView{}, err
	}
	// The state first: a change meanwhile shows in the standings read after it, and moves it again.
	version, err := h.StoreFor(c).SeasonVersion(s.ID)
	if err != nil {
		return seasonFollowView{}, err
	}
	tours, st, err := h.StoreFor(c).SeasonStandings(s)
	if err != nil {
		return seasonFollowView{}, err
	}
	return seasonFollowView{Name: s.Name, Code: s.FollowCode, Version: version, Events: "/api/v1/follow/season/" + s.FollowCode + "/events",
		Tours: tours, Standings: st}, nil
}
