package app_test

// The sign-in throttle kept in the database: two instances of the app on one database count the
// same wrong guesses, per client address and per name.

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"racedirector/app/auth"
)

// guessFrom sends a sign-in to the API of la from addr with body, as a script would.
func guessFrom(t testing.TB, la *lockedApp, addr string, body map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := jsonRequest(http.MethodPost, "/api/v1/session", body)
	req.RemoteAddr = addr
	return la.serve(t, req, false)
}

// TestWrongPINsCountOnEveryInstance sends five wrong PINs from one address to instance A: the sixth,
// the right PIN, sent to instance B, is a 429 with Retry-After there too, on its API and its page,
// while another address signs in on B. A right PIN on B starts the address's count again for A.
func TestWrongPINsCountOnEveryInstance(t *testing.T) {
	t.Parallel()
	a := newLockedApp(t)
	b := openLockedApp(t, a.Path, a.clock)
	const x, y = "198.51.100.7:50000", "198.51.100.8:50000"
	for i := 1; i <= auth.MaxWrongPINs; i++ {
		if rec := guessFrom(t, a, x, map[string]string{"pin": "000" + strconv.Itoa(i)}); rec.Code != http.StatusUnauthorized {
			t.Fatalf("wrong PIN %d on A = %d, want 401; body:\n%s", i, rec.Code, rec.Body)
		}
	}
	rec := guessFrom(t, b, x, map[string]string{"pin": testPIN})
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != "60" || decode[apiError](t, rec).Error.Code != "too_many_requests" {
		t.Fatalf("the right PIN on B after five wrong ones on A = %d Retry-After %q, want 429 and 60; body:\n%s", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
	}
	if msg := decode[apiError](t, rec).Error.Message; msg != "too many wrong PINs from this network address: try again in a minute" {
		t.Errorf("the 429 says %q, want the wait in words", msg)
	}
	if rec := b.newBrowser(x).signIn(t, testPIN, ""); rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != "60" ||
		!strings.Contains(rec.Body.String(), `id="err-pin">Too many wrong PINs from this network address: try again in a minute.`) {
		t.Errorf("B's sign-in page from that address = %d Retry-After %q, want 429 with the wait beside the PIN; body:\n%s", rec.Code, rec.Header().Get("Retry-After"), clip(rec.Body.String()))
	}
	if rec := guessFrom(t, b, y, map[string]string{"pin": testPIN}); rec.Code != http.StatusCreated {
		t.Errorf("another address's right PIN on B = %d, want 201", rec.Code)
	}
	a.clock.advance(auth.LockedOutFor)
	if rec := guessFrom(t, b, x, map[string]string{"pin": testPIN}); rec.Code != http.StatusCreated {
		t.Fatalf("the right PIN on B after the minute = %d, want 201; body:\n%s", rec.Code, rec.Body)
	}
	for i := 1; i < auth.MaxWrongPINs; i++ {
		guessFrom(t, a, x, map[string]string{"pin": "999" + strconv.Itoa(i)})
	}
	if rec := guessFrom(t, a, x, map[string]string{"pin": testPIN}); rec.Code != http.StatusCreated {
		t.Errorf("four wrong PINs on A after a right one on B, then the right one = %d, want 201 (the count started again)", rec.Code)
	}
}

// TestWrongPINsSentAtOnceToTwoInstances sends many wrong PINs from one address at the same moment,
// half to each instance: MaxWrongPINs of them are checked (401), every other one is refused (429).
func TestWrongPINsSentAtOnceToTwoInstances(t *testing.T) {
	t.Parallel()
	a := newLockedApp(t)
	b := openLockedApp(t, a.Path, a.clock)
	const sent = 4 * auth.MaxWrongPINs
	codes := map[int]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range sent {
		wg.Add(1)
		go func() {
			defer wg.Done()
			to := a
			if i%2 == 1 {
				to = b
			}
			rec := guessFrom(t, to, "203.0.113.77:4000", map[string]string{"pin": "0000"})
			mu.Lock()
			codes[rec.Code]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if codes[http.StatusUnauthorized] != auth.MaxWrongPINs || codes[http.StatusTooManyRequests] != sent-auth.MaxWrongPINs {
		t.Errorf("%d wrong PINs sent at once to two instances answered %v, want %d checked (401) and the others 429", sent, codes, auth.MaxWrongPINs)
	}
}

// TestANameIsSlowedAcrossAddresses guesses Bruno's password from five addresses, never five from
// one, on both instances: after MaxWrongPerName the name waits (429, Retry-After, in words) for every
// address that never signed in as Bruno, on the API and the page; Carla is not slowed, nor Bruno at
// the address he signed in from before. After the wait a new address signs in, and the counts
// ended are forgotten: the table keeps only what it must.
func TestANameIsSlowedAcrossAddresses(t *testing.T) {
	t.Parallel()
	aa := newAccountsApp(t) // Bruno signed in from httptest's address (192.0.2.1)
	b := openLockedApp(t, aa.Path, aa.clock)
	for i := range auth.MaxWrongPerName {
		to := aa.lockedApp
		if i%2 == 1 {
			to = b
		}
		addr := fmt.Sprintf("198.51.100.%d:6000", 1+i/(auth.MaxWrongPINs-1))
		if rec := guessFrom(t, to, addr, map[string]string{"name": "BRUNO", "password": fmt.Sprintf("guess number %d", i)}); rec.Code != http.StatusUnauthorized {
			t.Fatalf("wrong password %d from %s = %d, want 401; body:\n%s", i+1, addr, rec.Code, rec.Body)
		}
	}
	const fresh = "203.0.113.50:7000"
	wait := strconv.Itoa(int(auth.NameLockedOutFor.Seconds()))
	rec := guessFrom(t, b, fresh, map[string]string{"name": "Bruno", "password": brunoPassword})
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != wait ||
		decode[apiError](t, rec).Error.Message != "too many wrong passwords have been tried for this name lately: try again in 15 minutes" {
		t.Fatalf("Bruno's right password from a new address after %d wrong ones elsewhere = %d Retry-After %q, want 429 and %s; body:\n%s",
			auth.MaxWrongPerName, rec.Code, rec.Header().Get("Retry-After"), wait, rec.Body)
	}
	req := jsonRequest(http.MethodPost, "/api/v1/session", map[string]string{"name": "bruno", "password": brunoPassword})
	req.RemoteAddr = fresh
	req.Header.Set("Accept-Language", "it")
	if msg := decode[apiError](t, aa.serve(t, req, false)).Error.Message; msg != "sono state provate troppe password errate per questo nome in poco tempo: riprova tra 15 minuti" {
		t.Errorf("the name's wait in Italian says %q", msg)
	}
	page := b.newBrowser(fresh)
	if rec := page.signInAs(t, "Bruno", brunoPassword, ""); rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != wait ||
		!strings.Contains(rec.Body.String(), "Too many wrong passwords have been tried for this name lately: try again in 15 minutes.") {
		t.Errorf("B's sign-in page for Bruno from a new address = %d Retry-After %q, want 429 with the wait beside the password; body:\n%s", rec.Code, rec.Header().Get("Retry-After"), clip(rec.Body.String()))
	}
	if rec := guessFrom(t, b, fresh, map[string]string{"name": "Carla", "password": carlaPassword}); rec.Code != http.StatusCreated {
		t.Errorf("Carla from the same new address = %d, want 201: the wait is Bruno's name's", rec.Code)
	}
	if rec := guessFrom(t, b, "192.0.2.1:1234", map[string]string{"name": "Bruno", "password": brunoPassword}); rec.Code != http.StatusCreated {
		t.Errorf("Bruno from the address he signed in from before = %d, want 201", rec.Code)
	}
	if rec := guessFrom(t, aa.lockedApp, fresh, map[string]string{"name": "Bruno", "password": brunoPassword}); rec.Code != http.StatusTooManyRequests {
		t.Errorf("Bruno's sign-in at home did not end the wait for others: a new address = %d, want 429", rec.Code)
	}
	aa.clock.advance(auth.NameLockedOutFor)
	if rec := guessFrom(t, aa.lockedApp, fresh, map[string]string{"name": "Bruno", "password": brunoPassword}); rec.Code != http.StatusCreated {
		t.Fatalf("Bruno from the new address after %v = %d, want 201; body:\n%s", auth.NameLockedOutFor, rec.Code, rec.Body)
	}
	aa.clock.advance(auth.KnownFor + time.Hour)
	if rec := guessFrom(t, b, fresh, map[string]string{"name": "Carla", "password": carlaPassword}); rec.Code != http.StatusCreated {
		t.Fatalf("Carla a month later = %d, want 201", rec.Code)
	}
	if n, err := aa.Store.GuessCounts(); err != nil || n != 1 {
		t.Errorf("a month later the database keeps %d counts of guesses (%v), want 1: Carla's address, just known", n, err)
	}
}
