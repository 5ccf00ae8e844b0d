package follow

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/live"
	"racedirector/app/store"
)

// seasonUpdate is the data of a season stream's "update" event: the season and the state its
// followers are to show (the event's id too).
type seasonUpdate struct {
	Season  uint   `json:"season"`
	Version string `json:"version"`
	// Tour is the tour whose change moved the season (0: the season's own change, or the first event).
	Tour uint `json:"tour,omitempty"`
}

// APIFollowSeasonEvents is GET /api/v1/follow/season/{code}/events: a server-sent-events stream of
// a season's changes, as a tour's (APIFollowEvents): an "update" event with the season's state
// (unless Last-Event-ID already names it), then one after every change of the season or of any of
// its tours (a result, a stage closed, an undo) that changes that state, a heartbeat comment every
// 15 s, and a "deleted" event if the season is deleted. Each event's id is the season's state (a
// number that is not ordered: a reconnect that names the current one missed nothing).
func (h *Handler) APIFollowSeasonEvents(c echo.Context) error {
	s, err := h.StoreFor(c).SeasonByFollowCode(c.Param("code"))
	if err != nil {
		return err
	}
	release, err := h.streamSlot(c)
	if err != nil {
		return err
	}
	defer release()
	// Subscribe before reading the state: a change between the two is then both read and told.
	tours := s.Tours
	sub := h.Live.SubscribeSeason(s.ID, tours)
	defer func() { sub.Close() }()
	version, err := h.StoreFor(c).SeasonVersion(s.ID)
	if err != nil {
		return err
	}
	w := startEvents(c)
	seen := seasonEventID(c.Request())
	if seen != version {
		if writeSeasonUpdate(w, seasonUpdate{Season: s.ID, Version: version}) != nil {
			return nil
		}
		seen = version
	}
	w.Flush()
	return h.relay(c, w, func() *live.Subscription { return sub }, func(ch store.TourChange) bool {
		now, err := h.StoreFor(c).SeasonByFollowCode(s.FollowCode)
		var nf *store.NotFoundError
		if errors.As(err, &nf) || ch.Season == s.ID && ch.Kind == store.SeasonDeletedKind {
			fmt.Fprint(w, "event: deleted\ndata: {}\n\n")
			return true
		}
		if err != nil {
			return false // the database away: the next change or the follower's reconnection catches up
		}
		if !slices.Equal(now.Tours, tours) { // tours added or taken out: follow those it has now
			tours = now.Tours
			sub = h.resubscribe(sub, s.ID, tours)
		}
		version, err := h.StoreFor(c).SeasonVersion(s.ID)
		if err != nil || version == seen {
			return false
		}
		seen = version
		return writeSeasonUpdate(w, seasonUpdate{Season: s.ID, Version: version, Tour: ch.Tour}) != nil
	})
}

// resubscribe follows the season's tours as they are now in place of old.
func (h *Handler) resubscribe(old *live.Subscription, season uint, tours []uint) *live.Subscription {
	sub := h.Live.SubscribeSeason(season, tours)
	old.Close()
	return sub
}

// writeSeasonUpdate writes one "update" event of a season: its id the season's state.
func writeSeasonUpdate(w *echo.Response, u seasonUpdate) error {
	data, err := json.Marshal(u)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "id: %s\nevent: update\ndata: %s\n\n", u.Version, data)
	return err
}

// seasonEventID is the season's state a reconnecting follower saw last ("" for none): a number.
func seasonEventID(req *http.Request) string {
	v := strings.TrimSpace(req.Header.Get("Last-Event-ID"))
	if v == "" {
		v = strings.TrimSpace(req.URL.Query().Get("last_event_id"))
	}
	if len(v) > 20 || strings.Trim(v, "0123456789") != "" {
		return ""
	}
	return v
}
