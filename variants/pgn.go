package variants

import (
	"fmt"
	"strings"
	"unicode"

	"tempest/kit"
)

// Record is a game record in PGN form: tag pairs in order, the movetext's
// move tokens (SAN for chess, action tokens for the variants) and the result.
type Record struct {
	Tags   [][2]string
	Moves  []string
	Result string
	// Warnings name what a lenient read let pass, such as a movetext that
	// ends without a result (the record may be cut short).
	Warnings []string
}

// Tag returns a tag's value, or "" if absent.
func (r *Record) Tag(name string) string {
	for _, t := range r.Tags {
		if t[0] == name {
			return t[1]
		}
	}
	return ""
}

// SetTag sets or adds a tag.
func (r *Record) SetTag(name, value string) {
	for i, t := range r.Tags {
		if t[0] == name {
			r.Tags[i][1] = value
			return
		}
	}
	r.Tags = append(r.Tags, [2]string{name, value})
}

// MaxRecordBytes bounds a game record, so a broken file cannot exhaust memory.
const MaxRecordBytes = 4 << 20

// RecordError reports text that is not a game record of the expected form.
type RecordError struct{ Problem string }

func (e *RecordError) Error() string { return "not a game record: " + e.Problem }

func recordErr(format string, args ...any) error {
	return &RecordError{Problem: fmt.Sprintf(format, args...)}
}

// ParsePGN reads one game: tag pairs ([Name "value"]) then movetext. Move
// numbers, comments ({...} and ; to the end of the line), NAGs ($n) and
// variations ((...)) are skipped. The result marker (1-0, 0-1, 1/2-1/2 or
// *) ends the game: movetext after it is refused, since it is either a
// corrupt record or a second game. A movetext without a marker may have been
// cut short: it is read with a warning, and Result is "".
func ParsePGN(text string) (Record, error) {
	var r Record
	if len(text) > MaxRecordBytes {
		return r, recordErr("%d bytes, more than the %d a game record may have", len(text), MaxRecordBytes)
	}
	if strings.TrimSpace(text) == "" {
		return r, recordErr("the text is empty")
	}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	i := 0
	for ; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" || strings.HasPrefix(line, "%") {
			continue
		}
		if !strings.HasPrefix(line, "[") {
			break
		}
		name, value, err := ParseTag(line)
		if err != nil {
			return r, recordErr("line %d: %v", i+1, err)
		}
		if _, twice := r.lookup(name); twice {
			return r, recordErr("line %d: a second %s tag: each tag is given once", i+1, name)
		}
		r.Tags = append(r.Tags, [2]string{name, value})
	}
	if len(r.Tags) == 0 {
		return r, recordErr("no tag pairs such as [Event \"...\"] at the start")
	}
	tokens, err := movetextTokens(strings.Join(lines[i:], "\n"), i+1)
	if err != nil {
		return r, err
	}
	if len(tokens) == 0 {
		return r, recordErr("no movetext after the tags: the record is cut short (a game without moves is written *)")
	}
	for k, tok := range tokens {
		if !IsResultMarker(tok.text) {
			r.Moves = append(r.Moves, tok.text)
			continue
		}
		if k+1 < len(tokens) {
			next := tokens[k+1]
			return r, recordErr("line %d: the result %s %s is followed by %q: a result ends the game, and a record holds one game",
				tok.line, tok.text, afterMove(r.Moves), kit.Truncate(next.text, 20))
		}
		r.Result = tok.text
		return r, nil
	}
	warning := fmt.Sprintf("the movetext ends with no result (1-0, 0-1, 1/2-1/2 or *) %s: the record may be cut short", afterMove(r.Moves))
	if tag := r.Tag("Result"); tag != "" {
		warning += fmt.Sprintf("; its Result tag %q is not trusted, the moves decide", kit.Truncate(tag, 20))
	}
	r.Warnings = append(r.Warnings, warning)
	return r, nil
}

// afterMove places a point of the movetext for a message: "after move 3 (Nf3)".
func afterMove(moves []string) string {
	if len(moves) == 0 {
		return "before any move"
	}
	return fmt.Sprintf("after move %d (%s)", len(moves), kit.Truncate(moves[len(moves)-1], 20))
}

// ParseTag reads one tag pair line, [Name "value"].
func ParseTag(line string) (name, value string, err error) {
	if !strings.HasSuffix(line, "]") {
		return "", "", fmt.Errorf("tag %q does not end with ]", kit.Truncate(line, 40))
	}
	body := strings.TrimSpace(line[1 : len(line)-1])
	name, rest, ok := strings.Cut(body, " ")
	rest = strings.TrimSpace(rest)
	if !ok || name == "" || len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' {
		return "", "", fmt.Errorf("%q is not a tag pair [Name \"value\"]", kit.Truncate(line, 40))
	}
	for _, c := range name {
		if !unicode.IsLetter(c) && !unicode.IsDigit(c) && c != '_' {
			return "", "", fmt.Errorf("tag name %q has a character %q", name, c)
		}
	}
	value = strings.ReplaceAll(strings.ReplaceAll(rest[1:len(rest)-1], `\"`, `"`), `\\`, `\`)
	return name, value, nil
}

// movetextToken is a move or result token and the line it is on.
type movetextToken struct {
	text string
	line int
}

// movetextTokens splits movetext into move tokens and the result; firstLine
// is the number of the movetext's first line, for messages.
func movetextTokens(text string, firstLine int) ([]movetextToken, error) {
	var out []movetextToken
	depth := 0 // variation nesting
	line := firstLine
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '{':
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				return nil, recordErr("a comment { is never closed (it opens on line %d)", line)
			}
			line += strings.Count(text[i:i+end], "\n")
			i += end + 1
		case c == ';':
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				end = len(text) - i
			}
			i += end
		case c == '}':
			return nil, recordErr("line %d: a } closes no comment", line)
		case c == '(':
			depth++
			i++
		case c == ')':
			if depth == 0 {
				return nil, recordErr("line %d: a ) closes no variation", line)
			}
			depth--
			i++
		case c == '\n':
			line++
			i++
		case unicode.IsSpace(rune(c)):
			i++
		default:
			j := i
			for j < len(text) && !unicode.IsSpace(rune(text[j])) && !strings.ContainsRune("{};()", rune(text[j])) {
				j++
			}
			tok, whole := text[i:j], text[i:j]
			i = j
			if depth > 0 || tok[0] == '$' {
				continue
			}
			if tok[0] == '[' {
				return nil, recordErr("line %d: a tag pair after the movetext: tags come first, and a record holds one game", line)
			}
			// Strip move numbers ("12." or "12...") in front of the move.
			for {
				k := 0
				for k < len(tok) && tok[k] >= '0' && tok[k] <= '9' {
					k++
				}
				if k == 0 || k == len(tok) || tok[k] != '.' {
					break
				}
				tok = strings.TrimLeft(tok[k:], ".")
			}
			// Nothing left after a number, a NAG glued to one ("3.$1"), or a
			// bare move number ("12"); move numbers start at 1, so an
			// all-digit token starting with 0 is a move: the pass 0000.
			if tok == "" || tok[0] == '$' || (strings.Trim(tok, "0123456789") == "" && tok[0] != '0') {
				continue
			}
			// A move never starts with [, and written at the start of a
			// line it would read as a tag pair ("3.[" is not a move).
			if tok[0] == '[' {
				return nil, recordErr("line %d: %q is not a move: a move does not start with [", line, kit.Truncate(whole, 20))
			}
			out = append(out, movetextToken{tok, line})
		}
	}
	if depth != 0 {
		return nil, recordErr("a variation ( is never closed")
	}
	return out, nil
}

// Write writes the record as PGN: the tags, a blank line, and the movetext
// with move numbers, wrapped at 80 columns, ending with the result.
// blackFirst says the first move is Black's (a start position with Black to
// move); firstNumber is the first move number.
func (r *Record) Write(firstNumber int, blackFirst bool) string {
	var b strings.Builder
	for _, t := range r.Tags {
		v := strings.ReplaceAll(strings.ReplaceAll(t[1], `\`, `\\`), `"`, `\"`)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", t[0], v)
	}
	b.WriteByte('\n')
	var words []string
	number, black := max(firstNumber, 1), blackFirst
	for i, m := range r.Moves {
		switch {
		case !black:
			words = append(words, fmt.Sprintf("%d.", number))
		case i == 0:
			words = append(words, fmt.Sprintf("%d...", number))
		}
		words = append(words, m)
		if black {
			number++
		}
		black = !black
	}
	result := r.Result
	if result == "" {
		result = "*"
	}
	words = append(words, result)
	col := 0
	for _, w := range words {
		if col > 0 && col+1+len(w) > 80 {
			b.WriteByte('\n')
			col = 0
		} else if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += len(w)
	}
	b.WriteByte('\n')
	return b.String()
}
