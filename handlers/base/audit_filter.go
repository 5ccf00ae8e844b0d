package base

import (
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/refuse"
	"racedirector/app/store"
)

// AuditFilterOf reads the filters of a read of the audit record from the query: tour, director and
// before (ids, empty for none) and limit (1 to store.MaxAuditLimit, store.DefaultAuditLimit when
// empty). A value that is not one is refused naming its field (422).
func AuditFilterOf(c echo.Context) (store.AuditFilter, error) {
	v := &refuse.ValidationError{}
	f := store.AuditFilter{
		Tour:     idQuery(c, v, "tour", "must be a tour's id: a whole number from 1"),
		Director: idQuery(c, v, "director", "must be a director's id: a whole number from 1"),
		Before:   idQuery(c, v, "before", "must be the id of a line of the record: a whole number from 1"),
	}
	if s := strings.TrimSpace(c.QueryParam("limit")); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > store.MaxAuditLimit {
			v.Addf("limit", "must be a whole number from 1 to %d", store.MaxAuditLimit)
		} else {
			f.Limit = n
		}
	}
	return f, v.Err()
}

// idQuery reads the id the query gives as name (0 for none), or adds reason to v for a value that
// is not one.
func idQuery(c echo.Context, v *refuse.ValidationError, name, reason string) uint {
	s := strings.TrimSpace(c.QueryParam(name))
	if s == "" {
		return 0
	}
	n, err := strconv.ParseUint(s, 10, 32)
	if err != nil || n == 0 {
		v.Add(name, reason)
		return 0
	}
	return uint(n)
}
