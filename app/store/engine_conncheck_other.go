//go:build !unix

package store

import "github.com/jackc/pgx/v5"

// closedByServer cannot look at the socket here: a connection is pinged only after a second idle
// (pgxpool's default), and a transaction whose connection was lost is run again (retry).
func closedByServer(*pgx.Conn) bool { return false }
