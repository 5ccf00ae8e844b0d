package race

import (
	"fmt"
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
	// Changes says what the revision changed from the publication before it.
	Changes []string `json:"changes,omitempty"`
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

// Changes says, line by line, what a revision changed from the earlier publication: "Individual:
// bib 12 Young Two 3rd → 5th, 4:01:20 → 4:01:40"; time tells how a time value is written.
func Changes(before, after Snapshot, time func(int) string) []string {
	var out []string
	for _, d := range Classifications() {
		class := d.ID
		was := map[int]SnapLine{}
		for _, l := range before[class] {
			was[l.ID] = l
		}
		value := func(v int) string {
			switch d.Rows {
			case RowsPoints:
				return plural.Of(v, "point", "points")
			case RowsPlaces:
				return plural.Of(v, "place", "places")
			}
			return time(v)
		}
		who := func(l SnapLine) string {
			if d.Rows == RowsTeam {
				return l.Name
			}
			return fmt.Sprintf("bib %d %s", l.ID, l.Name)
		}
		name := d.Name
		now := map[int]bool{}
		for _, l := range after[class] {
			now[l.ID] = true
			old, ok := was[l.ID]
			switch {
			case !ok:
				out = append(out, fmt.Sprintf("%s: %s added, %s in %s", name, who(l), Ordinal(l.Rank), value(l.Value)))
			case old.Rank != l.Rank || old.Value != l.Value:
				line := fmt.Sprintf("%s: %s %s → %s", name, who(l), Ordinal(old.Rank), Ordinal(l.Rank))
				if old.Value != l.Value {
					line += fmt.Sprintf(", %s → %s", value(old.Value), value(l.Value))
				}
				out = append(out, line)
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
			out = append(out, fmt.Sprintf("%s: %s removed (was %s)", name, who(was[id]), Ordinal(was[id].Rank)))
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
