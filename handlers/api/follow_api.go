package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/handlers/base"
)

// followJSON is GET /api/v1/follow/{code}: what a follower sees, for a screen of its own.
type followJSON struct {
	Tour        string `json:"tour"`
	FollowCode  string `json:"follow_code"`
	Ruleset     string `json:"ruleset"`
	RulesetName string `json:"ruleset_name"`
	// Version is the tour's version: the id of the event stream's last update it includes.
	Version int64 `json:"version"`
	Stages  int   `json:"stages"`
	// Closed is the last closed stage (0: none); the classifications are after it.
	Closed int `json:"closed"`
	// Stage is the stage being raced (else the last closed one) with its results so far.
	Stage followStageJSON `json:"stage"`
	// Classifications are the first lines of each classification after the last closed stage (none
	// before the first stage ends).
	Classifications *race.Standings `json:"classifications"`
	// Moment is what the closing of the last closed stage changed (null before the first stage ends).
	Moment *race.StageMoment `json:"moment"`
	// Provisional are the first lines of each classification after the open stage from what is
	// entered so far (the virtual leader), while it has a finish (null otherwise).
	Provisional *race.Standings `json:"provisional"`
}

// followStageJSON is a stage with its results as a follower sees them.
type followStageJSON struct {
	race.Stage
	Results race.StageResult `json:"results"`
	// Times are the stage placings computed from the finish entered so far.
	Times []race.StageTime `json:"times,omitempty"`
}

// followTopJSON is how many lines of each classification the follow JSON carries.
const followTopJSON = 10

// APIFollow is GET /api/v1/follow/{code}: the tour as a follower sees it — its name and game, the
// current stage with its results so far, and each classification's first lines.
func (h *Handler) APIFollow(c echo.Context) error {
	st, err := h.StoreFor(c).FollowedRace(c.Param("code"))
	if err != nil {
		return err
	}
	v, st, err := h.StoreFor(c).GetStage(st.TourID, base.CurrentStage(st))
	if err != nil {
		return err
	}
	out := followJSON{Tour: st.Tour.Name, FollowCode: st.FollowCode, Ruleset: st.Tour.Ruleset.ID, RulesetName: st.Tour.Ruleset.Name,
		Version: st.Version, Stages: len(st.Tour.Stages), Closed: st.Closed,
		Stage: followStageJSON{Stage: v.Stage, Results: v.Results, Times: v.Times}}
	if st.Closed > 0 {
		s, err := st.Standings(st.Closed)
		if err != nil {
			return err
		}
		out.Classifications = topOf(s)
		m, err := st.StageMoment(st.Closed)
		if err != nil {
			return err
		}
		out.Moment = &m
	}
	if s, err := st.ProvisionalStandings(); err == nil { // none while the open stage has no finish
		out.Provisional = topOf(s)
	}
	return c.JSON(http.StatusOK, out)
}

// topOf is a copy of the standings with each classification cut to its first lines.
func topOf(s *race.Standings) *race.Standings {
	cut := *s
	cut.Stage = firstLines(s.Stage)
	cut.Individual = firstLines(s.Individual)
	cut.Regularity = firstLines(s.Regularity)
	cut.Mountain = firstLines(s.Mountain)
	cut.Sprints = firstLines(s.Sprints)
	cut.Teams = firstLines(s.Teams)
	cut.DailyTeams = firstLines(s.DailyTeams)
	cut.CyclingParty = firstLines(s.CyclingParty)
	return &cut
}

// firstLines is a table's first followTopJSON lines.
func firstLines[T any](rows []T) []T {
	return rows[:min(len(rows), followTopJSON)]
}
