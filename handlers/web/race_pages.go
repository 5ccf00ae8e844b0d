package web

import (
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/refuse"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
)

// formVersion reads the stage version a page form was built from (hidden field _version);
// an absent field gives -1 (no check).
func formVersion(c echo.Context) (int, error) {
	v := strings.TrimSpace(c.FormValue("_version"))
	if v == "" {
		return -1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, base.BadRequest("the form does not say which version of the stage it was made from: reload the page and enter it again")
	}
	return n, nil
}

// parseOneBib reads a single typed bib; empty is an error too.
func parseOneBib(text, field string) (int, error) {
	bibs, err := standing.ParseBibs(text, field)
	switch {
	case err != nil:
		return 0, err
	case len(bibs) == 0:
		return 0, refuse.Invalid(field, "type the rider's bib number")
	case len(bibs) > 1:
		return 0, refuse.Invalid(field, "one bib only")
	}
	return bibs[0], nil
}

// parseNumber reads a whole number typed in field; empty gives 0 when optional.
func parseNumber(text, field string, optional bool) (int, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		if optional {
			return 0, nil
		}
		return 0, refuse.Invalid(field, "is required")
	}
	n, err := strconv.Atoi(text)
	if err != nil {
		return 0, refuse.Invalidf(field, "%q is not a whole number", text)
	}
	return n, nil
}
