package handlers

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
)

// stagesStepView is the stage editor: one row per stage with its climbs, sprints, sections or cards.
type stagesStepView struct {
	Mode       string
	Unit       string
	Rows       []stageRow
	StageTypes []race.StageType
	Categories []race.ClimbCategory
	Sections   []race.SectionType
	Cards      []race.CardType
	CanAdd     bool
	// Messages are those about the list as a whole ("stages").
	Messages []string
	Note     string
}

// stageRow is one stage of the editor; P is its field prefix ("stages[2]").
type stageRow struct {
	I, Number          int
	P                  string
	Type, Length       string
	TypeName           string
	Climbs             []climbRow
	Sprints            []sprintRow
	Sections           []sectionRow
	Cards              []cardRow
	RestDayBefore      bool
	FeedZones          string
	First, Last        bool
	Invalid            bool
	Others             []string
	Profile            profileView
	ClimbCount, Sprint int
}

// climbRow is one climb of a stage; End is computed from the category when it has a length.
type climbRow struct {
	J            int
	P            string
	Category     string
	Start, End   string
	EndInput     bool
	First, Last  bool
	CategoryName string
}

// sprintRow is one intermediate sprint of a stage.
type sprintRow struct {
	J  int
	P  string
	At string
}

// sectionRow is one Ciclismo a fondo section: real km in, squares out.
type sectionRow struct {
	J           int
	P           string
	Type, Km    string
	Squares     int
	From, To    int
	First, Last bool
}

// cardRow is one 2RUOTE terrain card.
type cardRow struct {
	J           int
	P           string
	Card        string
	First, Last bool
}

// renderStagesStep shows the stage editor for the draft's stages, the raw typed values over them,
// and the messages (the draft's own validation when errs is nil).
func (h *Handler) renderStagesStep(c echo.Context, status int, d wizardDraft, raw, errs map[string]string, note string) error {
	d.Step = stepStages
	rs, err := h.wizardRuleset(d)
	if err != nil {
		return err
	}
	for i := range d.Stages {
		d.Stages[i] = deriveStage(rs, d.Stages[i])
	}
	if errs == nil {
		errs = wizardFieldsOf(validateDraftStages(rs, d.Stages))
	}
	val := func(name string, v int) string {
		if s, ok := raw[name]; ok {
			return s
		}
		return strconv.Itoa(v)
	}
	sv := &stagesStepView{Mode: stageMode(rs), Unit: rs.SquareName, StageTypes: rs.StageTypes, Categories: rs.ClimbCategories,
		Sections: rs.Sections, Cards: rs.Cards, CanAdd: len(d.Stages) < race.MaxTourStages, Note: note}
	if m, ok := errs["stages"]; ok {
		sv.Messages = append(sv.Messages, m)
	}
	shown := map[string]bool{"stages": true}
	for i, st := range d.Stages {
		p := fmt.Sprintf("stages[%d]", i)
		row := stageRow{I: i, Number: i + 1, P: p, Type: st.Type, Length: val(p+".length", st.Length), First: i == 0, Last: i == len(d.Stages)-1,
			RestDayBefore: st.RestDayBefore, FeedZones: val(p+".feed_zones", st.FeedZones), ClimbCount: len(st.Climbs), Sprint: len(st.Sprints)}
		if t, ok := rs.StageType(st.Type); ok {
			row.TypeName = t.Name
		}
		for _, f := range []string{".type", ".length", ".feed_zones"} {
			shown[p+f] = true
		}
		for j, cl := range st.Climbs {
			cp := fmt.Sprintf("%s.climbs[%d]", p, j)
			cr := climbRow{J: j, P: cp, Category: cl.Category, Start: val(cp+".start", cl.Start), End: val(cp+".end", cl.End),
				First: j == 0, Last: j == len(st.Climbs)-1, CategoryName: cl.Category}
			cat, ok := rs.ClimbCategory(cl.Category)
			if ok {
				cr.CategoryName = cat.Name
			}
			cr.EndInput = sv.Mode == "squares" && !(ok && cat.Squares > 0)
			row.Climbs = append(row.Climbs, cr)
			for _, f := range []string{".category", ".start", ".end"} {
				shown[cp+f] = true
			}
		}
		for j, sp := range st.Sprints {
			sp2 := fmt.Sprintf("%s.sprints[%d]", p, j)
			row.Sprints = append(row.Sprints, sprintRow{J: j, P: sp2, At: val(sp2+".at", sp.At)})
			shown[sp2+".at"] = true
		}
		pos := 0
		for k, sec := range st.Sections {
			sp := fmt.Sprintf("%s.sections[%d]", p, k)
			row.Sections = append(row.Sections, sectionRow{J: k, P: sp, Type: sec.Type, Km: val(sp+".km", sec.Km), Squares: sec.Squares,
				From: pos + 1, To: pos + sec.Squares, First: k == 0, Last: k == len(st.Sections)-1})
			pos += sec.Squares
			for _, f := range []string{".type", ".km", ".squares"} {
				shown[sp+f] = true
			}
		}
		for k, card := range st.Cards {
			cp := fmt.Sprintf("%s.cards[%d]", p, k)
			row.Cards = append(row.Cards, cardRow{J: k, P: cp, Card: card, First: k == 0, Last: k == len(st.Cards)-1})
			shown[cp] = true
		}
		for f, m := range errs {
			if strings.HasPrefix(f, p+".") || f == p {
				row.Invalid = true
				if !shown[f] {
					row.Others = append(row.Others, strings.TrimPrefix(strings.TrimPrefix(f, p), ".")+" "+m)
				}
			}
		}
		sort.Strings(row.Others)
		if st.Length >= 1 && st.Length <= race.MaxStageLength {
			drawn := race.NormalizeStage(rs, st)
			row.Profile = newProfileView(rs, drawn, fmt.Sprintf("Profile of stage %d", i+1), true)
		}
		sv.Rows = append(sv.Rows, row)
	}
	return h.renderWizard(c, status, d, rs, wizardView{Stages: sv}, errs, "")
}
