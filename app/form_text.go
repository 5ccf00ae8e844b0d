package app

import (
	"maps"
	"net/http"
	"slices"
	"strings"

	"racedirector/app/race"
	"racedirector/app/refuse"
)

// checkFormText refuses a form any of whose fields holds invalid UTF-8 or a NUL character (422,
// naming the field), before any handler reads it: PostgreSQL refuses such text where SQLite keeps it,
// and the same database must move between the two. The form's own addresses' query is a field too.
func checkFormText(req *http.Request) error {
	v := &refuse.ValidationError{}
	for _, name := range slices.Sorted(maps.Keys(req.Form)) {
		field := strings.ToValidUTF8(strings.ReplaceAll(name, "\x00", ""), "\uFFFD")
		if fault := race.TextFault(name); fault.Format != "" {
			v.AddText(field, fault)
			continue
		}
		for _, value := range req.Form[name] {
			if fault := race.TextFault(value); fault.Format != "" {
				v.AddText(field, fault)
				break
			}
		}
	}
	return v.Err()
}
