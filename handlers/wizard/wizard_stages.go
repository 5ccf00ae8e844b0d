package wizard

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/handlers/base"
)

// stagesForm reads the stage editor's fields; numbers that are not numbers are kept as typed.
type stagesForm struct {
	c   echo.Context
	raw map[string]string
	v   *refuse.ValidationError
}

// int reads a whole-number field, or records it as typed with a message and returns old.
func (f *stagesForm) int(name string, old int) int {
	s := strings.TrimSpace(f.c.FormValue(name))
	n, err := strconv.Atoi(s)
	if err != nil {
		f.raw[name] = f.c.FormValue(name)
		f.v.Add(name, "must be a whole number")
		return old
	}
	return n
}

// km reads a real race's stage length, km with decimals ("18.6" or "18,6"), into st.
func (f *stagesForm) km(name string, st *race.Stage) {
	s := strings.ReplaceAll(strings.TrimSpace(f.c.FormValue(name)), ",", ".")
	km, err := strconv.ParseFloat(s, 64)
	if err != nil || len(s) > 12 {
		f.raw[name] = f.c.FormValue(name)
		f.v.Add(name, "must be a number of km (18.6)")
		return
	}
	st.SetKm(km)
}

// str reads a text field, keeping old when the form does not have it.
func (f *stagesForm) str(name, old string) string {
	if _, ok := f.c.Request().Form[name]; !ok {
		return old
	}
	return strings.TrimSpace(f.c.FormValue(name))
}

// readStagesForm applies the stage editor's fields to the draft's stages (the form shows exactly
// the draft's stages, climbs, sprints, sections and cards). It returns the fields as typed where they
// are not numbers, with their messages.
func readStagesForm(c echo.Context, rs race.Ruleset, d *wizardDraft) (map[string]string, *refuse.ValidationError) {
	f := &stagesForm{c: c, raw: map[string]string{}, v: &refuse.ValidationError{}}
	_ = c.Request().ParseForm()
	mode := base.StageMode(rs)
	for i := range d.Stages {
		st := d.Stages[i]
		p := fmt.Sprintf("stages[%d]", i)
		st.Type = f.str(p+".type", st.Type)
		switch mode {
		case "cards":
			st.Cards = append([]string(nil), st.Cards...)
			for k := range st.Cards {
				st.Cards[k] = f.str(fmt.Sprintf("%s.cards[%d]", p, k), st.Cards[k])
			}
		case "sections":
			st.Sections = append([]race.Section(nil), st.Sections...)
			for k := range st.Sections {
				sp := fmt.Sprintf("%s.sections[%d]", p, k)
				st.Sections[k].Type = f.str(sp+".type", st.Sections[k].Type)
				st.Sections[k].Km = f.int(sp+".km", st.Sections[k].Km)
			}
			st.RestDayBefore = c.FormValue(p+".rest_day_before") != ""
			st.FeedZones = f.int(p+".feed_zones", st.FeedZones)
		default:
			if rs.OfficialResults {
				f.km(p+".length", &st)
			} else {
				st.Length = f.int(p+".length", st.Length)
			}
			st.Climbs = append([]race.Climb(nil), st.Climbs...)
			for j := range st.Climbs {
				cp := fmt.Sprintf("%s.climbs[%d]", p, j)
				cl := &st.Climbs[j]
				cl.Category = f.str(cp+".category", cl.Category)
				cl.Start = f.int(cp+".start", cl.Start)
				if end, ok := race.ClimbEnd(rs, cl.Category, cl.Start); ok {
					cl.End = end
				} else {
					cl.End = f.int(cp+".end", cl.End)
				}
			}
		}
		if mode != "cards" {
			st.Sprints = append([]race.Sprint(nil), st.Sprints...)
			for j := range st.Sprints {
				at := f.int(fmt.Sprintf("%s.sprints[%d].at", p, j), st.Sprints[j].At)
				if mode == "sections" && at == st.Sprints[j].At {
					// A sprint the director left where it was rides with its section when a section
					// before it grows or shrinks.
					at = followSections(rs, d.Stages[i].Sections, st.Sections, at)
				}
				st.Sprints[j].At = at
			}
		}
		d.Stages[i] = deriveStage(rs, st)
	}
	return f.raw, f.v
}

// followSections moves square at of a stage whose sections were before (with their squares) to the
// same place of the same section after the sections changed: as far into it as it was, at most its
// last square. With another count of sections, or a section that no longer converts, at stays.
func followSections(rs race.Ruleset, before, after []race.Section, at int) int {
	if len(before) != len(after) {
		return at
	}
	start, startAfter := 1, 1
	for k := range before {
		squares, err := race.SectionSquares(rs, after[k].Type, after[k].Km)
		if err != nil || before[k].Squares < 1 {
			return at
		}
		if at < start+before[k].Squares {
			if at < start {
				return at
			}
			return startAfter + min(at-start, squares-1)
		}
		start += before[k].Squares
		startAfter += squares
	}
	return at
}

// deriveStage computes what follows from a stage's editable fields without reordering its rows: a
// Ciclismo a fondo stage's squares, length and climbs from its sections, a 2RUOTE stage's length,
// climbs and sprints from its cards, and numbers climbs and sprints in list order.
func deriveStage(rs race.Ruleset, st race.Stage) race.Stage {
	switch base.StageMode(rs) {
	case "cards":
		n := race.NormalizeStage(rs, st)
		n.Markers = nil
		return n
	case "sections":
		total, ok := 0, true
		for k, sec := range st.Sections {
			sq, err := race.SectionSquares(rs, sec.Type, sec.Km)
			if err != nil {
				ok = false
				sq = 0
			}
			st.Sections[k].Squares = sq
			total += sq
		}
		st.Length = total
		sprints := st.Sprints
		if built, err := race.BuildSectionStage(rs, st); ok && err == nil {
			st = built
			st.Sprints = sprints // keep the rows in the order the director sees them
		} else {
			st.Climbs = nil
		}
	}
	for j := range st.Climbs {
		st.Climbs[j].Index = j + 1
	}
	for j := range st.Sprints {
		st.Sprints[j].Index = j + 1
	}
	st.Markers = nil
	return st
}

// finishStages puts every stage in course order with its markers, as the tour will keep it.
func finishStages(rs race.Ruleset, stages []race.Stage) []race.Stage {
	out := make([]race.Stage, len(stages))
	for i, st := range stages {
		st.Number = i + 1
		st.State = ""
		n := race.NormalizeStage(rs, st)
		n.Markers = nil
		out[i] = n
	}
	return out
}

// validateDraftStages reviews the draft's stages as the director sees them: a stage that breaks its
// type's rules (race.ReviewStages) gets the rule beside it. advanced is a 2RUOTE advanced game.
func validateDraftStages(rs race.Ruleset, stages []race.Stage, advanced bool) *refuse.ValidationError {
	v := &refuse.ValidationError{}
	check := make([]race.Stage, len(stages))
	for i, st := range stages {
		st.Number = i + 1
		check[i] = st
	}
	wizardMerge(v, race.ReviewStages(rs, check, advanced))
	return v
}

// wizardStagesPost applies the stage editor, then runs the action: back, on (when every stage is
// valid), a new proposal, or an edit of the list (add, remove, move stages, climbs, sprints, sections, cards).
func (h *Handler) wizardStagesPost(c echo.Context, d wizardDraft, action string) error {
	rs, err := h.wizardRuleset(d)
	if err != nil {
		return err
	}
	raw, parse := readStagesForm(c, rs, &d)
	if target, ok := backTarget(rs, stepStages, action); ok {
		d.Step = target
		return h.showStep(c, d)
	}
	switch {
	case action == "propose":
		req := d.Request
		req.Seed = newSeed()
		req.Stages = len(d.Stages)
		if req.Stages < race.MinTourStages || req.Stages > race.MaxTourStages {
			req.Stages = d.Request.Stages
		}
		if strings.TrimSpace(req.Name) == "" {
			req.Name = "New tour"
		}
		p, err := race.Propose(rs, req)
		if err != nil {
			return h.renderStagesStep(c, http.StatusUnprocessableEntity, d, raw, wizardFieldsOf(h.Tr(c), parse), h.Tr(c).T("setup.stages.note.propose_failed", "Reason", base.SayError(h.Tr(c), err)))
		}
		d.Request.Seed, d.Request.Stages = req.Seed, req.Stages
		d.Stages = p.Stages
		proposed := d.Request
		d.Proposed = &proposed
		return h.renderStagesStep(c, http.StatusOK, d, nil, nil, h.Tr(c).T("setup.stages.note.proposed", "Seed", req.Seed))
	case action == "next" || action == "" || strings.HasPrefix(action, "goto:"):
		v := validateDraftStages(rs, d.Stages, d.Request.Advanced)
		wizardMerge(parse, v.Err())
		if parse.Err() != nil {
			return h.renderStagesStep(c, http.StatusUnprocessableEntity, d, raw, h.Said(c, parse), "")
		}
		d.Stages = finishStages(rs, d.Stages)
		d.Step = stepAfter(rs, stepStages, 1)
		if target, ok := jumpTarget(rs, d, action); ok {
			d.Step = target
		}
		return h.showStep(c, d)
	}
	if parse.Err() != nil {
		at := ""
		if a, ok := parseStageAction(action); ok && a.What == "stage" {
			at = stageBlockID(a.I+1, "")
		} else if ok {
			at = stageBlockID(a.I+1, a.What+"s")
		}
		return h.renderStagesAt(c, http.StatusUnprocessableEntity, d, raw, h.Said(c, parse), h.Tr(c).T("setup.stages.note.correct_first"), at)
	}
	note, at, err := h.editStages(h.Tr(c), rs, &d, action)
	if err != nil {
		return err
	}
	return h.renderStagesAt(c, http.StatusOK, d, nil, nil, note, at)
}
