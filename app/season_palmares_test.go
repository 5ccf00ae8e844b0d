package app_test

// Seasons in the palmarès: a rider's, a team's and a player's JSON and pages list the seasons of
// their tours with their rank and points there, as the season's own standings give them.

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"racedirector/app/race"
	"racedirector/handlers/base"
)

// palmaresSeasons is the seasons part of a palmarès' JSON.
type palmaresSeasons struct {
	Seasons []base.PalmaresSeason `json:"seasons"`
}

// firstKeyed is the first line of rows whose key begins with prefix.
func firstKeyed(t testing.TB, rows []race.SeasonRow, prefix string) race.SeasonRow {
	t.Helper()
	for _, r := range rows {
		if strings.HasPrefix(r.Key, prefix) {
			return r
		}
	}
	t.Fatalf("no line keyed %s… in %+v", prefix, rows)
	return race.SeasonRow{}
}

func TestSeasonsInThePalmares(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tours := raceTourOfEach(t, ta)
	done, caf := tours["finished"], tours["ciclismo-a-fondo"]
	tourCall(t, ta, http.MethodPut, done.url("/teams/1"), obj{"manager": "Marta"}, http.StatusOK)
	s := decode[seasonJSON](t, tourCall(t, ta, http.MethodPost, "/api/v1/seasons", obj{"name": "Liga de club", "points": []int{25, 18, 15, 12, 10}}, http.StatusCreated))
	tourCall(t, ta, http.MethodPut, fmt.Sprintf("/api/v1/seasons/%d/tours", s.ID), obj{"tours": []uint{done.id, caf.id}}, http.StatusOK)
	st := decode[seasonStandingsJSON](t, tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/seasons/%d/standings", s.ID), nil, http.StatusOK))
	rider, team, player := firstKeyed(t, st.Riders, "rider:"), firstKeyed(t, st.Teams, "team:"), firstKeyed(t, st.Managers, "player:")
	if player.Name != "Marta" {
		t.Fatalf("the managers' player line = %+v, want Marta's", player)
	}
	for _, c := range []struct {
		what, api, page string
		row             race.SeasonRow
	}{
		{"rider", "/api/v1/riders/" + strings.TrimPrefix(rider.Key, "rider:") + "/palmares", "/riders/" + strings.TrimPrefix(rider.Key, "rider:") + "/palmares", rider},
		{"team", "/api/v1/teams/" + strings.TrimPrefix(team.Key, "team:") + "/palmares", "/teams/" + strings.TrimPrefix(team.Key, "team:") + "/palmares", team},
		{"player", "/api/v1/players/marta/palmares", "/players/Marta/palmares", player},
	} {
		got := decode[palmaresSeasons](t, tourCall(t, ta, http.MethodGet, c.api, nil, http.StatusOK)).Seasons
		want := base.PalmaresSeason{ID: s.ID, Name: "Liga de club", Rank: c.row.Rank, Points: c.row.Points, Provisional: c.row.Provisional}
		if len(got) != 1 || got[0] != want {
			t.Errorf("the %s's palmarès seasons = %+v, want %+v", c.what, got, want)
		}
		page := tourCall(t, ta, http.MethodGet, c.page, nil, http.StatusOK).Body.String()
		if !strings.Contains(page, `href="/seasons/`+strconv.Itoa(int(s.ID))+`">Liga de club</a>`) {
			t.Errorf("the %s's palmarès page does not list the season", c.what)
		}
	}
	// A rider of no season's tour: an empty list, not null.
	other := decode[[]struct {
		ID uint `json:"id"`
	}](t, tourCall(t, ta, http.MethodGet, "/api/v1/riders", nil, http.StatusOK))
	body := tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/riders/%d/palmares", other[len(other)-1].ID), nil, http.StatusOK).Body.String()
	if !strings.Contains(body, `"seasons":[`) {
		t.Errorf("a palmarès without seasons: %s, want a list", clip(body))
	}
}
