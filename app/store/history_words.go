package store

import (
	"racedirector/app/i18n"
	"racedirector/app/race"
)

// The words of the history's sentences: counts, riders, advantages, penalties, weather. Each is an
// i18n.Text whose English is the summary the history always kept.

// countOf picks the sentence for n: one for 1, many otherwise (as English, Spanish and Italian do).
func countOf(n int, one, many i18n.Text) i18n.Text {
	if n == 1 || n == -1 {
		return one
	}
	return many
}

// groupsText is "1 group", "4 groups".
func groupsText(n int) i18n.Text {
	return countOf(n, i18n.Textf("%d group", n), i18n.Textf("%d groups", n))
}

// ridersText is "1 rider", "23 riders".
func ridersText(n int) i18n.Text {
	return countOf(n, i18n.Textf("%d rider", n), i18n.Textf("%d riders", n))
}

// teamsText is "1 team", "3 teams".
func teamsText(n int) i18n.Text {
	return countOf(n, i18n.Textf("%d team", n), i18n.Textf("%d teams", n))
}

// pointsWords is "1 point", "10 points".
func pointsWords(n int) i18n.Text {
	return countOf(n, i18n.Textf("%d point", n), i18n.Textf("%d points", n))
}

// turnsText is "1 turn", "2 turns".
func turnsText(n int) i18n.Text {
	return countOf(n, i18n.Textf("%d turn", n), i18n.Textf("%d turns", n))
}

// bibAndName names a rider: "bib 14 Miguel Induráin".
func bibAndName(t *race.Tour, bib int) i18n.Text {
	r, _ := t.RiderByBib(bib)
	return i18n.Textf("bib %d %s", bib, r.Name)
}

// joined lists values one after the other: "a, b, c" (nil for none).
func joined(parts []any) any {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return i18n.Textf("%s, %s", joined(parts[:len(parts)-1]), parts[len(parts)-1])
}

// orderText says what saving a sprint's or a climb's crossing order did.
func orderText(kind string, k int, order []int) i18n.Text {
	switch {
	case kind == KindClimb && len(order) == 0:
		return i18n.Textf("climb %d cleared", k)
	case kind == KindClimb:
		return i18n.Textf("climb %d: %s", k, bibList(order))
	case len(order) == 0:
		return i18n.Textf("sprint %d cleared", k)
	}
	return i18n.Textf("sprint %d: %s", k, bibList(order))
}

// finishText says what saving a finish did: its groups and riders, its teams timed together.
func finishText(f race.Finish) i18n.Text {
	riders := len(f.Results)
	for _, g := range f.Groups {
		riders += len(g.Riders)
	}
	switch {
	case riders == 0 && len(f.Groups) == 0 && len(f.Teams) == 0:
		return i18n.Textf("finish cleared")
	case len(f.Teams) > 0:
		return i18n.Textf("finish: %s timed as a team, %s on their own", teamsText(len(f.Teams)), ridersText(riders))
	case len(f.Results) > 0:
		return i18n.Textf("finish: %s", ridersText(riders))
	}
	return i18n.Textf("finish: %s, %s", groupsText(len(f.Groups)), ridersText(riders))
}

// reasonText is a reason as entered, or the words of the one the app gives itself (race.ReasonWords).
func reasonText(reason string) any {
	if t := race.ReasonWords(reason); t.Format != "" {
		return t
	}
	return reason
}

// statusText says a way of leaving the race in words: "did not start", "disqualified".
func statusText(status string) i18n.Text {
	switch status {
	case race.StatusDNS:
		return i18n.Textf("did not start")
	case race.StatusOTL:
		return i18n.Textf("outside the time limit")
	case race.StatusDSQ:
		return i18n.Textf("disqualified")
	}
	return i18n.Textf("did not finish")
}

// abandonText says an abandonment: "bib 16 Name abandoned (crash)", "bib 16 Name did not start (DNS) (ill)".
func abandonText(t *race.Tour, a race.Abandon) i18n.Text {
	r, _ := t.RiderByBib(a.Bib)
	if a.Status == "" {
		return i18n.Textf("bib %d %s abandoned (%s)", a.Bib, r.Name, reasonText(a.Reason))
	}
	return i18n.Textf("bib %d %s %s (%s) (%s)", a.Bib, r.Name, statusText(a.Status), a.Status, reasonText(a.Reason))
}

// advantageWord is an advantage's name in every language ("Water bottle", "Bidón", "Borraccia").
func advantageWord(rs race.Ruleset, kind string) gameWord {
	w := gameWord{}
	for _, lang := range i18n.Languages() {
		w[lang] = race.UseNameIn(rs, kind, lang)
	}
	return w
}

// useText says a use of an advantage, who naming the rider: "Water bottle for bib 15 Name (turn 7)",
// "3 effort points spent by bib 12 Name" (race.UseText in every language).
func useText(rs race.Ruleset, u race.AdvantageUse, who i18n.Text) i18n.Text {
	if u.Kind == race.AdvEffort {
		points := countOf(u.Points, i18n.Textf("%d effort point", u.Points), i18n.Textf("%d effort points", u.Points))
		return i18n.Textf("%s spent by %s", points, who)
	}
	var detail []any
	if u.Turn > 0 {
		detail = append(detail, i18n.Textf("turn %d", u.Turn))
	}
	if u.Variant != "" {
		detail = append(detail, u.Variant)
	}
	if u.Climb > 0 {
		detail = append(detail, i18n.Textf("climb %d", u.Climb))
	}
	if len(detail) == 0 {
		return i18n.Textf("%s for %s", advantageWord(rs, u.Kind), who)
	}
	return i18n.Textf("%s for %s (%s)", advantageWord(rs, u.Kind), who, joined(detail))
}

// takenBack says that a change was taken back: "penalty to … taken back".
func takenBack(what i18n.Text) i18n.Text { return i18n.Textf("%s taken back", what) }

// weatherText says the weather rolls of a stage: "weather: fair, rain".
func weatherText(weather []string) i18n.Text {
	if len(weather) == 0 {
		return i18n.Textf("weather cleared")
	}
	words := make([]any, len(weather))
	for i, w := range weather {
		words[i] = race.WeatherWord(w)
	}
	return i18n.Textf("weather: %s", joined(words))
}

// lostTurnText says turns a rider lost: "bib 12 Name lost 1 turn (puncture)".
func lostTurnText(t *race.Tour, l race.LostTurn) i18n.Text {
	r, _ := t.RiderByBib(l.Bib)
	return i18n.Textf("bib %d %s lost %s (%s)", l.Bib, r.Name, turnsText(l.Turns), race.LostTurnWord(l.Reason))
}

// penaltyWords says what a penalty takes: "20 s, 10 points, 2 mountain points" (race.PenaltyWords).
func penaltyWords(p race.Penalty) any {
	var parts []any
	if p.Seconds > 0 {
		parts = append(parts, i18n.Textf("%d s", p.Seconds))
	}
	if p.Points > 0 {
		parts = append(parts, pointsWords(p.Points))
	}
	if p.Mountain > 0 {
		parts = append(parts, countOf(p.Mountain, i18n.Textf("%d mountain point", p.Mountain), i18n.Textf("%d mountain points", p.Mountain)))
	}
	return joined(parts)
}

// penaltyText says a penalty: "penalty to bib 12 Name: 20 s, 10 points (feeding late)".
func penaltyText(t *race.Tour, p race.Penalty) i18n.Text {
	if p.Bib != 0 {
		return i18n.Textf("penalty to %s: %s (%s)", bibAndName(t, p.Bib), penaltyWords(p), p.Reason)
	}
	if team, ok := t.TeamByID(p.Team); ok {
		return i18n.Textf("penalty to %s: %s (%s)", team.Name, penaltyWords(p), p.Reason)
	}
	return i18n.Textf("penalty to team %d: %s (%s)", p.Team, penaltyWords(p), p.Reason)
}
