package follow

import (
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/views"
)

// followView is what a player following a tour sees (/follow/{code}): the stage being raced, its
// results as they are entered, the classifications and the Cycling Party standing, read-only. Its
// parts are the page's sections, each also served alone for the live page to put in place.
type followView struct {
	Code    string
	Tour    string
	Ruleset string
	// Version is the tour's version the page was made at; the live page compares the events' with it.
	Version int64
	Stages  int
	// Over says every stage is closed: the tour is finished.
	Over  bool
	Stage followStage
	Class followClass
	// Party is the Cycling Party standing, nil when the game has none.
	Party *followParty
	// Moment is the last closed stage's result card (nil before); Virtual the general classification
	// with what is entered of the open stage (nil while it has no finish).
	Moment  *followMoment
	Virtual *followVirtual
	// Part names the one section shown alone (a part answer), "" for the whole page.
	Part string
	// Players are the teams a follower may pick as his and their news (follow_team.go).
	Players followPlayers
}

// followTab is one entry of the follow page's tab bar.
type followTab struct {
	ID, Label string
}

// Tabs are the sections a player jumps between, in order (their labels are the template's
// "standings.follow.tab.*" words).
func (v *followView) Tabs() []followTab {
	tabs := []followTab{{"stage", ""}, {"results", ""}, {"classifications", ""}}
	if v.Party != nil {
		tabs = append(tabs, followTab{"party", ""})
	}
	return tabs
}

// Events is the address of the tour's live event stream.
func (v *followView) Events() string { return "/api/v1/follow/" + v.Code + "/events" }

// Home is the follow page's own address.
func (v *followView) Home() string { return "/follow/" + v.Code }

// FollowPage is GET /follow/{code}: the tour a player follows, without sign-in and read-only. A code
// typed in small letters or with a dash leads to the page of the code as written; an unknown code
// answers a friendly 404 with the form to type it again.
func (h *Handler) FollowPage(c echo.Context) error {
	st, done, err := h.followedTour(c)
	if done || err != nil {
		return err
	}
	l := h.Tr(c)
	v, err := buildFollow(l, st)
	if err != nil {
		return err
	}
	title := l.T("standings.follow.title", "Tour", v.Tour, "N", v.Stage.N, "Stages", v.Stages)
	return h.Render(c, http.StatusOK, "follow", views.Page{Title: title, Data: v})
}

// FollowPart is GET /follow/{code}/part/{name}: one section of the follow page alone (head, stage,
// results, classifications, party, moment), which the live page puts in place of the one it shows.
func (h *Handler) FollowPart(c echo.Context) error {
	name := c.Param("name")
	if !validPart(name) {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("the follow page has no part %q", name))
	}
	st, done, err := h.followedTour(c)
	if done || err != nil {
		return err
	}
	v, err := buildFollow(h.Tr(c), st)
	if err != nil {
		return err
	}
	if name == "party" && v.Party == nil {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("this game has no Cycling Party standing"))
	}
	v.Part = name
	return h.Render(c, http.StatusOK, "follow_part", views.Page{Title: v.Tour, Data: v})
}

// validPart says whether name is a section of the follow page served alone.
func validPart(name string) bool {
	switch name {
	case "head", "stage", "results", "classifications", "party", "moment":
		return true
	}
	return false
}

// followedTour reads the tour of the :code parameter. A code written otherwise than the tour's (small
// letters, a dash) is redirected to the same address with the code as the tour has it (done); an
// unknown code renders the follow-code form with a 404 (done).
func (h *Handler) followedTour(c echo.Context) (*store.RaceState, bool, error) {
	typed := c.Param("code")
	code := store.NormalizeFollowCode(typed)
	if code != "" && code != typed {
		path := c.Request().URL.Path
		prefix := "/follow/" + typed
		if strings.HasPrefix(path, prefix) {
			to := "/follow/" + code + strings.TrimPrefix(path, prefix)
			if q := c.Request().URL.RawQuery; q != "" {
				to += "?" + q
			}
			return nil, true, c.Redirect(http.StatusFound, to)
		}
	}
	st, err := h.StoreFor(c).FollowedRace(code)
	var nf *store.NotFoundError
	if errors.As(err, &nf) || code == "" {
		return nil, true, h.renderFindFollow(c, http.StatusNotFound, typed, unknownCodeMessage(h.Tr(c), typed))
	}
	return st, err != nil, err
}

// buildFollow lays out what a follower sees of the tour's state.
func buildFollow(l *i18n.Localizer, st *store.RaceState) (*followView, error) {
	v := &followView{Code: st.FollowCode, Tour: st.Tour.Name, Ruleset: st.Tour.Ruleset.NameIn(l.Lang()), Version: st.Version,
		Stages: len(st.Tour.Stages), Over: len(st.Tour.Stages) > 0 && st.Closed == len(st.Tour.Stages)}
	v.Stage = followStageOf(l, st, base.CurrentStage(st))
	class, party, err := followStandings(l, st)
	if err != nil {
		return nil, err
	}
	v.Class, v.Party = class, party
	if v.Players, err = followPlayersOf(l, st, v.Stage.N); err != nil {
		return nil, err
	}
	if v.Moment, err = followMomentOf(l, st); err != nil {
		return nil, err
	}
	v.Virtual = followVirtualOf(l, st)
	linkNames(v, st)
	if !st.Tour.Ruleset.Has(race.ClassCyclingParty) {
		v.Party = nil
	}
	return v, nil
}
