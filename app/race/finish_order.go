package race

import (
	"slices"

	"racedirector/app/i18n"
)

// What a finish form is told of its groups as typed, beside their times (finish_preview.go): where
// each group's riders are placed in the stage, counted on from group to group, and which groups finish
// ahead of a group typed before them. StageTimes places the riders by time, then in the order typed
// (docs/rules.md §1.8): a group typed second with a faster time than the first is placed first, and one
// wrong square changes the winner. The form shows these answers; it never counts them itself.

// OutOfOrder is a group whose time places it ahead of a group typed before it.
type OutOfOrder struct {
	// Group is the group's row on the form (1, 2, …); Ahead the first row typed before it that it
	// finishes ahead of.
	Group, Ahead int
	// Time and AheadTime are the two groups' previews (their times, turns or gaps).
	Time, AheadTime GroupPreview
}

// FinishOrder is the finish form's placing of its typed groups.
type FinishOrder struct {
	// First is, for each row, the stage place of its first rider (1 for the winner's group, 13 for a
	// group after twelve riders); 0 for a row without riders.
	First []int
	// OutOfOrder lists the rows placed ahead of a row typed before them, in row order.
	OutOfOrder []OutOfOrder
}

// OrderFinish places the typed groups as StageTimes will: when every group with riders has a time
// (previews, from PreviewFinish), by time and then in the order typed; while one lacks its time, in the
// order typed. riders is the number of riders typed in each row. Rows without riders are skipped.
func OrderFinish(previews []GroupPreview, riders []int) FinishOrder {
	out := FinishOrder{First: make([]int, len(previews))}
	var rows []int
	timed := true
	for i := range previews {
		if i >= len(riders) || riders[i] == 0 {
			continue
		}
		rows = append(rows, i)
		timed = timed && previews[i].Kind != PreviewNothing
	}
	if timed {
		for k, i := range rows {
			for _, j := range rows[:k] {
				if previews[j].Time > previews[i].Time {
					out.OutOfOrder = append(out.OutOfOrder, OutOfOrder{Group: i + 1, Ahead: j + 1, Time: previews[i], AheadTime: previews[j]})
					break
				}
			}
		}
		slices.SortStableFunc(rows, func(a, b int) int { return previews[a].Time - previews[b].Time })
	}
	place := 1
	for _, i := range rows {
		out.First[i] = place
		place += riders[i]
	}
	return out
}

// OrderRefusal is the save's reason for refusing groups typed out of order until the director
// confirms them (field confirm_order), naming the first such group: "group 2 finishes ahead of group 1".
func OrderRefusal(o OutOfOrder) i18n.Text {
	return i18n.Textf("group %d is typed after group %d but its time places its riders ahead: correct its numbers, or confirm that this order is right", o.Group, o.Ahead)
}

// FinishMissingAtClose is the one thing missing when a stage is closed before any finish is entered
// (no group, no timed result, no team): how many starting riders have no finish place and have not
// abandoned, as one sentence instead of a line per rider. ok is false once some finish is entered.
func FinishMissingAtClose(t *Tour, prior []StageResult, cur StageResult) (i18n.Text, bool) {
	f := cur.Finish
	for _, g := range f.Groups {
		if len(g.Riders) > 0 {
			return i18n.Text{}, false
		}
	}
	if len(f.Results) > 0 || len(f.Teams) > 0 {
		return i18n.Text{}, false
	}
	n := len(withoutFinish(t, prior, cur))
	switch n {
	case 0:
		return i18n.Text{}, false
	case 1:
		return i18n.Textf("the finish is missing (1 rider has no finish place and has not abandoned)"), true
	}
	return i18n.Textf("the finish is missing (%d riders have no finish place and have not abandoned)", n), true
}
