package follow

import "racedirector/handlers/standing"

// linkStory leads the riders' and teams' names of the story's awards to their pages (n): the podiums,
// the special awards, the stage winners and the riders out of the race.
func linkStory(a *awardsView, n standing.Names) {
	who := func(bib int, name, team string) (string, string) {
		if bib == 0 {
			return n.Team(name), ""
		}
		return n.Rider(bib), n.Team(team)
	}
	for i := range a.Podiums {
		for j := range a.Podiums[i].Places {
			p := &a.Podiums[i].Places[j]
			p.Href, p.TeamHref = who(p.Bib, p.Name, p.Team)
		}
	}
	for i := range a.Specials {
		s := &a.Specials[i]
		s.Href, s.TeamHref = who(s.Bib, s.Name, s.Team)
	}
	for i := range a.Winners {
		w := &a.Winners[i]
		w.Href, w.TeamHref = who(w.Bib, w.Name, w.Team)
	}
	for i := range a.Out {
		o := &a.Out[i]
		o.Href, o.TeamHref = who(o.Bib, o.Name, o.Team)
	}
}
