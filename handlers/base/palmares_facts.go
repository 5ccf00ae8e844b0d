package base

import (
	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/app/story"
)

// The palmarès of a database team or rider as facts: for each tour they rode, what the tour knew
// them by and what they won, read from the tour's own copies (a renamed team keeps its history under
// the name it raced with). The palmarès pages word these facts; GET /api/v1/teams/{id}/palmares and
// /api/v1/riders/{id}/palmares answer them.

// PalmaresTour is one tour of a palmarès.
type PalmaresTour struct {
	TourID uint   `json:"tour_id"`
	Tour   string `json:"tour"`
	// RacedAs is the team's name as raced; TeamNumber its number in the tour (its bibs' tens).
	RacedAs    string `json:"raced_as"`
	TeamNumber int    `json:"team_number"`
	// Rider and Bib are the rider's name and bib as raced (a rider's palmarès only).
	Rider string `json:"rider,omitempty"`
	Bib   int    `json:"bib,omitempty"`
	// Closed is the number of closed stages of the tour's Stages; Final says the tour is over.
	Closed int  `json:"closed"`
	Stages int  `json:"stages"`
	Final  bool `json:"final"`
	// GCRank, PointsRank and MountainRank are the rider's ranks after the last closed stage, TeamsRank
	// his (or the team's) team's; nil when not ranked, or the game has no such classification. A
	// team's palmarès has no rider ranks: BestRider is its best rider of the general classification.
	GCRank       *int          `json:"gc_rank"`
	PointsRank   *int          `json:"points_rank"`
	MountainRank *int          `json:"mountain_rank"`
	TeamsRank    *int          `json:"teams_rank"`
	BestRider    *palmaresBest `json:"best_rider,omitempty"`
	// CyclingPartyRank and CyclingPartyPoints are a team's (its manager's) rank and points in the
	// Cycling Party standing after the last closed stage; nil in a game without manager points, and
	// in a rider's palmarès.
	CyclingPartyRank   *int `json:"cycling_party_rank"`
	CyclingPartyPoints *int `json:"cycling_party_points"`
	// Out says the rider left the race, in which stage and how (a rider's palmarès only; nil when he
	// finished or is still racing).
	Out *PalmaresOut `json:"out,omitempty"`
	// StageWins are the stages won (by the rider, or by one of the team's riders: StageWinners).
	StageWins    []int            `json:"stage_wins"`
	StageWinners []story.StageWin `json:"stage_winners,omitempty"`
	// Jerseys are the leader's jerseys held, each with the stages after which it was held.
	Jerseys []palmaresJersey `json:"jerseys"`
}

// palmaresBest is a team's best rider in a tour's general classification.
type palmaresBest struct {
	Bib    int    `json:"bib"`
	Name   string `json:"name"`
	GCRank int    `json:"gc_rank"`
}

// PalmaresOut is how a rider left a tour: the stage and his status (race.StatusDNF, StatusOTL,
// StatusDSQ or StatusDNS).
type PalmaresOut struct {
	Stage  int    `json:"stage"`
	Status string `json:"status"`
}

// palmaresJersey is one leader's jersey held in a tour.
type palmaresJersey struct {
	// Class is the classification it leads (individual, regularity, mountain, sprints, youth); Name
	// the jersey's name in the game's own words.
	Class  string `json:"jersey"`
	Name   string `json:"name"`
	Stages []int  `json:"stages"`
	// words names the jersey in other languages, for the page.
	Words race.Jersey
}

// PalmaresFacts reads, for a team's (team) or a rider's appearances, each tour's standings after its
// last closed stage.
func (h *Base) PalmaresFacts(c echo.Context, apps []store.Appearance, team bool) ([]PalmaresTour, error) {
	out := []PalmaresTour{}
	for _, a := range apps {
		st, err := h.StoreFor(c).LoadRace(a.TourID)
		if err != nil {
			return nil, err
		}
		p := PalmaresTour{TourID: a.TourID, Tour: a.Tour, RacedAs: a.Team, TeamNumber: a.TeamNumber, Rider: a.Rider, Bib: a.Bib,
			Closed: st.Closed, Stages: len(st.Tour.Stages), Final: st.Tour.FinalAfter(st.Closed),
			StageWins: []int{}, Jerseys: []palmaresJersey{}}
		s, err := TellStory(st)
		if err != nil {
			return nil, err
		}
		if s != nil {
			p.tell(s, a, team)
		}
		out = append(out, p)
	}
	return out, nil
}

// tell fills a tour's facts from its story: the ranks after its last told stage, the stages won, the
// jerseys held.
func (p *PalmaresTour) tell(s *story.Story, a store.Appearance, team bool) {
	fin := s.Final()
	mine := func(bib, teamID int) bool {
		if team {
			return teamID == a.TeamNumber
		}
		return bib == a.Bib
	}
	for _, r := range fin.Teams {
		if r.TeamID == a.TeamNumber {
			p.TeamsRank = ranked(r.Rank)
		}
	}
	if team {
		for _, r := range fin.Individual {
			if r.TeamID == a.TeamNumber {
				p.BestRider = &palmaresBest{Bib: r.Bib, Name: r.Name, GCRank: r.Rank}
				break
			}
		}
		for _, r := range fin.CyclingParty {
			if r.TeamID == a.TeamNumber {
				points := r.Points
				p.CyclingPartyRank, p.CyclingPartyPoints = ranked(r.Rank), &points
			}
		}
	} else {
		p.GCRank, p.PointsRank, p.MountainRank = ranked(timeRank(fin.Individual, a.Bib)), ranked(pointsRank(fin.Regularity, a.Bib)), ranked(pointsRank(fin.Mountain, a.Bib))
		for _, o := range fin.Out {
			if o.Bib == a.Bib {
				p.Out = &PalmaresOut{Stage: o.Stage, Status: o.Status}
				break
			}
		}
	}
	for _, w := range s.Awards.StageWinners {
		if mine(w.Bib, w.TeamID) {
			p.StageWins = append(p.StageWins, w.Stage)
			if team {
				p.StageWinners = append(p.StageWinners, w)
			}
		}
	}
	for _, strip := range s.Jerseys {
		j := palmaresJersey{Class: strip.Class, Name: strip.Jersey.Name, Words: strip.Jersey}
		for i, hd := range strip.Holders {
			if hd.Bib != 0 && mine(hd.Bib, hd.TeamID) {
				j.Stages = append(j.Stages, i+1)
			}
		}
		if len(j.Stages) > 0 {
			p.Jerseys = append(p.Jerseys, j)
		}
	}
}

// ranked is a rank for the JSON: nil for 0 (not ranked).
func ranked(rank int) *int {
	if rank == 0 {
		return nil
	}
	return &rank
}

// timeRank is a bib's rank in a time classification (0: not in it).
func timeRank(rows []race.TimeRow, bib int) int {
	for _, r := range rows {
		if r.Bib == bib {
			return r.Rank
		}
	}
	return 0
}

// pointsRank is a bib's rank in a points classification (0: not in it).
func pointsRank(rows []race.PointsRow, bib int) int {
	for _, r := range rows {
		if r.Bib == bib {
			return r.Rank
		}
	}
	return 0
}

// RiderAndTeam reads the database rider the route's :id names, and his team.
func (h *Base) RiderAndTeam(c echo.Context) (store.Rider, store.Team, error) {
	id, err := IDParam(c, "id", "rider")
	if err != nil {
		return store.Rider{}, store.Team{}, err
	}
	r, err := h.StoreFor(c).GetRider(h.Scope(c), id)
	if err != nil {
		return store.Rider{}, store.Team{}, err
	}
	t, err := h.StoreFor(c).GetTeam(h.Scope(c), r.TeamID)
	return r, t, err
}

// TellStory tells the story of a tour's closed stages (nil before the first is closed).
func TellStory(st *store.RaceState) (*story.Story, error) {
	if st.Closed == 0 {
		return nil, nil
	}
	return story.Tell(&st.Tour, st.Closed, st.Standings)
}
