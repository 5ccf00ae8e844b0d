package web

import (
	"encoding/base64"
	"errors"
	"net/http"
	"path/filepath"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/views"
)

// ImportPage shows the upload form.
func (h *Handler) ImportPage(c echo.Context) error {
	return h.Render(c, http.StatusOK, "import", views.Page{Title: h.Tr(c).T("setup.import.title"), Section: "teams", Data: h.importColumns(c)})
}

// importColumns are the upload form's words about the file: its column heads and the older single
// role column's head, in the page's language (the import reads them in every language).
func (h *Handler) importColumns(c echo.Context) map[string]any {
	l := h.RosterLayout(c)
	return map[string]any{"Columns": l.HeaderIn(), "Required": l.RequiredIn(), "Role": h.Tr(c).T("sheets.roster.role")}
}

func (h *Handler) importFailed(c echo.Context, err error) error {
	ve, ok := err.(*refuse.ValidationError)
	if !ok {
		return err
	}
	return h.Render(c, http.StatusUnprocessableEntity, "import", views.Page{Title: h.Tr(c).T("setup.import.title"), Section: "teams", Errors: h.Said(c, ve),
		Error: h.Tr(c).T("setup.import.unreadable"), Data: h.importColumns(c)})
}

// ImportPreviewPage reads the uploaded file and shows what it would do, storing nothing.
func (h *Handler) ImportPreviewPage(c echo.Context) error {
	name, data, err := base.UploadedFile(c)
	if err != nil {
		return h.importFailed(c, err)
	}
	sh, err := h.ReadRoster(name, data)
	if err != nil {
		return h.importFailed(c, err)
	}
	prev, err := h.StoreFor(c).PreviewImport(h.Scope(c), sh)
	if err != nil {
		return err
	}
	prev.Problems = base.SayProblems(prev.Problems, func(t i18n.Text) string { return views.Sentence(h.Tr(c).Say(t)) })
	status := http.StatusOK
	if len(prev.Problems) > 0 {
		status = http.StatusUnprocessableEntity
	}
	return h.Render(c, status, "import_preview", views.Page{Title: h.Tr(c).T("setup.import.preview_short"), Section: "teams", Data: map[string]any{
		"Filename": name, "Preview": prev, "Content": base64.StdEncoding.EncodeToString(data)}})
}

// ImportApplyPage stores a previewed file (carried back in the form), all rows or none.
func (h *Handler) ImportApplyPage(c echo.Context) error {
	name := filepath.Base(c.FormValue("filename"))
	data, err := base64.StdEncoding.DecodeString(c.FormValue("content"))
	if err != nil || len(data) == 0 {
		return h.importFailed(c, refuse.Invalid("file", "the previewed file was lost; upload it again"))
	}
	sh, err := h.ReadRoster(name, data)
	if err != nil {
		return h.importFailed(c, err)
	}
	prev, err := h.StoreFor(c).ApplyImport(h.Scope(c), sh)
	if err != nil {
		var ie *store.ImportError
		if errors.As(err, &ie) {
			return h.Render(c, http.StatusUnprocessableEntity, "import_preview", views.Page{Title: h.Tr(c).T("setup.import.preview_short"), Section: "teams",
				Error: h.Tr(c).T("setup.import.has_problems"), Data: map[string]any{"Filename": name, "Preview": prev, "Content": c.FormValue("content")}})
		}
		return err
	}
	tr := h.Tr(c)
	return base.Redirect(c, "/teams", tr.T("setup.import.imported", "File", name,
		"Teams", tr.N("setup.import.teams_created", prev.Counts["teams_create"]), "TeamsUpdated", prev.Counts["teams_update"],
		"Riders", tr.N("setup.import.riders_created", prev.Counts["riders_create"]), "RidersUpdated", prev.Counts["riders_update"]))
}
