package store

import "gorm.io/gorm"

// idleSQLiteConns is how many unused connections each SQLite pool keeps between requests: the
// driver's default (database/sql keeps 2).
const idleSQLiteConns = 2

// CloseIdleConnections closes the SQLite connections no request is using, and with them their
// caches of the database's pages (up to 2 MB each, in C memory), when the server has gone quiet:
// the next request opens one again, reading through the system's file cache. On PostgreSQL the
// pool keeps its connections (pool_max_conn_idle_time closes them): they hold little here.
func (s *Store) CloseIdleConnections() {
	if s.pg {
		return
	}
	for _, db := range []*gorm.DB{s.db, s.reads} {
		sqlDB, err := db.DB()
		if err != nil {
			continue
		}
		sqlDB.SetMaxIdleConns(0) // closes the idle ones now
		sqlDB.SetMaxIdleConns(idleSQLiteConns)
	}
}
