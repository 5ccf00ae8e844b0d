package base

import (
	"github.com/labstack/echo/v4"

	"racedirector/app/store"
)

// SeasonOf is the season the address names (:id), as the viewer may see it: a 404 for a season that
// is not there or is another director's.
func (h *Base) SeasonOf(c echo.Context) (store.Season, error) {
	id, err := IDParam(c, "id", "season")
	if err != nil {
		return store.Season{}, err
	}
	return h.StoreFor(c).GetSeason(h.Scope(c), id)
}
