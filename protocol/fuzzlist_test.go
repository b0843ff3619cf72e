package protocol

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFuzzTargetsListed: every budget in the Makefile's FUZZ_TARGETS names
// a fuzz target that exists (testdata/tools/fuzz.sh finds and runs every
// target, listed or not; a misspelt name would silently lose its budget).
func TestFuzzTargetsListed(t *testing.T) {
	makefile, err := os.ReadFile("../Makefile")
	require.NoError(t, err)
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile(`([\w/]+):(Fuzz\w+):\d+`).FindAllStringSubmatch(string(makefile), -1) {
		listed[m[1]+":"+m[2]] = true
	}
	found := map[string]bool{}
	def := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(`)
	err = filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "android" || strings.HasPrefix(d.Name(), ".")) && path != ".." {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, "../")))
		for _, m := range def.FindAllStringSubmatch(string(text), -1) {
			found[pkg+":"+m[1]] = true
		}
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, found)
	require.NotEmpty(t, listed)
	for target := range listed {
		assert.True(t, found[target], "the Makefile lists %s, which does not exist", target)
	}
}
