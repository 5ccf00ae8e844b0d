package web

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
	"racedirector/views"
)

// refusal sorts an error into what a page shows: field messages (422), a conflict message (409),
// what is missing at End stage (422); ok is false for any other error.
type refusal struct {
	status  int
	fields  map[string]string
	message string
	missing []string
	// one says the message is the one thing missing at End stage: said beside End stage only.
	one bool
}

// classifyRefusal reads a store or race error as a refusal a page can show, in l's language.
func classifyRefusal(err error, l *i18n.Localizer) (refusal, bool) {
	var (
		ve *refuse.ValidationError
		ce *refuse.ConflictError
		ie *store.IncompleteError
	)
	switch {
	case errors.As(err, &ve):
		return refusal{status: http.StatusUnprocessableEntity, fields: base.SayFields(ve, l), message: l.T("race.refused.nothing_saved")}, true
	case errors.As(err, &ce):
		return refusal{status: http.StatusConflict, message: views.Sentence(l.Say(ce.Said()))}, true
	case errors.As(err, &ie):
		if len(ie.Missing) == 1 && len(ie.Fields) == 1 { // one thing missing as a whole (the finish): said at once, not listed, inside the sentence
			return refusal{status: http.StatusUnprocessableEntity, one: true,
				message: l.T("stage.end.one_missing", "N", ie.Stage, "What", l.Say(ie.Missing[0]))}, true
		}
		missing := make([]string, len(ie.Missing))
		for i, m := range ie.Missing {
			missing[i] = views.Sentence(l.Say(m))
		}
		return refusal{status: http.StatusUnprocessableEntity, missing: missing,
			message: l.N("reasons.stage.cannot_end", len(missing), "Stage", ie.Stage)}, true
	}
	return refusal{}, false
}

// joinMessages makes one line from field messages, in field order, without repeats.
func joinMessages(fields map[string]string) string {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return naturalLess(keys[i], keys[j]) })
	var out []string
	seen := map[string]bool{}
	for _, k := range keys {
		if m := fields[k]; !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	return strings.Join(out, "; ")
}

// naturalLess orders "order[2]" before "order[10]".
func naturalLess(a, b string) bool {
	na, nb := digitsIn(a), digitsIn(b)
	if na != nb {
		return na < nb
	}
	return a < b
}

// digitsIn is the first number in s (0: none).
func digitsIn(s string) int {
	start := strings.IndexAny(s, "0123456789")
	if start < 0 {
		return 0
	}
	end := start
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	n, _ := strconv.Atoi(s[start:end])
	return n
}

// groupField reads "groups[2].die" or "groups[0].riders[3]" as the group index and field name.
func groupField(key string) (int, string, bool) {
	rest, ok := strings.CutPrefix(key, "groups[")
	if !ok {
		return 0, "", false
	}
	num, field, ok := strings.Cut(rest, "].")
	gi, err := strconv.Atoi(num)
	if !ok || err != nil {
		return 0, "", false
	}
	if i := strings.IndexByte(field, '['); i >= 0 {
		field = field[:i]
	}
	return gi, field, field != ""
}

// applyFailure shows a refused form on the stage screen: typed values, messages beside fields,
// focus on the first offending one. It answers the status, or ok=false for an error to return.
func (scr *stageScreen) applyFailure(f *stageFailure, p *views.Page, l *i18n.Localizer) (int, bool) {
	ref, ok := classifyRefusal(f.Err, l)
	if !ok {
		return 0, false
	}
	p.Error = ref.message
	conflict := ref.status == http.StatusConflict
	switch f.Form {
	case "sprint", "climb":
		for i := range scr.Items {
			it := &scr.Items[i]
			if it.Kind != f.Form || it.Index != f.Index {
				continue
			}
			it.Value = f.Text
			bibs, _ := standing.ParseBibs(f.Text, "")
			it.Preview = standing.PreviewBibs(scr.Riders, bibs, "order", nil)
			it.Error = joinMessages(ref.fields)
			if conflict {
				it.Error = ref.message
			}
			scr.Focus = it.ID
		}
	case "dice":
		for i := range scr.Items {
			it := &scr.Items[i]
			if it.Kind == "climb" && it.Index == f.Index && it.Dice != nil {
				it.Dice.Value = f.Text
				it.Dice.Error = joinMessages(ref.fields)
				if conflict {
					it.Dice.Error = ref.message
				}
				scr.Focus = it.ID + "-dice"
			}
		}
	case "finish":
		scr.applyFinishFailure(f, ref)
	case "advantage":
		if scr.Adv != nil && f.adv != nil {
			scr.Adv.Focus = ""
			if scr.Adv.applyFailure(f.adv, ref) && conflict {
				p.Error = "" // said once, beside the form sent
			}
			scr.Focus = scr.Adv.Focus
		}
	case "abandon":
		scr.Abandon.Bib, scr.Abandon.Reason, scr.Abandon.Status = f.Text, f.Reason, f.Status
		bibs, _ := standing.ParseBibs(f.Text, "")
		scr.Abandon.Preview = standing.PreviewBibs(scr.Riders, bibs, "single", nil)
		scr.Abandon.Errors = ref.fields
		scr.Focus = "abandon-bib"
		if _, bad := ref.fields["bib"]; !bad && ref.fields["reason"] != "" {
			scr.Focus = "abandon-reason"
		}
		if conflict {
			scr.Abandon.Error = ref.message
		}
	case "teams":
		scr.applyTeamTimesFailure(f, ref)
	case "jury":
		scr.applyJuryFailure(f, ref)
	case "close":
		scr.Missing = ref.missing
		if conflict || ref.one {
			scr.CloseError = ref.message
		}
		if ref.one && scr.Open {
			p.Error = "" // said once, beside End stage
		}
		scr.Focus = "end-stage"
	case "undo":
		scr.UndoError = ref.message
		p.Error = "" // said once, beside Undo
	case "clock":
		scr.ClockError = clockError(l, ref, f.lines)
		scr.Focus = fmt.Sprintf("clock-upload-file-%d", scr.N)
	case "published":
		scr.PublishedText, scr.PublishedError = f.Text, clockError(l, ref, f.lines)
		scr.Focus = fmt.Sprintf("published-text-%d", scr.N)
	}
	if conflict && scr.Open && saidBeside(f.Form) {
		p.Error = "" // a stale page is said once, beside the form sent
	}
	return ref.status, true
}

// saidBeside says whether the open stage screen says a conflict beside the form that was sent: the
// page's own message would say it a second time.
func saidBeside(form string) bool {
	switch form {
	case "sprint", "climb", "dice", "finish", "abandon", "close":
		return true
	}
	return false
}

// applyFinishFailure puts the typed finish rows back with their messages.
func (scr *stageScreen) applyFinishFailure(f *stageFailure, ref refusal) {
	rows := append([]standing.GroupRow(nil), f.Rows...)
	if len(rows) == 0 || rows[len(rows)-1].Riders != "" {
		rows = append(rows, standing.GroupRow{})
	}
	for i := range rows {
		rows[i].N = i + 1
		rows[i].Errors = map[string]string{}
	}
	var general []string
	// The messages of each row's field, each once, joined at the end: a row of 20,000 unknown bibs
	// gets 20,000 of them, and joining them one by one took time quadratic in their number.
	type rowField struct {
		row   int
		field string
	}
	messages := map[rowField][]string{}
	seen := map[rowField]map[string]bool{}
	for k, msg := range ref.fields {
		if k == "confirm_order" {
			scr.Finish.OrderError = msg
			continue
		}
		gi, field, ok := groupField(k)
		if !ok {
			general = append(general, k+": "+msg)
			continue
		}
		ri := gi
		if gi < len(f.rowOf) {
			ri = f.rowOf[gi]
		}
		if ri >= len(rows) {
			general = append(general, msg)
			continue
		}
		key := rowField{ri, field}
		if seen[key] == nil {
			seen[key] = map[string]bool{}
		}
		if !seen[key][msg] {
			seen[key][msg] = true
			messages[key] = append(messages[key], msg)
		}
	}
	for key, msgs := range messages {
		sort.Strings(msgs)
		rows[key.row].Errors[key.field] = strings.Join(msgs, "; ")
	}
	sort.Strings(general)
	scr.Finish.Rows = rows
	scr.Finish.FillPreviews(scr.Riders)
	scr.Finish.Error = strings.Join(general, "; ")
	if ref.status == http.StatusConflict {
		scr.Finish.Error = ref.message
	}
	scr.Finish.Confirmed = f.confirmed
	scr.Focus = "g1-riders"
	if scr.Finish.OrderError != "" {
		scr.Focus = "confirm-order"
	}
	for _, r := range rows {
		for _, name := range []string{"turn", "sector", "square", "die", "riders"} {
			if r.Errors[name] != "" {
				scr.Focus = fmt.Sprintf("g%d-%s", r.N, name)
				return
			}
		}
	}
}

// applyFailure puts a refused form's typed values back with its messages; it answers whether a form
// of the page shows the refusal beside it.
func (scr *advantagesScreen) applyFailure(f *advFailure, ref refusal) bool {
	conflict := ref.status == http.StatusConflict
	shown := false
	fill := func(form *advForm) {
		shown = form.Kind != race.AdvEffort || form.Disabled == "" // a disabled effort form says only why
		form.Bib, form.Turn, form.Variant, form.Climb, form.Points, form.Reason =
			f.Values["bib"], f.Values["turn"], f.Values["variant"], f.Values["climb"], f.Values["points"], f.Values["reason"]
		bibs, _ := standing.ParseBibs(form.Bib, "")
		mode := race.EntryAbandon
		if form.Kind == "lost_turn" || form.Kind == "combativity" {
			mode = race.EntryRider
		}
		form.Preview = standing.PreviewBibs(scr.Riders, bibs, mode, nil)
		form.Errors = ref.fields
		if conflict {
			form.Error = ref.message
		}
		scr.Focus = form.ID + "-bib"
		if len(form.Choices) > 0 {
			scr.Focus = form.ID + "-rider"
		}
		// The focus goes to the field the refusal is about, when it is not the rider.
		if _, bad := ref.fields["bib"]; !bad {
			for _, name := range []string{"turn", "climb", "points"} {
				if _, bad := ref.fields[name]; bad {
					scr.Focus = form.ID + "-" + name
					break
				}
			}
		}
	}
	switch f.Form {
	case "weather":
		if scr.Weather != nil {
			for i := range scr.Weather.Rolls {
				scr.Weather.Rolls[i].Value = ""
				if i < len(f.Weather) {
					scr.Weather.Rolls[i].Value = f.Weather[i]
				}
			}
			scr.Weather.Errors = map[string]string{}
			for k, m := range ref.fields {
				scr.Weather.Errors[k] = m
			}
			shown = true
			scr.Weather.Error = joinMessages(ref.fields)
			if conflict {
				scr.Weather.Error = ref.message
			}
			scr.Focus = "weather-0"
		}
	case "combativity":
		if scr.Combativity != nil {
			fill(scr.Combativity)
		}
	case "lost_turn":
		if scr.LostTurns != nil {
			fill(&scr.LostTurns.Form)
		}
	case race.AdvEffort:
		if scr.Effort != nil {
			fill(&scr.Effort.Form)
		}
	case "fatigue":
		if scr.Fatigue != nil {
			rest := maps.Clone(ref.fields) // what is not base.Said beside a rider is base.Said above the grid
			for i := range scr.Fatigue.Rows {
				r := &scr.Fatigue.Rows[i]
				r.Value = f.Fatigue[r.Bib]
				key := fmt.Sprintf("fatigue.%d", r.Bib)
				r.Error = ref.fields[key]
				delete(rest, key)
				if r.Error != "" && scr.Focus == "" {
					scr.Focus = fmt.Sprintf("fatigue-%d", r.Bib)
				}
			}
			shown = true
			scr.Fatigue.Error = joinMessages(rest)
			if conflict {
				scr.Fatigue.Error = ref.message
			}
		}
	default:
		for i := range scr.Forms {
			if scr.Forms[i].Kind == f.Form {
				fill(&scr.Forms[i])
			}
		}
	}
	return shown
}
