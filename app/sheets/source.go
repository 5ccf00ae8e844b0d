package sheets

import (
	"fmt"
	"strings"
	"time"

	"racedirector/app/race"
)

// source is a tour and its results, with the standings after each stage computed once.
type source struct {
	t       *race.Tour
	rs      *race.Ruleset
	results []race.StageResult
	closed  int
	date    time.Time
	// standings and times cache race.ComputeStandings and race.StageTimes by stage number.
	standings map[int]*race.Standings
	times     map[int][]race.StageTime
	// pubs are how the standings after each stage are published (pubs[i]: stage i+1).
	pubs []race.Publication
}

// newSource checks the input's results and closed stage against the tour.
func newSource(in Input) (*source, error) {
	t := in.Tour
	if in.Closed < 0 || in.Closed > len(t.Stages) {
		return nil, race.Invalid("closed", fmt.Sprintf("must be between 0 and %d", len(t.Stages)))
	}
	if in.Closed > len(in.Results) {
		return nil, fmt.Errorf("sheets: stage %d is closed but results are given for %d stages", in.Closed, len(in.Results))
	}
	results := make([]race.StageResult, len(in.Results))
	for i, r := range in.Results {
		switch r.Stage {
		case 0:
			r.Stage = i + 1
		case i + 1:
		default:
			return nil, fmt.Errorf("sheets: results[%d] is for stage %d, want stage %d", i, r.Stage, i+1)
		}
		results[i] = r
	}
	return &source{
		t: t, rs: &t.Ruleset, results: results, closed: in.Closed, date: in.Date, pubs: in.Publications,
		standings: map[int]*race.Standings{}, times: map[int][]race.StageTime{},
	}, nil
}

// after returns the standings after stage n.
func (s *source) after(n int) (*race.Standings, error) {
	if st, ok := s.standings[n]; ok {
		return st, nil
	}
	st, err := race.ComputeStandings(s.t, s.results, n)
	if err != nil {
		return nil, fmt.Errorf("sheets: standings after stage %d: %w", n, err)
	}
	s.standings[n] = st
	return st, nil
}

// stageTimes returns the placings, times and bonuses of stage n.
func (s *source) stageTimes(n int) ([]race.StageTime, error) {
	if st, ok := s.times[n]; ok {
		return st, nil
	}
	st, err := race.StageTimes(s.t, n, s.result(n))
	if err != nil {
		return nil, fmt.Errorf("sheets: times of stage %d: %w", n, err)
	}
	s.times[n] = st
	return st, nil
}

// result returns the stored result of stage n (empty when none is stored).
func (s *source) result(n int) race.StageResult {
	if n >= 1 && n <= len(s.results) {
		return s.results[n-1]
	}
	return race.StageResult{Stage: n}
}

// prior returns the results of the stages before stage n.
func (s *source) prior(n int) []race.StageResult {
	return s.results[:max(0, min(n-1, len(s.results)))]
}

// stage returns stage n of the tour (1-based, in range).
func (s *source) stage(n int) race.Stage {
	st := s.t.Stages[n-1]
	if st.Number == 0 {
		st.Number = n
	}
	return st
}

// rider returns the rider with that bib and his team.
func (s *source) rider(bib int) (race.Rider, race.Team) {
	r, ok := s.t.RiderByBib(bib)
	if !ok {
		return race.Rider{Bib: bib, Name: fmt.Sprintf("bib %d", bib)}, race.Team{}
	}
	team, _ := s.t.TeamByID(r.TeamID)
	return r, team
}

// riders lists every rider of the tour in tour order (team by team, by bib within a team).
func (s *source) riders() []race.Rider {
	var out []race.Rider
	for _, team := range s.t.Teams {
		out = append(out, team.Riders...)
	}
	return out
}

// exits says, for each bib that left the race in stages 1..n, how and in which stage:
// "did not start, stage 3", "outside the time limit, stage 4".
func (s *source) exits(n int) map[int]string {
	out := map[int]string{}
	for _, r := range s.results[:min(n, len(s.results))] {
		for _, a := range r.Abandons {
			if _, ok := out[a.Bib]; !ok {
				out[a.Bib] = fmt.Sprintf("%s, stage %d", exitWord(a), r.Stage)
			}
		}
	}
	return out
}

// exitWord says how a rider left: "abandoned" (an abandonment without a status, as in the games),
// else the status in words.
func exitWord(a race.Abandon) string {
	if a.Status == "" {
		return "abandoned"
	}
	return race.StatusName(a.Status)
}

// abandons maps each bib that abandoned in stages 1..n to the stage it left in.
func (s *source) abandons(n int) map[int]int {
	out := map[int]int{}
	for _, r := range s.results[:min(n, len(s.results))] {
		for _, a := range r.Abandons {
			if _, ok := out[a.Bib]; !ok {
				out[a.Bib] = r.Stage
			}
		}
	}
	return out
}

// unit is the tour's time unit.
func (s *source) unit() string {
	if s.rs.TimeUnit == "" {
		return race.UnitSeconds
	}
	return s.rs.TimeUnit
}

// stageTypeName is a stage type's id in words ("mountain itt").
func stageTypeName(id string) string {
	return strings.ReplaceAll(id, "_", " ")
}

// stageLine describes a stage for a page header: "Stage 3 of 7 — high, 172 km".
func (s *source) stageLine(n int) string {
	st := s.stage(n)
	line := fmt.Sprintf("Stage %d of %d — %s, %s", n, len(s.t.Stages), stageTypeName(st.Type), s.lengthText(st))
	if st.RestDayBefore {
		line += " (after a rest day)"
	}
	return line
}

// lengthText is a stage's length in the ruleset's squares: "172 km", "181 squares (170 km)".
func (s *source) lengthText(st race.Stage) string {
	text := quantity(st.Length, s.rs.SquareName)
	if len(st.Sections) > 0 && s.rs.SquareName != "km" {
		km := 0
		for _, sec := range st.Sections {
			km += sec.Km
		}
		text += fmt.Sprintf(" (%d km)", km)
	}
	return text
}

// afterLine describes a classification's moment: "after stage 3 of 7".
func (s *source) afterLine(after int) string {
	return fmt.Sprintf("after stage %d of %d", after, len(s.t.Stages))
}

// quantity is "n unit" with the unit in the plural when it needs one ("km" never does).
func quantity(n int, unit string) string {
	switch {
	case unit == "":
		return fmt.Sprint(n)
	case n == 1 || unit == "km" || strings.HasSuffix(unit, "s"):
		return fmt.Sprintf("%d %s", n, unit)
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

// teamColor is the colour of a tour team.
func (s *source) teamColor(id int) string {
	team, _ := s.t.TeamByID(id)
	return team.Color
}

// climbName names a climb for headings: "Climb 2 — First category (squares 50–73)".
func (s *source) climbName(c race.Climb) string {
	name := fmt.Sprintf("Climb %d — %s", c.Index, s.categoryName(c.Category))
	if c.Name != "" {
		name = fmt.Sprintf("Climb %d, %s — %s", c.Index, c.Name, s.categoryName(c.Category))
	}
	if c.Start > 0 && c.End >= c.Start {
		name += fmt.Sprintf(" (%s %d–%d)", plural(s.squareWord()), c.Start, c.End)
	}
	return name
}

// categoryName is a climb category's name from the ruleset.
func (s *source) categoryName(id string) string {
	if cat, ok := s.rs.ClimbCategory(id); ok && cat.Name != "" {
		return cat.NameIn(race.LanguageEnglish)
	}
	return id
}

// squareWord is what one square is called ("km", "square", "terrain card").
func (s *source) squareWord() string {
	if s.rs.SquareName == "" {
		return "square"
	}
	return s.rs.SquareName
}

// squareTitle is a short column title for a square: "Km", "Square", "Card".
func (s *source) squareTitle() string {
	w := s.squareWord()
	if i := strings.LastIndex(w, " "); i >= 0 {
		w = w[i+1:]
	}
	return upperFirst(w)
}

// plural is a unit word in the plural ("km" stays "km").
func plural(unit string) string {
	if unit == "km" || strings.HasSuffix(unit, "s") {
		return unit
	}
	return unit + "s"
}
