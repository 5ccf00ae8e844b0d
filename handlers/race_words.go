package handlers

import (
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
)

// The race-day pages' words built in Go, in the viewer's language: a stage's length and squares,
// what a sprint or a climb scores, names of the ruleset's things. The English-only helpers beside
// them (squareWord, climbWords…) stay for the pages that do not speak other languages yet.

// squareKey is the catalogue word of the ruleset's square ("square", "terrain_card", "km").
func squareKey(rs *race.Ruleset) string {
	switch w := squareWord(rs); w {
	case "km", "square", "terrain card":
		return strings.ReplaceAll(w, " ", "_")
	}
	return ""
}

// squareWordIn is what a square is called in the ruleset, in l's language ("casilla", "km").
func squareWordIn(l *i18n.Localizer, rs *race.Ruleset) string {
	if k := squareKey(rs); k != "" {
		return l.T("race.square." + k)
	}
	return squareWord(rs)
}

// lengthTextIn says a stage's length in the ruleset's squares: "217 km", "10 cartas de terreno".
func lengthTextIn(l *i18n.Localizer, rs *race.Ruleset, n int) string {
	if k := squareKey(rs); k != "" {
		return l.N("race.length."+k, n)
	}
	return lengthText(rs, n)
}

// unitNameIn names the ruleset's time unit for table headers.
func unitNameIn(l *i18n.Localizer, rs *race.Ruleset) string {
	if rs.TimeUnit == "turns" {
		return l.T("race.col.turns")
	}
	return l.T("race.col.time")
}

// stageTypeNameIn names a stage type in l's language.
func stageTypeNameIn(l *i18n.Localizer, rs *race.Ruleset, id string) string {
	if t, ok := rs.StageType(id); ok && t.Name != "" {
		return t.NameIn(l.Lang())
	}
	return id
}

// climbNameIn names a climb category in l's language.
func climbNameIn(l *i18n.Localizer, rs *race.Ruleset, id string) string {
	if c, ok := rs.ClimbCategory(id); ok && c.Name != "" {
		return c.NameIn(l.Lang())
	}
	return id
}

// roleWordIn names a role in l's language.
func roleWordIn(l *i18n.Localizer, rs *race.Ruleset, id string) string {
	if r, ok := rs.Role(id); ok && r.Name != "" {
		return r.NameIn(l.Lang())
	}
	return id
}

// tableWordsIn writes a table of numbers with its word (word: "point", "regularity", "turn"):
// "5, 3, 1 puntos", "1 punto"; "sin puntos" when it is empty.
func tableWordsIn(l *i18n.Localizer, table []int, word string) string {
	switch len(table) {
	case 0:
		return l.T("race.words." + word + "_none")
	case 1:
		return l.N("race.words."+word, table[0])
	}
	return l.T("race.words."+word+"_list", "List", tableText(table))
}

// bonusTextIn writes bonuses in the ruleset's time unit: "3, 2, 1 turnos", "10, 6, 4 s".
func bonusTextIn(l *i18n.Localizer, rs *race.Ruleset, bonuses []int) string {
	if rs.TimeUnit == "turns" {
		return tableWordsIn(l, bonuses, "turn")
	}
	return tableText(bonuses) + " s"
}

// sprintScoresIn says what an intermediate sprint gives in the ruleset.
func sprintScoresIn(l *i18n.Localizer, rs *race.Ruleset) string {
	var parts []string
	if len(rs.SprintPoints) > 0 {
		parts = append(parts, tableWordsIn(l, rs.SprintPoints, "point"))
	}
	if len(rs.SprintRegularity) > 0 {
		parts = append(parts, tableWordsIn(l, rs.SprintRegularity, "regularity"))
	}
	if len(rs.SprintBonuses) > 0 {
		parts = append(parts, l.T("race.words.bonus", "Bonus", bonusTextIn(l, rs, rs.SprintBonuses)))
	}
	if len(parts) == 0 {
		return l.T("race.words.point_none")
	}
	return strings.Join(parts, " · ")
}

// climbWordsIn names a climb of the stage ("Puerto 2 — Primera categoría (Tourmalet)") and says
// what it scores, in l's language.
func climbWordsIn(l *i18n.Localizer, rs *race.Ruleset, cl race.Climb) (title, scores string) {
	title = l.T("race.climb.title", "N", cl.Index, "Category", climbNameIn(l, rs, cl.Category))
	if cl.Name != "" {
		title += " (" + cl.Name + ")"
	}
	if cat, ok := rs.ClimbCategory(cl.Category); ok {
		scores = tableWordsIn(l, cat.Points, "point")
		if len(cat.Points) > 0 && len(rs.ClimbBonuses) > 0 {
			scores += " · " + l.T("race.words.bonus", "Bonus", bonusTextIn(l, rs, rs.ClimbBonuses))
		}
	}
	return title, scores
}

// statusNameIn says a way of leaving the race in words: "no terminó", "fuori tempo massimo".
func statusNameIn(l *i18n.Localizer, status string) string {
	switch status {
	case race.StatusDNS, race.StatusOTL, race.StatusDSQ:
		return l.T("race.status." + strings.ToLower(status))
	}
	return l.T("race.status.dnf")
}

// bonusNoteIn says where a real race's stage bonuses come from, in l's language.
func bonusNoteIn(l *i18n.Localizer, rs *race.Ruleset, stage race.Stage, f race.Finish) string {
	switch race.StageBonuses(rs, stage, f) {
	case race.BonusesEntered:
		return l.T("race.bonus.entered")
	case race.BonusesTables:
		var parts []string
		st, _ := rs.StageType(stage.Type)
		if len(rs.FinishBonuses) > 0 && st.TimeTrial == "" {
			parts = append(parts, l.T("race.bonus.finish", "List", tableText(rs.FinishBonuses)))
		}
		if len(rs.SprintBonuses) > 0 && len(stage.Sprints) > 0 {
			parts = append(parts, l.T("race.bonus.sprints", "List", tableText(rs.SprintBonuses)))
		}
		if len(rs.ClimbBonuses) > 0 && len(stage.Climbs) > 0 {
			parts = append(parts, l.T("race.bonus.climbs", "List", tableText(rs.ClimbBonuses)))
		}
		return l.T("race.bonus.tables", "Parts", strings.Join(parts, "; "))
	}
	return l.T("race.bonus.none")
}

// penaltyWordsIn says what a penalty takes: "20 s, 10 puntos, 2 puntos de montaña".
func penaltyWordsIn(l *i18n.Localizer, p race.Penalty) string {
	var parts []string
	if p.Seconds > 0 {
		parts = append(parts, l.Int(p.Seconds)+" s")
	}
	if p.Points > 0 {
		parts = append(parts, l.N("race.words.point", p.Points))
	}
	if p.Mountain > 0 {
		parts = append(parts, l.N("race.words.mountain", p.Mountain))
	}
	return strings.Join(parts, ", ")
}

// useNameIn is an advantage's name in l's language: the ruleset's, "Puntos de esfuerzo" for
// Ciclismo a fondo's effort, or the kind in words.
func useNameIn(l *i18n.Localizer, rs *race.Ruleset, kind string) string {
	if kind == race.AdvEffort {
		return l.T("race.adv.effort")
	}
	if rule, ok := rs.AdvantageRule(kind); ok && rule.Name != "" {
		return rule.NameIn(l.Lang())
	}
	return race.UseName(*rs, kind)
}

// useDetailIn says how or where a use was taken: "turno 7", "3d6", "puerto 2", "3 puntos".
func useDetailIn(l *i18n.Localizer, u race.AdvantageUse) string {
	var parts []string
	if u.Turn > 0 {
		parts = append(parts, l.T("race.finish.turn_n", "N", u.Turn))
	}
	if u.Variant != "" {
		parts = append(parts, u.Variant)
	}
	if u.Climb > 0 {
		parts = append(parts, l.T("race.adv.climb_n", "N", u.Climb))
	}
	if u.Kind == race.AdvEffort {
		parts = append(parts, l.N("race.words.point", u.Points))
	}
	return strings.Join(parts, ", ")
}

// useRecordedIn says a use was recorded, in l's language: "Bidón para el dorsal 15 (turno 7)
// anotado.", "3 puntos de esfuerzo gastados por el dorsal 12 anotados."
func useRecordedIn(l *i18n.Localizer, rs *race.Ruleset, u race.AdvantageUse) string {
	if u.Kind == race.AdvEffort {
		return l.T("race.flash.effort", "Points", l.N("race.words.effort", u.Points), "Bib", u.Bib)
	}
	what := l.T("race.flash.use_for", "Name", useNameIn(l, rs, u.Kind), "Bib", u.Bib)
	if d := useDetailIn(l, u); d != "" {
		what += " (" + d + ")"
	}
	return l.T("race.flash.use", "What", what)
}

// dateTextIn writes a date given as YYYY-MM-DD in l's words ("3 de marzo de 2001"); text it cannot
// read stays as it is.
func dateTextIn(l *i18n.Localizer, s string) string {
	d, err := race.ParseDate(s)
	if err != nil {
		return s
	}
	return l.Date(d)
}
