package accounts

import "testing"

// TestDeviceOf names devices from their User-Agent in a few words.
func TestDeviceOf(t *testing.T) {
	for ua, want := range map[string]string{
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0 Safari/537.36":               "Headless Chrome · Linux",
		"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36":       "Chrome · Android",
		"Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile Safari/604.1": "Safari · iPad",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0":                                        "Firefox · Windows",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0":   "Edge · Windows",
		"curl/8.5.0":     "curl",
		"":               "",
		"Bruno's tablet": "",
	} {
		if got := deviceOf(ua); got != want {
			t.Errorf("deviceOf(%q) = %q, want %q", ua, got, want)
		}
	}
}
