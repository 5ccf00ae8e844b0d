package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"racedirector/app/race"
	"racedirector/app/refuse"
)

// A result body (a crossing order, a finish, a stage's fatigue, an abandonment…) lists riders: no
// list in it has more entries than race.MaxListed, more than any peloton, and the body no more than
// maxBodyEntries in all. A body past them is refused before it is decoded, so that a finish of
// four million bytes of one bib repeated costs what reading its first thousand entries does; the
// store then refuses a list longer than the tour's own riders.

// maxBodyEntries is the most entries (array elements and object members) a result body may have in
// all: a finish of race.MaxListed riders in as many groups of one, each group with its five fields,
// has seven times that.
const maxBodyEntries = 8 * race.MaxListed

// maxBodyDepth is how deep a result body's lists and objects may nest: a team's dropped rider is at
// the fourth level.
const maxBodyDepth = 8

// listFrame is one array or object open while a body's tokens are walked: its field ("groups[0].riders"),
// its entries so far, and, in an object, the last key and whether a key comes next. In an array,
// numbers keeps where each number (a bib) was first given, and again the first one given twice.
type listFrame struct {
	field   string
	array   bool
	entries int
	key     string
	wantKey bool
	numbers map[json.Number]int
	again   json.Number
	repeat  [2]int
}

// number notes a number given in the array at its last entry.
func (f *listFrame) number(n json.Number) {
	if !f.array || f.again != "" {
		return
	}
	if f.numbers == nil {
		f.numbers = map[json.Number]int{}
	}
	if first, seen := f.numbers[n]; seen {
		f.again, f.repeat = n, [2]int{first, f.entries - 1}
		return
	}
	f.numbers[n] = f.entries - 1
}

// refused is the refusal of the list with reason: on the list's field, and, when the list gives a
// bib twice, on the first bib given again, with the reason a repeated bib has.
func (f *listFrame) refused(field string, reason *refuse.ValidationError) error {
	if bib, err := strconv.Atoi(string(f.again)); err == nil {
		reason.Addf(fmt.Sprintf("%s[%d]", f.field, f.repeat[1]), "bib %d is already in %s", bib, fmt.Sprintf("%s[%d]", f.field, f.repeat[0]))
	}
	return reason
}

// at is the field of the value being read in the frame: "groups[2]" or "groups[2].riders".
func (f *listFrame) at() string {
	if f.array {
		return f.field + "[" + strconv.Itoa(f.entries-1) + "]"
	}
	if f.field == "" {
		return f.key
	}
	return f.field + "." + f.key
}

// listsWithin walks a JSON body's tokens and refuses, as a validation error naming the list's field,
// a list (or object) of more than race.MaxListed entries, a body of more than maxBodyEntries in all
// or nesting deeper than maxBodyDepth; it stops there. A body that is not JSON passes: its decoding says what is wrong with it.
func listsWithin(body []byte) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	var stack []*listFrame
	total := 0
	// entry counts a value in the innermost open list; it answers the refusal of a list past its bound.
	entry := func() error {
		if len(stack) == 0 {
			return nil
		}
		top := stack[len(stack)-1]
		top.entries++
		top.wantKey = !top.array
		total++
		field := top.field
		if field == "" {
			field = "body"
		}
		switch {
		case top.entries > race.MaxListed:
			return top.refused(field, refuse.Invalidf(field, "lists more than %d entries: a result names each rider of the tour once at most", race.MaxListed))
		case total > maxBodyEntries:
			return top.refused(field, refuse.Invalidf(field, "the body has more than %d entries in all: a result names each rider of the tour once at most", maxBodyEntries))
		}
		return nil
	}
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		if len(stack) > 0 {
			if top := stack[len(stack)-1]; !top.array && top.wantKey {
				if key, ok := tok.(string); ok {
					top.key, top.wantKey = key, false
					continue
				}
			}
		}
		switch tok {
		case json.Delim('['), json.Delim('{'):
			if len(stack) == maxBodyDepth {
				return refuse.Invalidf("body", "nests lists and objects more than %d deep: a result lists riders", maxBodyDepth)
			}
			field := ""
			if len(stack) > 0 {
				if err := entry(); err != nil {
					return err
				}
				field = stack[len(stack)-1].at()
			}
			stack = append(stack, &listFrame{field: field, array: tok == json.Delim('['), wantKey: tok == json.Delim('{')})
		case json.Delim(']'), json.Delim('}'):
			if stack = stack[:len(stack)-1]; len(stack) == 0 {
				return nil
			}
		default:
			if err := entry(); err != nil {
				return err
			}
			if n, ok := tok.(json.Number); ok && len(stack) > 0 {
				stack[len(stack)-1].number(n)
			}
		}
	}
}
