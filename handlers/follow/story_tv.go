package follow

import (
	"bytes"
	"fmt"
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/sheets"
	"racedirector/handlers/base"
	"racedirector/views"
)

// tvPodiumMaxWins is how many lines the TV podium's stage wins list has.
const tvPodiumMaxWins = 5

// podiumScreen is the room's TV podium (/follow/{code}/tv/podium): the general classification's
// podium on its steps, the other classifications' podiums, the special awards and the stage wins, on
// one 1920×1080 screen that never scrolls.
type podiumScreen struct {
	Code, Tour, Ruleset string
	// Link is the follow page's address for a phone in the room (its QR code is beside it).
	Link string
	// Heading says where the tour is ("Final result, 21 stages", "After stage 4 of 21").
	Heading string
	// Empty says the podium appears later (no stage closed yet).
	Empty string
	// GC is the general classification's podium in step order; Others the other classifications'.
	GC     *awardPodium
	Others []awardPodium
	Awards awardsView
	Wins   []tvWins
}

// tvWins is a rider and how many stages he won.
type tvWins struct {
	Bib               int
	Name, Team, Color string
	Wins              string
	count             int
}

// FollowPodiumPage is GET /follow/{code}/tv/podium: the podium screen for the room's TV.
func (h *Handler) FollowPodiumPage(c echo.Context) error {
	st, done, err := h.followedTour(c)
	if done || err != nil {
		return err
	}
	l := h.Tr(c)
	scr := podiumScreen{Code: st.FollowCode, Tour: st.Tour.Name, Ruleset: st.Tour.Ruleset.NameIn(l.Lang()), Link: h.Site.PublicFor(c.Request()).Base + "/follow/" + st.FollowCode}
	s, err := base.TellStory(st)
	if err != nil {
		return err
	}
	if s == nil {
		scr.Empty = l.T("story.tv.none")
	} else {
		scr.Heading = momentIn(l, st)
		scr.Awards = awardsIn(l, st, s)
		for i, p := range scr.Awards.Podiums {
			if p.Class == race.ClassIndividual && scr.GC == nil {
				scr.GC = &scr.Awards.Podiums[i]
				continue
			}
			scr.Others = append(scr.Others, p)
		}
		for i, sp := range scr.Awards.Specials {
			if sp.ID == "most_days" { // the TV's card has room for a short title only
				scr.Awards.Specials[i].Title = l.T("story.tv.most_days")
			}
			if sp.Bib > 0 {
				scr.Awards.Specials[i].Name = race.ShortName(sp.Name)
			}
		}
		for _, p := range scr.Others { // the cards are narrow: every rider by initial and surname (race.ShortName)
			for i := range p.Places {
				if p.Places[i].Bib > 0 {
					p.Places[i].Name = race.ShortName(p.Places[i].Name)
				}
			}
		}
		scr.Wins = stageWinsIn(l, scr.Awards.Winners)
	}
	return h.Render(c, http.StatusOK, "follow_podium", views.Page{Title: l.T("story.tv.title") + " · " + st.Tour.Name, Data: scr})
}

// stageWinsIn counts each rider's stage wins, most first (ties: the first to win), at most
// tvPodiumMaxWins lines: when more riders won, the last line says how many others did.
func stageWinsIn(l *i18n.Localizer, winners []awardWin) []tvWins {
	var out []tvWins
	index := map[int]int{}
	for _, w := range winners {
		k, ok := index[w.Bib]
		if !ok {
			k = len(out)
			index[w.Bib] = k
			out = append(out, tvWins{Bib: w.Bib, Name: w.Name, Team: w.Team, Color: tvColor(w.Color)})
		}
		out[k].count++
	}
	slices.SortStableFunc(out, func(a, b tvWins) int { return b.count - a.count })
	for i := range out {
		out[i].Name, out[i].Wins = race.ShortName(out[i].Name), l.N("story.tv.wins", out[i].count)
	}
	if len(out) > tvPodiumMaxWins {
		others := len(out) - tvPodiumMaxWins + 1
		out = append(out[:tvPodiumMaxWins-1], tvWins{Name: l.N("story.tv.more_winners", others), Color: tvColor("")})
	}
	return out
}

// SummaryPDF is GET /tours/{id}/sheets/summary.pdf: the one-page tour summary in the request's
// language (the same as /api/v1/tours/{id}/sheets/summary.pdf); before the first closed stage it leads
// to the story page, which says when the story begins.
func (h *Handler) SummaryPDF(c echo.Context) error {
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	return h.summaryPDF(c, id, fmt.Sprintf("/tours/%d/story", id))
}

// FollowSummaryPDF is GET /follow/{code}/summary.pdf: the same summary for a player, from the follower's
// story page.
func (h *Handler) FollowSummaryPDF(c echo.Context) error {
	st, done, err := h.followedTour(c)
	if done || err != nil {
		return err
	}
	return h.summaryPDF(c, st.TourID, "/follow/"+st.FollowCode+"/story")
}

// summaryPDF answers tour id's summary, or before its first closed stage leads to its story page.
func (h *Handler) summaryPDF(c echo.Context, id uint, story string) error {
	in, err := h.SheetInput(c, id)
	if err != nil {
		return err
	}
	if in.Closed == 0 {
		return c.Redirect(http.StatusSeeOther, story)
	}
	var buf bytes.Buffer
	if err := sheets.PDF(&buf, sheets.SheetSummary, in); err != nil {
		return err
	}
	name := base.TourFileName(in.Tour.Name, id, sheets.FilePart(sheets.SheetSummary, in), "pdf")
	return base.AttachmentNamed(c, name, "application/pdf", buf.Bytes())
}
