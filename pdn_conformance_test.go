package hexdame

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// conformanceDir is the PDN standard's conformance games, kept beside the
// project in shared/.
const conformanceDir = "../shared/pdn-conformance"

// readAllRecords reads every record of a file with the syntax layer and
// returns them with the errors met.
func readAllRecords(t *testing.T, path string) ([]*Record, []error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewReader(f)
	var recs []*Record
	var errs []error
	for {
		rec, err := r.ReadRecord()
		if err == io.EOF {
			return recs, errs
		}
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%s: error %v is not a *ParseError", path, err)
			}
			errs = append(errs, err)
			continue
		}
		recs = append(recs, rec)
	}
}

func conformanceFiles(t *testing.T, sub string) []string {
	files, _ := filepath.Glob(filepath.Join(conformanceDir, sub, "*.pdn"))
	if len(files) == 0 {
		t.Skipf("no PDN conformance games in %s (they live in the project's shared folder)", filepath.Join(conformanceDir, sub))
	}
	return files
}

func TestConformanceSucceed(t *testing.T) {
	for _, path := range conformanceFiles(t, "succeed") {
		recs, errs := readAllRecords(t, path)
		for _, err := range errs {
			t.Errorf("%s: %v", filepath.Base(path), err)
		}
		if len(recs) == 0 {
			t.Errorf("%s: no games read", filepath.Base(path))
		}
	}
}

func TestConformanceFail(t *testing.T) {
	for _, path := range conformanceFiles(t, "fail") {
		_, errs := readAllRecords(t, path)
		if len(errs) == 0 {
			t.Errorf("%s: read without error, want a syntax error", filepath.Base(path))
		} else {
			t.Logf("%s: %v", filepath.Base(path), errs[0])
		}
	}
}
