package api

import (
	"bytes"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"racedirector/app/roster"
	"racedirector/handlers/base"
)

// ExportTeamsXLSX downloads the whole database as an XLSX workbook.
func (h *Handler) ExportTeamsXLSX(c echo.Context) error {
	rows, err := h.StoreFor(c).RosterRows(h.Scope(c))
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := roster.WriteXLSX(&buf, rows, h.RosterLayout(c)); err != nil {
		return fmt.Errorf("export xlsx: %w", err)
	}
	return base.Attachment(c, "teams-"+time.Now().Format("2006-01-02")+".xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buf.Bytes())
}

// ExportTeamsCSV downloads the whole database as CSV.
func (h *Handler) ExportTeamsCSV(c echo.Context) error {
	rows, err := h.StoreFor(c).RosterRows(h.Scope(c))
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := roster.WriteCSV(&buf, rows, h.RosterLayout(c)); err != nil {
		return fmt.Errorf("export csv: %w", err)
	}
	return base.Attachment(c, "teams-"+time.Now().Format("2006-01-02")+".csv", "text/csv; charset=utf-8", buf.Bytes())
}

// APIImportTeams imports a roster file: ?dry_run=1 previews; otherwise all rows are stored or none.
func (h *Handler) APIImportTeams(c echo.Context) error {
	name, data, err := base.UploadedFile(c)
	if err != nil {
		return err
	}
	sh, err := h.ReadRoster(name, data)
	if err != nil {
		return err
	}
	if c.QueryParam("dry_run") == "1" || c.QueryParam("dry_run") == "true" {
		prev, err := h.StoreFor(c).PreviewImport(h.Scope(c), sh)
		if err != nil {
			return err
		}
		prev.Problems = base.SayProblems(prev.Problems, h.Tr(c).Say)
		return c.JSON(http.StatusOK, prev)
	}
	prev, err := h.StoreFor(c).ApplyImport(h.Scope(c), sh)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, prev)
}
