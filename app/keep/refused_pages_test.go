package keep

import (
	"bytes"
	"testing"
	"time"
)

// TestRefusedPagesKeepsEachPageForItsAddressOnce: a kept refusal is given once, only for its address
// and while fresh; the keeper stays within its count and size, and a page too large is not kept.
func TestRefusedPagesKeepsEachPageForItsAddressOnce(t *testing.T) {
	r := NewRefusedPages(nil)
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
	var none *RefusedPages
	if _, ok := none.keep(refusedPage{}); ok {
		t.Errorf("a nil keeper kept a page")
	}
}
