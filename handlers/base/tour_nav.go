package base

import (
	"fmt"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/store"
)

// TourNav is a tour's own menu (the "tournav" partial): Advantages · Stages · Riders ·
// Classifications · Cycling Party, and the stage picker.
type TourNav struct {
	ID   uint
	Name string
	// Active names the screen shown: stage, advantages, sheet, riders, classifications, cycling-party, sheets, share.
	Active string
	// Stage is the stage the menu's stage links go to.
	Stage        int
	Stages       []NavStage
	CyclingParty bool
	// NoAdvantages says the game has nothing for the Advantages page (a real race): no menu entry.
	NoAdvantages bool
	// After is the stage the classification links show (the last closed one, 0: none).
	After int
	// Follower says the viewer is not the director: the menu leads to the pages he may read (a
	// stage's sheet rather than its screen, no advantages).
	Follower bool
	// tr speaks the viewer's language (render sets it; English when unset).
	tr *i18n.Localizer
	// rs is the tour's ruleset: its word names the incidents' page (IncidentsWordIn).
	rs *race.Ruleset
}

// label is a menu entry's word in the viewer's language.
func (n *TourNav) label(id, english string, pairs ...any) string {
	if n.tr == nil {
		if len(pairs) == 2 {
			return fmt.Sprintf(english, pairs[1])
		}
		return english
	}
	return n.tr.T(id, pairs...)
}

// NavLink is one entry of the tour menu.
type NavLink struct {
	Label, URL string
	// Current marks the screen shown.
	Current bool
}

// Links are the tour menu's entries, the same on a tablet (a bar) and a phone (a folded menu).
func (n *TourNav) Links() []NavLink {
	base := fmt.Sprintf("/tours/%d", n.ID)
	var links []NavLink
	if !n.NoAdvantages && !n.Follower {
		word := n.label("race.nav.advantages", "Advantages")
		if n.tr != nil && n.rs != nil {
			word = IncidentsWordIn(n.tr, n.rs)
		}
		links = append(links, NavLink{word, fmt.Sprintf("%s/stages/%d/advantages", base, n.Stage), n.Active == "advantages"})
	}
	links = append(links,
		NavLink{n.label("race.nav.stages", "Stages"), fmt.Sprintf("%s/stages/%d/sheet", base, n.Stage), n.Active == "sheet"},
		NavLink{n.label("race.riders.title", "Riders"), base + "/riders", n.Active == "riders"},
		NavLink{n.label("race.nav.classifications", "Classifications"), base + "/classifications", n.Active == "classifications"},
	)
	if n.CyclingParty {
		links = append(links, NavLink{"Cycling Party", base + "/cycling-party", n.Active == "cycling-party"})
	}
	links = append(links, NavLink{n.label("story.nav", "Story"), base + "/story", n.Active == "story"})
	return append(links, NavLink{n.label("race.nav.sheets", "Control sheets"), base + "/sheets", n.Active == "sheets"}, NavLink{n.label("race.nav.share", "Share"), base + "/share", n.Active == "share"})
}

// Here names the screen shown, for the folded menu of a phone ("Stage 3", "Riders").
func (n *TourNav) Here() string {
	for _, l := range n.Links() {
		if l.Current {
			return l.Label
		}
	}
	if n.Active == "stage" {
		return n.label("race.stage.heading", "Stage %d", "N", n.Stage)
	}
	return ""
}

// NavStage is one stage in the stage picker.
type NavStage struct {
	Number int
	State  string
	Type   string
	// Here marks the stage the page is about.
	Here bool
}

// TourNav builds the tour menu for a page about stage (0: the current stage). Every tour page,
// including the stage sheet, passes it as views.Page.TourNav.
func (h *Base) TourNav(st *store.RaceState, active string, stage int) *TourNav {
	if stage < 1 || stage > len(st.Tour.Stages) {
		stage = CurrentStage(st)
	}
	nav := &TourNav{ID: st.TourID, Name: st.Tour.Name, Active: active, Stage: stage, After: st.Closed, rs: &st.Tour.Ruleset,
		CyclingParty: st.Tour.Ruleset.Has(race.ClassCyclingParty),
		NoAdvantages: len(st.Tour.Ruleset.Advantages) == 0 && st.Tour.Ruleset.Effort == nil && st.Tour.Ruleset.Fatigue == nil}
	for _, s := range st.Tour.Stages {
		nav.Stages = append(nav.Stages, NavStage{Number: s.Number, State: s.State, Type: s.Type, Here: s.Number == stage && (active == "stage" || active == "advantages" || active == "sheet")})
	}
	return nav
}

// CurrentStage is the stage a tour is at: the open one, else the last closed one, else 1.
func CurrentStage(st *store.RaceState) int {
	switch {
	case st.Current > 0:
		return st.Current
	case st.Closed > 0:
		return st.Closed
	}
	return 1
}

// StageURL is the stage screen of stage n.
func StageURL(id uint, n int) string { return fmt.Sprintf("/tours/%d/stages/%d", id, n) }

// AdvantagesURL is the advantages page of stage n.
func AdvantagesURL(id uint, n int) string {
	return fmt.Sprintf("/tours/%d/stages/%d/advantages", id, n)
}
