package api

import (
	"errors"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// APIPropose answers a proposed tour for the characteristics given; nothing is stored.
func (h *Handler) APIPropose(c echo.Context) error {
	var req race.ProposalRequest
	if err := DecodeJSON(c, &req); err != nil {
		return err
	}
	if req.Ruleset == "" {
		req.Ruleset = h.DefaultRuleset()
	}
	rs, ok := h.Store.Ruleset(req.Ruleset)
	if !ok {
		return refuse.Invalidf("ruleset", "unknown ruleset %q", req.Ruleset)
	}
	p, err := race.Propose(rs, req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

// createTourBody is POST /tours: a proposal plus teams, riders, points and, for this tour only,
// riders' roles (or 2RUOTE card values) other than their own, by database rider id.
type createTourBody struct {
	race.Proposal
	Stages    []stageBody               `json:"stages"`
	Teams     []uint                    `json:"teams"`
	Riders    map[string][]uint         `json:"riders,omitempty"`
	Points    *race.PointsDefinition    `json:"points,omitempty"`
	Overrides map[string]store.GameRole `json:"overrides,omitempty"`
	Managers  map[string]string         `json:"managers,omitempty"`
	Settings  race.TourSettings         `json:"settings"`
}

// stageBody is a stage as POST /tours takes it: its length is whole squares, or a real race's km
// with decimals ("length": 18.6 is "km": 18.6, drawn on 19 whole km).
type stageBody struct {
	race.Stage
	Length float64 `json:"length"`
}

// stage is the stage the body gives: a length with decimals kept as its km (ValidateStages refuses
// it in a board game, whose squares are whole), one out of bounds kept out of bounds.
func (b stageBody) stage() race.Stage {
	st := b.Stage
	switch l := b.Length; {
	case l != math.Trunc(l) && st.Metres == 0:
		st.SetKm(l)
	case l > race.MaxStageLength:
		st.Length = race.MaxStageLength + 1
	case l < 0:
		st.Length = -1
	default:
		st.Length = int(l)
	}
	return st
}

// APICreateTour creates a tour from a (possibly edited) proposal, copying the chosen teams.
func (h *Handler) APICreateTour(c echo.Context) error {
	var b createTourBody
	if err := DecodeJSON(c, &b); err != nil {
		return err
	}
	b.Proposal.Stages = make([]race.Stage, len(b.Stages))
	for i, sb := range b.Stages {
		b.Proposal.Stages[i] = sb.stage()
	}
	in := store.CreateTourInput{Proposal: b.Proposal, Teams: b.Teams, Riders: b.Riders, PointsOverride: b.Points, Overrides: b.Overrides, Managers: b.Managers, Settings: b.Settings}
	if in.Ruleset == "" {
		in.Ruleset = h.DefaultRuleset()
	}
	id, err := h.StoreFor(c).CreateTour(h.Scope(c), in)
	if err != nil {
		return err
	}
	t, err := h.StoreFor(c).GetTour(id)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/api/v1/tours/"+itoa(id))
	return c.JSON(http.StatusCreated, t)
}

// APIListTours answers every tour with its progress; to an administrator, with its director.
func (h *Handler) APIListTours(c echo.Context) error {
	tours, err := h.StoreFor(c).ListTours(h.Scope(c))
	if err != nil {
		return err
	}
	return h.answerTours(c, tours)
}

// APIGetTour answers a whole tour.
func (h *Handler) APIGetTour(c echo.Context) error {
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	t, err := h.StoreFor(c).GetTour(id)
	if err != nil {
		return err
	}
	out, err := h.tourAnswer(c, t)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// APIDeleteTour erases a tour.
func (h *Handler) APIDeleteTour(c echo.Context) error {
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	if err := h.StoreFor(c).DeleteTour(id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// APIBackup downloads a whole tour as JSON.
func (h *Handler) APIBackup(c echo.Context) error {
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	b, err := h.StoreFor(c).ExportBackup(id)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, base.TourFileName(b.Name, id, "", "racedirector.json").Disposition())
	return c.JSONPretty(http.StatusOK, b, "  ")
}

// backupBody reads a backup sent to the API: the multipart field "file", or the JSON as the body.
func backupBody(c echo.Context) ([]byte, error) {
	if strings.HasPrefix(c.Request().Header.Get(echo.HeaderContentType), echo.MIMEMultipartForm) {
		_, d, err := base.UploadedFile(c)
		return d, err
	}
	d, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var tooLarge *echo.HTTPError
		if errors.As(err, &tooLarge) {
			return nil, tooLarge
		}
		return nil, base.BadRequest("the body could not be read")
	}
	return d, nil
}

// APIImportTour restores a backup (multipart field "file", or the JSON as the body).
func (h *Handler) APIImportTour(c echo.Context) error {
	data, err := backupBody(c)
	if err != nil {
		return err
	}
	id, err := h.StoreFor(c).ImportBackup(h.Scope(c), data)
	if err != nil {
		return err
	}
	t, err := h.StoreFor(c).GetTour(id)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/api/v1/tours/"+itoa(id))
	return c.JSON(http.StatusCreated, t)
}

// APIGetStage answers stage n of a tour with its course, state and results.
func (h *Handler) APIGetStage(c echo.Context) error {
	id, n, err := base.StageParams(c)
	if err != nil {
		return err
	}
	v, _, err := h.StoreFor(c).GetStage(id, n)
	if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", strconv.Quote(strconv.Itoa(v.Version)))
	return c.JSON(http.StatusOK, v)
}
