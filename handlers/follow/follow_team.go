package follow

import (
	"fmt"
	"strconv"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// "My team" on the follow page: a phone picks its team (kept on the phone by my_team.js, no account),
// whose riders then stand out in every table, and hears of its news at once. The teams to pick from
// and the news are the server's: which riders are a team's, and what they did (race.StageNews,
// race.ClosedNews); the script only matches them with the team picked.

// followPlayers are the teams a follower may pick as his, and the news of the stage shown and of the
// last closed stage, in the page's language.
type followPlayers struct {
	Teams []followTeamChoice
	News  []followNews
}

// followTeamChoice is one team a follower may pick: its number in the tour, its name, its player and
// its riders' bibs ("11 12 13").
type followTeamChoice struct {
	ID                  int
	Name, Manager, Bibs string
}

// followNews is one piece of news of a team, in words.
type followNews struct {
	Key  string
	Team int
	Text string
}

// followPlayersOf lists the tour's teams and the news of stage n (the stage shown) and of the last
// closed stage.
func followPlayersOf(l *i18n.Localizer, st *store.RaceState, n int) (followPlayers, error) {
	var out followPlayers
	for _, t := range st.Tour.Teams {
		bibs := make([]string, len(t.Riders))
		for i, r := range t.Riders {
			bibs[i] = strconv.Itoa(r.Bib)
		}
		out.Teams = append(out.Teams, followTeamChoice{ID: t.ID, Name: t.Name, Manager: t.Manager, Bibs: strings.Join(bibs, " ")})
	}
	var news []race.News
	if c := st.Closed; c > 0 {
		after, err := st.Standings(c)
		if err != nil {
			return out, err
		}
		var before *race.Standings
		if c > 1 {
			if before, err = st.Standings(c - 1); err != nil {
				return out, err
			}
		}
		news = append(news, race.ClosedNews(&st.Tour, c, before, after)...)
	}
	if n >= 1 && n <= len(st.Tour.Stages) {
		res := st.Results[n-1]
		var places []race.StageTime
		if len(res.Finish.Groups) > 0 || len(res.Finish.Results) > 0 {
			if times, err := race.StageTimes(&st.Tour, n, st.Prior(n), res); err == nil {
				places = times
			}
		}
		news = append(news, race.StageNews(&st.Tour, n, res, places)...)
	}
	for _, nw := range race.TeamNews(news, 0) {
		out.News = append(out.News, followNews{Key: nw.Key, Team: nw.TeamID, Text: newsWords(l, st, nw)})
	}
	return out, nil
}

// newsWords says a piece of news in l's language: "Rider 31 (31) crosses sprint 1 in place 1: 5 points".
func newsWords(l *i18n.Localizer, st *store.RaceState, nw race.News) string {
	rs := &st.Tour.Ruleset
	r, _ := st.Tour.RiderByBib(nw.Bib)
	who := []any{"Rider", r.Name, "Bib", nw.Bib, "Place", nw.Place, "Stage", nw.Stage}
	switch nw.Kind {
	case race.NewsSprint:
		return l.T("players.news.sprint", append(who, "N", nw.Index, "Award", awardWords(l, rs, nw.Award))...)
	case race.NewsClimb:
		return l.T("players.news.climb", append(who, "Climb", climbWords(l, st, nw), "Award", awardWords(l, rs, nw.Award))...)
	case race.NewsPlace:
		return l.T("players.news.place", who...)
	case race.NewsJersey:
		return l.T("players.news.jersey", append(who, "Jersey", rs.Jerseys[nw.Class].NameIn(l.Lang()))...)
	}
	return l.T("players.news.out", append(who, "Status", base.StatusNameIn(l, nw.Status))...)
}

// climbWords names the climb of a piece of news: "Climb 2 (Third category)", or its own name.
func climbWords(l *i18n.Localizer, st *store.RaceState, nw race.News) string {
	rs := &st.Tour.Ruleset
	for _, cl := range st.Tour.Stages[nw.Stage-1].Climbs {
		if cl.Index != nw.Index {
			continue
		}
		if cl.Name != "" {
			return cl.Name
		}
		return fmt.Sprintf("%s (%s)", l.T("standings.climb_n", "N", cl.Index), base.ClimbNameIn(l, rs, cl.Category))
	}
	return l.T("standings.climb_n", "N", nw.Index)
}

// teamOfPlayer is a team with its player beside it ("Rojo · Marta"), the team alone when none is named.
func teamOfPlayer(team, manager string) string {
	if manager == "" {
		return team
	}
	return team + " · " + manager
}
