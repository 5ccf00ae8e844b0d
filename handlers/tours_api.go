package handlers

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
)

// APIPropose answers a proposed tour for the characteristics given; nothing is stored.
func (h *Handler) APIPropose(c echo.Context) error {
	var req race.ProposalRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	if req.Ruleset == "" {
		req.Ruleset = h.defaultRuleset()
	}
	rs, ok := h.Store.Ruleset(req.Ruleset)
	if !ok {
		return race.Invalidf("ruleset", "unknown ruleset %q", req.Ruleset)
	}
	p, err := race.Propose(rs, req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

// defaultRuleset is the id of the default ruleset.
func (h *Handler) defaultRuleset() string {
	for _, rs := range h.Store.Rulesets() {
		if rs.Default {
			return rs.ID
		}
	}
	return "cycling-party"
}

// createTourBody is POST /tours: a proposal plus teams, riders, points and, for this tour only,
// riders' roles (or 2RUOTE card values) other than their own, by database rider id.
type createTourBody struct {
	race.Proposal
	Teams     []uint                    `json:"teams"`
	Riders    map[string][]uint         `json:"riders,omitempty"`
	Points    *race.PointsDefinition    `json:"points,omitempty"`
	Overrides map[string]store.GameRole `json:"overrides,omitempty"`
	Settings  race.TourSettings         `json:"settings"`
}

// APICreateTour creates a tour from a (possibly edited) proposal, copying the chosen teams.
func (h *Handler) APICreateTour(c echo.Context) error {
	var b createTourBody
	if err := decodeJSON(c, &b); err != nil {
		return err
	}
	in := store.CreateTourInput{Proposal: b.Proposal, Teams: b.Teams, Riders: b.Riders, PointsOverride: b.Points, Overrides: b.Overrides, Settings: b.Settings}
	if in.Ruleset == "" {
		in.Ruleset = h.defaultRuleset()
	}
	id, err := h.Store.CreateTour(h.scope(c), in)
	if err != nil {
		return err
	}
	t, err := h.Store.GetTour(id)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/api/v1/tours/"+itoa(id))
	return c.JSON(http.StatusCreated, t)
}

// APIListTours answers every tour with its progress.
func (h *Handler) APIListTours(c echo.Context) error {
	tours, err := h.Store.ListTours(h.scope(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, tours)
}

// APIGetTour answers a whole tour.
func (h *Handler) APIGetTour(c echo.Context) error {
	id, err := idParam(c, "id", "tour")
	if err != nil {
		return err
	}
	t, err := h.Store.GetTour(id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, t)
}

// APIDeleteTour erases a tour.
func (h *Handler) APIDeleteTour(c echo.Context) error {
	id, err := idParam(c, "id", "tour")
	if err != nil {
		return err
	}
	if err := h.Store.DeleteTour(id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// APIBackup downloads a whole tour as JSON.
func (h *Handler) APIBackup(c echo.Context) error {
	id, err := idParam(c, "id", "tour")
	if err != nil {
		return err
	}
	b, err := h.Store.ExportBackup(id)
	if err != nil {
		return err
	}
	name := strings.Map(func(r rune) rune {
		if r == '"' || r == '\\' || r == '/' || r < 32 {
			return '-'
		}
		return r
	}, b.Name)
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf("attachment; filename=%q", name+".racedirector.json"))
	return c.JSONPretty(http.StatusOK, b, "  ")
}

// APIImportTour restores a backup (multipart field "file", or the JSON as the body).
func (h *Handler) APIImportTour(c echo.Context) error {
	var data []byte
	if strings.HasPrefix(c.Request().Header.Get(echo.HeaderContentType), echo.MIMEMultipartForm) {
		_, d, err := uploadedFile(c)
		if err != nil {
			return err
		}
		data = d
	} else {
		d, err := io.ReadAll(c.Request().Body)
		if err != nil {
			var tooLarge *echo.HTTPError
			if errors.As(err, &tooLarge) {
				return tooLarge
			}
			return badRequest("the body could not be read")
		}
		data = d
	}
	id, err := h.Store.ImportBackup(h.scope(c), data)
	if err != nil {
		return err
	}
	t, err := h.Store.GetTour(id)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/api/v1/tours/"+itoa(id))
	return c.JSON(http.StatusCreated, t)
}

// stageParams parses the tour id and stage number of a stage route.
func stageParams(c echo.Context) (uint, int, error) {
	id, err := idParam(c, "id", "tour")
	if err != nil {
		return 0, 0, err
	}
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 || n > 1000 {
		return 0, 0, echo.NewHTTPError(http.StatusNotFound, i18n.Textf("stage %q not found", c.Param("n")))
	}
	return id, n, nil
}

// expectedVersion reads the stage version a client saw, from If-Match (API) or -1 when absent.
func expectedVersion(c echo.Context) (int, error) {
	v := strings.Trim(c.Request().Header.Get("If-Match"), `" W/`)
	if v == "" || v == "*" {
		return -1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, badRequest("If-Match must be the stage version number")
	}
	return n, nil
}

// APIGetStage answers stage n of a tour with its course, state and results.
func (h *Handler) APIGetStage(c echo.Context) error {
	id, n, err := stageParams(c)
	if err != nil {
		return err
	}
	v, _, err := h.Store.GetStage(id, n)
	if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", strconv.Quote(strconv.Itoa(v.Version)))
	return c.JSON(http.StatusOK, v)
}
