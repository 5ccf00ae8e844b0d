package web

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
	"racedirector/views"
)

// sheetView is the stage sheet ("Stages" in the Cycling Party software): what to place where.
type sheetView struct {
	TourID   uint
	TourName string
	// LengthText says the stage's length in its squares, in the viewer's language ("10 cartas de terreno").
	LengthText string
	Ruleset    race.Ruleset
	Stage      race.Stage
	TypeName   string
	Unit       string
	Mode       string
	Stages     int
	Prev, Next int
	Markers    []standing.SheetMarker
	Profile    base.ProfileView
	Sections   []sheetSection
	Cards      []sheetCard
	Km         int
	// Facts counts the climbs and sprints ("4 climbs · 1 sprint").
	Facts string
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
	id, n, err := base.StageParams(c)
	if err != nil {
		return err
	}
	sv, rst, err := h.StoreFor(c).GetStage(id, n)
	if err != nil {
		return err
	}
	rs, st, l := rst.Tour.Ruleset, sv.Stage, h.Tr(c)
	v := sheetView{TourID: id, TourName: rst.Tour.Name, Ruleset: rs, Stage: st, TypeName: st.Type, Unit: rs.SquareName, Mode: base.StageMode(rs),
		Stages: len(rst.Tour.Stages)}
	v.LengthText = base.StageLengthIn(l, &rs, st)
	v.Facts = l.N("race.stage.climbs", len(st.Climbs)) + " · " + l.N("race.stage.sprints", len(st.Sprints))
	if t, ok := rs.StageType(st.Type); ok {
		v.TypeName = t.NameIn(l.Lang())
	}
	if n > 1 {
		v.Prev = n - 1
	}
	if n < v.Stages {
		v.Next = n + 1
	}
	v.Markers = standing.SheetMarkersIn(l, rs, st)
	v.Profile = base.NewProfileView(l, rs, st, l.T("race.profile.title", "N", n), false)
	pos, km := 0, 0
	for k, sec := range st.Sections {
		name := sec.Type
		if t, ok := rs.SectionType(sec.Type); ok {
			name = t.NameIn(l.Lang())
		}
		v.Sections = append(v.Sections, sheetSection{N: k + 1, Name: name, Km: sec.Km, Squares: sec.Squares,
			KmFrom: km, KmTo: km + sec.Km, SquareFrom: pos + 1, ToSq: pos + sec.Squares})
		pos += sec.Squares
		km += sec.Km
	}
	v.Km = km
	for k, id := range st.Cards {
		card := base.CardByID(rs, id)
		sc := sheetCard{N: k + 1, ID: id, Name: card.NameIn(l.Lang()), Terrain: card.Terrain}
		switch card.Special {
		case race.CardGPM, race.CardTV, race.CardR:
			sc.Use = l.T("race.card." + strings.ToLower(card.Special))
		}
		if sc.Name == "" {
			sc.Name = id
		}
		v.Cards = append(v.Cards, sc)
	}
	title := l.T("race.sheet.page_title", "N", n, "Tour", rst.Tour.Name)
	return h.Render(c, http.StatusOK, "stagesheet", views.Page{Title: title, Section: "tours", TourNav: h.TourNav(rst, "sheet", n), Data: v})
}
