package wizard

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/refuse"
)

// stagePreview is the answer of GET /tours/new/stages/preview: what the wizard's stage editor shows
// beside each climb and section of one stage while the director types.
type stagePreview struct {
	// Ruleset is the ruleset the rows were previewed in.
	Ruleset string `json:"ruleset"`
	// Climbs has one entry per climbs[j] row asked, in its order.
	Climbs []climbPreview `json:"climbs"`
	// Sections has one entry per sections[j] row asked, in its order.
	Sections []sectionPreview `json:"sections"`
	// Length is the stage's length in squares, the sum of its sections', once every section converts.
	Length *int `json:"length"`
}

// climbPreview is one climb row's last square (null when its category fixes no length or its start
// is not a square).
type climbPreview struct {
	Climb int  `json:"climb"`
	End   *int `json:"end"`
}

// sectionPreview is one section row's band and squares (null when it does not convert).
type sectionPreview struct {
	Section int    `json:"section"`
	Type    string `json:"type,omitempty"`
	Squares *int   `json:"squares"`
}

// StagePreviewPage answers what the stage editor of the "New tour" wizard shows beside each climb
// (its end square, docs/rules.md §1.2) and each section (its band and squares, and the stage's
// length, §2.2) of one stage while the director types; wizard.js asks it with the rows' fields
// (climbs[j].category, climbs[j].start, sections[j].type, sections[j].km) and the ruleset. The engine
// answers (race.ClimbEnd, race.PreviewSections); it changes nothing. A number not yet typed previews
// nothing; an unknown ruleset is refused, as the API's JSON error.
func (h *Handler) StagePreviewPage(c echo.Context) error {
	c.Request().Header.Set(echo.HeaderAccept, echo.MIMEApplicationJSON) // the error handler answers JSON
	id := strings.TrimSpace(c.QueryParam("ruleset"))
	if id == "" {
		id = h.DefaultRuleset()
	}
	rs, ok := h.Store.Ruleset(id)
	if !ok {
		return refuse.Invalidf("ruleset", "unknown ruleset %q", id[:min(len(id), 80)])
	}
	q := c.QueryParams()
	has := func(p string, fields ...string) bool {
		for _, f := range fields {
			if _, ok := q[p+f]; ok {
				return true
			}
		}
		return false
	}
	typed := func(name string) int {
		n, err := strconv.Atoi(strings.TrimSpace(q.Get(name)))
		if err != nil {
			return 0 // not a number yet: previews nothing
		}
		return n
	}
	out := stagePreview{Ruleset: rs.ID, Climbs: []climbPreview{}, Sections: []sectionPreview{}}
	for j := 0; j < race.MaxStageLength; j++ {
		p := fmt.Sprintf("climbs[%d]", j)
		if !has(p, ".category", ".start") {
			break
		}
		cp := climbPreview{Climb: j + 1}
		if end, ok := race.ClimbEnd(rs, q.Get(p+".category"), typed(p+".start")); ok {
			cp.End = &end
		}
		out.Climbs = append(out.Climbs, cp)
	}
	var sections []race.Section
	for j := 0; j < race.MaxStageLength; j++ {
		p := fmt.Sprintf("sections[%d]", j)
		if !has(p, ".type", ".km") {
			break
		}
		sections = append(sections, race.Section{Type: q.Get(p + ".type"), Km: typed(p + ".km")})
	}
	rows, length, complete := race.PreviewSections(rs, sections)
	for j, r := range rows {
		sp := sectionPreview{Section: j + 1}
		if r.OK {
			sp.Type, sp.Squares = r.Type, &r.Squares
		}
		out.Sections = append(out.Sections, sp)
	}
	if complete {
		out.Length = &length
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, out)
}
