package app_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"testing"

	"racedirector/assets"
)

// TestAssetsSentCompressedOnce: the app's CSS and JavaScript go to a browser that takes gzip
// compressed once, at start (the same bytes every time, decompressing to the file), with their type
// and Vary and its length, and no cookie (a shared cache keeps them); to a client that takes no gzip (or refuses it with q=0), and for a small
// file, as they are.
func TestAssetsSentCompressedOnce(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	base := "/assets/" + assets.Version() + "/"
	get := func(method, name, encoding string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, "http://example.com"+base+name, nil)
		if encoding != "" {
			req.Header.Set("Accept-Encoding", encoding)
		}
		return ta.serve(t, req, false)
	}
	for _, c := range []struct{ name, ctype string }{{"style.css", "text/css"}, {"race.js", "javascript"}} {
		raw, err := fs.ReadFile(assets.Static(), c.name)
		if err != nil {
			t.Fatal(err)
		}
		first, again := get(http.MethodGet, c.name, "gzip, deflate, br"), get(http.MethodGet, c.name, "gzip")
		if first.Code != http.StatusOK || first.Header().Get("Content-Encoding") != "gzip" || !bytes.Contains([]byte(first.Header().Get("Content-Type")), []byte(c.ctype)) ||
			first.Header().Get("Vary") == "" || first.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" || first.Header().Get("Set-Cookie") != "" {
			t.Errorf("%s with gzip: %d, headers %v; want 200, gzip, %s, Vary, immutable, no cookie", c.name, first.Code, first.Header(), c.ctype)
		}
		if !bytes.Equal(first.Body.Bytes(), again.Body.Bytes()) || first.Body.Len() >= len(raw)/2 {
			t.Errorf("%s: the compressed answers differ or are not smaller (%d and %d bytes of %d)", c.name, first.Body.Len(), again.Body.Len(), len(raw))
		}
		zr, err := gzip.NewReader(first.Body)
		if err != nil {
			t.Fatalf("%s: not gzip: %v", c.name, err)
		}
		if got, err := io.ReadAll(zr); err != nil || !bytes.Equal(got, raw) {
			t.Errorf("%s: the compressed answer is not the file (%d bytes, %v)", c.name, len(got), err)
		}
		for _, enc := range []string{"", "identity", "gzip;q=0"} {
			if rec := get(http.MethodGet, c.name, enc); rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "" || !bytes.Equal(rec.Body.Bytes(), raw) {
				t.Errorf("%s with Accept-Encoding %q: %d, encoding %q, %d bytes; want the file as it is", c.name, enc, rec.Code, rec.Header().Get("Content-Encoding"), rec.Body.Len())
			}
		}
		if rec := get(http.MethodGet, c.name, "gzip"); rec.Header().Get("Content-Length") == "" {
			t.Errorf("%s with gzip: no Content-Length", c.name)
		}
	}
	if rec := get(http.MethodGet, "icon.svg", "gzip"); rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("icon.svg (415 bytes) = %d, encoding %q; want it as it is", rec.Code, rec.Header().Get("Content-Encoding"))
	}
}
