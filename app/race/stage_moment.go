package race

// StageMoment is what the closing of a stage changed, for the stage-result card the TV and the follow
// page show when a stage ends: who won it, who took which leader's jersey from whom, and who moved up
// the most in the general classification.
type StageMoment struct {
	// Stage is the stage closed.
	Stage int `json:"stage"`
	// Winner is the stage's first rider (nil when nobody finished it).
	Winner *MomentRider `json:"winner,omitempty"`
	// Jerseys are the dressed classifications whose leader changed with the stage, in Classifications
	// order (after the first stage: every one, each taken from nobody).
	Jerseys []JerseyChange `json:"jerseys,omitempty"`
	// Mover is the rider who gained the most places in the general classification with the stage (of
	// equal gains, the one placed better now); nil when nobody gained a place.
	Mover *MomentRider `json:"mover,omitempty"`
}

// MomentRider is one rider on a stage-result card: Rank is his place in the classification he is
// named for (the stage, the general classification), Moved the places he gained in the general one.
type MomentRider struct {
	Bib       int    `json:"bib"`
	Name      string `json:"name"`
	Team      string `json:"team"`
	TeamColor string `json:"team_color,omitempty"`
	Rank      int    `json:"rank,omitempty"`
	Moved     int    `json:"moved,omitempty"`
}

// JerseyChange is one leader's jersey changing hands: Class's leader is now Rider, who took it from
// From (nil: nobody wore it before).
type JerseyChange struct {
	Class string       `json:"class"`
	Rider MomentRider  `json:"rider"`
	From  *MomentRider `json:"from,omitempty"`
}

// StageMomentOf is what the stage after which after is computed changed, from the standings before it
// (nil for the first stage) and after it.
func StageMomentOf(before, after *Standings) StageMoment {
	m := StageMoment{Stage: after.AfterStage}
	if len(after.Stage) > 0 {
		w := timeMomentRider(after.Stage[0])
		m.Winner = &w
	}
	for _, d := range Classifications() {
		if !d.Dressed {
			continue
		}
		now, ok := leaderOf(d, after)
		if !ok {
			continue
		}
		var was MomentRider
		held := false
		if before != nil {
			was, held = leaderOf(d, before)
		}
		if held && was.Bib == now.Bib {
			continue
		}
		ch := JerseyChange{Class: d.ID, Rider: now}
		if held {
			ch.From = &was
		}
		m.Jerseys = append(m.Jerseys, ch)
	}
	for _, r := range after.Individual {
		if r.Moved != nil && *r.Moved > 0 && (m.Mover == nil || *r.Moved > m.Mover.Moved) {
			mover := timeMomentRider(r)
			m.Mover = &mover
		}
	}
	return m
}

// leaderOf is the first rider of a dressed classification in s, and false when it has nobody.
func leaderOf(d Classification, s *Standings) (MomentRider, bool) {
	if rows := d.TimeRows(s); len(rows) > 0 {
		return timeMomentRider(rows[0]), true
	}
	if rows := d.PointsRows(s); len(rows) > 0 {
		r := rows[0]
		return MomentRider{Bib: r.Bib, Name: r.Name, Team: r.Team, TeamColor: r.TeamColor, Rank: r.Rank}, true
	}
	return MomentRider{}, false
}

// timeMomentRider is a time row's rider, with the places he moved when the row says.
func timeMomentRider(r TimeRow) MomentRider {
	m := MomentRider{Bib: r.Bib, Name: r.Name, Team: r.Team, TeamColor: r.TeamColor, Rank: r.Rank}
	if r.Moved != nil {
		m.Moved = *r.Moved
	}
	return m
}
