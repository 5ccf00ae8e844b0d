package web

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/handlers/base"
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
	Markers    []SheetMarker
	Profile    base.ProfileView
	Sections   []sheetSection
	Cards      []sheetCard
	Km         int
	// Facts counts the climbs and sprints ("4 climbs · 1 sprint").
	Facts string
}

// SheetMarker is one line of the sheet: a square and what goes on it.
type SheetMarker struct {
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
	v.LengthText = base.LengthTextIn(l, &rs, st.Length)
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
	v.Markers = SheetMarkersIn(l, rs, st)
	v.Profile = base.NewProfileView(l, rs, st, l.T("race.profile.title", "N", n), false)
	pos, km := 0, 0
	for k, sec := range st.Sections {
		name := sec.Type
		for _, t := range rs.Sections {
			if t.ID == sec.Type {
				name = t.NameIn(l.Lang())
			}
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

// SheetMarkersIn words the board markers of a stage: where, what to place, and its detail, in l's
// language.
func SheetMarkersIn(l *i18n.Localizer, rs race.Ruleset, st race.Stage) []SheetMarker {
	markers := st.Markers
	if len(markers) == 0 {
		markers = race.StageMarkers(rs, st)
	}
	cards := len(st.Cards) > 0
	where := l.T("race.sheet.squares_lc")
	if cards {
		where = l.T("race.sheet.cards_lc")
	}
	climbAt := func(square int, start bool) string {
		for _, cl := range st.Climbs {
			if start && cl.Start == square || !start && cl.End == square {
				return l.T("race.adv.climb_n", "N", cl.Index) + fmt.Sprintf(", %s %d–%d", where, cl.Start, cl.End)
			}
		}
		return ""
	}
	var out []SheetMarker
	for _, m := range markers {
		sm := SheetMarker{Square: fmt.Sprint(m.At), Kind: m.Kind, Detail: markerLabelIn(l, rs, st, m)}
		switch k := m.Kind; {
		case k == race.MarkerStart && cards:
			sm.What, sm.Detail, sm.Square = l.T("race.sheet.start_card"), l.T("race.marker.before_card"), "—"
		case k == race.MarkerStart:
			sm.What, sm.Detail = l.T("race.marker.start_line"), l.T("race.marker.line_up")
		case k == race.MarkerKm:
			sm.What = l.T("race.marker.km")
		case k == race.MarkerClimbStart:
			sm.What = l.T("race.marker.climb_start")
			sm.Detail += " · " + climbAt(m.At, true)
		case k == race.MarkerClimbEnd:
			sm.What = l.T("race.marker.climb_end")
			sm.Detail += " · " + climbAt(m.At, false)
		case k == race.MarkerSprint:
			sm.What = l.T("race.marker.sprint")
		case k == race.MarkerAttackLine:
			sm.What = l.T("race.marker.attack")
		case k == race.MarkerSprintLine:
			sm.What = l.T("race.marker.sprint_line")
		case k == race.MarkerFinish && cards:
			sm.What, sm.Detail, sm.Square = l.T("race.sheet.finish_card"), l.T("race.marker.after_card", "N", m.At), "—"
		case k == race.MarkerFinish:
			sm.What, sm.Detail = l.T("race.marker.finish_line"), ""
		case k == race.MarkerTimeIndicator:
			sm.What = l.T("race.marker.time")
			sm.Square = fmt.Sprintf("%d (+%d)", m.At, m.At-st.Length)
		default:
			sm.What = m.Kind
		}
		out = append(out, sm)
	}
	return out
}

// markerLabelIn says a board marker's own label in l's language: "25 casillas", the climb's
// category, "Meta volante 2", "50 km al traguardo".
func markerLabelIn(l *i18n.Localizer, rs race.Ruleset, st race.Stage, m race.Marker) string {
	switch m.Kind {
	case race.MarkerKm:
		if f := strings.Fields(m.Label); len(f) == 2 && f[1] != "km" {
			return f[0] + " " + base.SquareWordIn(l, &rs)
		}
	case race.MarkerClimbStart, race.MarkerClimbEnd:
		for _, cl := range st.Climbs {
			if cl.Start == m.At && m.Kind == race.MarkerClimbStart || cl.End == m.At && m.Kind == race.MarkerClimbEnd {
				return base.ClimbNameIn(l, &rs, cl.Category)
			}
		}
	case race.MarkerSprint:
		for _, s := range st.Sprints {
			if s.At == m.At {
				return l.T("race.sprint.title", "N", s.Index)
			}
		}
	case race.MarkerAttackLine, race.MarkerSprintLine:
		return l.T("race.marker.to_go", "N", st.Length-m.At, "Unit", base.SquareWordIn(l, &rs))
	case race.MarkerFinish:
		return l.T("race.finish.title")
	case race.MarkerStart:
		return l.T("race.profile.start")
	}
	return m.Label
}
