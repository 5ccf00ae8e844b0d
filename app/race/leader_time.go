package race

// TimesAreGaps says the game's times are gaps, not clock times: a 2RUOTE stage time is the rider's gap
// to the stage's leading sector (docs/rules.md §3.3), so a leader who rode in it every stage totals 0
// and only his lead over the next one says something. Pages and the TV then show that lead.
func (r *Ruleset) TimesAreGaps() bool { return r.TimeModel == TimeModelSectors }

// LeadOver is the lead of the first of a time classification over the second (0 when they are level
// or the first is alone), and whether there is a second.
func LeadOver(rows []TimeRow) (lead int, second bool) {
	if len(rows) < 2 {
		return 0, false
	}
	return rows[1].Time - rows[0].Time, true
}
