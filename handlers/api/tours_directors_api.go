package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/store"
)

// directorRef names a tour's director: their account's id and name.
type directorRef struct {
	ID   uint   `json:"id"`
	Name string `json:"name"`
}

// tourWithDirector is a line of the tour list as an administrator reads it: the tour and its director.
type tourWithDirector struct {
	store.TourSummary
	// Director is the tour's director (absent for a tour of no one's).
	Director *directorRef `json:"director,omitempty"`
}

// answerTours answers the tour list; to an administrator, who sees every director's tours, naming
// each tour's director.
func (h *Handler) answerTours(c echo.Context, tours []store.TourSummary) error {
	if v := auth.ViewerOf(c); v.Mode != auth.AccountsMode || !v.Admin {
		return c.JSON(http.StatusOK, tours)
	}
	list, err := h.StoreFor(c).Directors(h.Lock.Now())
	if err != nil {
		return err
	}
	names := make(map[uint]string, len(list))
	for _, d := range list {
		names[d.ID] = d.Name
	}
	out := make([]tourWithDirector, len(tours))
	for i, t := range tours {
		out[i].TourSummary = t
		if name, ok := names[t.OwnerID]; ok {
			out[i].Director = &directorRef{ID: t.OwnerID, Name: name}
		}
	}
	return c.JSON(http.StatusOK, out)
}
