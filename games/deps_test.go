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

// A game's rules depend on no engine part: the rules packages import
// neither the engine kit, nor a search, nor the tables or the net, nor the
// interface package of the engines (only the leaf package rules, for what
// every rules service shares).
func TestRulesPackagesImportNoEngine(t *testing.T) {
	forbidden := func(dep string) bool {
		switch dep {
		case "tempest/kit", "tempest/search", "tempest/tt", "tempest/nnue", "tempest/game":
			return true
		}
		return strings.HasPrefix(dep, "tempest/kit/") || strings.HasPrefix(dep, "tempest/search/") || strings.HasSuffix(dep, "search")
	}
	for _, pkg := range []string{"tempest/movegen", "tempest/rules", "tempest/variants/chessmate", "tempest/variants/chameleon", "tempest/variants/stratego"} {
		out, err := exec.Command("go", "list", "-deps", pkg).CombinedOutput()
		require.NoError(t, err, "%s", out)
		for _, dep := range strings.Fields(string(out)) {
			require.False(t, forbidden(dep), "%s depends on %s", pkg, dep)
		}
	}
}
