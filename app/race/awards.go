package race

// What one place of an intermediate sprint or over a climb earns (docs/rules.md §1.7, §2.3, §4): the
// TV, the pages and the sheets show these answers, the standings count them.

// Award is what one place of a crossing earns: classification points, regularity points and a
// time bonus in the ruleset's unit (each 0 when the place earns none).
type Award struct {
	// Points are the place's points in the crossing's own classification (sprints or mountain).
	Points int
	// Regularity are the regularity points an intermediate sprint gives the place.
	Regularity int
	// Bonus is the place's time bonus in the ruleset's TimeUnit.
	Bonus int
}

// Zero reports whether the place earns nothing.
func (a Award) Zero() bool { return a == Award{} }

// ClimbBonusTable is the time bonus table of a climb of category cat: the ruleset's climb bonuses
// when the category scores mountain points, none for an uncategorised climb (a repecho).
func ClimbBonusTable(rs *Ruleset, cat ClimbCategory) []int {
	if len(cat.Points) == 0 {
		return nil
	}
	return rs.ClimbBonuses
}

// ClimbAward is what place i (0-based) over a climb of category cat earns: its mountain points
// (when the ruleset keeps a mountain classification) and its bonus, from every place of the bonus
// table, whether or not the place also scores points.
func ClimbAward(rs *Ruleset, cat ClimbCategory, i int) Award {
	var a Award
	if rs.Has(ClassMountain) {
		a.Points = placeOf(cat.Points, i)
	}
	a.Bonus = placeOf(ClimbBonusTable(rs, cat), i)
	return a
}

// SprintAward is what place i (0-based) of an intermediate sprint earns: its sprints classification
// points, its regularity points (each when the ruleset keeps that classification) and its bonus.
func SprintAward(rs *Ruleset, i int) Award {
	var a Award
	if rs.Has(ClassSprints) {
		a.Points = placeOf(rs.SprintPoints, i)
	}
	if rs.Has(ClassRegularity) {
		a.Regularity = placeOf(rs.SprintRegularity, i)
	}
	a.Bonus = placeOf(rs.SprintBonuses, i)
	return a
}

// placeOf is table[i], or 0 past its end.
func placeOf(table []int, i int) int {
	if i < 0 || i >= len(table) {
		return 0
	}
	return table[i]
}
