// Package pychess finds, for tests, the Python interpreter that has
// python-chess, the independent oracle the tests hold Tempest to (rules,
// records, UCI, training data).
package pychess

import (
	"os"
	"os/exec"
	"testing"
)

// Python returns the interpreter, failing t with how to get python-chess
// when it cannot import it: TEMPEST_PYTHON (`make test` points it at its
// virtual environment), else python3.
func Python(t testing.TB) string {
	t.Helper()
	py := os.Getenv("TEMPEST_PYTHON")
	if py == "" {
		py = "python3"
	}
	if out, err := exec.Command(py, "-c", "import chess, chess.engine").CombinedOutput(); err != nil {
		t.Fatalf("python-chess is needed as the oracle (run `make test`, or `pip install chess`): %v\n%s", err, out)
	}
	return py
}
