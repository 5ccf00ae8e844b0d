package base

import (
	"fmt"
	"strconv"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/views"
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

// SquareWordIn is what a square is called in the ruleset, in l's language ("casilla", "km").
func SquareWordIn(l *i18n.Localizer, rs *race.Ruleset) string {
	if k := squareKey(rs); k != "" {
		return l.T("race.square." + k)
	}
	return squareWord(rs)
}

// LengthTextIn says a stage's length in the ruleset's squares: "217 km", "10 cartas de terreno".
func LengthTextIn(l *i18n.Localizer, rs *race.Ruleset, n int) string {
	if k := squareKey(rs); k != "" {
		return l.N("race.length."+k, n)
	}
	return lengthText(rs, n)
}

// StageLengthIn is a stage's length in l's language: its squares ("172 km", "60 squares"), or a real
// race's km with the decimals it was published with ("18,6 km").
func StageLengthIn(l *i18n.Localizer, rs *race.Ruleset, st race.Stage) string {
	if st.Metres > 0 {
		return l.T("race.length.km_exact", "Km", l.Decimal(st.Km(), st.KmDigits()))
	}
	return LengthTextIn(l, rs, st.Length)
}

// UnitNameIn names the ruleset's time unit for table headers.
func UnitNameIn(l *i18n.Localizer, rs *race.Ruleset) string {
	if rs.TimeUnit == "turns" {
		return l.T("race.col.turns")
	}
	return l.T("race.col.time")
}

// StageTypeNameIn names a stage type in l's language.
func StageTypeNameIn(l *i18n.Localizer, rs *race.Ruleset, id string) string {
	if t, ok := rs.StageType(id); ok && t.Name != "" {
		return t.NameIn(l.Lang())
	}
	return id
}

// ClimbNameIn names a climb category in l's language.
func ClimbNameIn(l *i18n.Localizer, rs *race.Ruleset, id string) string {
	if c, ok := rs.ClimbCategory(id); ok && c.Name != "" {
		return c.NameIn(l.Lang())
	}
	return id
}

// RoleWordIn names a role in l's language.
func RoleWordIn(l *i18n.Localizer, rs *race.Ruleset, id string) string {
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

// SprintScoresIn says what an intermediate sprint gives in the ruleset.
func SprintScoresIn(l *i18n.Localizer, rs *race.Ruleset) string {
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

// ClimbWordsIn names a climb of the stage ("Puerto 2 — Primera categoría (Tourmalet)") and says
// what it scores, in l's language.
func ClimbWordsIn(l *i18n.Localizer, rs *race.Ruleset, cl race.Climb) (title, scores string) {
	title = l.T("race.climb.title", "N", cl.Index, "Category", ClimbNameIn(l, rs, cl.Category))
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

// IncidentsWordIn is the game's own word for the incidents recorded beside the results (its ruleset's
// "incidents" term: "Esfuerzo, clima y eventos", "Punti fatica"), else the app's ("Advantages").
func IncidentsWordIn(l *i18n.Localizer, rs *race.Ruleset) string {
	if w := rs.TermIn("incidents", l.Lang()); w != "" {
		return w
	}
	return l.T("race.nav.advantages")
}

// StatusNameIn says a way of leaving the race in words: "no terminó", "fuori tempo massimo".
func StatusNameIn(l *i18n.Localizer, status string) string {
	switch status {
	case race.StatusDNS, race.StatusOTL, race.StatusDSQ, race.StatusRetired:
		return l.T("race.status." + strings.ToLower(status))
	}
	return l.T("race.status.dnf")
}

// BonusNoteIn says where a real race's stage bonuses come from, in l's language.
func BonusNoteIn(l *i18n.Localizer, rs *race.Ruleset, stage race.Stage, f race.Finish) string {
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

// PenaltyWordsIn says what a penalty takes: "20 s, 10 puntos, 2 puntos de montaña".
func PenaltyWordsIn(l *i18n.Localizer, p race.Penalty) string {
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

// UseNameIn is an advantage's name in l's language: the ruleset's, "Puntos de esfuerzo" for
// Ciclismo a fondo's effort, or the kind in words.
func UseNameIn(l *i18n.Localizer, rs *race.Ruleset, kind string) string {
	if kind == race.AdvEffort {
		return l.T("race.adv.effort")
	}
	if rule, ok := rs.AdvantageRule(kind); ok && rule.Name != "" {
		return rule.NameIn(l.Lang())
	}
	return race.UseName(*rs, kind)
}

// UseDetailIn says how or where a use was taken: "turno 7", "3d6", "puerto 2", "3 puntos".
func UseDetailIn(l *i18n.Localizer, u race.AdvantageUse) string {
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

// UseRecordedIn says a use was recorded, in l's language: "Bidón para el dorsal 15 (turno 7)
// anotado.", "3 puntos de esfuerzo gastados por el dorsal 12 anotados."
func UseRecordedIn(l *i18n.Localizer, rs *race.Ruleset, u race.AdvantageUse) string {
	if u.Kind == race.AdvEffort {
		return l.T("race.flash.effort", "Points", l.N("race.words.effort", u.Points), "Bib", u.Bib)
	}
	what := l.T("race.flash.use_for", "Name", UseNameIn(l, rs, u.Kind), "Bib", u.Bib)
	if d := UseDetailIn(l, u); d != "" {
		what += " (" + d + ")"
	}
	return l.T("race.flash.use", "What", what)
}

// DateTextIn writes a date given as YYYY-MM-DD in l's words ("3 de marzo de 2001"); text it cannot
// read stays as it is.
func DateTextIn(l *i18n.Localizer, s string) string {
	d, err := race.ParseDate(s)
	if err != nil {
		return s
	}
	return l.Date(d)
}

// TimeText formats a stage or classification time in the ruleset's unit.
func TimeText(rs *race.Ruleset, v int) string {
	switch rs.TimeUnit {
	case "turns":
		return strconv.Itoa(v)
	case "hundredths":
		return views.Clock(v/100) + fmt.Sprintf(".%02d", v%100)
	}
	return views.Clock(v)
}

// GapText formats a gap in the ruleset's unit ("—" for none).
func GapText(rs *race.Ruleset, v int) string {
	if v == 0 {
		return "—"
	}
	return "+" + TimeText(rs, v)
}

// squareWord is what a square is called in the ruleset ("km", "square", "terrain card").
func squareWord(rs *race.Ruleset) string {
	if rs.SquareName != "" {
		return rs.SquareName
	}
	return "square"
}

// lengthText says a stage's length in the ruleset's squares: "217 km", "10 terrain cards".
func lengthText(rs *race.Ruleset, n int) string {
	w := squareWord(rs)
	if n != 1 && w != "km" {
		w += "s"
	}
	return fmt.Sprintf("%d %s", n, w)
}

// tableText writes a table of numbers: "5, 3, 1".
func tableText(table []int) string {
	out := ""
	for i, p := range table {
		if i > 0 {
			out += ", "
		}
		out += strconv.Itoa(p)
	}
	return out
}

// StageMode says how a ruleset's stages are edited: "cards" (2RUOTE), "sections" (Ciclismo a fondo)
// or "squares" (Cycling Party: length, climbs and sprints by square).
func StageMode(rs race.Ruleset) string {
	switch {
	case len(rs.Cards) > 0 || rs.TimeModel == race.TimeModelSectors:
		return "cards"
	case len(rs.Sections) > 0 || rs.TimeModel == race.TimeModelTurns:
		return "sections"
	}
	return "squares"
}
