package quote

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTruncate(t *testing.T) {
	assert.Equal(t, "abc", Truncate("abc", 3))
	assert.Equal(t, "ab...", Truncate("abc", 2))
	assert.Equal(t, "...", Truncate("abc", 0))
	assert.Equal(t, "", Truncate("", 5))
}
