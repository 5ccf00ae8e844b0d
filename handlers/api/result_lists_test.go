package api

import (
	"strconv"
	"strings"
	"testing"

	"racedirector/app/race"
	"racedirector/app/refuse"
)

// TestListsWithin walks result bodies: ordinary ones pass, as do bodies that are not JSON (their
// decoding refuses them); a list past race.MaxListed entries, or a body past maxBodyEntries in all,
// is refused on the list's field — and, when it repeats a bib, on the first bib given again.
func TestListsWithin(t *testing.T) {
	bibs := func(n int, bib string) string { return strings.TrimSuffix(strings.Repeat(bib+",", n), ",") }
	distinct := func(n int) string {
		out := make([]string, n)
		for i := range out {
			out[i] = strconv.Itoa(i + 1)
		}
		return strings.Join(out, ",")
	}
	groups := func(n int) string {
		return `{"groups":[` + strings.TrimSuffix(strings.Repeat(`{"turn":0,"square":1,"die":1,"riders":[11]},`, n), ",") + `]}`
	}
	for _, c := range []struct {
		name, body string
		fields     map[string]string // field → words its reason holds; nil: the body passes
	}{
		{"a finish", `{"groups":[{"turn":0,"square":7,"die":3,"riders":[11,23]},{"turn":1,"square":2,"die":6,"riders":[12]}]}`, nil},
		{"an order of 1,000 bibs", `{"order":[` + distinct(race.MaxListed) + `]}`, nil},
		{"an abandonment", `{"bib":16,"reason":"crash in the descent","status":"DNF"}`, nil},
		{"not JSON", `{"order":[11,`, nil},
		{"a number alone", `11`, nil},
		{"an order of 1,001 distinct bibs", `{"order":[` + distinct(race.MaxListed+1) + `]}`, map[string]string{"order": "lists more than 1000 entries"}},
		{"four megabytes of bib 11", `{"groups":[{"turn":0,"square":3,"die":2,"riders":[` + bibs(4<<20/3, "11") + `]}]}`,
			map[string]string{"groups[0].riders": "lists more than 1000 entries", "groups[0].riders[1]": "bib 11 is already in groups[0].riders[0]"}},
		{"a sprint of bib 23 again and again", `{"order":[12,23,` + bibs(2000, "23") + `]}`,
			map[string]string{"order": "lists more than 1000", "order[2]": "bib 23 is already in order[1]"}},
		{"1,000 groups of one", groups(race.MaxListed), nil},
		{"1,001 groups", groups(race.MaxListed + 1), map[string]string{"groups": "lists more than 1000 entries"}},
		{"fatigue of 1,001 riders", `{"fatigue":{` + strings.TrimSuffix(strings.Repeat(`"11":2,`, race.MaxListed+1), ",") + `}}`, map[string]string{"fatigue": "lists more than 1000"}},
		{"8,001 entries in all", `{"groups":[` + strings.TrimSuffix(strings.Repeat(`{"riders":[`+distinct(999)+`]},`, 10), ",") + `]}`,
			map[string]string{"groups[7].riders": "the body has more than 8000 entries in all"}},
		{"lists nested 9 deep", strings.Repeat("[", 9) + strings.Repeat("]", 9), map[string]string{"body": "nests lists and objects more than 8 deep"}},
		{"a million nested lists", strings.Repeat("[", 1<<20) + strings.Repeat("]", 1<<20), map[string]string{"body": "more than 8 deep"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := listsWithin([]byte(c.body))
			if c.fields == nil {
				if err != nil {
					t.Fatalf("listsWithin = %v, want the body to pass", err)
				}
				return
			}
			ve, ok := err.(*refuse.ValidationError)
			if !ok {
				t.Fatalf("listsWithin = %v, want a validation error", err)
			}
			if len(ve.Fields) != len(c.fields) {
				t.Errorf("refused on %v, want %d fields", ve.Fields, len(c.fields))
			}
			for f, words := range c.fields {
				if !strings.Contains(ve.Fields[f], words) {
					t.Errorf("field %s = %q, want it to say %q (fields %v)", f, ve.Fields[f], words, ve.Fields)
				}
			}
		})
	}
}
