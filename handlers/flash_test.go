package handlers

import (
	"bytes"
	"testing"
	"time"

	"racedirector/app/race"
)

// TestRefusedPagesKeepsEachPageForItsAddressOnce: a kept refusal is given once, only for its address
// and while fresh; the keeper stays within its count and size, and a page too large is not kept.
func TestRefusedPagesKeepsEachPageForItsAddressOnce(t *testing.T) {
	r := newRefusedPages()
	token, ok := r.keep(refusedPage{address: "/tours/1/stages/2", status: 422, body: []byte("refused"), at: time.Now()})
	if !ok {
		t.Fatal("a small page was not kept")
	}
	if _, ok := r.take(token, "/tours/1/stages/2/advantages"); ok {
		t.Errorf("the page was given for another address")
	}
	if _, ok := r.take("nonsense", "/tours/1/stages/2"); ok {
		t.Errorf("a page was given for an unknown token")
	}
	if p, ok := r.take(token, "/tours/1/stages/2"); !ok || p.status != 422 || string(p.body) != "refused" {
		t.Errorf("take = %+v, %v; want the refused page", p, ok)
	}
	if _, ok := r.take(token, "/tours/1/stages/2"); ok {
		t.Errorf("the page was given twice")
	}

	stale, _ := r.keep(refusedPage{address: "/a", body: []byte("old"), at: time.Now().Add(-refusedTTL - time.Second)})
	if _, ok := r.take(stale, "/a"); ok {
		t.Errorf("a page older than %v was given", refusedTTL)
	}
	if _, ok := r.keep(refusedPage{address: "/big", body: make([]byte, maxRefusedPage+1), at: time.Now()}); ok {
		t.Errorf("a page over %d bytes was kept", maxRefusedPage)
	}

	first, _ := r.keep(refusedPage{address: "/first", body: []byte("x"), at: time.Now()})
	for range maxRefusedPages {
		r.keep(refusedPage{address: "/other", body: []byte("x"), at: time.Now()})
	}
	if _, ok := r.take(first, "/first"); ok {
		t.Errorf("more than %d pages are kept", maxRefusedPages)
	}
	big := bytes.Repeat([]byte("x"), maxRefusedPage)
	for range maxRefusedBytes/maxRefusedPage + 2 {
		r.keep(refusedPage{address: "/big", body: big, at: time.Now()})
	}
	if r.bytes > maxRefusedBytes || len(r.pages) > maxRefusedPages {
		t.Errorf("the keeper holds %d pages of %d bytes, over its limits", len(r.pages), r.bytes)
	}
	var none *refusedPages
	if _, ok := none.keep(refusedPage{}); ok {
		t.Errorf("a nil keeper kept a page")
	}
}

// TestHistoryTextInWords: a change kept by an earlier version, with ids, reads in words.
func TestHistoryTextInWords(t *testing.T) {
	rs := race.Ruleset{TimeModel: race.TimeModelCyclingParty} // docs/rules.md's advantages
	for in, want := range map[string]string{
		"water_bottle: 15 Óscar Freire":            "Water bottle: 15 Óscar Freire",
		"undone: mountain_attack of 11 taken back": "Undone: Mountain attack of 11 taken back",
		"bad_patch: 34 Once 4 lost 2 turns":        "Bad patch: 34 Once 4 lost 2 turns",
		"weather: [fair rain cold]":                "Weather: fair, rain, cold",
		"finish: 3 groups, 14 riders":              "Finish: 3 groups, 14 riders",
	} {
		if got := historyText(&rs, in); got != want {
			t.Errorf("historyText(%q) = %q, want %q", in, got, want)
		}
	}
}
