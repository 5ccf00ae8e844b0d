package follow

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
	"racedirector/views"
)

// The room's TV: /follow/{code}/tv shows a tour full-screen for everyone at the table, read-only and
// without sign-in. The page holds every view (the jerseys' leaders, the stage's top ten, the general
// classification, the Cycling Party standing, the stage's course, and a card for each result of the
// stage being raced); tv.js shows one at a time, turns them every ten seconds and, told of a change by
// the tour's event stream, fetches the page again and jumps to the view of what changed. The page is
// kept per tour version by TourReads (tvVersion): a room of TVs costs one rendering per change.

// tvTopTen is how many lines a classification shows on the TV.
const tvTopTen = 10

// tvScreen is everything the TV shows of a tour at one version.
type tvScreen struct {
	// Code is the tour's follow code; Version the tour version the page shows (tv.js compares it with
	// the events').
	Code    string
	Version int64
	Tour    string
	Ruleset string
	// Link is the follow page's address for the phones: the app's public address, not the TV's own.
	Link string
	// Heading says where the race is ("Stage 2 of 3", "Final result"); Detail the stage's type and
	// length.
	Heading, Detail string
	// Views are shown in turn; Cards only when their result comes in.
	Views []tvView
	Cards []tvView
	// First is the view shown when the page opens, and the only one without JavaScript.
	First string
	// Over says the last stage is closed: the tour is over and nothing is live any more.
	Over bool
}

// tvView is one full-screen view. Kind says how it is drawn: "table", "leaders", "podium",
// "crossing", "course" or "start".
type tvView struct {
	// ID names the view for tv.js: "gc", "stage", "leaders", "party", "course", "start", "final",
	// "sprint-2-1" (stage 2, sprint 1), "climb-2-3", "abandons-2".
	ID    string
	Kind  string
	Title string
	// Note says what the view is of ("after stage 2", "provisional", "Stage 2 · km 80").
	Note string
	// Tag is the word over the title ("General classification", "Sprint").
	Tag string
	// Card, Stage and Mark are a card's kind ("sprint", "climb", "abandons"), stage and what it
	// holds (the bibs in order): tv.js shows the card whose Mark changed.
	Card  string
	Stage int
	Mark  string
	// Who heads the names column ("Rider", "Manager"); Unit the value column; Gaps says the table
	// has a gap column, Moves a column of the places moved since the stage before.
	Who     string
	Unit    string
	Gaps    bool
	Moves   bool
	Rows    []tvRow
	Leaders []tvLeader
	Podium  []tvRow
	Course  *tvCourse
	Start   *tvStart
	Moment  *tvMoment
}

// tvRow is one line of a table or card: a rider (Bib > 0) or a team.
type tvRow struct {
	Place int
	Bib   int
	Name  string
	Team  string
	Color string
	// Value is the time, points or reason; Gap the gap to the first; Award what the place gave.
	Value, Gap, Award string
	// Icon is the leader's jersey, drawn beside him.
	Icon standing.Icon
	// Move is the places moved in the general classification since the stage before.
	Move standing.Move
}

// tvLeader is the leader of one classification (or, at the end, its winner).
type tvLeader struct {
	Icon   standing.Icon
	Jersey string
	Class  string
	Bib    int
	Name   string
	Team   string
	Color  string
	Value  string
}

// tvCourse is the stage being raced: its profile and its sprints and climbs with who crossed first.
type tvCourse struct {
	Profile base.ProfileView
	Items   []tvCourseItem
	// Columns is how many columns the items are laid out in (2 to 4).
	Columns int
}

// tvCourseItem is one sprint or climb of the course.
type tvCourseItem struct {
	Kind, What, Where string
	// First is who crossed first ("" while nobody has).
	First string
	Color string
	at    int
}

// tvStart is the waiting screen before the first result: the start list, team by team (only the
// teams when the riders would not fit).
type tvStart struct {
	Teams []tvTeam
	// Riders says the riders fit under their teams; Columns how many columns the teams take.
	Riders  bool
	Columns int
	// More says how many teams are left out ("and 3 more teams"), or "".
	More string
}

// tvTeam is one team of the start list.
type tvTeam struct {
	Name, Short, Color string
	Riders             []tvRow
}

// FollowTVPage is GET /follow/{code}/tv: the tour on the room's TV (the code in any case; an unknown
// code is a 404).
func (h *Handler) FollowTVPage(c echo.Context) error {
	st, err := h.StoreFor(c).FollowedRace(c.Param("code"))
	if err != nil {
		return err
	}
	l := h.Tr(c)
	scr, err := newTVScreen(l, st)
	if err != nil {
		return err
	}
	scr.Link = h.Site.PublicFor(c.Request()).Base + "/follow/" + st.FollowCode
	return h.Render(c, http.StatusOK, "follow_tv", views.Page{Title: l.T("standings.tv.title", "Tour", st.Tour.Name), Data: scr})
}

// newTVScreen lays out every view of a tour for the TV. Before the first result it waits for the
// start; while a stage is raced it shows the standings after the last closed stage and the stage's
// own results; after the last stage, the final result first.
func newTVScreen(l *i18n.Localizer, st *store.RaceState) (*tvScreen, error) {
	rs := &st.Tour.Ruleset
	stages := len(st.Tour.Stages)
	final := stages > 0 && st.Closed == stages
	scr := &tvScreen{Code: st.FollowCode, Version: st.Version, Tour: st.Tour.Name, Ruleset: rs.NameIn(l.Lang()), Over: final}
	switch {
	case final:
		scr.Heading, scr.Detail = l.T("standings.tv.final_result"), l.N("standings.count.stages", stages)
	case st.Current > 0:
		s := st.Tour.Stages[st.Current-1]
		scr.Heading = l.T("standings.stage_of", "N", st.Current, "Stages", stages)
		scr.Detail = base.StageTypeNameIn(l, rs, s.Type) + " · " + base.StageLengthIn(l, rs, s)
	}
	var s *race.Standings
	if st.Closed > 0 {
		var err error
		if s, err = st.Standings(st.Closed); err != nil {
			return nil, err
		}
	}
	if !st.HasEntries && !final {
		scr.Views = append(scr.Views, tvStartView(l, st))
	}
	if final {
		scr.Views = append(scr.Views, tvPodiumView(l, st, s))
	}
	if s != nil {
		scr.Views = append(scr.Views, tvLeadersView(l, st, s, final))
	}
	if v, ok := tvStageView(l, st, s); ok {
		scr.Views = append(scr.Views, v)
	}
	if p, err := st.ProvisionalStandings(); err == nil && len(p.Individual) > 0 { // none before a finish is entered
		scr.Views = append(scr.Views, tvVirtualView(l, st, p))
	}
	if s != nil {
		scr.Views = append(scr.Views, tvGCView(l, st, s, final))
		for _, d := range race.Classifications() {
			if d.TV && rs.Has(d.ID) && len(d.PointsRows(s)) > 0 {
				scr.Views = append(scr.Views, tvPointsView(l, st, s, d, final))
			}
		}
		if rs.Has(race.ClassCyclingParty) && len(s.CyclingParty) > 0 {
			scr.Views = append(scr.Views, tvPartyView(l, st, s, final))
		}
	}
	if st.Current > 0 {
		scr.Views = append(scr.Views, tvCourseView(l, st, st.Current))
		scr.Cards = tvCards(l, st, st.Current)
	}
	if st.Closed > 0 {
		m, err := tvMomentView(l, st, st.Closed)
		if err != nil {
			return nil, err
		}
		scr.Cards = append(scr.Cards, m)
	}
	scr.First = scr.firstView(s != nil)
	return scr, nil
}

// firstView is the view the page opens on, and the only one without JavaScript: the general
// classification, else the first there is (tv.js opens on the final podium when there is one).
func (scr *tvScreen) firstView(standings bool) string {
	switch {
	case standings:
		return "gc"
	case len(scr.Views) > 0:
		return scr.Views[0].ID
	}
	return ""
}
