package wizard

import (
	"slices"
	"strconv"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/handlers/base"
)

// stageAction is one edit of the stage list, as a button value such as "up_climb:2:1".
type stageAction struct {
	Verb, What string
	I, J       int
}

// parseStageAction reads a button value: verb_what:i[:j].
func parseStageAction(action string) (stageAction, bool) {
	parts := strings.Split(action, ":")
	verb, what, ok := strings.Cut(parts[0], "_")
	if !ok || len(parts) > 3 {
		return stageAction{}, false
	}
	a := stageAction{Verb: verb, What: what, I: -1, J: -1}
	for k, dst := range []*int{&a.I, &a.J} {
		if len(parts) > k+1 {
			n, err := strconv.Atoi(parts[k+1])
			if err != nil || n < 0 {
				return stageAction{}, false
			}
			*dst = n
		}
	}
	return a, true
}

// editStages applies one edit of the stage list to the draft and says what it did (or why not), and
// the block of the page it changed (a stageBlockID), where the page opens again.
func (h *Handler) editStages(l *i18n.Localizer, rs race.Ruleset, d *wizardDraft, action string) (note, at string, err error) {
	a, ok := parseStageAction(action)
	if !ok {
		return "", "", base.BadRequest("the stage editor has no action %q", action)
	}
	if a.What == "stage" {
		return h.editStageList(l, rs, d, a)
	}
	if a.I < 0 || a.I >= len(d.Stages) {
		return "", "", base.BadRequest("there is no stage %d", a.I+1)
	}
	at = stageBlockID(a.I+1, a.What+"s")
	st := d.Stages[a.I]
	switch a.What {
	case "climb":
		if a.Verb == "up" || a.Verb == "down" {
			st.Climbs, note = moveClimb(l, rs, st.Climbs, a)
		} else {
			st.Climbs, note = editStageItems(l, st.Climbs, a, func() race.Climb { return newClimb(rs, st) })
		}
	case "sprint":
		st.Sprints, note = editStageItems(l, st.Sprints, a, func() race.Sprint { return race.Sprint{At: freeSprintSquare(st)} })
	case "section":
		if a.Verb == "remove" && len(st.Sections) <= 1 {
			return l.T("setup.stages.note.keep_section"), at, nil
		}
		st.Sections, note = editStageItems(l, st.Sections, a, func() race.Section { return race.Section{Type: flatSectionID(rs), Km: 10} })
	case "card":
		if a.Verb == "remove" && len(st.Cards) <= 1 {
			return l.T("setup.stages.note.keep_card"), at, nil
		}
		st.Cards, note = editStageItems(l, st.Cards, a, func() string { return flatCardID(rs) })
	default:
		return "", "", base.BadRequest("the stage editor has no action %q", action)
	}
	d.Stages[a.I] = deriveStage(rs, st)
	return l.T("setup.stages.note.stage", "N", a.I+1, "Note", note), at, nil
}

// editStageItems adds, removes or moves one item of a list; add appends a new item. It says what it
// did in l's language.
func editStageItems[T any](l *i18n.Localizer, list []T, a stageAction, fresh func() T) ([]T, string) {
	out := slices.Clone(list)
	switch a.Verb {
	case "add":
		return append(out, fresh()), l.T("setup.stages.note."+a.What+".add", "J", len(out)+1)
	case "remove":
		if a.J >= 0 && a.J < len(out) {
			return slices.Delete(out, a.J, a.J+1), l.T("setup.stages.note."+a.What+".remove", "J", a.J+1)
		}
	case "up":
		if a.J > 0 && a.J < len(out) {
			out[a.J-1], out[a.J] = out[a.J], out[a.J-1]
			return out, l.T("setup.stages.note."+a.What+".up", "J", a.J+1)
		}
	case "down":
		if a.J >= 0 && a.J+1 < len(out) {
			out[a.J+1], out[a.J] = out[a.J], out[a.J+1]
			return out, l.T("setup.stages.note."+a.What+".down", "J", a.J+1)
		}
	}
	return out, l.T("setup.stages.note.nothing_to_change")
}

// editStageList adds (a new proposed stage at the end), removes or moves a stage; at is the stage
// block the director is left at.
func (h *Handler) editStageList(l *i18n.Localizer, rs race.Ruleset, d *wizardDraft, a stageAction) (note, at string, err error) {
	switch {
	case a.Verb == "add" && len(d.Stages) >= race.MaxTourStages:
		return l.T("setup.stages.note.at_most", "Max", race.MaxTourStages), stageBlockID(len(d.Stages), ""), nil
	case a.Verb == "remove" && len(d.Stages) <= race.MinTourStages:
		return l.T("setup.stages.note.keep_stage"), stageBlockID(1, ""), nil
	case a.Verb != "add" && (a.I < 0 || a.I >= len(d.Stages)):
		return "", "", base.BadRequest("there is no stage %d", a.I+1)
	}
	switch a.Verb {
	case "add":
		req := d.Request
		req.Stages, req.Seed = 1, newSeed()
		if strings.TrimSpace(req.Name) == "" {
			req.Name = "New tour"
		}
		p, err := race.Propose(rs, req)
		if err != nil || len(p.Stages) == 0 {
			return l.T("setup.stages.note.not_proposed"), "", nil
		}
		d.Stages = append(d.Stages, p.Stages[0])
		note = l.T("setup.stages.note.stage_added", "N", len(d.Stages), "Type", base.StageTypeNameIn(l, &rs, p.Stages[0].Type))
		at = stageBlockID(len(d.Stages), "")
	case "remove":
		d.Stages = slices.Delete(d.Stages, a.I, a.I+1)
		note = l.T("setup.stages.note.stage_removed", "N", a.I+1)
		at = stageBlockID(min(a.I+1, len(d.Stages)), "")
	case "up", "down":
		j := a.I - 1
		if a.Verb == "down" {
			j = a.I + 1
		}
		if j < 0 || j >= len(d.Stages) {
			return l.T("setup.stages.note.nothing_to_move"), stageBlockID(a.I+1, ""), nil
		}
		d.Stages[a.I], d.Stages[j] = d.Stages[j], d.Stages[a.I]
		note = l.T("setup.stages.note.stage_moved", "N", a.I+1, "To", j+1)
		at = stageBlockID(j+1, "")
	default:
		return "", "", base.BadRequest("the stage editor has no such action")
	}
	for i := range d.Stages {
		d.Stages[i].Number = i + 1
	}
	d.Request.Stages = len(d.Stages)
	if d.Proposed != nil {
		d.Proposed.Stages = len(d.Stages)
	}
	return note, at, nil
}

// moveClimb swaps a climb with its neighbour along the course: the pair keeps the squares it covered
// and the flat gap between them, the other climb now coming first (or last).
func moveClimb(l *i18n.Localizer, rs race.Ruleset, climbs []race.Climb, a stageAction) ([]race.Climb, string) {
	out := slices.Clone(climbs)
	if a.J < 0 || a.J >= len(out) {
		return out, l.T("setup.stages.note.nothing_to_move_lower")
	}
	order := make([]int, len(out))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(x, y int) int { return out[x].Start - out[y].Start })
	q := slices.Index(order, a.J)
	other := q - 1
	if a.Verb == "down" {
		other = q + 1
	}
	if other < 0 || other >= len(order) {
		return out, l.T("setup.stages.note.nothing_to_move_lower")
	}
	first, second := out[order[min(q, other)]], out[order[max(q, other)]]
	lenFirst, lenSecond := first.End-first.Start+1, second.End-second.Start+1
	gap := second.Start - first.End - 1
	nowFirst, nowSecond := second, first
	nowFirst.Start, nowFirst.End = first.Start, first.Start+lenSecond-1
	nowSecond.Start = nowFirst.End + 1 + max(gap, 0)
	nowSecond.End = nowSecond.Start + lenFirst - 1
	sorted := make([]race.Climb, 0, len(out))
	for _, k := range order {
		sorted = append(sorted, out[k])
	}
	lo := min(q, other)
	sorted[lo], sorted[lo+1] = nowFirst, nowSecond
	return sorted, l.T("setup.stages.note.climb_moved_"+a.Verb, "Category", base.ClimbNameIn(l, &rs, first.Category), "Square", nowSecond.Start)
}

// newClimb is a climb for a stage: the stage type's first category, placed in the first free stretch
// with 10 flat squares around it and no sprint inside.
func newClimb(rs race.Ruleset, st race.Stage) race.Climb {
	cat := ""
	if t, ok := rs.StageType(st.Type); ok && len(t.ClimbCategories) > 0 {
		cat = t.ClimbCategories[0]
	} else if n := len(rs.ClimbCategories); n > 0 {
		cat = rs.ClimbCategories[n-1].ID
	}
	size := 8 // a category of no fixed length starts as 8 squares, which the director changes
	if end, ok := race.ClimbEnd(rs, cat, 1); ok {
		size = end
	}
	free := func(s int, sprints bool) bool {
		for _, c := range st.Climbs {
			if s <= c.End+10 && s+size-1 >= c.Start-10 {
				return false
			}
		}
		for _, sp := range st.Sprints {
			if sprints && sp.At >= s && sp.At <= s+size-1 {
				return false
			}
		}
		return true
	}
	for _, avoidSprints := range []bool{true, false} {
		for s := 11; s+size-1 <= st.Length-10; s++ {
			if free(s, avoidSprints) {
				return race.Climb{Category: cat, Start: s, End: s + size - 1}
			}
		}
	}
	return race.Climb{Category: cat, Start: 1, End: size}
}

// freeSprintSquare is the flat square farthest from the other sprints and the climbs, not in the last 10.
func freeSprintSquare(st race.Stage) int {
	best, bestDist := 1, -1
	for s := 1; s <= st.Length-10; s++ {
		dist := st.Length
		for _, c := range st.Climbs {
			if s >= c.Start && s <= c.End {
				dist = -1
				break
			}
			dist = min(dist, wizardAbs(s-c.Start), wizardAbs(s-c.End))
		}
		for _, sp := range st.Sprints {
			dist = min(dist, wizardAbs(s-sp.At)*2)
		}
		if dist > bestDist {
			best, bestDist = s, dist
		}
	}
	return best
}

func wizardAbs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// flatSectionID is the id of the ruleset's flat section type.
func flatSectionID(rs race.Ruleset) string {
	for _, t := range rs.Sections {
		if t.Climb == "" && strings.Contains(strings.ToLower(t.ID), "flat") {
			return t.ID
		}
	}
	if len(rs.Sections) > 0 {
		return rs.Sections[0].ID
	}
	return "flat"
}

// flatCardID is the id of the ruleset's plain flat terrain card.
func flatCardID(rs race.Ruleset) string {
	for _, c := range rs.Cards {
		if c.Special == "" && strings.EqualFold(c.Terrain, race.TerrainFlat) {
			return c.ID
		}
	}
	if len(rs.Cards) > 0 {
		return rs.Cards[0].ID
	}
	return "flat"
}
