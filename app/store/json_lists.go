package store

import (
	"bytes"
	"encoding/json"
	"strings"

	"racedirector/app/race"
	"racedirector/app/refuse"
)

// A backup's lists are counted before the file is decoded: decoding a 10 MB file that lists three
// million empty stages builds three million stages (gigabytes) before any bound is checked. One pass
// over the bytes, in memory that grows only with the nesting, counts the items of every list and
// refuses the first that is longer than its bound, naming it ("tours[0].stages").

// maxListItems is the most items of any list of a backup whose bound is not its own (a finish's
// riders, a ruleset's tables): a grand tour's longest list has a few hundred.
const maxListItems = 10000

// maxJSONDepth is the most lists and objects a backup nests (a season's backup: about 8).
const maxJSONDepth = 32

// maxBackupItems is the most items of all a backup's lists hold together (a result's data left
// out): a season of a hundred tours of a few hundred results and history lines each has less than a
// tenth of it, and what decoding them makes stays within a few hundred MB.
const maxBackupItems = 500000

// listBound is a list's bound and the words that refuse a longer one: format takes the bound and,
// when counted, the list's length.
type listBound struct {
	limit   int
	format  string
	counted bool
}

// backupListBounds are the bounds of a backup's lists that hold what decoding makes large, by path
// with the items' places left out (a season backup's tours have the same, "tours[]." before them),
// in the words the backup's checks say them (backup_bounds.go).
func backupListBounds() map[string]listBound {
	return map[string]listBound{
		"tours":                  {race.MaxSeasonTours, "must list at most %d tours (it lists %d)", true},
		"stages":                 {race.MaxTourStages, "must list at most %d stages", false},
		"teams":                  {MaxTourTeams, "a tour has at most %d teams (it has %d)", true},
		"teams[].riders":         {race.MaxRidersPerTeam, "a team has at most %d riders (it has %d)", true},
		"stages[].entries":       {maxStageEntries, "a stage has at most %d results (it has %d)", true},
		"stages[].history":       {maxStageHistory, "a stage has at most %d lines of history (it has %d)", true},
		"stages[].stage.markers": {maxStageMarkers, "a stage has at most %d markers (it has %d)", true},
	}
}

// rawValue says whether the key names JSON kept as it is (a result's data, a history line's
// results before and after, its sentence), bounded by its bytes, not by its lists.
func rawValue(key string) bool {
	switch key {
	case "data", "before", "after", "text":
		return true
	}
	return false
}

// listFrame is a list or an object open at a point of the walk.
type listFrame struct {
	list bool
	// key is an object's key being read (its last); items a list's items begun so far.
	key   string
	items int
	// awaiting says the next item (a list's) or key (an object's) is still to begin.
	awaiting bool
	// bound is a list's; over says it has more items than its bound; raw says the frame is inside
	// JSON kept as it is (rawValue), whose lists are not counted.
	bound listBound
	over  bool
	raw   bool
}

// checkBackupLists walks a backup's JSON and refuses a list longer than its bound
// (backupListBounds, else maxListItems), counted to its end, or nesting deeper than maxJSONDepth.
// Anything else wrong with the JSON is left to its decoding.
func checkBackupLists(data []byte) error {
	bounds := backupListBounds()
	var stack []listFrame
	total := 0
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch c {
		case ' ', '\t', '\n', '\r', ':':
			continue
		case ',':
			if n := len(stack); n > 0 {
				stack[n-1].awaiting = true
			}
			continue
		case ']', '}':
			n := len(stack)
			if n == 0 {
				continue
			}
			if f := stack[n-1]; f.over {
				if f.bound.counted {
					return refuse.Invalidf(listPath(stack[:n-1]), f.bound.format, f.bound.limit, f.items)
				}
				return refuse.Invalidf(listPath(stack[:n-1]), f.bound.format, f.bound.limit)
			}
			stack = stack[:n-1]
			continue
		}
		// A value begins, or an object's key: a list counts its item.
		if n := len(stack); n > 0 && stack[n-1].list && stack[n-1].awaiting {
			top := &stack[n-1]
			top.items++
			top.awaiting = false
			top.over = !top.raw && top.items > top.bound.limit
			if !top.raw && !top.over { // a list past its bound is refused at its end, in its own words
				if total++; total > maxBackupItems {
					return refuse.Invalidf("file", "lists more than %d items in all", maxBackupItems)
				}
			}
		}
		switch c {
		case '"':
			_, after := nextValue(data, i) // past the string's closing quote
			end := after - 1
			if n := len(stack); n > 0 && !stack[n-1].list && stack[n-1].awaiting {
				stack[n-1].key = keyOf(data[i : end+1])
				stack[n-1].awaiting = false
			}
			i = end
		case '[', '{':
			if len(stack) >= maxJSONDepth {
				return refuse.Invalidf(listPath(stack), "nests more than %d lists and objects", maxJSONDepth)
			}
			f := listFrame{list: c == '[', awaiting: true}
			if n := len(stack); n > 0 {
				parent := stack[n-1]
				f.raw = parent.raw || !parent.list && rawValue(parent.key)
			}
			if f.list {
				f.bound = boundOf(bounds, stack)
			}
			stack = append(stack, f)
		}
	}
	return nil
}

// keyOf is an object's key as decoding matches it to a field: unescaped ("st\u0061ges" is
// "stages") and folded ("STAGES" and "ſtages" are too).
func keyOf(quoted []byte) string {
	if len(quoted) < 2 {
		return ""
	}
	key := string(quoted[1 : len(quoted)-1])
	if bytes.IndexByte(quoted, '\\') >= 0 {
		if err := json.Unmarshal(quoted, &key); err != nil {
			key = string(quoted[1 : len(quoted)-1])
		}
	}
	return strings.ToLower(strings.ToUpper(key))
}

// listPath names the value the frames lead to as the JSON walk names fields (jsonWalk.field):
// "tours[0].stages", "file" at the top.
func listPath(frames []listFrame) string {
	w := jsonWalk{}
	for _, f := range frames {
		w.frames = append(w.frames, jsonFrame{list: f.list, index: f.items - 1, key: f.key})
	}
	if p := w.field(); p != "body" {
		return p
	}
	return "file"
}

// boundOf is the bound of the list the frames lead to: its own, by its path without the places of
// items (and a season's "tours[]." before it), else maxListItems.
func boundOf(bounds map[string]listBound, frames []listFrame) listBound {
	var b strings.Builder
	for _, f := range frames {
		if f.list {
			b.WriteString("[]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(f.key)
	}
	path := b.String()
	if lb, ok := bounds[path]; ok {
		return lb
	}
	if lb, ok := bounds[strings.TrimPrefix(path, "tours[].")]; ok && path != "tours" {
		return lb
	}
	return listBound{maxListItems, "must list at most %d items", false}
}
