package wizard

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/handlers/base"
)

// stagesStepView is the stage editor: one row per stage with its climbs, sprints, sections or cards.
type stagesStepView struct {
	Mode string
	Unit string
	// UnitWord is what a length is counted in, in the page's language ("km", "casillas").
	UnitWord   string
	Rows       []stageRow
	StageTypes []race.StageType
	Categories []race.ClimbCategory
	Sections   []race.SectionType
	Cards      []race.CardType
	CanAdd     bool
	// Messages are those about the list as a whole ("stages").
	Messages []string
	// Note says what the last row button did; NoteAt is the id of the block it changed (the page opens
	// there and shows the note in it), "" for the top of the page.
	Note, NoteAt string
	// AddedID is the block a new stage will be.
	AddedID string
	// CardLegend says once what each terrain card is, in English ("Pianura: flat"); the lists show the
	// cards by their Italian names.
	CardLegend []string
}

// stageRow is one stage of the editor; P is its field prefix ("stages[2]").
type stageRow struct {
	I, Number int
	P         string
	// ID is the stage's block; ClimbsID, SprintsID, SectionsID and CardsID its lists'. A row button
	// opens the page again at the block it changes: MovedUpID, MovedDownID and RemovedID are where
	// moving the stage up, down or removing it leaves the director.
	ID, ClimbsID, SprintsID, SectionsID, CardsID string
	MovedUpID, MovedDownID, RemovedID            string
	Type, Length                                 string
	// KmStep and KmMode are the length field's step and keyboard: "any" and "decimal" for a real
	// race's km with decimals, else whole squares.
	KmStep, KmMode     string
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
	Profile            base.ProfileView
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
	return h.renderStagesAt(c, status, d, raw, errs, note, "")
}

// renderStagesAt is renderStagesStep with the note shown in the block noteAt (a stageBlockID).
func (h *Handler) renderStagesAt(c echo.Context, status int, d wizardDraft, raw, errs map[string]string, note, noteAt string) error {
	d.Step = stepStages
	tr := h.Tr(c)
	rs, err := h.wizardRuleset(d)
	if err != nil {
		return err
	}
	for i := range d.Stages {
		d.Stages[i] = deriveStage(rs, d.Stages[i])
	}
	if errs == nil {
		errs = wizardFieldsOf(tr, validateDraftStages(rs, d.Stages, d.Request.Advanced))
	}
	val := func(name string, v int) string {
		if s, ok := raw[name]; ok {
			return s
		}
		return strconv.Itoa(v)
	}
	sv := &stagesStepView{Mode: base.StageMode(rs), Unit: rs.SquareName, UnitWord: unitWord(tr, rs), StageTypes: rs.StageTypes, Categories: rs.ClimbCategories,
		Sections: rs.Sections, Cards: rs.Cards, CanAdd: len(d.Stages) < race.MaxTourStages, Note: note, NoteAt: noteAt,
		AddedID: stageBlockID(len(d.Stages)+1, "")}
	if m, ok := errs["stages"]; ok {
		sv.Messages = append(sv.Messages, m)
	}
	if sv.Mode == "cards" {
		sv.CardLegend = h.cardLegend(tr, rs)
	}
	shown := map[string]bool{"stages": true}
	for i, st := range d.Stages {
		p := fmt.Sprintf("stages[%d]", i)
		length := val(p+".length", st.Length)
		if _, typed := raw[p+".length"]; !typed && st.Metres > 0 {
			length = strconv.FormatFloat(st.Km(), 'f', -1, 64)
		}
		row := stageRow{I: i, Number: i + 1, P: p, Type: st.Type, Length: length, First: i == 0, Last: i == len(d.Stages)-1,
			RestDayBefore: st.RestDayBefore, FeedZones: val(p+".feed_zones", st.FeedZones), ClimbCount: len(st.Climbs), Sprint: len(st.Sprints)}
		row.KmStep, row.KmMode = "1", "numeric"
		if rs.OfficialResults {
			row.KmStep, row.KmMode = "any", "decimal"
		}
		if t, ok := rs.StageType(st.Type); ok {
			row.TypeName = t.NameIn(tr.Lang())
		}
		row.ID, row.ClimbsID, row.SprintsID = stageBlockID(i+1, ""), stageBlockID(i+1, "climbs"), stageBlockID(i+1, "sprints")
		row.SectionsID, row.CardsID = stageBlockID(i+1, "sections"), stageBlockID(i+1, "cards")
		row.MovedUpID, row.MovedDownID = stageBlockID(max(i, 1), ""), stageBlockID(min(i+2, len(d.Stages)), "")
		row.RemovedID = stageBlockID(min(i+1, len(d.Stages)-1), "")
		for _, f := range []string{".type", ".length", ".feed_zones"} {
			shown[p+f] = true
		}
		for j, cl := range st.Climbs {
			cp := fmt.Sprintf("%s.climbs[%d]", p, j)
			cr := climbRow{J: j, P: cp, Category: cl.Category, Start: val(cp+".start", cl.Start), End: val(cp+".end", cl.End),
				First: j == 0, Last: j == len(st.Climbs)-1, CategoryName: cl.Category}
			cat, ok := rs.ClimbCategory(cl.Category)
			if ok {
				cr.CategoryName = cat.NameIn(tr.Lang())
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
					row.Others = append(row.Others, stageFieldWords(tr, strings.TrimPrefix(strings.TrimPrefix(f, p), "."))+" "+m)
				}
			}
		}
		sort.Strings(row.Others)
		if st.Length >= 1 && st.Length <= race.MaxStageLength {
			drawn := race.NormalizeStage(rs, st)
			row.Profile = base.NewProfileView(tr, rs, drawn, tr.T("setup.stages.profile_title", "N", i+1), true)
		}
		sv.Rows = append(sv.Rows, row)
	}
	return h.renderWizard(c, status, d, rs, wizardView{Stages: sv}, errs, "")
}

// stageBlockID is the id of stage n's block on the stage editor ("stage-3"), or of one of its lists
// ("stage-3-climbs"): a row button opens the page again there.
func stageBlockID(n int, list string) string {
	if list == "" {
		return fmt.Sprintf("stage-%d", n)
	}
	return fmt.Sprintf("stage-%d-%s", n, list)
}

// stageFieldWords names a field of a stage for a message in l's language: "climbs[2].end" is
// "Climb 3, end square".
func stageFieldWords(l *i18n.Localizer, path string) string {
	known := map[string]bool{"climbs": true, "sprints": true, "sections": true, "cards": true, "start": true, "end": true,
		"at": true, "km": true, "squares": true, "type": true, "category": true, "length": true, "feed_zones": true, "rest_day_before": true}
	var out []string
	for _, part := range strings.Split(path, ".") {
		name, index, indexed := strings.Cut(strings.TrimSuffix(part, "]"), "[")
		w := strings.ReplaceAll(name, "_", " ")
		if known[name] {
			w = l.T("setup.stages.field." + name)
		}
		if n, err := strconv.Atoi(index); indexed && err == nil {
			w = fmt.Sprintf("%s %d", w, n+1)
		}
		out = append(out, w)
	}
	if len(out) == 0 || out[0] == "" {
		return l.T("setup.stages.field.this_stage")
	}
	out[0] = base.Capitalize(out[0])
	return strings.Join(out, ", ") + ":"
}

// cardLegend glosses each terrain card once, in l's language: "Pianura: flat", "TV: intermediate sprint".
func (h *Handler) cardLegend(l *i18n.Localizer, rs race.Ruleset) []string {
	var out []string
	for _, c := range rs.Cards {
		gloss := c.Terrain
		if c.Special != "" && h.I18n.Has(l.Lang(), "setup.stages.card."+c.Special) {
			gloss = l.T("setup.stages.card." + c.Special)
		} else if gloss != "" && h.I18n.Has(l.Lang(), "setup.stages.terrain."+gloss) {
			gloss = l.T("setup.stages.terrain." + gloss)
		}
		name := c.NameIn(l.Lang())
		if gloss == "" || strings.EqualFold(gloss, name) {
			out = append(out, name)
			continue
		}
		out = append(out, name+": "+gloss)
	}
	return out
}

// unitWord is what the ruleset counts a stage's length in, in l's language.
func unitWord(l *i18n.Localizer, rs race.Ruleset) string {
	switch {
	case rs.SquareName == "km":
		return "km"
	case base.StageMode(rs) == "cards":
		return l.T("setup.stages.cards_word")
	}
	return l.T("setup.stages.squares_word")
}
