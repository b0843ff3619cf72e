package games

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The package graph reads as the architecture: nothing the engine binary
// is built from imports the tuning tools (they depend on the engine, never
// the other way round).
func TestTheEngineDoesNotDependOnTuning(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "tempest/cmd/engine").CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, pkg := range strings.Fields(string(out)) {
		require.False(t, strings.HasPrefix(pkg, "tempest/tuning"), "cmd/engine depends on %s", pkg)
	}
}
