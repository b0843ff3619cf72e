package search

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// paramValues reads the names and integer values of the first const or var
// block of a file.
func paramValues(t *testing.T, file string) map[string]int {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	require.NoError(t, err)
	values := map[string]int{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || (g.Tok != token.CONST && g.Tok != token.VAR) {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.INT {
					n, err := strconv.Atoi(lit.Value)
					require.NoError(t, err)
					values[name.Name] = n
				}
			}
		}
		break
	}
	return values
}

// The tune build's variables are the normal build's constants, name for
// name and value for value, and every one is offered as an option.
func TestTuneParamsMatch(t *testing.T) {
	consts := paramValues(t, "params_const.go")
	vars := paramValues(t, "params_tune.go")
	require.NotEmpty(t, consts)
	assert.Equal(t, consts, vars)

	f, err := parser.ParseFile(token.NewFileSet(), "params_tune.go", nil, 0)
	require.NoError(t, err)
	listed := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND {
			if id, ok := u.X.(*ast.Ident); ok {
				listed[id.Name] = true
			}
		}
		return true
	})
	for name := range vars {
		assert.True(t, listed[name], "%s is not in Tunables", name)
	}
}
