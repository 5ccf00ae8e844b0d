package accounts

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"racedirector/app/auth"
	"racedirector/app/i18n"
	"racedirector/handlers/base"
	"racedirector/views"
)

// auditPageLines is how many lines the audit page shows at a time.
const auditPageLines = 50

// auditView is the audit page: its filters, the lines they keep, and the next page.
type auditView struct {
	Tour, Director uint
	// Tours and Directors are what the filters offer: the tours the viewer sees, and the directors
	// (for a viewer who reads every director's lines).
	Tours     []auditChoice
	Directors []auditChoice
	Lines     []auditRow
	// Older is the address of the next page ("" when there is none).
	Older string
	// Filtered says a filter is set (the page offers to clear them).
	Filtered bool
}

// auditChoice is one option of a filter.
type auditChoice struct {
	ID   uint
	Name string
}

// auditRow is one line of the record in the reader's words.
type auditRow struct {
	At     time.Time
	When   string
	Who    string
	Action string
	Text   string
	Tour   uint
}

// AuditPage is GET /audit: who changed what, newest first, a page at a time, narrowed by tour and
// by director (the same filters as GET /api/v1/audit). An administrator and an official read every
// line, a director those of their tours and data.
func (h *Handler) AuditPage(c echo.Context) error {
	f, err := base.AuditFilterOf(c)
	if err != nil {
		return err
	}
	f.Limit = auditPageLines
	sc, st, tr := h.Scope(c), h.StoreFor(c), h.Tr(c)
	lines, err := st.Audit(sc, f)
	if err != nil {
		return err
	}
	v := auditView{Tour: f.Tour, Director: f.Director, Filtered: f.Tour != 0 || f.Director != 0}
	tours, err := st.ListTours(sc)
	if err != nil {
		return err
	}
	for _, t := range tours {
		v.Tours = append(v.Tours, auditChoice{ID: t.ID, Name: t.Name})
	}
	if viewer := auth.ViewerOf(c); viewer.Mode == auth.AccountsMode && sc.All() {
		directors, err := st.Directors(h.Lock.Now())
		if err != nil {
			return err
		}
		for _, d := range directors {
			v.Directors = append(v.Directors, auditChoice{ID: d.ID, Name: d.Name})
		}
	}
	for _, l := range lines {
		row := auditRow{At: l.At, When: auditWhen(tr, l.At), Who: tr.Say(l.WhoText), Action: auditActionWord(tr, l.Action), Text: tr.Say(l.Text)}
		if l.Tour != nil {
			row.Tour = *l.Tour
		}
		v.Lines = append(v.Lines, row)
	}
	if len(lines) == f.Limit {
		q := url.Values{"before": {strconv.FormatUint(uint64(lines[len(lines)-1].ID), 10)}}
		if f.Tour != 0 {
			q.Set("tour", strconv.FormatUint(uint64(f.Tour), 10))
		}
		if f.Director != 0 {
			q.Set("director", strconv.FormatUint(uint64(f.Director), 10))
		}
		v.Older = auth.AuditPath + "?" + q.Encode()
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return h.Render(c, http.StatusOK, "audit", views.Page{Title: tr.T("audit.title"), Section: "audit", Data: v})
}

// auditWhen is a line's day and time as the stage history says them ("25 Nov 15:04:05").
func auditWhen(tr *i18n.Localizer, at time.Time) string {
	return fmt.Sprintf("%d %s %s", at.Day(), tr.T("race.month."+strconv.Itoa(int(at.Month()))), at.Format("15:04:05"))
}

// auditActionWord names an action of the record in tr's words ("stage.result": "Result").
func auditActionWord(tr *i18n.Localizer, action string) string {
	id := "audit.action." + strings.ReplaceAll(action, ".", "_")
	if w := tr.T(id); w != id {
		return w
	}
	return action
}
