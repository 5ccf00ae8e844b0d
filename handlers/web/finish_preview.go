package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
)

// finishPreview is the answer of GET …/finish/preview: what the finish form shows beside each of
// its rows. An object, so that what the page may later be warned of sits beside the groups.
type finishPreview struct {
	// Model is the tour's time model.
	Model string `json:"model"`
	// Groups has one entry per row of the form, in its order (empty rows included).
	Groups []groupPreview `json:"groups"`
	// OutOfOrder lists the groups whose time places them ahead of a group typed before them
	// (race.OrderFinish): the save refuses them until the director confirms the order.
	OutOfOrder []outOfOrder `json:"out_of_order"`
}

// outOfOrder is a group placed ahead of one typed before it, and the warning in the viewer's words.
type outOfOrder struct {
	Group int    `json:"group"`
	Ahead int    `json:"ahead"`
	Text  string `json:"text"`
}

// groupPreview is one row's preview: its kind (race.Preview*), its words in the viewer's language
// ("" for nothing), and the time behind them.
type groupPreview struct {
	// Group is the row's number on the form (1, 2, …).
	Group int    `json:"group"`
	Kind  string `json:"kind"`
	Text  string `json:"text"`
	// Seconds is a Cycling Party group's time, or a 2RUOTE group's time behind the leading sector
	// (0 for it).
	Seconds *int `json:"seconds,omitempty"`
	// Turn is a Ciclismo a fondo group's turn.
	Turn *int `json:"turn,omitempty"`
	// First is the stage place of the row's first rider, counted on from group to group as the
	// engine places them (0: no riders typed).
	First int `json:"first"`
}

// FinishPreviewPage answers what the stage screen's finish form shows beside each group while the
// director types (race.js asks it): the form's own fields in the query, read as the save reads them
// (finishRows), previewed by the engine (race.PreviewFinish), in the viewer's language. It changes
// nothing. Its refusals are the API's JSON errors, whatever the request accepts.
func (h *Handler) FinishPreviewPage(c echo.Context) error {
	c.Request().Header.Set(echo.HeaderAccept, echo.MIMEApplicationJSON) // the error handler answers JSON
	id, n, err := base.StageParams(c)
	if err != nil {
		return err
	}
	st, err := h.StoreFor(c).LoadRace(id)
	if err != nil {
		return err
	}
	if n > len(st.Tour.Stages) {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("stage %q not found", c.Param("n")))
	}
	rows, err := finishRows(c)
	if err != nil {
		return err
	}
	if err := numbersCountable(rows); err != nil {
		return err
	}
	rs := &st.Tour.Ruleset
	previews, err := race.PreviewFinish(rs, standing.TypedGroups(rows))
	if err != nil {
		return err
	}
	l := h.Tr(c)
	order := race.OrderFinish(previews, standing.RiderCounts(rows))
	out := finishPreview{Model: rs.TimeModel, Groups: make([]groupPreview, len(previews)), OutOfOrder: []outOfOrder{}}
	for i, text := range standing.OutOfOrderTexts(l, order) {
		o := order.OutOfOrder[i]
		out.OutOfOrder = append(out.OutOfOrder, outOfOrder{Group: o.Group, Ahead: o.Ahead, Text: text})
	}
	for i, p := range previews {
		g := groupPreview{Group: i + 1, Kind: p.Kind, Text: standing.PreviewText(l, p), First: order.First[i]}
		switch p.Kind {
		case race.PreviewTime, race.PreviewBehind, race.PreviewLeading:
			g.Seconds = &p.Time
		case race.PreviewTurn:
			g.Turn = &p.Time
		}
		out.Groups[i] = g
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, out)
}

// numbersCountable refuses a number typed in a group that is too large to be one (beyond the
// integers the engine counts with), naming its field as the save does (groups[i].turn, i counting
// the rows not left empty). Anything else that is not a whole number — a sign typed before its
// digits — is not a number yet: its group previews nothing.
func numbersCountable(rows []standing.GroupRow) error {
	v := &refuse.ValidationError{}
	gi := 0
	for _, row := range rows {
		if emptyRow(row) {
			continue
		}
		for _, f := range []struct{ name, text string }{{"turn", row.Turn}, {"square", row.Square}, {"die", row.Die}, {"sector", row.Sector}} {
			if _, err := strconv.Atoi(f.text); errors.Is(err, strconv.ErrRange) {
				v.Addf(fmt.Sprintf("groups[%d].%s", gi, f.name), "%s is too large a number", base.ClipText(f.text[:min(len(f.text), 80)], 20))
			}
		}
		gi++
	}
	return v.Err()
}
