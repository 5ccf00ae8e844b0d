// Package colour checks colours as teams and jerseys keep them.
package colour

// Is says whether c is a colour as teams and jerseys keep it: #rrggbb. Pages, charts and
// sheets draw any other value in a neutral grey.
func Is(c string) bool {
	if len(c) != 7 || c[0] != '#' {
		return false
	}
	for _, r := range c[1:] {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F') {
			return false
		}
	}
	return true
}
