package standing

import (
	"strconv"

	"racedirector/app/race"
	"racedirector/app/store"
)

// Names lead the riders' and teams' names of a tour's pages to their own pages: a rider by his bib,
// a team by its name in the tour. Which page depends on who reads: the director goes to the
// palmarès of the teams database's rider or team (PalmaresNames), a player to the rider's or team's
// page of the tour he follows (FollowNames). An empty address leaves the name as it is.
type Names struct {
	rider func(bib int) string
	team  func(name string) string
}

// PalmaresNames leads each name of the tour to the palmarès of the database rider or team it was
// copied from (src); a rider or team copied from none (a start list typed for the tour, or deleted
// since) has no link.
func PalmaresNames(t *race.Tour, src store.TourSources) Names {
	teams := map[string]string{}
	for _, tm := range t.Teams {
		if id, ok := src.Teams[tm.ID]; ok {
			teams[tm.Name] = "/teams/" + strconv.FormatUint(uint64(id), 10) + "/palmares"
		}
	}
	return Names{
		rider: func(bib int) string {
			if id, ok := src.Riders[bib]; ok {
				return "/riders/" + strconv.FormatUint(uint64(id), 10) + "/palmares"
			}
			return ""
		},
		team: func(name string) string { return teams[name] },
	}
}

// FollowNames leads each name of the tour followed with code to the rider's or team's page there
// (/follow/{code}/riders/{bib}, /follow/{code}/teams/{number}), open to the players.
func FollowNames(t *race.Tour, code string) Names {
	teams := map[string]string{}
	for _, tm := range t.Teams {
		teams[tm.Name] = FollowTeamHref(code, tm.ID)
	}
	return Names{
		rider: func(bib int) string {
			if _, ok := t.RiderByBib(bib); ok {
				return FollowRiderHref(code, bib)
			}
			return ""
		},
		team: func(name string) string { return teams[name] },
	}
}

// FollowRiderHref is a rider's page in the tour followed with code.
func FollowRiderHref(code string, bib int) string {
	return "/follow/" + code + "/riders/" + strconv.Itoa(bib)
}

// FollowTeamHref is a team's page in the tour followed with code.
func FollowTeamHref(code string, number int) string {
	return "/follow/" + code + "/teams/" + strconv.Itoa(number)
}

// Rider is the page of the rider with that bib ("": none).
func (n Names) Rider(bib int) string {
	if n.rider == nil {
		return ""
	}
	return n.rider(bib)
}

// Team is the page of the team of that name ("": none).
func (n Names) Team(name string) string {
	if n.team == nil {
		return ""
	}
	return n.team(name)
}

// Leaders gives the leaders their riders' and teams' pages.
func (n Names) Leaders(ls []LeaderView) {
	for i := range ls {
		ls[i].Href, ls[i].TeamHref = n.Rider(ls[i].Bib), n.Team(ls[i].Team)
	}
}

// Tables gives each classification's lines their pages.
func (n Names) Tables(ts []ClassTable) {
	for i := range ts {
		n.Rows(ts[i].Kind, ts[i].Rows)
	}
}

// Rows gives the lines of a classification of that kind their pages: a team's in a table of teams,
// else the rider's and his team's.
func (n Names) Rows(kind string, rows []ClassRow) {
	for i := range rows {
		if kind == "team" || kind == "manager" {
			rows[i].Href = n.Team(rows[i].Name)
			continue
		}
		rows[i].Href, rows[i].TeamHref = n.Rider(rows[i].Bib), n.Team(rows[i].Team)
	}
}

// Times gives a stage's placings their riders' and teams' pages.
func (n Names) Times(rows []TimeRow) {
	for i := range rows {
		rows[i].Href, rows[i].TeamHref = n.Rider(rows[i].Bib), n.Team(rows[i].Team)
	}
}

// Abandons gives the riders who left the race their pages.
func (n Names) Abandons(rows []AbandonRow) {
	for i := range rows {
		rows[i].Href = n.Rider(rows[i].Bib)
	}
}
