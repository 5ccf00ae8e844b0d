package web

import (
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/views"
)

// historyScreen is the whole history of a stage's changes.
type historyScreen struct {
	TourID   uint
	N        int
	Open     bool
	Version  int
	Lines    []historyRow
	UndoWhat string
}

// historyRow is one change of a stage in words a player reads.
type historyRow struct {
	At time.Time
	// When is the change's day and time in the viewer's language ("25 nov 15:04:05").
	When string
	// Who is the change's author in the viewer's words ("" for a change kept before authors were).
	Who    string
	Action string
	Text   string
	Undone bool
}

// HistoryPage lists every change of stage n, newest first, with "Undo last change".
func (h *Handler) HistoryPage(c echo.Context) error {
	id, n, err := base.StageParams(c)
	if err != nil {
		return err
	}
	v, st, err := h.StoreFor(c).GetStage(id, n)
	if err != nil {
		return err
	}
	lines, err := h.StoreFor(c).History(id, n)
	if err != nil {
		return err
	}
	rs, l := &st.Tour.Ruleset, h.Tr(c)
	scr := historyScreen{TourID: id, N: n, Open: v.State == race.StateOpen, Version: v.Version, Lines: historyRows(l, rs, lines), UndoWhat: undoWhat(l, rs, lines)}
	return h.Render(c, http.StatusOK, "history", views.Page{Title: l.T("race.history.page_title", "N", n, "Tour", st.Tour.Name), Section: "tours",
		TourNav: h.TourNav(st, "stage", n), Data: scr})
}

// historyRows puts a stage's changes in words.
func historyRows(tr *i18n.Localizer, rs *race.Ruleset, lines []store.HistoryLine) []historyRow {
	out := make([]historyRow, 0, len(lines))
	for _, l := range lines {
		when := fmt.Sprintf("%d %s %s", l.At.Day(), tr.T("race.month."+strconv.Itoa(int(l.At.Month()))), l.At.Format("15:04:05"))
		row := historyRow{At: l.At, When: when, Action: actionWordIn(tr, l.Action), Text: lineText(tr, rs, l), Undone: l.Undone}
		if l.Who != "" {
			row.Who = tr.Say(l.WhoText)
		}
		out = append(out, row)
	}
	return out
}

// undoWhat is the change "Undo last change" takes back, in tr's words ("" when there is none).
func undoWhat(tr *i18n.Localizer, rs *race.Ruleset, lines []store.HistoryLine) string {
	for _, l := range lines {
		if !l.Undone && l.Action != "undo" && l.Action != "close" && l.Action != "reopen" {
			return lineText(tr, rs, l)
		}
	}
	return ""
}

// lineText is what a change did, in tr's language and starting with a capital; a change kept
// before the history kept sentences is shown in the English it has.
func lineText(tr *i18n.Localizer, rs *race.Ruleset, l store.HistoryLine) string {
	if !l.Said {
		return historyText(rs, l.Summary)
	}
	s := tr.Say(l.Text)
	if s == "" {
		return s
	}
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

// actionWordIn names what a change did, in tr's language.
func actionWordIn(tr *i18n.Localizer, action string) string {
	switch action {
	case "set", "add", "remove", "undo", "close", "reopen":
		return tr.T("race.action." + action)
	}
	return actionWord(action)
}

// actionWord names what a change did.
func actionWord(action string) string {
	switch action {
	case "set":
		return "Saved"
	case "add":
		return "Added"
	case "remove":
		return "Removed"
	case "undo":
		return "Undone"
	case "close":
		return "Stage ended"
	case "reopen":
		return "Reopened"
	}
	return titleWord(strings.ReplaceAll(action, "_", " "))
}

// legacyWeather is the weather of a change kept by an earlier version: "weather: [fair rain]".
var legacyWeather = regexp.MustCompile(`weather: \[([^\]]*)\]`)

// historyText is a change's summary as a player reads it, starting with a capital. Summaries kept by
// earlier versions named advantages and reasons by their ids ("water_bottle: 15 Óscar Freire"): those
// get the ruleset's names.
func historyText(rs *race.Ruleset, summary string) string {
	kinds := []string{race.AdvWaterBottle, race.AdvMountainAttack, race.AdvDoubleThrow}
	for _, a := range rs.Advantages {
		if strings.Contains(a.Kind, "_") {
			kinds = append(kinds, a.Kind)
		}
	}
	for _, k := range kinds {
		summary = strings.ReplaceAll(summary, k+":", race.UseName(*rs, k)+":")
		summary = strings.ReplaceAll(summary, k+" of ", race.UseName(*rs, k)+" of ")
	}
	summary = strings.ReplaceAll(summary, "bad_patch", "bad patch")
	summary = legacyWeather.ReplaceAllStringFunc(summary, func(m string) string {
		return "weather: " + strings.Join(strings.Fields(legacyWeather.FindStringSubmatch(m)[1]), ", ")
	})
	return titleWord(summary)
}
