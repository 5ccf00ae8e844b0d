package storetest

import (
	"database/sql"
	"fmt"
	"hash/crc32"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// The PostgreSQL copies of a template are kept for the next test rather than dropped: CREATE
// DATABASE … TEMPLATE costs the server 60–100 ms of work a test, putting a database back as the
// template left it 5 ms (rows deleted, the template's rows put back, the sequences set back). A
// copy is put back only when its schema is still the template's and no connection is left on it;
// else it is dropped as before.

// pgPool is the PostgreSQL copies of one template not in use, and what resetting one takes.
type pgPool struct {
	mu   sync.Mutex
	free []string
	// reset is the SQL that puts a copy back as the template left it.
	reset string
	// shape is the template's schema fingerprint (schemaShape).
	shape string
}

// poolMark starts the names of this machine's pooled copies: the process id follows, so that a
// later run drops the copies of a process that has ended.
func poolMark() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("rdpool_%08x_", crc32.ChecksumIEEE([]byte(host)))
}

// schemaShapeSQL fingerprints the schema of the current database's own tables: their columns,
// types and constraints, and their indexes.
const schemaShapeSQL = `SELECT md5(coalesce(string_agg(line, ',' ORDER BY line), '')) FROM (
	SELECT c.relname || '.' || a.attname || ':' || a.atttypid || ':' || a.attnotnull || ':' || c.relkind::text AS line
	FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
	JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
	UNION ALL
	SELECT conrelid::regclass::text || ':' || conname || ':' || contype::text FROM pg_constraint
	WHERE connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())) lines`

// preparePool reads the template database dsn: its tables in an order a deletion may follow (the
// tables others refer to last), its rows as JSON, its sequences' values, its schema's shape.
func preparePool(dsn string) (*pgPool, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	var shape string
	if err := db.QueryRow(schemaShapeSQL).Scan(&shape); err != nil {
		return nil, fmt.Errorf("reading the template's schema: %w", err)
	}
	tables, err := deletionOrder(db)
	if err != nil {
		return nil, err
	}
	var reset strings.Builder
	reset.WriteString("BEGIN;\n")
	for _, table := range tables {
		fmt.Fprintf(&reset, "DELETE FROM %s;\n", quoteIdent(table))
	}
	for i := len(tables) - 1; i >= 0; i-- { // the tables others refer to first
		var rows sql.NullString
		if err := db.QueryRow(fmt.Sprintf("SELECT json_agg(t) FROM %s t", quoteIdent(tables[i]))).Scan(&rows); err != nil {
			return nil, fmt.Errorf("reading the template's %s: %w", tables[i], err)
		}
		if rows.Valid {
			fmt.Fprintf(&reset, "INSERT INTO %[1]s SELECT * FROM json_populate_recordset(NULL::%[1]s, %[2]s);\n", quoteIdent(tables[i]), quoteLiteral(rows.String))
		}
	}
	seqs, err := db.Query(`SELECT schemaname, sequencename, last_value FROM pg_sequences WHERE schemaname = current_schema()`)
	if err != nil {
		return nil, fmt.Errorf("reading the template's sequences: %w", err)
	}
	defer seqs.Close()
	for seqs.Next() {
		var schema, name string
		var last sql.NullInt64
		if err := seqs.Scan(&schema, &name, &last); err != nil {
			return nil, err
		}
		seq := quoteLiteral(quoteIdent(schema) + "." + quoteIdent(name))
		if last.Valid {
			fmt.Fprintf(&reset, "SELECT setval(%s, %d, true);\n", seq, last.Int64)
		} else {
			fmt.Fprintf(&reset, "SELECT setval(%s, 1, false);\n", seq)
		}
	}
	if err := seqs.Err(); err != nil {
		return nil, err
	}
	reset.WriteString("COMMIT;\n")
	return &pgPool{reset: reset.String(), shape: shape}, nil
}

// deletionOrder lists the current schema's tables so that a table comes before those it refers to.
func deletionOrder(db *sql.DB) ([]string, error) {
	rows, err := db.Query(`SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY c.relname`)
	if err != nil {
		return nil, fmt.Errorf("listing the template's tables: %w", err)
	}
	var names []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return nil, err
		}
		names = append(names, name)
	}
	rows.Close()
	refs, err := db.Query(`SELECT cl.relname, pa.relname FROM pg_constraint k
		JOIN pg_class cl ON cl.oid = k.conrelid JOIN pg_class pa ON pa.oid = k.confrelid
		WHERE k.contype = 'f' AND k.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`)
	if err != nil {
		return nil, fmt.Errorf("reading the template's foreign keys: %w", err)
	}
	defer refs.Close()
	refersTo := map[string][]string{}
	for refs.Next() {
		var child, parent string
		if err := refs.Scan(&child, &parent); err != nil {
			return nil, err
		}
		refersTo[parent] = append(refersTo[parent], child)
	}
	// A table is listed once every table referring to it is.
	var order []string
	done := map[string]bool{}
	var visit func(string, int) error
	visit = func(table string, depth int) error {
		if done[table] {
			return nil
		}
		if depth > len(names) {
			return fmt.Errorf("the template's foreign keys make a cycle at %s", table)
		}
		children := append([]string(nil), refersTo[table]...)
		sort.Strings(children)
		for _, child := range children {
			if child != table {
				if err := visit(child, depth+1); err != nil {
					return err
				}
			}
		}
		done[table] = true
		order = append(order, table)
		return nil
	}
	for _, name := range names {
		if err := visit(name, 0); err != nil {
			return nil, err
		}
	}
	return order, refs.Err()
}

// take returns a free copy of the template, if one is kept.
func (p *pgPool) take() (string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.free) == 0 {
		return "", false
	}
	name := p.free[len(p.free)-1]
	p.free = p.free[:len(p.free)-1]
	return name, true
}

// giveBack puts the copy name back as the template left it and keeps it for the next test; a copy
// that cannot be (its schema changed, a connection left on it, a reset that fails) is dropped.
func (p *pgPool) giveBack(t testing.TB, admin *sql.DB, server, name string) {
	if err := p.resetCopy(admin, server, name); err != nil {
		if _, err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			t.Errorf("dropping the test database %s: %v", name, err)
		}
		return
	}
	p.mu.Lock()
	p.free = append(p.free, name)
	p.mu.Unlock()
}

// resetCopy waits (a second at most) for the test's connections to the copy to end, then resets it.
func (p *pgPool) resetCopy(admin *sql.DB, server, name string) error {
	for wait := 0; ; wait++ {
		var others int
		if err := admin.QueryRow("SELECT count(*) FROM pg_stat_activity WHERE datname = $1", name).Scan(&others); err != nil {
			return err
		}
		if others == 0 {
			break
		}
		if wait == 100 {
			return fmt.Errorf("%d connections left on %s", others, name)
		}
		time.Sleep(10 * time.Millisecond)
	}
	db, err := sql.Open("pgx", databaseDSN(server, name))
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	var shape string
	if err := db.QueryRow(schemaShapeSQL).Scan(&shape); err != nil {
		return err
	}
	if shape != p.shape {
		return fmt.Errorf("the schema of %s changed", name)
	}
	if _, err := db.Exec(p.reset); err != nil {
		_, _ = db.Exec("ROLLBACK")
		return err
	}
	return nil
}

// quoteIdent quotes a PostgreSQL identifier.
func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// quoteLiteral quotes a PostgreSQL string literal (standard_conforming_strings, the default).
func quoteLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
