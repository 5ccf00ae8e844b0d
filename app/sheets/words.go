package sheets

import (
	"fmt"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/data"
)

// localizer is the language a sheet is printed in: the input's, else English from the embedded
// catalogues (a caller that gives none, such as a test, gets the English sheets).
func localizer(in Input) (*i18n.Localizer, error) {
	if in.Words != nil {
		return in.Words, nil
	}
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		return nil, fmt.Errorf("sheets: %w", err)
	}
	return cat.Localizer(i18n.English), nil
}

// w is the sheets' message id ("title.general" is "sheets.title.general") in the sheet's language.
func (s *source) w(id string, pairs ...any) string { return s.l.T("sheets."+id, pairs...) }

// n is the sheets' message id for a count, in its plural form.
func (s *source) n(id string, count int, pairs ...any) string {
	return s.l.N("sheets."+id, count, pairs...)
}

// lang is the sheet's language code, for the ruleset's own words (NameIn).
func (s *source) lang() string { return s.l.Lang() }

// statusName says how a rider left the race, in the sheet's language ("did not finish").
func (s *source) statusName(status string) string {
	switch status {
	case race.StatusDNS, race.StatusOTL, race.StatusDSQ, race.StatusRetired:
		return s.w("status." + status)
	}
	return s.w("status." + race.StatusDNF)
}

// className names a classification on a sheet; the individual one says it is on time.
func (s *source) className(class string) string {
	if w := s.rs.TermIn("class."+class, s.lang()); w != "" && s.rs.OfficialResults {
		return w // as the race publishes it: "General classification"
	}
	return s.w("class." + class)
}

// colName heads a column of what a place wins in a classification ("regularity", "mountain"): as
// the race publishes it for a real race ("Points"), else the sheets' own word.
func (s *source) colName(class string) string {
	if w := s.rs.TermIn("col."+class, s.lang()); w != "" && s.rs.OfficialResults {
		return w
	}
	return s.w("col." + class)
}

// penaltyWords says what a penalty takes: "20 s, 10 points, 2 mountain points".
func (s *source) penaltyWords(p race.Penalty) string {
	var parts []string
	if p.Seconds > 0 {
		parts = append(parts, fmt.Sprintf("%d s", p.Seconds))
	}
	if p.Points > 0 {
		parts = append(parts, s.n("count.points", p.Points))
	}
	if p.Mountain > 0 {
		parts = append(parts, s.n("count.mountain_points", p.Mountain))
	}
	return strings.Join(parts, ", ")
}

// bonusesNote says where a stage's bonuses come from (the engine's race.BonusesNote, in the
// sheet's language).
func (s *source) bonusesNote(stage race.Stage, f race.Finish) string {
	switch race.StageBonuses(s.rs, stage, f) {
	case race.BonusesEntered:
		return s.w("note.bonuses_entered")
	case race.BonusesTables:
		var parts []string
		st, _ := s.rs.StageType(stage.Type)
		if len(s.rs.FinishBonuses) > 0 && st.TimeTrial == "" {
			parts = append(parts, s.w("note.bonus_finish", "List", joinInts(s.rs.FinishBonuses)))
		}
		if len(s.rs.SprintBonuses) > 0 && len(stage.Sprints) > 0 {
			parts = append(parts, s.w("note.bonus_sprints", "List", joinInts(s.rs.SprintBonuses)))
		}
		if len(s.rs.ClimbBonuses) > 0 && len(stage.Climbs) > 0 {
			parts = append(parts, s.w("note.bonus_climbs", "List", joinInts(s.rs.ClimbBonuses)))
		}
		return s.w("note.bonuses_tables", "Parts", strings.Join(parts, "; "))
	}
	return s.w("note.no_bonuses")
}

// word is the catalogue's word "sheets.<group>.<id>", or id itself when the catalogue has none (a
// value of a ruleset the sheets do not know).
func (s *source) word(group, id string) string {
	key := "sheets." + group + "." + id
	if w := s.l.T(key); w != key {
		return w
	}
	return id
}

// outReason is why a rider left the race, in the sheet's language when the engine says it (a fatigue
// retirement), else as it was entered.
func (s *source) outReason(o race.OutRow) string {
	if o.Status == race.StatusRetired {
		return s.l.T("out.reason.fatigue", "Fatigue", o.Fatigue, "Limit", o.FatigueLimit)
	}
	return s.l.Say(o.ReasonSaid())
}
