package store

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"reflect"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/logger"
	"gorm.io/gorm/schema"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/models"
)

// copyBatch is how many rows are read and written at a time while copying a database.
const copyBatch = 200

// CopiedTable is one table copied: its name and how many rows it holds.
type CopiedTable struct {
	Table string
	Rows  int64
}

// CopyDatabase copies a whole database into an empty one (a SQLite file into PostgreSQL, or back):
// the teams database, every tour with its teams, riders, stages, results and history, and the
// application's settings, each row with its id, in one transaction of the target. Both databases
// are brought to the current schema first, so the target's schema version is the source's. A
// target that holds any row already is refused, and so is a failed copy: the target is left as it
// was.
func CopyDatabase(from, to string, rulesets []race.Ruleset) ([]CopiedTable, error) {
	if from == to {
		return nil, refuse.Invalid("to", "is the database to copy from: name a new, empty one")
	}
	if err := checkSource(from); err != nil {
		return nil, err
	}
	src, err := Open(from, rulesets)
	if err != nil {
		return nil, fmt.Errorf("the database to copy from: %w", err)
	}
	defer src.Close()
	dst, err := Open(to, rulesets)
	if err != nil {
		return nil, fmt.Errorf("the database to copy into: %w", err)
	}
	defer dst.Close()
	var copied []CopiedTable
	err = dst.db.Transaction(func(tx *gorm.DB) error {
		copied = copied[:0]
		held, err := rowsHeld(tx)
		if err != nil {
			return err
		}
		if len(held) > 0 {
			return refuse.Invalidf("to", "already holds data (%s): copy into a new, empty database, one the app has not been started on", strings.Join(held, ", "))
		}
		var sequenced []string
		for _, m := range models.All() {
			table, n, err := copyTable(src.db, tx, m)
			if err != nil {
				return err
			}
			copied = append(copied, CopiedTable{Table: table, Rows: n})
			if hasIDSequence(tx, m) {
				sequenced = append(sequenced, table)
			}
		}
		return resetSequences(tx, dst.pg, sequenced)
	})
	if err != nil {
		return nil, err
	}
	return copied, nil
}

// sqliteHeader is how every SQLite database file begins.
const sqliteHeader = "SQLite format 3\x00"

// checkSource refuses a database to copy from that is not a Race Director database, before
// anything is opened for writing: a SQLite file that does not exist (opening it would make an
// empty one, and the copy would copy nothing), a file that is not a SQLite database, or a database
// without Race Director's schema (another program's, or an empty one).
func checkSource(from string) error {
	engine, err := ParseDSN(from)
	if err != nil {
		return fmt.Errorf("the database to copy from: %w", err)
	}
	var db *gorm.DB
	var pool *pgxpool.Pool
	if engine == SQLite {
		db, err = openSQLiteToRead(from)
	} else {
		db, pool, err = openDB(from)
	}
	if err != nil {
		return fmt.Errorf("the database to copy from: %w", err)
	}
	defer func() {
		if sqlDB, err := db.DB(); err == nil {
			_ = sqlDB.Close()
		}
		if pool != nil {
			pool.Close()
		}
	}()
	if !db.Migrator().HasTable(&schemaVersion{}) || !db.Migrator().HasTable(&models.Tour{}) {
		return fmt.Errorf("the database to copy from: %s is not a Race Director database (it has no tours and no schema version)", RedactDSN(from))
	}
	return nil
}

// openSQLiteToRead opens the SQLite file at path read-only, refusing a path that is no file or a
// file that is not a SQLite database.
func openSQLiteToRead(path string) (*gorm.DB, error) {
	name := strings.TrimPrefix(path, "file:")
	if i := strings.IndexByte(name, '?'); i >= 0 && strings.HasPrefix(path, "file:") {
		name = name[:i]
	}
	f, err := os.Open(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s does not exist: name the SQLite file Race Director ran on", name)
		}
		return nil, fmt.Errorf("%s cannot be read: %w", name, err)
	}
	head := make([]byte, len(sqliteHeader))
	_, err = io.ReadFull(f, head)
	info, statErr := f.Stat()
	_ = f.Close()
	if statErr == nil && info.IsDir() {
		return nil, fmt.Errorf("%s is a folder: name the SQLite file Race Director ran on", name)
	}
	if err != nil || string(head) != sqliteHeader {
		return nil, fmt.Errorf("%s is not a SQLite database", name)
	}
	uri := "file:" + strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23").Replace(name) + "?mode=ro"
	db, err := gorm.Open(sqlite.Open(uri), &gorm.Config{Logger: logger.Discard})
	if err != nil {
		return nil, fmt.Errorf("%s cannot be opened: %w", name, err)
	}
	return db, nil
}

// rowsHeld names the tables of models.All that hold rows, with how many.
func rowsHeld(db *gorm.DB) ([]string, error) {
	var held []string
	for _, m := range models.All() {
		var n int64
		if err := db.Model(m).Count(&n).Error; err != nil {
			return nil, fmt.Errorf("store: unable to count the rows of %T: %w", m, err)
		}
		if n > 0 {
			held = append(held, fmt.Sprintf("%d %s", n, tableOf(db, m)))
		}
	}
	return held, nil
}

// copyTable copies every row of model m's table from src to dst, by primary key, a batch at a time.
func copyTable(src, dst *gorm.DB, m any) (string, int64, error) {
	table := tableOf(dst, m)
	order := primaryKeyOrder(dst, m)
	rowType := reflect.TypeOf(m).Elem()
	var copied int64
	for offset := 0; ; offset += copyBatch {
		rows := reflect.New(reflect.SliceOf(rowType))
		if err := src.Model(m).Order(order).Limit(copyBatch).Offset(offset).Find(rows.Interface()).Error; err != nil {
			return table, copied, fmt.Errorf("store: unable to read %s: %w", table, err)
		}
		n := rows.Elem().Len()
		if n == 0 {
			return table, copied, nil
		}
		if err := dst.Omit(clause.Associations).Create(rows.Interface()).Error; err != nil {
			return table, copied, fmt.Errorf("store: unable to write %s: %w", table, err)
		}
		copied += int64(n)
		if n < copyBatch {
			return table, copied, nil
		}
	}
}

// tableOf is the table of model m.
func tableOf(db *gorm.DB, m any) string {
	stmt := &gorm.Statement{DB: db}
	if err := stmt.Parse(m); err != nil {
		return fmt.Sprintf("%T", m)
	}
	return stmt.Schema.Table
}

// primaryKeyOrder orders the rows of model m by its primary key.
func primaryKeyOrder(db *gorm.DB, m any) clause.OrderBy {
	stmt := &gorm.Statement{DB: db}
	var order clause.OrderBy
	if err := stmt.Parse(m); err != nil {
		return order
	}
	for _, f := range stmt.Schema.PrimaryFields {
		order.Columns = append(order.Columns, clause.OrderByColumn{Column: clause.Column{Name: f.DBName}})
	}
	return order
}

// hasIDSequence says whether model m's rows are numbered by the database (an id primary key).
func hasIDSequence(db *gorm.DB, m any) bool {
	stmt := &gorm.Statement{DB: db}
	if err := stmt.Parse(m); err != nil {
		return false
	}
	f := stmt.Schema.PrioritizedPrimaryField
	return f != nil && f.DBName == "id" && f.AutoIncrement && f.DataType != schema.String
}
