package api

import (
	"bytes"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/sheets"
	"racedirector/handlers/base"
)

// APISheet downloads a control sheet: /tours/{id}/sheets/{sheet}.pdf or .xlsx.
func (h *Handler) APISheet(c echo.Context) error {
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	file := c.Param("file")
	var format string
	switch {
	case strings.HasSuffix(file, ".pdf"):
		format = "pdf"
	case strings.HasSuffix(file, ".xlsx"):
		format = "xlsx"
	default:
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("sheets are .pdf or .xlsx"))
	}
	sheet := strings.TrimSuffix(file, "."+format)
	in, err := h.SheetInput(c, id)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	contentType := "application/pdf"
	if format == "pdf" {
		err = sheets.PDF(&buf, sheet, in)
	} else {
		err = sheets.XLSX(&buf, sheet, in)
		contentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	}
	if err != nil {
		return err
	}
	name := base.TourFileName(in.Tour.Name, id, sheets.FilePart(sheet, in), format)
	return base.AttachmentNamed(c, name, contentType, buf.Bytes())
}

// APIListSheets answers the sheets the tour's ruleset has.
func (h *Handler) APIListSheets(c echo.Context) error {
	_, st, err := h.LoadTour(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sheets.SheetsIn(st.Tour.Ruleset, h.Tr(c)))
}
