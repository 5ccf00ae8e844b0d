package base

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
)

// PlayerParam is the the :player of a player's palmarès as kept (race.CleanManager): refused naming the
// field when it cannot be a player's name, not found when it is empty.
func PlayerParam(c echo.Context) (string, error) {
	raw, err := url.PathUnescape(c.Param("player"))
	if err != nil {
		raw = c.Param("player")
	}
	name, err := race.ValidateManager(raw)
	if err != nil {
		return "", err
	}
	if name == "" {
		return "", echo.NewHTTPError(http.StatusNotFound, i18n.Textf("player %q not found", raw))
	}
	return name, nil
}
