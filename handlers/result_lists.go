package handlers

import (
	"bytes"
	"encoding/json"
	"strconv"

	"racedirector/app/race"
)

// A result body (a crossing order, a finish, a stage's fatigue, an abandonment…) lists riders: no
// list in it has more entries than race.MaxListed, more than any peloton, and the body no more than
// maxBodyEntries in all. A body past them is refused before it is decoded, so that a finish of
// four million bytes of one bib repeated costs what reading its first thousand entries does; the
// store then refuses a list longer than the tour's own riders.

// maxBodyEntries is the most entries (array elements and object members) a result body may have in
// all: a finish of race.MaxListed riders in as many groups of one has about twice that.
const maxBodyEntries = 3 * race.MaxListed

// listFrame is one array or object open while a body's tokens are walked: its field ("groups[0].riders"),
// its entries so far, and, in an object, the last key and whether a key comes next.
type listFrame struct {
	field   string
	array   bool
	entries int
	key     string
	wantKey bool
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
// a list (or object) of more than race.MaxListed entries or a body of more than maxBodyEntries in
// all; it stops there. A body that is not JSON passes: its decoding says what is wrong with it.
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
			return race.Invalidf(field, "lists more than %d entries: a result names each rider of the tour once at most", race.MaxListed)
		case total > maxBodyEntries:
			return race.Invalidf(field, "the body has more than %d entries in all: a result names each rider of the tour once at most", maxBodyEntries)
		}
		return nil
	}
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
		}
	}
}
