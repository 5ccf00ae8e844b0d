package handlers

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/sheets"
	"racedirector/views"
)

// sheetInput loads a tour and builds the sheets input from the query (?stage=n, ?after=n).
func (h *Handler) sheetInput(c echo.Context, id uint) (sheets.Input, error) {
	st, err := h.Store.LoadRace(id)
	if err != nil {
		return sheets.Input{}, err
	}
	in := sheets.Input{Tour: &st.Tour, Results: st.Results, Closed: st.Closed, Date: time.Now(), Fonts: h.Fonts, Words: h.tr(c)}
	if st.Tour.Ruleset.OfficialResults {
		if in.Publications, err = h.Store.Publications(st, st.Closed); err != nil {
			return in, err
		}
	}
	for _, q := range []struct {
		name string
		dst  *int
	}{{"stage", &in.Stage}, {"after", &in.After}} {
		if v := c.QueryParam(q.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return in, race.Invalid(q.name, "must be a stage number")
			}
			*q.dst = n
		}
	}
	return in, nil
}

// APISheet downloads a control sheet: /tours/{id}/sheets/{sheet}.pdf or .xlsx.
func (h *Handler) APISheet(c echo.Context) error {
	id, err := idParam(c, "id", "tour")
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
	in, err := h.sheetInput(c, id)
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
	name := sheet
	switch {
	case in.Stage > 0:
		name += fmt.Sprintf("-stage-%d", in.Stage)
	case in.After > 0:
		name += fmt.Sprintf("-after-%d", in.After)
	}
	return attachment(c, fmt.Sprintf("tour-%d-%s.%s", id, name, format), contentType, buf.Bytes())
}

// APIListSheets answers the sheets the tour's ruleset has.
func (h *Handler) APIListSheets(c echo.Context) error {
	_, st, err := h.loadTour(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sheets.SheetsIn(st.Tour.Ruleset, h.tr(c)))
}

// sheetsPage is what the sheets page shows.
type sheetsPage struct {
	TourID uint
	Tour   string
	Sheets []sheets.SheetInfo
	Stages []int
	Closed int
	Stage  int
	// Print is the language the sheet links print in (?print=, else the screen's); Languages are
	// the choices, each in its own name.
	Print     string
	Languages []printLanguage
}

// printLanguage is one choice of "Print the sheets in".
type printLanguage struct {
	Code, Name string
}

// SheetsPage lists every printable sheet of a tour with PDF and XLSX buttons.
func (h *Handler) SheetsPage(c echo.Context) error {
	id, st, err := h.loadTour(c)
	if err != nil {
		return err
	}
	l := h.tr(c)
	p := sheetsPage{TourID: id, Tour: st.Tour.Name, Closed: st.Closed, Stage: st.Current, Print: l.Lang()}
	if q := c.QueryParam("print"); h.I18n.Supported(q) {
		p.Print = q
	}
	p.Sheets = sheets.SheetsIn(st.Tour.Ruleset, h.I18n.Localizer(p.Print))
	for _, lang := range i18n.Languages() {
		p.Languages = append(p.Languages, printLanguage{Code: lang, Name: i18n.Autonym(lang)})
	}
	if p.Stage == 0 {
		p.Stage = len(st.Tour.Stages)
	}
	for i := range st.Tour.Stages {
		p.Stages = append(p.Stages, i+1)
	}
	return h.render(c, http.StatusOK, "sheets", views.Page{Title: l.T("sheets.page.title", "Tour", st.Tour.Name), Section: "tours", TourNav: h.tourNav(st, "sheets", 0), Data: p})
}
