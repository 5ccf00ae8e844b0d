package base

import (
	"io"
	"sort"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
	"racedirector/views"
)

// MaxBackupBytes is the largest backup (a tour's, a season's) the import forms take.
const MaxBackupBytes = 10 << 20

// UploadedBackup reads the backup file of an import form (its field "file").
func UploadedBackup(c echo.Context) ([]byte, error) {
	fh, err := c.FormFile("file")
	if err != nil {
		return nil, refuse.Invalid("file", "choose a backup file (.json) to import")
	}
	if fh.Size > MaxBackupBytes {
		return nil, refuse.Invalidf("file", "is too large (at most %d MB)", MaxBackupBytes>>20)
	}
	f, err := fh.Open()
	if err != nil {
		return nil, refuse.Invalid("file", "could not be read")
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxBackupBytes+1))
	if err != nil {
		return nil, refuse.Invalid("file", "could not be read")
	}
	return data, nil
}

// BackupProblem says in words why a backup was refused: the first field named and its reason, and
// how many more.
func BackupProblem(l *i18n.Localizer, ve *refuse.ValidationError) string {
	if _, ok := ve.Fields["file"]; ok && len(ve.Fields) == 1 {
		return views.Sentence(l.Say(ve.Reason("file")))
	}
	keys := make([]string, 0, len(ve.Fields))
	for k := range ve.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	msg := l.T("setup.tours.backup_refused", "Field", keys[0], "Reason", l.Say(ve.Reason(keys[0])))
	if len(keys) > 1 {
		msg += " " + l.N("setup.tours.backup_more", len(keys)-1)
	}
	return msg
}
