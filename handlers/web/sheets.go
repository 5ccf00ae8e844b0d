package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/sheets"
	"racedirector/views"
)

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
	id, st, err := h.LoadTour(c)
	if err != nil {
		return err
	}
	l := h.Tr(c)
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
	return h.Render(c, http.StatusOK, "sheets", views.Page{Title: l.T("sheets.page.title", "Tour", st.Tour.Name), Section: "tours", TourNav: h.TourNav(st, "sheets", 0), Data: p})
}
