package store

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"gorm.io/gorm/clause"
)

// Snapshot returns a deterministic text dump of every table and its rows, ordered by primary key:
// for tests and diagnostics (a refused request must leave it byte-identical). The pages kept for a
// refusal's redirect, and the counts of wrong sign-in guesses (a refused sign-in keeps its count),
// are no data, and not shown.
func (s *Store) Snapshot() (string, error) {
	tables, err := s.reads.Migrator().GetTables()
	if err != nil {
		return "", fmt.Errorf("store: unable to list tables: %w", err)
	}
	sort.Strings(tables)
	var b strings.Builder
	for _, table := range tables {
		if strings.HasPrefix(table, "sqlite_") || table == keptPagesTable || table == signInGuessesTable {
			continue // the engine's own bookkeeping; the pages kept for a redirect; the sign-in guesses
		}
		if err := s.dumpTable(&b, table); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// dumpTable writes one table: a header line with its columns, then one line per row.
func (s *Store) dumpTable(b *strings.Builder, table string) error {
	types, err := s.reads.Migrator().ColumnTypes(table)
	if err != nil {
		return fmt.Errorf("store: unable to read the columns of %s: %w", table, err)
	}
	var order clause.OrderBy
	for _, ct := range types {
		if pk, ok := ct.PrimaryKey(); ok && pk {
			order.Columns = append(order.Columns, clause.OrderByColumn{Column: clause.Column{Name: ct.Name()}})
		}
	}
	if len(order.Columns) == 0 { // no primary key: every column, left to right
		for _, ct := range types {
			order.Columns = append(order.Columns, clause.OrderByColumn{Column: clause.Column{Name: ct.Name()}})
		}
	}
	rows, err := s.reads.Table(table).Order(order).Rows()
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
