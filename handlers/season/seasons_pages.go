package season

import (
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/views"
)

// seasonsView is the /seasons page: the director's seasons and the form for a new one.
type seasonsView struct {
	Seasons []store.Season
	// Form is the new season's form as typed (the usual points on a first visit).
	Form seasonForm
}

// seasonForm is a season's name and scoring as the form holds them.
type seasonForm struct {
	Name            string
	Points          string
	Classifications bool
}

// seasonView is the /seasons/{id} page: the season, its tours to pick, its standings.
type seasonView struct {
	Season store.Season
	Form   seasonForm
	// PointsText is the season's points list as words ("25, 18, 15").
	PointsText string
	// Tours are the tours the director may pick (Picked: in the season).
	Tours []seasonPick
	// Standings are the season's tables; Scored the tours they are read from.
	Standings race.SeasonStandings
	Scored    []race.SeasonTour
	// Owned says the viewer may delete the season, hand it over and choose its co-directors (its
	// owner, an administrator, the director of a table without accounts); a co-director may not.
	Owned bool
}

// seasonPick is one tour of the picker.
type seasonPick struct {
	store.TourSummary
	Picked bool
}

// defaultSeasonPoints are the points a new season's form offers.
const defaultSeasonPoints = "25, 18, 15, 12, 10, 8, 6, 4, 2, 1"

// SeasonsPage is GET /seasons: the director's seasons and a form for a new one.
func (h *Handler) SeasonsPage(c echo.Context) error {
	return h.seasonsPage(c, http.StatusOK, seasonForm{Points: defaultSeasonPoints}, nil)
}

// seasonsPage renders /seasons with the form as typed and its refusal.
func (h *Handler) seasonsPage(c echo.Context, status int, form seasonForm, refused error) error {
	seasons, err := h.StoreFor(c).ListSeasons(h.Scope(c))
	if err != nil {
		return err
	}
	p := views.Page{Title: h.Tr(c).T("seasons.title"), Section: "seasons", Data: seasonsView{Seasons: seasons, Form: form}}
	if refused != nil {
		return h.FormFailed(c, refused, "seasons", p)
	}
	return h.Render(c, status, "seasons", p)
}

// seasonFromForm reads a season's form: its points as numbers separated by commas or spaces.
func seasonFromForm(c echo.Context) (seasonForm, store.SeasonInput, error) {
	f := seasonForm{Name: c.FormValue("name"), Points: c.FormValue("points"), Classifications: c.FormValue("classifications") != ""}
	in := store.SeasonInput{Name: f.Name, Classifications: f.Classifications, Points: []int{}}
	fields := strings.FieldsFunc(f.Points, func(r rune) bool { return r == ',' || r == ';' || r == ' ' || r == '\t' })
	if len(fields) > race.MaxSeasonPlaces {
		return f, in, refuse.Invalidf("points", "must list %d to %d places (it lists %d)", race.MinSeasonPlaces, race.MaxSeasonPlaces, len(fields))
	}
	for _, s := range fields {
		n, err := strconv.Atoi(s)
		if err != nil {
			return f, in, refuse.Invalidf("points", "must be whole numbers separated by commas (%q is not)", s)
		}
		in.Points = append(in.Points, n)
	}
	return f, in, nil
}

// CreateSeasonPage is POST /seasons: a new season, then its page.
func (h *Handler) CreateSeasonPage(c echo.Context) error {
	form, in, err := seasonFromForm(c)
	if err == nil {
		var s store.Season
		if s, err = h.StoreFor(c).CreateSeason(h.Scope(c), in); err == nil {
			return base.Redirect(c, fmt.Sprintf("/seasons/%d", s.ID), h.Tr(c).T("seasons.created", "Name", s.Name))
		}
	}
	return h.seasonsPage(c, http.StatusUnprocessableEntity, form, err)
}

// unseenPicks are the season's tours the viewer does not see (a co-director's, of the owner's
// tours), ticked so that saving the tours keeps them.
func unseenPicks(picks []seasonPick, scored []race.SeasonTour) []seasonPick {
	seen := map[uint]bool{}
	for _, p := range picks {
		seen[p.ID] = true
	}
	var out []seasonPick
	for _, t := range scored {
		if !seen[t.ID] {
			out = append(out, seasonPick{TourSummary: store.TourSummary{ID: t.ID, Name: t.Name}, Picked: true})
		}
	}
	return out
}

// SeasonPage is GET /seasons/{id}: the season's tours to pick and its three tables.
func (h *Handler) SeasonPage(c echo.Context) error {
	s, err := h.SeasonOf(c)
	if err != nil {
		return err
	}
	return h.seasonPage(c, s, seasonForm{Name: s.Name, Points: pointsText(s.Points), Classifications: s.Classifications}, nil)
}

// pointsText is a points list as the form shows it.
func pointsText(points []int) string {
	parts := make([]string, len(points))
	for i, p := range points {
		parts[i] = strconv.Itoa(p)
	}
	return strings.Join(parts, ", ")
}

// seasonPage renders a season's page with its form as typed and its refusal.
func (h *Handler) seasonPage(c echo.Context, s store.Season, form seasonForm, refused error) error {
	st := h.StoreFor(c)
	tours, err := st.ListTours(h.Scope(c))
	if err != nil {
		return err
	}
	picked := map[uint]bool{}
	for _, t := range s.Tours {
		picked[t] = true
	}
	v := seasonView{Season: s, Form: form, PointsText: pointsText(s.Points)}
	for _, t := range tours {
		v.Tours = append(v.Tours, seasonPick{TourSummary: t, Picked: picked[t.ID]})
	}
	if v.Scored, v.Standings, err = st.SeasonStandings(s); err != nil {
		return err
	}
	v.Tours = append(v.Tours, unseenPicks(v.Tours, v.Scored)...)
	sort.SliceStable(v.Tours, func(i, j int) bool { return v.Tours[i].ID < v.Tours[j].ID })
	codirector, err := st.SeasonOwned(h.Scope(c), s.ID)
	if err != nil {
		return err
	}
	v.Owned = !codirector
	p := views.Page{Title: s.Name, Section: "seasons", Data: v}
	if refused != nil {
		return h.FormFailed(c, refused, "season", p)
	}
	return h.Render(c, http.StatusOK, "season", p)
}

// UpdateSeasonPage is POST /seasons/{id}: its name and scoring.
func (h *Handler) UpdateSeasonPage(c echo.Context) error {
	id, err := base.IDParam(c, "id", "season")
	if err != nil {
		return err
	}
	old, err := h.StoreFor(c).GetSeason(h.Scope(c), id)
	if err != nil {
		return err
	}
	form, in, err := seasonFromForm(c)
	if err == nil {
		var s store.Season
		if s, err = h.StoreFor(c).UpdateSeason(h.Scope(c), id, in); err == nil {
			return base.Redirect(c, fmt.Sprintf("/seasons/%d", id), h.Tr(c).T("seasons.saved", "Name", s.Name))
		}
	}
	return h.seasonPage(c, old, form, err)
}

// SetSeasonToursPage is POST /seasons/{id}/tours: the tours ticked, oldest first.
func (h *Handler) SetSeasonToursPage(c echo.Context) error {
	id, err := base.IDParam(c, "id", "season")
	if err != nil {
		return err
	}
	old, err := h.StoreFor(c).GetSeason(h.Scope(c), id)
	if err != nil {
		return err
	}
	values, _ := c.FormParams()
	var tours []uint
	for _, s := range values["tour"] {
		n, perr := strconv.ParseUint(s, 10, 32)
		if perr != nil {
			return h.seasonPage(c, old, seasonForm{Name: old.Name, Points: pointsText(old.Points), Classifications: old.Classifications},
				refuse.Invalidf("tours", "there is no tour %s", s))
		}
		tours = append(tours, uint(n))
	}
	sort.Slice(tours, func(i, j int) bool { return tours[i] < tours[j] })
	s, err := h.StoreFor(c).SetSeasonTours(h.Scope(c), id, tours)
	if err != nil {
		return h.seasonPage(c, old, seasonForm{Name: old.Name, Points: pointsText(old.Points), Classifications: old.Classifications}, err)
	}
	return base.Redirect(c, fmt.Sprintf("/seasons/%d", id), h.Tr(c).N("seasons.tours_saved", len(s.Tours), "Name", s.Name))
}

// DeleteSeasonConfirmPage is GET /seasons/{id}/delete: it asks before deleting a season.
func (h *Handler) DeleteSeasonConfirmPage(c echo.Context) error {
	s, err := h.SeasonOf(c)
	if err != nil {
		return err
	}
	tr := h.Tr(c)
	return h.Render(c, http.StatusOK, "confirm", views.Page{Title: tr.T("seasons.delete_title", "Name", s.Name), Section: "seasons", Data: base.Confirmation{
		Question: tr.T("seasons.delete_question", "Name", s.Name), Detail: tr.T("seasons.delete_hint"),
		Action: fmt.Sprintf("/seasons/%d/delete", s.ID), Button: tr.T("seasons.delete"), Back: fmt.Sprintf("/seasons/%d", s.ID),
	}})
}

// DeleteSeasonPage is POST /seasons/{id}/delete: the season goes, its tours stay.
func (h *Handler) DeleteSeasonPage(c echo.Context) error {
	s, err := h.SeasonOf(c)
	if err != nil {
		return err
	}
	if err := h.StoreFor(c).DeleteSeason(h.Scope(c), s.ID); err != nil {
		return err
	}
	return base.Redirect(c, "/seasons", h.Tr(c).T("seasons.deleted", "Name", s.Name))
}
