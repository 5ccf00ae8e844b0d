package season

import (
	"bytes"
	"io"
	"time"

	"github.com/labstack/echo/v4"

	"racedirector/app/sheets"
	"racedirector/handlers/base"
)

// SeasonStandingsPDF is GET /seasons/{id}/standings.pdf: the season's three tables, printed.
func (h *Handler) SeasonStandingsPDF(c echo.Context) error {
	return h.seasonSheet(c, "pdf", "application/pdf", sheets.SeasonPDF)
}

// SeasonStandingsXLSX is GET /seasons/{id}/standings.xlsx: the season's three tables as a workbook.
func (h *Handler) SeasonStandingsXLSX(c echo.Context) error {
	return h.seasonSheet(c, "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", sheets.SeasonXLSX)
}

// seasonSheet writes the season's standings with write and sends them as a download.
func (h *Handler) seasonSheet(c echo.Context, ext, contentType string, write func(w io.Writer, in sheets.SeasonInput) error) error {
	s, err := h.SeasonOf(c)
	if err != nil {
		return err
	}
	tours, st, err := h.StoreFor(c).SeasonStandings(s)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	in := sheets.SeasonInput{Name: s.Name, Rules: s.Rules(), Tours: tours, Standings: st, Date: time.Now(), Fonts: h.Fonts, Words: h.Tr(c)}
	if err := write(&buf, in); err != nil {
		return err
	}
	return base.AttachmentNamed(c, base.TourFileName(s.Name, s.ID, "season-standings", ext), contentType, buf.Bytes())
}
