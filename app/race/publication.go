package race

import (
	"slices"
	"strconv"
	"time"

	"racedirector/app/plural"
)

// Publication statuses of a classification.
const (
	// PubProvisional: computed while its stage is still open.
	PubProvisional = "provisional"
	// PubFinal: published when its stage was closed.
	PubFinal = "final"
	// PubRevised: published again after its stage was reopened for a correction and closed again.
	PubRevised = "revised"
)

// Publication is how the standings after a stage are published: provisional while the stage is open,
// final once it is closed, revised when it was closed again after a correction (with what changed);
// in the stage's numbered communiqué, with the time of publication.
type Publication struct {
	Stage  int    `json:"stage"`
	Status string `json:"status"`
	// Communique is the communiqué's number: the stage's. Edition counts its publications (2 and more:
	// revised).
	Communique int `json:"communique"`
	Edition    int `json:"edition,omitempty"`
	// PublishedAt is when it was published (the stage's last closing; absent while provisional).
	PublishedAt *time.Time `json:"published_at,omitempty"`
	// Revision says what the revision changed from the publication before it (none: nothing changed).
	Revision []Change `json:"-"`
	// RevisionLost says the earlier publication was not kept, so what changed cannot be said.
	RevisionLost bool `json:"-"`
}

// What a revision did to a line of a classification (Change.Kind).
const (
	ChangeAdded   = "added"
	ChangeMoved   = "moved"
	ChangeRemoved = "removed"
)

// Change is one line of what a revision changed: a rider (or team) added to a classification,
// moved in it (rank or value), or removed from it.
type Change struct {
	// Class is the classification's id; Rows its rows (RowsTime, RowsPoints, RowsPlaces, RowsTeam).
	Class string
	Rows  string
	// Kind is ChangeAdded, ChangeMoved or ChangeRemoved.
	Kind string
	// ID is the rider's bib (the team's id for team rows), Name the rider's or team's name.
	ID   int
	Name string
	// WasRank and WasValue are the line before (none when added); Rank and Value after (none when
	// removed). A value is a time in the ruleset's unit, or points or places.
	WasRank, WasValue int
	Rank, Value       int
}

// Snapshot is what a publication of the standings said, kept to tell a revision what changed: by
// classification, each rider's (or team's) rank and time or points.
type Snapshot map[string][]SnapLine

// SnapLine is one line of a published classification: a bib (or team id), its name, rank and value
// (time in the ruleset's unit, or points).
type SnapLine struct {
	ID    int    `json:"id"`
	Name  string `json:"name"`
	Rank  int    `json:"rank"`
	Value int    `json:"value"`
}

// SnapshotOf keeps what the standings publish: every declared classification of riders or teams
// (Classifications; the Cycling Party managers are not published).
func SnapshotOf(s *Standings) Snapshot {
	out := Snapshot{}
	times := func(class string, rows []TimeRow) {
		for _, r := range rows {
			out[class] = append(out[class], SnapLine{ID: r.Bib, Name: r.Name, Rank: r.Rank, Value: r.Time})
		}
	}
	points := func(class string, rows []PointsRow) {
		for _, r := range rows {
			out[class] = append(out[class], SnapLine{ID: r.Bib, Name: r.Name, Rank: r.Rank, Value: r.Points})
		}
	}
	for _, d := range Classifications() {
		times(d.ID, d.TimeRows(s))
		points(d.ID, d.PointsRows(s))
		for _, r := range d.TeamRows(s) {
			out[d.ID] = append(out[d.ID], SnapLine{ID: r.TeamID, Name: r.Team, Rank: r.Rank, Value: r.Time})
		}
	}
	return out
}

// Changes says, line by line, what a revision changed from the earlier publication: in each
// classification in turn, the lines whose rank or value changed or that were added, then those
// removed (by bib).
func Changes(before, after Snapshot) []Change {
	var out []Change
	for _, d := range Classifications() {
		class := d.ID
		was := map[int]SnapLine{}
		for _, l := range before[class] {
			was[l.ID] = l
		}
		now := map[int]bool{}
		for _, l := range after[class] {
			now[l.ID] = true
			old, ok := was[l.ID]
			c := Change{Class: class, Rows: d.Rows, ID: l.ID, Name: l.Name, Rank: l.Rank, Value: l.Value}
			switch {
			case !ok:
				c.Kind = ChangeAdded
				out = append(out, c)
			case old.Rank != l.Rank || old.Value != l.Value:
				c.Kind, c.WasRank, c.WasValue = ChangeMoved, old.Rank, old.Value
				out = append(out, c)
			}
		}
		ids := make([]int, 0, len(was))
		for id := range was {
			if !now[id] {
				ids = append(ids, id)
			}
		}
		slices.Sort(ids)
		for _, id := range ids {
			l := was[id]
			out = append(out, Change{Class: class, Rows: d.Rows, Kind: ChangeRemoved, ID: id, Name: l.Name, WasRank: l.Rank, WasValue: l.Value})
		}
	}
	return out
}

// Ordinal writes a rank: 1st, 2nd, 3rd, 4th, 11th, 21st.
func Ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// FormatTime writes a time in the ruleset's unit: "4:01:20" (seconds), "13:03.96" (hundredths),
// "23 turns".
func FormatTime(rs *Ruleset, v int) string {
	switch rs.TimeUnit {
	case UnitTurns:
		return plural.Of(v, "turn", "turns")
	case UnitHundredths:
		return FormatClockTime(v)
	}
	return FormatClockTime(100 * v)
}
