package sheets

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestDump writes every sheet of the fixtures to $SHEETS_DUMP for looking at them.
func TestDump(t *testing.T) {
	dir := os.Getenv("SHEETS_DUMP")
	if dir == "" {
		t.Skip("SHEETS_DUMP not set")
	}
	for name, f := range map[string]fixture{"cp": cyclingPartyTour(t), "caf": ciclismoTour(t), "2r": ruoteTour(t)} {
		in := f.input(len(f.results))
		for _, s := range Sheets(f.tour.Ruleset) {
			var pdf, xlsx bytes.Buffer
			if err := PDF(&pdf, s.ID, in); err != nil {
				t.Errorf("%s %s pdf: %v", name, s.ID, err)
				continue
			}
			if err := XLSX(&xlsx, s.ID, in); err != nil {
				t.Errorf("%s %s xlsx: %v", name, s.ID, err)
				continue
			}
			os.WriteFile(filepath.Join(dir, name+"-"+s.ID+".pdf"), pdf.Bytes(), 0o644)
			os.WriteFile(filepath.Join(dir, name+"-"+s.ID+".xlsx"), xlsx.Bytes(), 0o644)
		}
	}
}
