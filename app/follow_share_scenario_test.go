package app_test

// The director's Share page and the QR code of the follow link.

import (
	"encoding/xml"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"racedirector/app"
	"racedirector/app/auth"
	"racedirector/app/store"
)

// TestSharePage shows the director the follow code, the absolute link on the app's public address
// (whatever host the page was asked for) and the QR code; an app listening on this computer only
// links its network address and a note says why.
func TestSharePage(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul := teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo, azul}, false)
	code := r.tourView(t).FollowCode
	if store.NormalizeFollowCode(code) != code {
		t.Fatalf("tour follow code %q is not a follow code", code)
	}
	stage := r.getPage(t, "/stages/1", http.StatusOK)
	if !strings.Contains(stage, fmt.Sprintf(`href="/tours/%d/share"`, r.id)) {
		t.Errorf("the tour menu has no link to the Share page")
	}

	req := httptest.NewRequest(http.MethodGet, r.pagePath("/share"), nil)
	req.Host = "127.0.0.1:8080"
	rec := ta.serve(t, req, true)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /share = %d, want 200; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	body := rec.Body.String()
	checkPageRules(t, "share", body)
	checkPlayerWords(t, "share", body)
	link := "http://example.com/follow/" + code
	for _, want := range []string{
		`<p class="follow-code" aria-label="Follow code ` + code + `">` + code + `</p>`,
		`<a href="` + link + `">` + link + `</a>`,
		`<img src="/follow/` + code + `/qr.svg"`,
		`<a class="button" href="/follow/` + code + `/tv">Open the TV view</a>`,
		`http://example.com/follow</b>`,
		`<title>Share — Three stages of cycling-party · Race Director</title>`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the Share page lacks %s", want)
		}
	}
	if strings.Contains(body, "this computer only") {
		t.Errorf("the Share page of an app with a public address says it listens on this computer only")
	}

	// Listening on this computer only, the link is the computer's network address (a phone cannot
	// open localhost), or the page says the computer has none.
	local := openTestAppWith(t, ta.Path, app.WithSite(auth.SiteConfig{Listen: []string{"127.0.0.1:8080"}})) // the same database
	req = httptest.NewRequest(http.MethodGet, r.pagePath("/share"), nil)
	req.Host = "localhost:8080"
	body = local.serve(t, req, true).Body.String()
	if !strings.Contains(html.UnescapeString(body), "listens on this computer only") || !strings.Contains(body, "-addr 0.0.0.0:8080") {
		t.Errorf("the Share page at localhost does not say phones cannot reach it and how to listen on the network:\n%s", clip(body))
	}
	if m := regexp.MustCompile(`<p class="follow-url"><a href="([^"]+)"`).FindStringSubmatch(body); m == nil {
		t.Errorf("the Share page at localhost has no link")
	} else if strings.Contains(body, "has no network address") != strings.HasPrefix(m[1], "http://localhost:8080/") {
		t.Errorf("the Share page at localhost links %s: a computer with a network address gives that one, one without says so", m[1])
	}

	// An unknown tour: the usual 404.
	tourCall(t, ta, http.MethodGet, "/tours/9999/share", nil, http.StatusNotFound)
}

// qrSVG is the part of the QR code's SVG a test reads.
type qrSVG struct {
	XMLName xml.Name `xml:"svg"`
	ViewBox string   `xml:"viewBox,attr"`
	Title   string   `xml:"title"`
	Rect    struct {
		Fill string `xml:"fill,attr"`
	} `xml:"rect"`
	Path struct {
		Fill string `xml:"fill,attr"`
		D    string `xml:"d,attr"`
	} `xml:"path"`
}

// TestFollowQRCode draws the follow link as an SVG QR code: valid XML, a white square with a
// quiet zone, the dark modules as one path, no style attribute, cached by the browser; small letters
// are the same code, an unknown code is a 404.
func TestFollowQRCode(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID}, false)
	code := r.tourView(t).FollowCode
	for _, path := range []string{"/follow/" + code + "/qr.svg", "/follow/" + strings.ToLower(code) + "/qr.svg"} {
		rec := follower(t, ta, path, "example.com")
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s = %d, want 200; body:\n%s", path, rec.Code, rec.Body)
		}
		if ct := rec.Header().Get("Content-Type"); ct != "image/svg+xml" {
			t.Errorf("GET %s Content-Type = %q, want image/svg+xml", path, ct)
		}
		if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "max-age=") {
			t.Errorf("GET %s Cache-Control = %q, want a max-age (the code never changes)", path, cc)
		}
		body := rec.Body.String()
		var svg qrSVG
		if err := xml.Unmarshal([]byte(body), &svg); err != nil {
			t.Fatalf("GET %s is not XML: %v\n%s", path, err, body)
		}
		var side int
		if _, err := fmt.Sscanf(svg.ViewBox, "0 0 %d %d", &side, &side); err != nil || side < 21+8 {
			t.Errorf("QR viewBox %q: want a square of at least 21 modules and the quiet zone", svg.ViewBox)
		}
		if svg.Rect.Fill != "#ffffff" || svg.Path.Fill != "#000000" {
			t.Errorf("QR colours: square %q, modules %q; want white and black", svg.Rect.Fill, svg.Path.Fill)
		}
		if !regexp.MustCompile(`^(M\d+ \d+h\d+v1h-\d+z)+$`).MatchString(svg.Path.D) {
			t.Errorf("QR path is not rows of module runs: %.120s", svg.Path.D)
		}
		if !strings.HasPrefix(svg.Path.D, "M4 4h7v1h-7z") {
			t.Errorf("QR path does not start with the top of the position square inside the quiet zone: %.40s", svg.Path.D)
		}
		if want := "http://example.com/follow/" + code; !strings.Contains(svg.Title, want) {
			t.Errorf("QR title %q does not name the link %s", svg.Title, want)
		}
		if strings.Contains(body, "style=") {
			t.Errorf("the QR code has a style attribute (the CSP refuses it)")
		}
	}
	if rec := follower(t, ta, "/follow/ZZZZZZ/qr.svg", ""); rec.Code != http.StatusNotFound {
		t.Errorf("QR of an unknown code = %d, want 404", rec.Code)
	}
}
