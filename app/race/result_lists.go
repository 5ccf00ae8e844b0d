package race

import (
	"fmt"

	"racedirector/app/refuse"
)

// A result list (a crossing order, a finish's groups, clock results, a team's dropped riders)
// names each rider of the tour at most once, so it never lists more bibs than the tour has riders.
// A list longer than that is refused before any bib is looked at one by one: the refusal names
// the list, and the first bib given twice when there is one, and costs what the tour's size does
// (a body of a million copies of one bib is refused as fast as one of sixteen).

// MaxListed is the most entries any result list may have whatever the tour: more than a whole
// peloton (30 teams of 9). A body listing more is refused before it is read further.
const MaxListed = 1000

// RiderCount is how many riders the tour has (every team's riders, whether still racing or not).
func (t *Tour) RiderCount() int {
	n := 0
	for _, team := range t.Teams {
		n += len(team.Riders)
	}
	return n
}

// listedBib is one bib of a result list: the field it is at, where a later copy of it says it is
// already ("group 1", "results[0]"), its place in the list, and the bib.
type listedBib struct {
	field, where string
	index, bib   int
}

// tooManyListed refuses a result list of n bibs on field when the tour has fewer riders: its
// reason says how many the list has and the tour takes, and the first bib the list repeats (within
// its first riders+1 bibs, where a list of the tour's riders must repeat one) gets its own reason,
// the one repeated gives (a list that is not too long gets it too). each calls yield for the list's
// bibs in order, until yield answers false. It returns nil when the list is not too long.
func tooManyListed(t *Tour, field string, n int, each func(yield func(listedBib) bool), repeated func(v *refuse.ValidationError, again, first listedBib)) *refuse.ValidationError {
	riders := t.RiderCount()
	if n <= riders {
		return nil
	}
	v := &refuse.ValidationError{}
	v.Addf(field, "lists %d riders: the tour has only %d, and each rider is listed once at most", n, riders)
	seen := make(map[int]listedBib, riders+1)
	each(func(b listedBib) bool {
		if first, dup := seen[b.bib]; dup {
			repeated(v, b, first)
			return false
		}
		seen[b.bib] = b
		return len(seen) <= riders
	})
	return v
}

// orderTooLong refuses a crossing order longer than the tour's riders (see tooManyListed).
func orderTooLong(t *Tour, order []int) *refuse.ValidationError {
	return tooManyListed(t, "order", len(order), func(yield func(listedBib) bool) {
		for i, bib := range order {
			if !yield(listedBib{field: fmt.Sprintf("order[%d]", i), index: i, bib: bib}) {
				return
			}
		}
	}, func(v *refuse.ValidationError, again, first listedBib) {
		v.Addf(again.field, "bib %d is already at order[%d]", again.bib, first.index)
	})
}

// finishTooLong refuses a finish that lists more riders than the tour has, more groups than it
// has riders (each group has one at least) or more teams than it has (see tooManyListed).
func finishTooLong(t *Tour, f Finish) *refuse.ValidationError {
	riders := t.RiderCount()
	if len(f.Groups) > riders {
		return refuse.Invalidf("groups", "has %d groups: the tour has only %d riders, and each group has one at least", len(f.Groups), riders)
	}
	if len(f.Teams) > len(t.Teams) {
		return refuse.Invalidf("teams", "lists %d teams: the tour has only %d", len(f.Teams), len(t.Teams))
	}
	n, field := len(f.Results), "results"
	for _, g := range f.Groups {
		n += len(g.Riders)
	}
	for _, tt := range f.Teams {
		n += len(tt.Dropped)
	}
	if len(f.Groups) > 0 {
		field = "groups"
	} else if len(f.Results) == 0 {
		field = "teams"
	}
	return tooManyListed(t, field, n, func(yield func(listedBib) bool) {
		for i, g := range f.Groups {
			where := fmt.Sprintf("group %d", i+1)
			for j, bib := range g.Riders {
				if !yield(listedBib{field: fmt.Sprintf("groups[%d].riders[%d]", i, j), where: where, bib: bib}) {
					return
				}
			}
		}
		for i, r := range f.Results {
			at := fmt.Sprintf("results[%d]", i)
			if !yield(listedBib{field: at + ".bib", where: at, bib: r.Bib}) {
				return
			}
		}
		for i, tt := range f.Teams {
			for j, d := range tt.Dropped {
				at := fmt.Sprintf("teams[%d].dropped[%d]", i, j)
				if !yield(listedBib{field: at + ".bib", where: at, bib: d.Bib}) {
					return
				}
			}
		}
	}, func(v *refuse.ValidationError, again, first listedBib) {
		v.Addf(again.field, "bib %d is already in %s", again.bib, first.where)
	})
}
