package sheets

import (
	"fmt"
	"strings"
	"time"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
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
	// l is the language the sheet is printed in.
	l *i18n.Localizer
}

// newSource checks the input's results and closed stage against the tour.
func newSource(in Input) (*source, error) {
	l, err := localizer(in)
	if err != nil {
		return nil, err
	}
	in.Words = l
	t := in.Tour
	if in.Closed < 0 || in.Closed > len(t.Stages) {
		return nil, refuse.Invalidf("closed", "must be between 0 and %d", len(t.Stages))
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
		t: t, rs: &t.Ruleset, results: results, closed: in.Closed, date: in.Date, pubs: in.Publications, l: in.Words,
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
	st, err := race.StageTimes(s.t, n, s.prior(n), s.result(n))
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
		return race.Rider{Bib: bib, Name: s.w("bib_n", "Bib", bib)}, race.Team{}
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

// exits says, for each bib that left the race in stages 1..n (the engine's answer, race.OutBefore:
// abandoned, retired for fatigue, put out by a time limit), how and in which stage: "did not start,
// stage 3", "outside the time limit, stage 4".
func (s *source) exits(n int) map[int]string {
	out := map[int]string{}
	for bib, e := range race.OutBefore(s.t, s.results[:min(n, len(s.results))], 0) {
		out[bib] = s.w("exit", "How", s.exitHow(bib, e), "Stage", e.Stage)
	}
	return out
}

// exitHow says in words how a rider left the race: the status of his abandonment ("abandoned" for
// one without a status, as in the games), retired for fatigue, or outside the time limit.
func (s *source) exitHow(bib int, e race.Exit) string {
	switch e.Kind() {
	case "retired":
		return s.w("retired_fatigue")
	case "otl":
		return s.statusName(race.StatusOTL)
	}
	if e.Stage >= 1 && e.Stage <= len(s.results) {
		for _, a := range s.results[e.Stage-1].Abandons {
			if a.Bib == bib {
				return s.exitWord(a)
			}
		}
	}
	return s.w("abandoned")
}

// exitWord says how a rider left: "abandoned" (an abandonment without a status, as in the games),
// else the status in words.
func (s *source) exitWord(a race.Abandon) string {
	if a.Status == "" {
		return s.w("abandoned")
	}
	return s.statusName(a.Status)
}

// abandons maps each bib that left the race in stages 1..n (race.OutBefore) to how it left.
func (s *source) abandons(n int) map[int]race.Exit {
	return race.OutBefore(s.t, s.results[:min(n, len(s.results))], 0)
}

// unit is the tour's time unit.
func (s *source) unit() string {
	if s.rs.TimeUnit == "" {
		return race.UnitSeconds
	}
	return s.rs.TimeUnit
}

// stageTypeName is a stage type's name in the sheet's language (the ruleset's own word), else its
// id in words ("mountain itt").
func (s *source) stageTypeName(id string) string {
	if typ, ok := s.rs.StageType(id); ok && typ.NameIn(s.lang()) != "" {
		return typ.NameIn(s.lang()) // in English too: "Team time trial", not the id "ttt"
	}
	return strings.ReplaceAll(id, "_", " ")
}

// stageLine describes a stage for a page header: "Stage 3 of 7 — high, 172 km".
func (s *source) stageLine(n int) string {
	st := s.stage(n)
	line := s.w("stage_line", "N", n, "Of", len(s.t.Stages), "Type", s.stageTypeName(st.Type), "Length", s.lengthText(st))
	if st.RestDayBefore {
		line += " " + s.w("after_rest_day")
	}
	return line
}

// lengthText is a stage's length in the ruleset's squares: "172 km", "181 squares (170 km)".
func (s *source) lengthText(st race.Stage) string {
	text := s.stageLength(st)
	if len(st.Sections) > 0 && s.rs.SquareName != "km" {
		text += fmt.Sprintf(" (%d km)", st.SectionsKm())
	}
	return text
}

// afterLine describes a classification's moment: "after stage 3 of 7".
func (s *source) afterLine(after int) string {
	return s.w("after_line", "N", after, "Of", len(s.t.Stages))
}

// quantity is n of the ruleset's squares in the sheet's language: "172 km", "181 squares",
// "12 terrain cards" ("km" never takes a plural).
func (s *source) quantity(n int) string {
	return s.n("count."+s.squareKey(), n)
}

// stageLength is a stage's length: its squares, or a real race's km with the decimals it was
// published with ("18.6 km").
func (s *source) stageLength(st race.Stage) string {
	if st.Metres > 0 {
		return s.w("length.km_exact", "Km", s.l.Decimal(st.Km(), st.KmDigits()))
	}
	return s.quantity(st.Length)
}

// squareKey is the catalogue's word for the ruleset's square: km, square or card.
func (s *source) squareKey() string {
	switch {
	case s.rs.SquareName == "km":
		return "km"
	case strings.Contains(s.rs.SquareName, "card"):
		return "card"
	}
	return "square"
}

// teamColor is the colour of a tour team.
func (s *source) teamColor(id int) string {
	team, _ := s.t.TeamByID(id)
	return team.Color
}

// climbName names a climb for headings: "Climb 2 — First category (squares 50–73)".
func (s *source) climbName(c race.Climb) string {
	name := s.w("climb_heading", "N", c.Index, "Category", s.categoryName(c.Category))
	if c.Name != "" {
		name = s.w("climb_heading_named", "N", c.Index, "Name", c.Name, "Category", s.categoryName(c.Category))
	}
	if c.Start > 0 && c.End >= c.Start {
		name += fmt.Sprintf(" (%s %d–%d)", s.w("squares."+s.squareKey()), c.Start, c.End)
	}
	return name
}

// categoryName is a climb category's name from the ruleset.
func (s *source) categoryName(id string) string {
	if cat, ok := s.rs.ClimbCategory(id); ok && cat.Name != "" {
		return cat.NameIn(s.lang())
	}
	return id
}

// squareWord is what one square is called in the sheet's language ("km", "square", "card").
func (s *source) squareWord() string { return s.w("square." + s.squareKey()) }

// squareTitle is a short column title for a square: "Km", "Square", "Card".
func (s *source) squareTitle() string { return s.w("col.square." + s.squareKey()) }
