package keep

import (
	"bytes"
	"compress/gzip"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
)

// hangGuard is how long a test waits for what must happen (a stuck goroutine), never a measure of
// speed.
const hangGuard = 60 * time.Second

func TestCRC32Combine(t *testing.T) {
	rnd := rand.New(rand.NewPCG(24, 7))
	for _, lens := range [][2]int{{0, 0}, {0, 5}, {5, 0}, {1, 1}, {32, 7}, {1000, 65536}, {3, 100003}} {
		a, b := make([]byte, lens[0]), make([]byte, lens[1])
		for i := range a {
			a[i] = byte(rnd.Uint32())
		}
		for i := range b {
			b[i] = byte(rnd.Uint32())
		}
		want := crc32.ChecksumIEEE(append(bytes.Clone(a), b...))
		if got := crc32Combine(crc32.ChecksumIEEE(a), crc32.ChecksumIEEE(b), len(b)); got != want {
			t.Errorf("crc32Combine of %d and %d bytes = %08x, want %08x", lens[0], lens[1], got, want)
		}
	}
}

// page is a body of n bytes of a page's kind of text with the placeholder where at says.
func page(n int, at ...int) []byte {
	var b bytes.Buffer
	for b.Len() < n {
		b.WriteString(`<tr><td class="rank">12</td><td>Rider name</td><td>+ 1' 05"</td></tr>` + "\n")
	}
	body := b.Bytes()[:n]
	for i := len(at) - 1; i >= 0; i-- {
		body = append(body[:at[i]], append([]byte(csrfPlaceholder), body[at[i]:]...)...)
	}
	return body
}

func TestPackedAnswersReadBackWithTheViewersToken(t *testing.T) {
	token := "0123456789abcdefABCDEF0123456789"
	for name, body := range map[string][]byte{
		"no placeholder":          page(5000),
		"one placeholder":         page(5000, 1200),
		"at both ends":            append(page(3000, 0), csrfPlaceholder...),
		"two side by side":        page(4000, 100, 100),
		"many, a big page":        page(300000, 10, 5000, 150000, 299999),
		"only placeholders":       bytes.Repeat([]byte(csrfPlaceholder), 40),
		"one byte between pieces": page(2000, 10, 11, 12),
	} {
		want := bytes.ReplaceAll(body, []byte(csrfPlaceholder), []byte(token))
		var cs compressors
		p := cs.pack(body)
		var zipped bytes.Buffer
		if err := p.writeGzip(&zipped, token); err != nil {
			t.Fatalf("%s: writeGzip: %v", name, err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(zipped.Bytes()))
		if err != nil {
			t.Fatalf("%s: not gzip: %v", name, err)
		}
		zr.Multistream(false)
		got, err := io.ReadAll(zr) // checks the CRC-32 and the length of the trailer
		if err != nil {
			t.Fatalf("%s: reading the gzip stream back: %v", name, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: gzip stream reads back %d bytes, want the %d of the page with the token", name, len(got), len(want))
		}
		var plain bytes.Buffer
		if err := p.writePlain(&plain, token); err != nil {
			t.Fatalf("%s: writePlain: %v", name, err)
		}
		if !bytes.Equal(plain.Bytes(), want) {
			t.Errorf("%s: inflated answer differs from the page with the token", name)
		}
		// No token (the JSON API): the placeholders stay as they are, as writeWithToken leaves them.
		plain.Reset()
		if err := p.writePlain(&plain, ""); err != nil || len(p.pieces) == 1 && !bytes.Equal(plain.Bytes(), body) {
			t.Errorf("%s: without a token: %v", name, err)
		}
	}
}

func TestPackedAnswersAreSmall(t *testing.T) {
	var cs compressors
	body := page(270000, 100, 200000)
	if p := cs.pack(body); p.size() > len(body)/5 {
		t.Errorf("a 270 KB page packs into %d bytes, want at most a fifth", p.size())
	}
}

func TestWhatIsPacked(t *testing.T) {
	big := make([]byte, minPacked)
	for _, c := range []struct {
		contentType string
		body        []byte
		want        bool
	}{
		{"text/html; charset=UTF-8", big, true},
		{"application/json", big, true},
		{"application/json; charset=UTF-8", big, true},
		{"image/svg+xml", big, true},
		{"text/csv; charset=utf-8", big, true},
		{"text/html; charset=UTF-8", big[:minPacked-1], false},
		{"application/pdf", big, false},
		{"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", big, false},
		{"image/png", big, false},
		{"", big, false},
		{"Text/HTML ; charset=UTF-8", big, true},
	} {
		if got := packs(c.contentType, c.body); got != c.want {
			t.Errorf("packs(%q, %d bytes) = %v, want %v", c.contentType, len(c.body), got, c.want)
		}
	}
}

// TestKeptAnswersAreSentCompressedOrPlain reads a kept page as made and packed, with and without
// gzip: the same page, the viewer's token in it, gzip-encoded only to the client that takes it.
func TestKeptAnswersAreSentCompressedOrPlain(t *testing.T) {
	r := NewTourReads()
	token := "0123456789abcdefABCDEF0123456789"
	body := page(20000, 500, 19000)
	made := newTourRead("k", "text/html; charset=UTF-8", "", body)
	packed := *made
	packed.body, packed.packed = nil, r.compress.pack(body)
	want := strings.ReplaceAll(string(body), csrfPlaceholder, token)
	for _, kept := range []*tourRead{made, &packed} {
		for _, gz := range []bool{true, false} {
			req := httptest.NewRequest(http.MethodGet, "/tours/1/classifications", nil)
			if gz {
				req.Header.Set("Accept-Encoding", "gzip, deflate, br")
			}
			rec := httptest.NewRecorder()
			if err := r.write(kept, rec, req, http.StatusOK, token); err != nil {
				t.Fatal(err)
			}
			got := rec.Body.Bytes()
			if enc := rec.Header().Get("Content-Encoding"); (enc == "gzip") != gz {
				t.Fatalf("packed %v, gzip taken %v: Content-Encoding %q", kept.packed != nil, gz, enc)
			}
			if gz {
				zr, err := gzip.NewReader(rec.Body)
				if err != nil {
					t.Fatal(err)
				}
				if got, err = io.ReadAll(zr); err != nil {
					t.Fatal(err)
				}
			}
			if string(got) != want {
				t.Errorf("packed %v, gzip taken %v: the page read back differs from the page made", kept.packed != nil, gz)
			}
			if rec.Header().Get("Vary") != "Accept-Encoding" {
				t.Errorf("packed %v, gzip taken %v: Vary %q, want Accept-Encoding", kept.packed != nil, gz, rec.Header().Get("Vary"))
			}
		}
	}
}

// TestKeptAnswersArePackedOnceServedAgain keeps pages: one read once stays as made, and one served
// again to clients taking no gzip; one served again to a browser is packed in its place by the
// packing goroutine, which then ends; the bytes counted follow.
func TestKeptAnswersArePackedOnceServedAgain(t *testing.T) {
	r := NewTourReads()
	once, again := page(30000, 100), page(30000, 200)
	r.put(newTourRead("once", "text/html; charset=UTF-8", "", once))
	r.put(newTourRead("plain", "text/html; charset=UTF-8", "", once))
	for range 3 {
		r.get("plain", false) // a script's, taking no gzip: kept as made, sent as it is
	}
	r.put(newTourRead("again", "text/html; charset=UTF-8", "", again))
	r.put(newTourRead("pdf", "application/pdf", "", again))
	for range 3 {
		for _, key := range []string{"again", "pdf"} {
			if _, ok := r.get(key, true); !ok {
				t.Fatalf("%s not kept", key)
			}
		}
	}
	deadline := time.Now().Add(hangGuard)
	for {
		r.mu.Lock()
		done := !r.packing
		r.mu.Unlock()
		if done {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the packing goroutine never ended")
		}
		time.Sleep(time.Millisecond)
	}
	kept := func(key string) *tourRead { // as get, without serving it again
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.answers[key].Value.(*tourRead)
	}
	if a := kept("again"); a.packed == nil || a.body != nil {
		t.Errorf("the page served again is not packed in its place")
	}
	if a := kept("once"); a.packed != nil {
		t.Errorf("a page read once was packed")
	}
	if a := kept("plain"); a.packed != nil {
		t.Errorf("a page served again only to clients taking no gzip was packed")
	}
	if a := kept("pdf"); a.packed != nil {
		t.Errorf("a PDF was packed")
	}
	total := 0
	for el := r.lru.Front(); el != nil; el = el.Next() {
		total += el.Value.(*tourRead).size()
	}
	if total != r.bytes || r.bytes >= 4*len(again) {
		t.Errorf("counted %d bytes, the answers kept hold %d (four pages of %d as made)", r.bytes, total, len(again))
	}
	var plain bytes.Buffer
	if err := kept("again").packed.writePlain(&plain, "tok"); err != nil || plain.String() != strings.ReplaceAll(string(again), csrfPlaceholder, "tok") {
		t.Errorf("the packed page reads back otherwise: %v", err)
	}
}

// BenchmarkKeptPage sends a kept 290 KB page: as kept to a client that takes gzip, inflated to
// one that does not, and, for comparison, compressed afresh as the gzip middleware did for
// every viewer before.
func BenchmarkKeptPage(b *testing.B) {
	token := "0123456789abcdefABCDEF0123456789"
	body := page(290000, 500, 289000)
	var cs compressors
	p := cs.pack(body)
	b.Run("gzip", func(b *testing.B) {
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			_ = p.writeGzip(io.Discard, token)
		}
	})
	b.Run("plain", func(b *testing.B) {
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			_ = p.writePlain(io.Discard, token)
		}
	})
	b.Run("compressed-afresh", func(b *testing.B) {
		b.SetBytes(int64(len(body)))
		zw, _ := gzip.NewWriterLevel(io.Discard, packLevel)
		for b.Loop() {
			zw.Reset(io.Discard)
			_ = writeWithToken(zw, body, token)
			_ = zw.Close()
		}
	})
}

// TestKeptPageIsMadeOnceHoweverItIsAsked reads a big kept page many times, with and without gzip,
// while it is packed: it is made once.
func TestKeptPageIsMadeOnceHoweverItIsAsked(t *testing.T) {
	r := NewTourReads()
	e := echo.New()
	e.Use(r.Middleware(func(echo.Context) func() (string, error) {
		return func() (string, error) { return "v1", nil }
	}, func(next echo.HandlerFunc) echo.HandlerFunc { return next }))
	var made atomic.Int32
	body := page(300000, 100)
	e.GET("/api/page", func(c echo.Context) error {
		made.Add(1)
		return c.HTMLBlob(http.StatusOK, body)
	})
	for i := range 200 {
		req := httptest.NewRequest(http.MethodGet, "/api/page", nil)
		if i%2 == 0 {
			req.Header.Set("Accept-Encoding", "gzip")
		}
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET = %d", rec.Code)
		}
	}
	if n := made.Load(); n != 1 {
		t.Errorf("the page was made %d times, want once", n)
	}
}
