package handlers

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/views"
)

// sheetView is the stage sheet ("Stages" in the Cycling Party software): what to place where.
type sheetView struct {
	TourID     uint
	TourName   string
	Ruleset    race.Ruleset
	Stage      race.Stage
	TypeName   string
	Unit       string
	Mode       string
	Stages     int
	Prev, Next int
	Markers    []sheetMarker
	Profile    profileView
	Sections   []sheetSection
	Cards      []sheetCard
	Km         int
	// Facts counts the climbs and sprints ("4 climbs · 1 sprint").
	Facts string
}

// sheetMarker is one line of the sheet: a square and what goes on it.
type sheetMarker struct {
	Square       string
	Kind         string
	What, Detail string
}

// sheetSection is one Ciclismo a fondo section: real km and the squares it becomes.
type sheetSection struct {
	N                int
	Name             string
	Km, Squares      int
	KmFrom, KmTo     int
	SquareFrom, ToSq int
}

// sheetCard is one 2RUOTE card in course order.
type sheetCard struct {
	N                      int
	ID, Name, Terrain, Use string
}

// StageSheetPage shows stage n's sheet: the board markers square by square, a profile drawing,
// and the sections (Ciclismo a fondo) or cards (2RUOTE); it prints cleanly.
func (h *Handler) StageSheetPage(c echo.Context) error {
	id, n, err := stageParams(c)
	if err != nil {
		return err
	}
	sv, rst, err := h.Store.GetStage(id, n)
	if err != nil {
		return err
	}
	rs, st := rst.Tour.Ruleset, sv.Stage
	v := sheetView{TourID: id, TourName: rst.Tour.Name, Ruleset: rs, Stage: st, TypeName: st.Type, Unit: rs.SquareName, Mode: stageMode(rs),
		Stages: len(rst.Tour.Stages)}
	v.Unit = profileUnit(rs.SquareName, "squares", st.Length)
	v.Facts = fmt.Sprintf("%s · %s", counted(len(st.Climbs), "climb"), counted(len(st.Sprints), "sprint"))
	if t, ok := rs.StageType(st.Type); ok {
		v.TypeName = t.NameIn(h.tr(c).Lang())
	}
	if n > 1 {
		v.Prev = n - 1
	}
	if n < v.Stages {
		v.Next = n + 1
	}
	v.Markers = sheetMarkers(rs, st)
	v.Profile = newProfileView(rs, st, fmt.Sprintf("Profile of stage %d", n), false)
	pos, km := 0, 0
	for k, sec := range st.Sections {
		name := sec.Type
		for _, t := range rs.Sections {
			if t.ID == sec.Type {
				name = t.NameIn(h.tr(c).Lang())
			}
		}
		v.Sections = append(v.Sections, sheetSection{N: k + 1, Name: name, Km: sec.Km, Squares: sec.Squares,
			KmFrom: km, KmTo: km + sec.Km, SquareFrom: pos + 1, ToSq: pos + sec.Squares})
		pos += sec.Squares
		km += sec.Km
	}
	v.Km = km
	for k, id := range st.Cards {
		card := cardByID(rs, id)
		sc := sheetCard{N: k + 1, ID: id, Name: card.Name, Terrain: card.Terrain}
		switch card.Special {
		case race.CardGPM:
			sc.Use = "the climb ends here"
		case race.CardTV:
			sc.Use = "sprint"
		case race.CardR:
			sc.Use = "unlocks the Energia action"
		}
		if sc.Name == "" {
			sc.Name = id
		}
		v.Cards = append(v.Cards, sc)
	}
	title := fmt.Sprintf("Stage %d sheet — %s", n, rst.Tour.Name)
	return h.render(c, http.StatusOK, "stagesheet", views.Page{Title: title, Section: "tours", TourNav: h.tourNav(rst, "sheet", n), Data: v})
}

// sheetMarkers words the board markers of a stage: where, what to place, and its detail.
func sheetMarkers(rs race.Ruleset, st race.Stage) []sheetMarker {
	markers := st.Markers
	if len(markers) == 0 {
		markers = race.StageMarkers(rs, st)
	}
	cards := len(st.Cards) > 0
	where := "squares"
	if cards {
		where = "cards"
	}
	climbAt := func(square int, start bool) string {
		for _, cl := range st.Climbs {
			if start && cl.Start == square || !start && cl.End == square {
				return fmt.Sprintf("climb %d, %s %d–%d", cl.Index, where, cl.Start, cl.End)
			}
		}
		return ""
	}
	var out []sheetMarker
	for _, m := range markers {
		sm := sheetMarker{Square: fmt.Sprint(m.At), Kind: m.Kind, Detail: m.Label}
		switch k := m.Kind; {
		case k == race.MarkerStart && cards:
			sm.What, sm.Detail, sm.Square = "Start card", "before card 1", "—"
		case k == race.MarkerStart:
			sm.What, sm.Detail = "Start line", "the riders line up behind it"
		case k == race.MarkerKm:
			sm.What = "Kilometre indicator"
		case k == race.MarkerClimbStart:
			sm.What = "Climb start indicator"
			sm.Detail = m.Label + " · " + climbAt(m.At, true)
		case k == race.MarkerClimbEnd:
			sm.What = "Climb finish indicator (summit)"
			sm.Detail = m.Label + " · " + climbAt(m.At, false)
		case k == race.MarkerSprint:
			sm.What = "Intermediate sprint"
		case k == race.MarkerAttackLine:
			sm.What = "Attack line"
		case k == race.MarkerSprintLine:
			sm.What = "Sprint line"
		case k == race.MarkerFinish && cards:
			sm.What, sm.Detail, sm.Square = "Finish card", fmt.Sprintf("after card %d", m.At), "—"
		case k == race.MarkerFinish:
			sm.What, sm.Detail = "Finish line", ""
		case k == race.MarkerTimeIndicator:
			sm.What = "Time indicator"
			sm.Square = fmt.Sprintf("%d (+%d)", m.At, m.At-st.Length)
		default:
			sm.What = m.Kind
		}
		out = append(out, sm)
	}
	return out
}

// counted says "1 sprint" or "3 sprints".
func counted(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
