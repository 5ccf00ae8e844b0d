package race

import (
	"math"

	"racedirector/app/refuse"
)

// What a finish form previews beside each group as the director types it (docs/rules.md §1.8, §2.4,
// §3.3): the numbers come from here, asked by the page and handed to it as data, so that no copy of a
// formula or of the leading-sector rule lives in a script or a handler.

// The kinds of a finish group's preview (GroupPreview.Kind).
const (
	// PreviewNothing: the group's numbers are missing or ones ValidateFinish refuses.
	PreviewNothing = "none"
	// PreviewTime: a Cycling Party group's time, Time seconds (docs/rules.md §1.8).
	PreviewTime = "time"
	// PreviewTurn: a Ciclismo a fondo group's time, turn Time (docs/rules.md §2.4).
	PreviewTurn = "turn"
	// PreviewBehind: a 2RUOTE group Time seconds behind the leading sector (docs/rules.md §3.3).
	PreviewBehind = "behind"
	// PreviewLeading: the 2RUOTE group in the leading sector (Time 0).
	PreviewLeading = "leading"
)

// TypedNumber is a number of a finish group as typed: Typed is false when the field is empty or
// holds no whole number.
type TypedNumber struct {
	Value int
	Typed bool
}

// Typed is the number n as typed.
func Typed(n int) TypedNumber { return TypedNumber{Value: n, Typed: true} }

// TypedGroup is one finish group as the director types it, before it is checked: its numbers, each
// possibly missing or out of the rules' bounds, and whether riders are typed in it.
type TypedGroup struct {
	Turn, Square, Die, Sector TypedNumber
	HasRiders                 bool
}

// typed says whether anything is typed in the group.
func (g TypedGroup) typed() bool {
	return g.HasRiders || g.Turn.Typed || g.Square.Typed || g.Die.Typed || g.Sector.Typed
}

// GroupPreview is what a finish form shows beside one typed group.
type GroupPreview struct {
	// Kind is one of the Preview* kinds.
	Kind string
	// Time is the group's stage time in the ruleset's unit, as StageTimes would count it: seconds
	// (Cycling Party; 2RUOTE, behind the leading sector) or a turn (Ciclismo a fondo).
	Time int
}

// PreviewFinish is what a finish form shows beside each typed group, in rs's time model, in the
// groups' order:
//   - Cycling Party (§1.8): the group's time once its turn (0 or more), square (1–12) and die (1–6)
//     are typed; a number ValidateFinish refuses previews nothing (the formula's clamping of a square
//     past the twelfth is for the table, not for a typing mistake).
//   - Ciclismo a fondo (§2.4): the turn, once one of 1 or more is typed.
//   - 2RUOTE (§3.3): among the groups with riders and a sector of −9…+9, the highest sector leads;
//     each such group is the leading sector or its time behind it, (leading − sector) × the ruleset's
//     seconds a sector. A group without riders leads nothing and previews nothing.
//
// The clock model (uci-road) has no groups: its results are a file of times. A group typed for it is
// refused as ValidateFinish refuses it; none typed previews nothing.
func PreviewFinish(rs *Ruleset, groups []TypedGroup) ([]GroupPreview, error) {
	out := make([]GroupPreview, len(groups))
	for i := range out {
		out[i].Kind = PreviewNothing
	}
	switch rs.TimeModel {
	case TimeModelCyclingParty:
		for i, g := range groups {
			if sec, ok := typedCyclingPartySeconds(g); ok {
				out[i] = GroupPreview{Kind: PreviewTime, Time: sec}
			}
		}
	case TimeModelTurns:
		for i, g := range groups {
			if g.Turn.Typed && g.Turn.Value >= 1 {
				out[i] = GroupPreview{Kind: PreviewTurn, Time: g.Turn.Value}
			}
		}
	case TimeModelSectors:
		lead, ok := typedLeadingSector(groups)
		if !ok {
			break
		}
		for i, g := range groups {
			if !sectorCounts(g) {
				continue
			}
			out[i] = GroupPreview{Kind: PreviewBehind, Time: (lead - g.Sector.Value) * rs.SecondsPerSector}
			if g.Sector.Value == lead {
				out[i].Kind = PreviewLeading
			}
		}
	case TimeModelClock:
		for _, g := range groups {
			if g.typed() {
				return nil, refuse.Invalid("groups", "are not used by the clock time model: enter results")
			}
		}
	}
	return out, nil
}

// typedCyclingPartySeconds is a typed Cycling Party group's time, and false when a number is missing,
// one ValidateFinish refuses, or a turn so large its seconds cannot be counted.
func typedCyclingPartySeconds(g TypedGroup) (int, bool) {
	turn, square, die := g.Turn.Value, g.Square.Value, g.Die.Value
	if !g.Turn.Typed || !g.Square.Typed || !g.Die.Typed || turn < 0 || square < 1 || square > TimeSquares || die < 1 || die > DieFaces {
		return 0, false
	}
	start := CyclingPartySeconds(0, 1, 1)
	if turn > (math.MaxInt-start)/(CyclingPartySeconds(1, 1, 1)-start) {
		return 0, false
	}
	return CyclingPartySeconds(turn, square, die), true
}

// sectorCounts says whether a typed 2RUOTE group takes part in the finish: riders typed in it and a
// sector ValidateFinish accepts.
func sectorCounts(g TypedGroup) bool {
	return g.HasRiders && g.Sector.Typed && g.Sector.Value >= MinSector && g.Sector.Value <= MaxSector
}

// typedLeadingSector is the highest sector of the typed groups that take part in the finish, and
// false when none does (docs/rules.md §3.3).
func typedLeadingSector(groups []TypedGroup) (int, bool) {
	lead, ok := 0, false
	for _, g := range groups {
		if sectorCounts(g) && (!ok || g.Sector.Value > lead) {
			lead, ok = g.Sector.Value, true
		}
	}
	return lead, ok
}
