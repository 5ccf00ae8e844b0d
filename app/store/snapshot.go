package store

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm/clause"
)

// Snapshot returns a deterministic text dump of every table and its rows, ordered by primary key:
// for tests and diagnostics (a refused request must leave it byte-identical). The pages kept for a
// refusal's redirect, and the counts of wrong sign-in guesses (a refused sign-in keeps its count),
// are no data, and not shown.
func (s *Store) Snapshot() (string, error) {
	tables, err := s.snapshotTables()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, table := range tables {
		if err := s.dumpTable(&b, table); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// snapshotPlan is which tables Snapshot reads, each with the order of its rows: read from the
// database's catalogue at the first Snapshot (on PostgreSQL that costs tens of milliseconds a
// table), as the schema does not change once migrated.
type snapshotPlan struct {
	once   sync.Once
	tables []snapshotTable
	err    error
}

// snapshotTable is one table Snapshot reads, the columns it dumps and those its rows are ordered by.
type snapshotTable struct {
	name    string
	columns []string
	order   clause.OrderBy
}

// notStored are the columns a snapshot leaves out: where a session was last used from is noted by
// any request that uses it, and is no change a request stores.
func notStored(table, column string) bool {
	return table == "director_sessions" && (column == "last_seen_at" || column == "user_agent" || column == "address")
}

// snapshotTables is the store's snapshotPlan, read at the first call.
func (s *Store) snapshotTables() ([]snapshotTable, error) {
	s.dump.once.Do(func() { s.dump.tables, s.dump.err = s.readSnapshotPlan() })
	return s.dump.tables, s.dump.err
}

// readSnapshotPlan lists the tables in name order, each ordered by its primary key (or, without
// one, by every column left to right).
func (s *Store) readSnapshotPlan() ([]snapshotTable, error) {
	columns, err := s.catalogueColumns()
	if err != nil {
		return nil, err
	}
	var tables []snapshotTable
	for i := 0; i < len(columns); {
		name := columns[i].table
		var key, all clause.OrderBy
		var dumped []string
		for ; i < len(columns) && columns[i].table == name; i++ {
			if notStored(name, columns[i].name) {
				continue
			}
			dumped = append(dumped, columns[i].name)
			col := clause.OrderByColumn{Column: clause.Column{Name: columns[i].name}}
			all.Columns = append(all.Columns, col)
			if columns[i].key {
				key.Columns = append(key.Columns, col)
			}
		}
		if strings.HasPrefix(name, "sqlite_") || name == keptPagesTable || name == signInGuessesTable {
			continue // the engine's own bookkeeping; the pages kept for a redirect; the sign-in guesses
		}
		if len(key.Columns) == 0 { // no primary key: every column, left to right
			key = all
		}
		tables = append(tables, snapshotTable{name: name, columns: dumped, order: key})
	}
	return tables, nil
}

// catalogueColumn is one column of a table, as the database's catalogue lists it.
type catalogueColumn struct {
	table, name string
	// key says the column is part of the table's primary key.
	key bool
}

// catalogueColumns lists every table's columns, by table name then left to right. PostgreSQL's are
// read in one query of its catalogue (GORM's ColumnTypes asks information_schema once a table,
// tens of milliseconds each); SQLite's through GORM, which reads each table's definition.
func (s *Store) catalogueColumns() ([]catalogueColumn, error) {
	var out []catalogueColumn
	if s.pg {
		rows, err := s.reads.Raw(`SELECT c.relname, a.attname, COALESCE(a.attnum = ANY(i.indkey), false)
			FROM pg_class c
			JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
			JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
			LEFT JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
			WHERE c.relkind IN ('r', 'p')
			ORDER BY c.relname, a.attnum`).Rows()
		if err != nil {
			return nil, fmt.Errorf("store: unable to read the tables' columns: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var col catalogueColumn
			if err := rows.Scan(&col.table, &col.name, &col.key); err != nil {
				return nil, fmt.Errorf("store: unable to read the tables' columns: %w", err)
			}
			out = append(out, col)
		}
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("store: unable to read the tables' columns: %w", err)
		}
		// In Go's order of names, as SQLite's below, whatever the server's collation.
		sort.SliceStable(out, func(i, j int) bool { return out[i].table < out[j].table })
		return out, nil
	}
	names, err := s.reads.Migrator().GetTables()
	if err != nil {
		return nil, fmt.Errorf("store: unable to list tables: %w", err)
	}
	sort.Strings(names)
	for _, table := range names {
		types, err := s.reads.Migrator().ColumnTypes(table)
		if err != nil {
			return nil, fmt.Errorf("store: unable to read the columns of %s: %w", table, err)
		}
		for _, ct := range types {
			pk, ok := ct.PrimaryKey()
			out = append(out, catalogueColumn{table: table, name: ct.Name(), key: ok && pk})
		}
	}
	return out, nil
}

// dumpTable writes one table: a header line with its columns, then one line per row in order.
func (s *Store) dumpTable(b *strings.Builder, t snapshotTable) error {
	table := t.name
	rows, err := s.reads.Table(table).Select(t.columns).Order(t.order).Rows()
	if err != nil {
		return fmt.Errorf("store: unable to read %s: %w", table, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return fmt.Errorf("store: unable to read the columns of %s: %w", table, err)
	}
	fmt.Fprintf(b, "== %s (%s)\n", table, strings.Join(cols, ", "))
	values := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range values {
		ptrs[i] = &values[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return fmt.Errorf("store: unable to read a row of %s: %w", table, err)
		}
		cells := make([]string, len(values))
		for i, v := range values {
			cells[i] = snapshotCell(v)
		}
		b.WriteString(strings.Join(cells, " | "))
		b.WriteByte('\n')
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: unable to read %s: %w", table, err)
	}
	return nil
}

// snapshotCell formats one value so that equal values always print the same.
func snapshotCell(v any) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case []byte:
		return fmt.Sprintf("%q", x)
	case string:
		return fmt.Sprintf("%q", x)
	case time.Time:
		return x.UTC().Format(time.RFC3339Nano)
	}
	return fmt.Sprint(v)
}
