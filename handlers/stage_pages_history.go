package handlers

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/views"
)

// historyScreen is the whole history of a stage's changes.
type historyScreen struct {
	TourID   uint
	N        int
	Open     bool
	Version  int
	Lines    []store.HistoryLine
	UndoWhat string
}

// HistoryPage lists every change of stage n, newest first, with "Undo last change".
func (h *Handler) HistoryPage(c echo.Context) error {
	id, n, err := stageParams(c)
	if err != nil {
		return err
	}
	v, st, err := h.Store.GetStage(id, n)
	if err != nil {
		return err
	}
	lines, err := h.Store.History(id, n)
	if err != nil {
		return err
	}
	scr := historyScreen{TourID: id, N: n, Open: v.State == race.StateOpen, Version: v.Version, Lines: lines}
	for _, l := range lines {
		if !l.Undone && l.Action != "undo" && l.Action != "close" && l.Action != "reopen" {
			scr.UndoWhat = l.Summary
			break
		}
	}
	return h.render(c, http.StatusOK, "history", views.Page{Title: fmt.Sprintf("History of stage %d — %s", n, st.Tour.Name), Section: "tours",
		TourNav: h.tourNav(st, "stage", n), Data: scr})
}
