package race

// Who may be typed where in the current stage (docs/rules.md §1.7, §3.6, §4): the validators, the stage
// pages' previews and the page's script all take this answer.

// Entry kinds: the kinds of field a bib is typed in, as the stage pages name them.
const (
	// EntryCrossing is an intermediate sprint's or a climb's crossing order: a rider who did not
	// start the stage may not be in it; one who abandoned later in it may.
	EntryCrossing = "order"
	// EntryFinish is a finish group: a rider who abandoned in the stage may not be in it, unless he
	// crossed the line (outside the time limit, or disqualified).
	EntryFinish = "finish"
	// EntryAbandon is an abandonment or an advantage used by one rider: a rider who already
	// abandoned in the stage may not be in it.
	EntryAbandon = "single"
	// EntryRider is a rider's own record in the stage (turns lost, the most combative): any rider
	// still in the race at its start.
	EntryRider = "rider"
)

// Entrant is one rider of the tour as the entries of the current stage see him.
type Entrant struct {
	// Bib is the rider's bib.
	Bib int `json:"bib"`
	// Out says how he left the race before the stage (Out.Stage 0: he is in it).
	Out Exit `json:"-"`
	// Barred are the entry kinds of the stage he may no longer be typed in because of how he left
	// the race in it (Entry* constants; empty when he has not left it).
	Barred []string `json:"barred,omitempty"`
}

// Entrants lists, in tour order, every rider of the tour with how he left the race before stage
// cur.Stage and the entries of that stage he is barred from by an abandonment in it.
func Entrants(t *Tour, prior []StageResult, cur StageResult) []Entrant {
	out := OutBefore(t, prior, cur.Stage)
	var list []Entrant
	for _, team := range t.Teams {
		for _, r := range team.Riders {
			e := Entrant{Bib: r.Bib, Out: out[r.Bib]}
			for _, kind := range []string{EntryCrossing, EntryFinish, EntryAbandon} {
				if BarredInStage(cur, kind, r.Bib) {
					e.Barred = append(e.Barred, kind)
				}
			}
			list = append(list, e)
		}
	}
	return list
}

// BarredInStage reports whether an abandonment entered in the current stage keeps bib out of an entry
// of that kind: a crossing when he did not start, a finish when he abandoned without crossing the line,
// another abandonment or an advantage whenever he abandoned.
func BarredInStage(cur StageResult, kind string, bib int) bool {
	for _, a := range cur.Abandons {
		if a.Bib != bib {
			continue
		}
		switch kind {
		case EntryCrossing:
			return a.StatusOf() == StatusDNS
		case EntryFinish:
			return !a.Crossed()
		case EntryAbandon:
			return true
		}
		return false
	}
	return false
}

// Kind names how a rider left the race: "" (he has not), "retired" (fatigue), "otl" (the time limit)
// or "abandoned".
func (e Exit) Kind() string {
	switch {
	case e.Stage == 0:
		return ""
	case e.Fatigue > 0:
		return "retired"
	case e.OTL:
		return "otl"
	}
	return "abandoned"
}
