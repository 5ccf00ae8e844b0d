package handlers

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"time"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/roster"
	"racedirector/app/store"
	"racedirector/views"
)

// maxRosterBytes is the largest roster file accepted.
const maxRosterBytes = 5 << 20

// ExportTeamsXLSX downloads the whole database as an XLSX workbook.
func (h *Handler) ExportTeamsXLSX(c echo.Context) error {
	rows, err := h.Store.RosterRows(h.scope(c))
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := roster.WriteXLSX(&buf, rows, h.rosterLayout(c)); err != nil {
		return fmt.Errorf("export xlsx: %w", err)
	}
	return attachment(c, "teams-"+time.Now().Format("2006-01-02")+".xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buf.Bytes())
}

// ExportTeamsCSV downloads the whole database as CSV.
func (h *Handler) ExportTeamsCSV(c echo.Context) error {
	rows, err := h.Store.RosterRows(h.scope(c))
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := roster.WriteCSV(&buf, rows, h.rosterLayout(c)); err != nil {
		return fmt.Errorf("export csv: %w", err)
	}
	return attachment(c, "teams-"+time.Now().Format("2006-01-02")+".csv", "text/csv; charset=utf-8", buf.Bytes())
}

// attachment sends a file download.
func attachment(c echo.Context, name, contentType string, data []byte) error {
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf("attachment; filename=%q", name))
	return c.Blob(http.StatusOK, contentType, data)
}

// uploadedFile reads the multipart field "file".
func uploadedFile(c echo.Context) (string, []byte, error) {
	fh, err := c.FormFile("file")
	if err != nil {
		return "", nil, race.Invalid("file", "choose an XLSX or CSV file to upload")
	}
	if fh.Size > maxRosterBytes {
		return "", nil, race.Invalidf("file", "is too large (at most %d MB)", maxRosterBytes>>20)
	}
	f, err := fh.Open()
	if err != nil {
		return "", nil, race.Invalid("file", "could not be read")
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxRosterBytes+1))
	if err != nil {
		return "", nil, race.Invalid("file", "could not be read")
	}
	return filepath.Base(fh.Filename), data, nil
}

// readRoster parses an uploaded roster; an unreadable file, or one past the limits (rows, unpacked
// size), is a validation error on "file" whose message says why.
func (h *Handler) readRoster(name string, data []byte) (roster.Sheet, error) {
	sh, err := roster.Read(data, name, h.rosterLayout(nil))
	if err != nil {
		return sh, race.InvalidText("file", race.ReasonOf(err))
	}
	return sh, nil
}

// APIImportTeams imports a roster file: ?dry_run=1 previews; otherwise all rows are stored or none.
func (h *Handler) APIImportTeams(c echo.Context) error {
	name, data, err := uploadedFile(c)
	if err != nil {
		return err
	}
	sh, err := h.readRoster(name, data)
	if err != nil {
		return err
	}
	if c.QueryParam("dry_run") == "1" || c.QueryParam("dry_run") == "true" {
		prev, err := h.Store.PreviewImport(h.scope(c), sh)
		if err != nil {
			return err
		}
		prev.Problems = sayProblems(prev.Problems, h.tr(c).Say)
		return c.JSON(http.StatusOK, prev)
	}
	prev, err := h.Store.ApplyImport(h.scope(c), sh)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, prev)
}

// ImportPage shows the upload form.
func (h *Handler) ImportPage(c echo.Context) error {
	return h.render(c, http.StatusOK, "import", views.Page{Title: h.tr(c).T("setup.import.title"), Section: "teams", Data: h.importColumns(c)})
}

// importColumns are the upload form's words about the file: its column heads and the older single
// role column's head, in the page's language (the import reads them in every language).
func (h *Handler) importColumns(c echo.Context) map[string]any {
	return map[string]any{"Columns": h.rosterLayout(c).HeaderIn(), "Role": h.tr(c).T("sheets.roster.role")}
}

func (h *Handler) importFailed(c echo.Context, err error) error {
	ve, ok := err.(*race.ValidationError)
	if !ok {
		return err
	}
	return h.render(c, http.StatusUnprocessableEntity, "import", views.Page{Title: h.tr(c).T("setup.import.title"), Section: "teams", Errors: h.said(c, ve),
		Error: h.tr(c).T("setup.import.unreadable"), Data: h.importColumns(c)})
}

// ImportPreviewPage reads the uploaded file and shows what it would do, storing nothing.
func (h *Handler) ImportPreviewPage(c echo.Context) error {
	name, data, err := uploadedFile(c)
	if err != nil {
		return h.importFailed(c, err)
	}
	sh, err := h.readRoster(name, data)
	if err != nil {
		return h.importFailed(c, err)
	}
	prev, err := h.Store.PreviewImport(h.scope(c), sh)
	if err != nil {
		return err
	}
	prev.Problems = sayProblems(prev.Problems, h.tr(c).Say)
	status := http.StatusOK
	if len(prev.Problems) > 0 {
		status = http.StatusUnprocessableEntity
	}
	return h.render(c, status, "import_preview", views.Page{Title: h.tr(c).T("setup.import.preview_short"), Section: "teams", Data: map[string]any{
		"Filename": name, "Preview": prev, "Content": base64.StdEncoding.EncodeToString(data)}})
}

// ImportApplyPage stores a previewed file (carried back in the form), all rows or none.
func (h *Handler) ImportApplyPage(c echo.Context) error {
	name := filepath.Base(c.FormValue("filename"))
	data, err := base64.StdEncoding.DecodeString(c.FormValue("content"))
	if err != nil || len(data) == 0 {
		return h.importFailed(c, race.Invalid("file", "the previewed file was lost; upload it again"))
	}
	sh, err := h.readRoster(name, data)
	if err != nil {
		return h.importFailed(c, err)
	}
	prev, err := h.Store.ApplyImport(h.scope(c), sh)
	if err != nil {
		var ie *store.ImportError
		if errors.As(err, &ie) {
			return h.render(c, http.StatusUnprocessableEntity, "import_preview", views.Page{Title: h.tr(c).T("setup.import.preview_short"), Section: "teams",
				Error: h.tr(c).T("setup.import.has_problems"), Data: map[string]any{"Filename": name, "Preview": prev, "Content": c.FormValue("content")}})
		}
		return err
	}
	tr := h.tr(c)
	return redirect(c, "/teams", tr.T("setup.import.imported", "File", name,
		"Teams", tr.N("setup.import.teams_created", prev.Counts["teams_create"]), "TeamsUpdated", prev.Counts["teams_update"],
		"Riders", tr.N("setup.import.riders_created", prev.Counts["riders_create"]), "RidersUpdated", prev.Counts["riders_update"]))
}

// rosterLayout is the store's roster layout with its header words: written in the request's
// language (English without a request), read in any language the app speaks.
func (h *Handler) rosterLayout(c echo.Context) roster.Layout {
	l := h.Store.RosterLayout()
	words := func(lang string) roster.Words {
		loc := h.I18n.Localizer(lang)
		w := roster.Words{}
		for _, name := range []string{"team", "short", "color", "number", "name", "born", "role", "tab"} {
			w[name] = loc.T("sheets.roster." + name)
		}
		return w
	}
	for _, lang := range i18n.Languages() {
		l.Aliases = append(l.Aliases, words(lang))
	}
	if c != nil && h.tr(c).Lang() != i18n.English {
		l.Words = words(h.tr(c).Lang())
	}
	return l
}
