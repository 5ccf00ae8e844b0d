package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/store"
	"racedirector/app/story"
	"racedirector/handlers/base"
)

// storyJSON is GET /api/v1/tours/{id}/story and /api/v1/follow/{code}/story: the story of a tour's
// closed stages (story.Story's JSON: every rider's rank, gap and time after each stage, each jersey's
// holder after each stage, the managers' points after each stage and their sources, the awards) and
// where the tour stands. Before the first closed stage every list is empty and closed is 0.
type storyJSON struct {
	// TourID is the tour's id (the director's answer only: a follower knows the tour by its code).
	TourID uint   `json:"tour_id,omitempty"`
	Tour   string `json:"tour"`
	// Ruleset is the game's id; TimeUnit the unit of every time and gap of the story.
	Ruleset  string `json:"ruleset"`
	TimeUnit string `json:"time_unit"`
	// Stages is the tour's number of stages; Final says the story is told to the last one.
	Stages int  `json:"stages"`
	Final  bool `json:"final"`
	*story.Story
}

// APITourStory is GET /api/v1/tours/{id}/story: the story of the tour after its last closed stage,
// or after an earlier closed stage with ?after=n.
func (h *Handler) APITourStory(c echo.Context) error {
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	after, err := base.AfterParam(c)
	if err != nil {
		return err
	}
	st, err := h.StoreFor(c).LoadRace(id)
	if err != nil {
		return err
	}
	out, err := storyAnswer(st, after)
	if err != nil {
		return err
	}
	out.TourID = id
	return c.JSON(http.StatusOK, out)
}

// APIFollowStory is GET /api/v1/follow/{code}/story: the same story for a follower, without sign-in.
func (h *Handler) APIFollowStory(c echo.Context) error {
	after, err := base.AfterParam(c)
	if err != nil {
		return err
	}
	st, err := h.StoreFor(c).FollowedRace(c.Param("code"))
	if err != nil {
		return err
	}
	out, err := storyAnswer(st, after)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// storyAnswer tells the story of a tour after stage after (0: the last closed one); a tour with no
// closed stage has an empty story, and an after that is no closed stage is refused as the standings
// refuse it.
func storyAnswer(st *store.RaceState, after int) (*storyJSON, error) {
	out := &storyJSON{Tour: st.Tour.Name, Ruleset: st.Tour.Ruleset.ID, TimeUnit: st.Tour.Ruleset.TimeUnit, Stages: len(st.Tour.Stages)}
	if st.Closed == 0 && after == 0 {
		out.Story = story.FromStandings(&st.Tour.Ruleset, nil)
		return out, nil
	}
	if after == 0 {
		after = st.Closed
	}
	if _, err := st.Standings(after); err != nil {
		return nil, err // before the first closed stage, or after one not closed: the standings' refusal
	}
	s, err := story.Tell(&st.Tour, after, st.Standings)
	if err != nil {
		return nil, err
	}
	out.Story, out.Final = s, st.Tour.FinalAfter(after)
	return out, nil
}
