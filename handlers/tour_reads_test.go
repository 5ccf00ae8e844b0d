package handlers

import (
	"fmt"
	"strings"
	"testing"
)

// TestTourReadsStayWithinTheirLimits keeps many small answers with long keys and a few big ones: the
// keeper counts keys and bodies, holds at most maxReadCount answers and maxReadBytes in all.
func TestTourReadsStayWithinTheirLimits(t *testing.T) {
	r := newTourReads()
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
	if _, ok := r.get("too big"); ok {
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
