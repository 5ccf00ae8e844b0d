package follow

import (
	"fmt"
	"html/template"
	"net/http"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/app/story"
	"racedirector/app/story/chart"
	"racedirector/handlers/base"
	"racedirector/handlers/standing"
	"racedirector/views"
)

// The story of a tour (issue 15): every chart of app/story/chart drawn inline, each with its title,
// its summary and its data behind a "show data" toggle, and the awards at the end (or so far). The
// director's page is /tours/{id}/story, the follower's /follow/{code}/story, the room's TV podium
// /follow/{code}/tv/podium. All are read-only and kept per tour version by TourReads.

// storyView is what the story pages show of a tour.
type storyView struct {
	TourID uint
	Tour   string
	// Code is the follow code (the follower's page links back to the live page with it).
	Code string
	// Moment says which stages are told ("After stage 4 of 21", "Final result"); Empty, when no stage
	// is closed yet, says the story begins later.
	Moment string
	Empty  string
	// Version is the tour's version the story was told at (the follower's live page compares the
	// events' with it).
	Version int64
	// Closed is the number of closed stages told; Final says the tour is over.
	Closed int
	Final  bool
	Charts []storyChart
	Awards awardsView
	// Summary is the address of the one-page tour summary PDF ("" before the first closed stage).
	Summary string
}

// storyChart is one chart drawn for a phone and for a wider screen (the page's CSS shows one).
type storyChart struct {
	Kind, Title, Summary string
	Phone, Screen        template.HTML
	Table                chart.Table
}

// awardsView is the awards in words.
type awardsView struct {
	// Heading is "Awards", or "Awards so far" before the last stage.
	Heading string
	Podiums []awardPodium
	Winners []awardWin
	// WinTimes says the stage winners' times mean something to the table: clock times (a real race)
	// or turns (Ciclismo a fondo), not the few seconds a game's time model gives the first group.
	WinTimes bool
	// Out are the riders out of the race, by stage: the crashes and the time limits are the story too.
	Out      []base.OutLine
	Specials []awardSpecial
}

// awardPodium is the first three of one classification.
type awardPodium struct {
	Class, Title string
	// Jersey names the leader's jersey ("" without one); Icon draws it.
	Jersey string
	Icon   standing.Icon
	Places []awardPlace
}

// awardPlace is one place of a podium: a rider (Bib > 0) or a team.
type awardPlace struct {
	Rank  int
	Bib   int
	Name  string
	Team  string
	Color string
	Value string
	// Href is the rider's page (the team's, for a team's place), TeamHref his team's ("": none).
	Href, TeamHref string
	// Points is the place's points, in a classification by points ("" otherwise): the TV's cards
	// say the number alone under the classification's name.
	Points string
}

// awardWin is a stage's winner.
type awardWin struct {
	Stage int
	Bib   int
	Name  string
	Team  string
	Color string
	Time  string
	// Href and TeamHref are the winner's and his team's pages ("": none).
	Href, TeamHref string
}

// awardSpecial is one of the special awards: most days in the lead, the biggest climber, the lanterne
// rouge, the most combative, the best team.
type awardSpecial struct {
	ID, Title, Rule string
	Bib             int
	Name, Team      string
	Color           string
	// Detail says what won it ("8 stages", "from 14th to 3rd").
	Detail string
	// Href is the winner's page (the team's, for a team's award), TeamHref his team's ("": none).
	Href, TeamHref string
}

// StoryPage is GET /tours/{id}/story: the tour's charts and awards.
func (h *Handler) StoryPage(c echo.Context) error {
	id, st, err := h.LoadTour(c)
	if err != nil {
		return err
	}
	l := h.Tr(c)
	v, err := buildStory(l, st)
	if err != nil {
		return err
	}
	v.TourID = id
	v.Summary = summaryLink(l, st, fmt.Sprintf("/tours/%d/sheets/summary.pdf", id))
	src, err := h.StoreFor(c).TourSources(id)
	if err != nil {
		return err
	}
	linkStory(&v.Awards, standing.PalmaresNames(&st.Tour, src))
	return h.Render(c, http.StatusOK, "story", views.Page{Title: l.T("story.title", "Tour", st.Tour.Name), Section: "tours",
		TourNav: h.TourNav(st, "story", 0), Data: v})
}

// FollowStoryPage is GET /follow/{code}/story: the same charts and awards for a player, read-only.
func (h *Handler) FollowStoryPage(c echo.Context) error {
	st, done, err := h.followedTour(c)
	if done || err != nil {
		return err
	}
	l := h.Tr(c)
	v, err := buildStory(l, st)
	if err != nil {
		return err
	}
	v.Summary = summaryLink(l, st, "/follow/"+st.FollowCode+"/summary.pdf")
	linkStory(&v.Awards, standing.FollowNames(&st.Tour, st.FollowCode))
	return h.Render(c, http.StatusOK, "follow_story", views.Page{Title: l.T("story.title", "Tour", st.Tour.Name), Data: v})
}

// summaryLink is the address of the tour's summary PDF at path, in the reader's language ("" before
// the first closed stage: there is no summary yet).
func summaryLink(l *i18n.Localizer, st *store.RaceState, path string) string {
	if st.Closed == 0 {
		return ""
	}
	if l.Lang() != race.LanguageEnglish {
		path += "?lang=" + l.Lang()
	}
	return path
}

// buildStory lays out the story of a tour in l's language.
func buildStory(l *i18n.Localizer, st *store.RaceState) (*storyView, error) {
	v := &storyView{Tour: st.Tour.Name, Code: st.FollowCode, Closed: st.Closed, Version: st.Version,
		Final: st.Tour.FinalAfter(st.Closed)}
	s, err := base.TellStory(st)
	if err != nil {
		return nil, err
	}
	if s == nil {
		v.Empty = l.T("story.empty")
		return v, nil
	}
	v.Moment = momentIn(l, st)
	phone, screen := chart.All(s, l, chart.Phone()), chart.All(s, l, chart.Screen())
	for i, c := range screen {
		v.Charts = append(v.Charts, storyChart{Kind: c.Kind, Title: c.Title, Summary: c.Summary, Phone: phone[i].SVG(), Screen: c.SVG(), Table: c.Table})
	}
	v.Awards = awardsIn(l, st, s)
	return v, nil
}

// momentIn says which stages the story tells: "Final result" or "After stage 4 of 21".
func momentIn(l *i18n.Localizer, st *store.RaceState) string {
	if st.Closed == len(st.Tour.Stages) {
		return l.T("story.moment.final", "Stages", st.Closed)
	}
	return l.T("story.moment.after", "N", st.Closed, "Stages", len(st.Tour.Stages))
}

// awardsIn writes a story's awards in l's language.
func awardsIn(l *i18n.Localizer, st *store.RaceState, s *story.Story) awardsView {
	rs := &st.Tour.Ruleset
	a := s.Awards
	out := awardsView{Heading: l.T("story.award.title"), WinTimes: rs.TimeModel == race.TimeModelClock || rs.TimeModel == race.TimeModelTurns}
	if st.Closed < len(st.Tour.Stages) {
		out.Heading = l.T("story.award.so_far", "N", st.Closed)
	}
	for _, p := range a.Podiums {
		pv := awardPodium{Class: p.Class, Title: storyClassName(l, p.Class)}
		if p.Jersey != nil {
			pv.Jersey, pv.Icon = p.Jersey.NameIn(l.Lang()), standing.JerseyIcon(p.Class, *p.Jersey)
		}
		for _, pl := range p.Places {
			place := awardPlace{Rank: pl.Rank, Bib: pl.Bib, Name: pl.Name, Team: pl.Team, Color: tvColor(pl.TeamColor)}
			if pl.Bib == 0 { // a team's place: its player beside it
				place.Name, place.Team = pl.Team, ""
				if t, ok := st.Tour.TeamByID(pl.TeamID); ok {
					place.Team = t.Manager
				}
			}
			place.Value = chart.PlaceValueIn(l, rs, p, pl)
			if p.ByPoints || p.ByPlaces {
				place.Points = l.Int(pl.Value)
			}
			pv.Places = append(pv.Places, place)
		}
		out.Podiums = append(out.Podiums, pv)
	}
	if n := len(s.After); n > 0 {
		out.Out = base.OutLinesIn(l, st, s.After[n-1])
	}
	for _, w := range a.StageWinners {
		out.Winners = append(out.Winners, awardWin{Stage: w.Stage, Bib: w.Bib, Name: w.Name, Team: w.Team, Color: tvColor(w.TeamColor), Time: chart.TimeIn(l, rs, w.Time)})
	}
	special := func(id string, r story.Rider, detail string) awardSpecial {
		if left := s.LeftIn(r.Bib); left > 0 && r.Bib > 0 { // a rider who won it and then left the race
			detail += " · " + l.T("story.award.left", "Stage", left)
		}
		return awardSpecial{ID: id, Title: l.T("story.award." + id), Rule: l.T("story.award." + id + ".rule"),
			Bib: r.Bib, Name: r.Name, Team: r.Team, Color: tvColor(r.TeamColor), Detail: detail}
	}
	if w := a.MostDaysInLead; w != nil {
		out.Specials = append(out.Specials, special("most_days", w.Rider, l.N("story.days", w.Days)))
	}
	if c := a.Climber; c != nil {
		out.Specials = append(out.Specials, special("climber", c.Rider, l.T("story.award.climber.detail", "From", c.From, "To", c.To, "Gained", l.N("story.places", c.Gained))))
	}
	if r := a.LanterneRouge; r != nil {
		out.Specials = append(out.Specials, special("lanterne_rouge", r.Rider, l.T("story.award.lanterne_rouge.detail", "Rank", r.Rank, "Gap", chart.GapIn(l, rs, r.Gap))))
	}
	if c := a.MostCombative; c != nil {
		detail := l.T("story.award.most_combative.named")
		if !c.Named || c.Stages > 0 {
			detail = l.N("story.award.most_combative.stages", c.Stages)
		}
		out.Specials = append(out.Specials, special("most_combative", c.Rider, detail))
	}
	if t := a.BestTeam; t != nil {
		sv := special("best_team", t.Rider, chart.TimeIn(l, rs, t.Value))
		sv.Name, sv.Team, sv.Rule = t.Team, "", l.T("story.award.best_team.rule")
		out.Specials = append(out.Specials, sv)
	}
	return out
}

// storyClassName names a classification in the story's words ("General classification").
func storyClassName(l *i18n.Localizer, class string) string { return l.T("story.class." + class) }
