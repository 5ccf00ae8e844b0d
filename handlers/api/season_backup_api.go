package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/handlers/base"
)

// APISeasonBackup is GET /api/v1/seasons/{id}/backup.json: the season and the backup of each of its
// tours, as a file to keep or to restore elsewhere.
func (h *Handler) APISeasonBackup(c echo.Context) error {
	id, err := base.IDParam(c, "id", "season")
	if err != nil {
		return err
	}
	b, err := h.StoreFor(c).ExportSeasonBackup(h.Scope(c), id)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, base.TourFileName(b.Name, id, "season", "racedirector.json").Disposition())
	return c.JSONPretty(http.StatusOK, b, "  ")
}

// APIImportSeason is POST /api/v1/seasons/import: a season backup (multipart field "file", or the
// JSON as the body) restored as a new season of the director's with its tours, in one go (201).
func (h *Handler) APIImportSeason(c echo.Context) error {
	data, err := backupBody(c)
	if err != nil {
		return err
	}
	s, err := h.StoreFor(c).ImportSeasonBackup(h.Scope(c), data)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/api/v1/seasons/"+itoa(s.ID))
	return c.JSON(http.StatusCreated, s)
}
