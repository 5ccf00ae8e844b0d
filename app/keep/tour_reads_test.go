package keep

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/store"
	"racedirector/app/store/storetest"
	"racedirector/data"
)

// TestTourReadsStayWithinTheirLimits keeps many small answers with long keys and a few big ones: the
// keeper counts keys and bodies, holds at most maxReadCount answers and maxReadBytes in all.
func TestTourReadsStayWithinTheirLimits(t *testing.T) {
	r := NewTourReads()
	for i := range 3 * maxReadCount {
		r.put(&tourRead{key: fmt.Sprintf("%d %s", i, strings.Repeat("k", 900)), body: []byte("[]")})
	}
	if r.lru.Len() > maxReadCount || len(r.answers) != r.lru.Len() {
		t.Errorf("kept %d answers (%d in the map), want at most %d", r.lru.Len(), len(r.answers), maxReadCount)
	}
	for i := range 40 {
		r.put(&tourRead{key: fmt.Sprint("big ", i), body: make([]byte, maxReadSize)})
	}
	if r.bytes > maxReadBytes {
		t.Errorf("kept %d bytes, want at most %d", r.bytes, maxReadBytes)
	}
	r.put(&tourRead{key: "too big", body: make([]byte, maxReadSize+1)})
	if _, ok := r.get("too big", false); ok {
		t.Errorf("an answer over %d bytes was kept", maxReadSize)
	}
	total := 0
	for el := r.lru.Front(); el != nil; el = el.Next() {
		total += el.Value.(*tourRead).size()
	}
	if total != r.bytes {
		t.Errorf("counted %d bytes, the answers kept hold %d", r.bytes, total)
	}
}

// TestPlainToken accepts only the CSRF middleware's own tokens.
func TestPlainToken(t *testing.T) {
	for token, want := range map[string]bool{
		"0123456789abcdefABCDEF0123456789": true, "": false, "<": false, "e": false,
		`"><script>alert(1)</script>xxxxxxxx`: false, strings.Repeat("a", 65): false,
	} {
		if got := plainToken(token); got != want {
			t.Errorf("plainToken(%q) = %v, want %v", token, got, want)
		}
	}
}

// TestTourReadsMakeAnAnswerOnce asks for one answer from many viewers while it is being made: it
// is made once, and every viewer gets it.
func TestTourReadsMakeAnAnswerOnce(t *testing.T) {
	rulesets, err := race.LoadRulesets(data.FS())
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(storetest.DSN(t, "reads.db"), rulesets)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	reads := NewTourReads()
	e := echo.New()
	e.Use(reads.Middleware(ToursVersion(st), func(next echo.HandlerFunc) echo.HandlerFunc { return next }))
	var made atomic.Int32
	release := make(chan struct{})
	e.GET("/api/v1/tours", func(c echo.Context) error {
		made.Add(1)
		<-release
		return c.JSON(http.StatusOK, []string{"made once"})
	})
	const viewers = 20
	bodies := make(chan string, viewers+1)
	ask := func() {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/tours", nil))
		bodies <- fmt.Sprint(rec.Code, " ", strings.TrimSpace(rec.Body.String()))
	}
	// waitFor polls a condition on the keeper, with a hang guard only.
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for {
			reads.mu.Lock()
			done := ok()
			reads.mu.Unlock()
			if done {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("waited 60 s for %s", what)
			}
			time.Sleep(time.Millisecond)
		}
	}
	go ask()
	waitFor("the first viewer to start making the answer", func() bool { return len(reads.making) == 1 })
	for range viewers {
		go ask()
	}
	waitFor("the other viewers to wait", func() bool {
		for _, m := range reads.making {
			return m.waiters == viewers
		}
		return false
	})
	close(release)
	for range viewers + 1 {
		if got := <-bodies; got != `200 ["made once"]` {
			t.Errorf("a viewer got %q", got)
		}
	}
	if n := made.Load(); n != 1 {
		t.Errorf("the answer was made %d times for %d viewers, want once", n, viewers+1)
	}
	if len(reads.making) != 0 {
		t.Errorf("%d answers are still being made", len(reads.making))
	}
}
