package race

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// A stage's results as its officials publish them (docs/rules.md §5.1): rank, bib and time, the
// winner's time first, then "s.t." (same time as the rider above) or "+m:ss" (the gap to the winner),
// and rows whose rank is a status (DNF, DNS, OTL, DSQ) for the riders who left the race in the stage.

// publishedColumns are the columns of a published result file without a header, in their order.
func publishedColumns() []string { return []string{"rank", "bib", "time", "bonus", "penalty"} }

// sameTimeWords are how results write "same time as the rider above": s.t. (English, Italian,
// French), m.t. (Spanish mismo tiempo).
func sameTimeWords() []string { return []string{"s.t.", "s.t", "st", "m.t.", "m.t", "mt"} }

// publishedStatus reads a rank cell that is a status (DNF, dns, OTL, DSQ): the status and true.
func publishedStatus(cell string) (string, bool) {
	s := strings.ToUpper(strings.TrimSpace(cell))
	if slices.Contains(Statuses(), s) {
		return s, true
	}
	return "", false
}

// headerless says whether the first line of a results file is already a rider's row (its first
// cell a place or a status), not a header naming the columns.
func headerless(first []string) bool {
	if len(first) == 0 {
		return false
	}
	cell := strings.TrimSpace(first[0])
	_, status := publishedStatus(cell)
	return status || cell != "" && allDigits(cell)
}

// publishedTimes turns the time cells of a published result, row after row, into times: the
// winner's, s.t. (the time of the rider above) and gaps (the winner's time plus the gap).
type publishedTimes struct {
	// winner is the first placed rider's time in hundredths (-1 until known).
	winner int
	// above is the time of the last row above that has one (-1 when none has).
	above int
	// rank is the last place read (0 before the first).
	rank int
}

// newPublishedTimes starts reading a file's times.
func newPublishedTimes() *publishedTimes { return &publishedTimes{winner: -1, above: -1} }

// publishedRow is one rider's row read from a published result.
type publishedRow struct {
	// Result is the rider's result (Hundredths -1: no time).
	Result ClockResult
	// Status is how he left the race in the stage ("" when he is placed).
	Status string
	// Reason is the file's reason for his exit ("" when none).
	Reason string
}

// row reads one data row (cell gives its cells by column name), adding each problem under prefix
// (rows[4]) to v; false when the row was refused.
func (p *publishedTimes) row(prefix string, cell func(string) string, v *refuse.ValidationError) (publishedRow, bool) {
	out := publishedRow{Result: ClockResult{Hundredths: -1}}
	ok := true
	if text := cell("rank"); text != "" {
		if status, is := publishedStatus(text); is {
			out.Status = status
		} else if n, err := strconv.Atoi(text); err != nil || n < 1 {
			v.Addf(prefix+".rank", "%q is not a rank: a place (1, 2…) or DNF, DNS, OTL, DSQ", text)
			ok = false
		} else if n <= p.rank {
			v.Addf(prefix+".rank", "rank %d comes after rank %d: the rows are in the order of the result", n, p.rank)
			ok = false
		} else {
			p.rank = n
		}
	}
	bib, bibOK := readBib(prefix, cell("bib"), v)
	out.Result.Bib = bib
	ok = ok && bibOK
	timeOK := p.time(prefix, cell("time"), &out, v)
	ok = ok && timeOK
	for _, name := range []string{"bonus", "penalty"} {
		text := cell(name)
		if text == "" {
			continue
		}
		n, err := strconv.Atoi(text)
		switch {
		case err != nil || n < 0:
			v.Addf(prefix+"."+name, "%q is not a whole number of seconds", text)
			ok = false
		case (out.Status == StatusDNF || out.Status == StatusDNS) && name == "bonus":
			v.Addf(prefix+".bonus", "a rider who %s has no bonus", statusWords(out.Status))
			ok = false
		case out.Status == StatusDNF || out.Status == StatusDNS:
			v.Addf(prefix+".penalty", "a rider who %s has no penalty", statusWords(out.Status))
			ok = false
		case name == "bonus":
			out.Result.Bonus = n
		default:
			out.Result.Penalty = n
		}
	}
	if reason := cell("reason"); reason != "" {
		if out.Status == "" {
			v.Add(prefix+".reason", "is only for a rider who left the race (DNF, DNS, OTL, DSQ)")
			ok = false
		} else if CheckText(v, prefix+".reason", ReasonText, reason) {
			out.Reason = reason
		} else {
			ok = false
		}
	}
	return out, ok
}

// statusWords says a way of leaving the race in words any language says again: "did not start".
func statusWords(status string) i18n.Text {
	switch status {
	case StatusDNS:
		return i18n.Textf("did not start")
	case StatusOTL:
		return i18n.Textf("outside the time limit")
	case StatusDSQ:
		return i18n.Textf("disqualified")
	}
	return i18n.Textf("did not finish")
}

// readBib reads a bib cell, adding its problem under prefix to v.
func readBib(prefix, text string, v *refuse.ValidationError) (int, bool) {
	if text == "" {
		v.Add(prefix+".bib", "is required")
		return 0, false
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 1 || n > MaxBib {
		v.Addf(prefix+".bib", "%q is not a bib number", text)
		return 0, false
	}
	return n, true
}

// time reads a row's time cell into out: a time, s.t. or a gap; none for a rider who did not start
// or finish; required for a placed rider.
func (p *publishedTimes) time(prefix, text string, out *publishedRow, v *refuse.ValidationError) bool {
	field := prefix + ".time"
	status := out.Status
	switch {
	case text == "" && status == "":
		v.Addf(field, "is required (like %s)", clockExample)
		return false
	case text == "":
		return true
	case status == StatusDNF || status == StatusDNS:
		v.Addf(field, "a rider who %s has no time (%s)", statusWords(status), status)
		return false
	}
	placed := status == ""
	lower := strings.ToLower(text)
	switch {
	case slices.Contains(sameTimeWords(), lower):
		if p.above < 0 {
			v.Addf(field, "%s is the time of the rider above, and no rider above has a time: the winner's time comes first", text)
			return false
		}
		out.Result.Hundredths = p.above
	case strings.HasPrefix(text, "+"):
		gap, err := ParseClockTime(strings.TrimSpace(text[1:]))
		switch {
		case p.winner < 0:
			v.Addf(field, "%s is a gap to the winner, whose time comes first", text)
			return false
		case err != nil:
			v.Addf(field, "%q is not a gap like +0:06 or +1:02:03", text)
			return false
		}
		out.Result.Hundredths = p.winner + gap
	default:
		h, err := ParseClockTime(text)
		if err != nil {
			v.AddText(field, refuse.ReasonOf(err))
			return false
		}
		out.Result.Hundredths = h
	}
	if placed && p.winner < 0 {
		p.winner = out.Result.Hundredths
	}
	p.above = out.Result.Hundredths
	return true
}

// ValidatePublished checks a stage's published result against the stage as it stands (docs/rules.md
// §5.1, §4): each exit (a row whose rank is a status) names a rider of the tour still in the race,
// once, with a known status; the stage's abandonments become its own with the exits' (a rider the
// file says left the race takes the file's status, and keeps the reason entered before when the
// file gives none); and the finish is checked against them by ValidateFinish (a rider who did not
// start or finish may have no time, one out in an earlier stage none at all). It returns the
// stage's abandonments, by bib. Fields are "exits[i].bib" and the finish's "results[i]…".
func ValidatePublished(t *Tour, prior []StageResult, cur StageResult, f Finish, exits []Abandon) ([]Abandon, error) {
	v := &refuse.ValidationError{}
	out := OutBefore(t, prior, cur.Stage)
	named := make(map[int]int, len(exits))
	if len(exits) > t.RiderCount() {
		return nil, refuse.Invalidf("exits", "name %d riders, more than the tour's %d", len(exits), t.RiderCount())
	}
	for i, a := range exits {
		field := fmt.Sprintf("exits[%d]", i)
		if reason := EntryProblem(t, out, a.Bib); reason.Format != "" {
			v.AddText(field+".bib", reason)
			continue
		}
		if j, dup := named[a.Bib]; dup {
			v.Addf(field+".bib", "bib %d is already in exits[%d]", a.Bib, j)
			continue
		}
		if err := validStatus(a.Status); err != nil {
			v.AddText(field+".status", refuse.ReasonOf(err))
		}
		named[a.Bib] = i
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	before := make(map[int]Abandon, len(cur.Abandons))
	var merged []Abandon
	for _, a := range cur.Abandons {
		before[a.Bib] = a
		if _, again := named[a.Bib]; !again {
			merged = append(merged, a)
		}
	}
	for _, a := range exits {
		if a.Reason == "" {
			a.Reason = before[a.Bib].Reason
		}
		merged = append(merged, a)
	}
	slices.SortStableFunc(merged, func(a, b Abandon) int { return a.Bib - b.Bib })
	next := cur
	next.Abandons = merged
	if err := ValidateFinish(t, prior, next, f); err != nil {
		return nil, err
	}
	return merged, nil
}
