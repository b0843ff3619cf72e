package rules

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"tempest/internal/quote"
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
	text, err := recordText(text)
	if err != nil {
		return r, err
	}
	tags, end, line, err := tagSection(text)
	if err != nil {
		return r, err
	}
	for _, t := range tags {
		if _, twice := r.lookup(t.name); twice {
			return r, recordErr("line %d: a second %s tag: each tag is given once", t.line, t.name)
		}
		r.Tags = append(r.Tags, [2]string{t.name, t.value})
	}
	if len(r.Tags) == 0 {
		return r, recordErr("no tag pairs such as [Event \"...\"] at the start")
	}
	tokens, err := movetextTokens(text[end:], line)
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
				tok.line, tok.text, afterMove(r.Moves), quote.Truncate(next.text, 20))
		}
		r.Result = tok.text
		return r, nil
	}
	warning := fmt.Sprintf("the movetext ends with no result (1-0, 0-1, 1/2-1/2 or *) %s: the record may be cut short", afterMove(r.Moves))
	if tag := r.Tag("Result"); tag != "" {
		warning += fmt.Sprintf("; its Result tag %q is not trusted, the moves decide", quote.Truncate(tag, 20))
	}
	r.Warnings = append(r.Warnings, warning)
	return r, nil
}

// afterMove places a point of the movetext for a message: "after move 3 (Nf3)".
func afterMove(moves []string) string {
	if len(moves) == 0 {
		return "before any move"
	}
	return fmt.Sprintf("after move %d (%s)", len(moves), quote.Truncate(moves[len(moves)-1], 20))
}

// recordText is a record's text as the reader takes it, whatever program
// wrote it: a byte order mark dropped, text that is not UTF-8 read as
// Latin-1 (the PGN standard's encoding, which older programs still write)
// and "\r\n" line ends made "\n". UTF-16 is refused by name.
func recordText(text string) (string, error) {
	if strings.HasPrefix(text, "\xff\xfe") || strings.HasPrefix(text, "\xfe\xff") {
		return "", recordErr("the text is UTF-16: save the record as UTF-8 or Latin-1")
	}
	text = strings.TrimPrefix(text, "\ufeff")
	if !utf8.ValidString(text) {
		runes := make([]rune, len(text))
		for i := 0; i < len(text); i++ {
			runes[i] = rune(text[i])
		}
		text = string(runes)
	}
	return strings.ReplaceAll(text, "\r\n", "\n"), nil
}

// tagPair is a tag read from a record, with its line for messages.
type tagPair struct {
	name, value string
	line        int
}

// tagSection reads the tag pairs at the start of a record: any number of
// them to a line, separated by spaces or tabs, with comments ({...}, ; to
// the end of the line) and escape lines (% in the first column) around them,
// as PGN's import format allows. It returns them with the offset and the
// line number at which the movetext starts.
func tagSection(text string) (tags []tagPair, end, line int, err error) {
	line = 1
	for i := 0; i < len(text); {
		switch c := text[i]; {
		case c == '\n':
			line++
			i++
		case asciiSpace(c):
			i++
		case c == ';' || c == '%' && (i == 0 || text[i-1] == '\n'):
			i += lineLength(text[i:])
		case c == '{':
			n := strings.IndexByte(text[i:], '}')
			if n < 0 {
				return nil, 0, 0, recordErr("a comment { is never closed (it opens on line %d)", line)
			}
			line += strings.Count(text[i:i+n], "\n")
			i += n + 1
		case c == '[':
			name, value, n, err := scanTagPair(text[i:])
			if err != nil {
				return nil, 0, 0, recordErr("line %d: %v", line, err)
			}
			tags = append(tags, tagPair{name, value, line})
			i += n
		default:
			return tags, i, line, nil
		}
	}
	return tags, len(text), line, nil
}

// asciiSpace says whether byte c is white space. The movetext is read a
// byte at a time, so the bytes of a multi-byte character (0x85 and 0xa0
// among them, which Unicode calls spaces alone) never split a token.
func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// lineLength is the length of text's first line, without its end.
func lineLength(text string) int {
	if n := strings.IndexByte(text, '\n'); n >= 0 {
		return n
	}
	return len(text)
}

// scanTagPair reads the tag pair [Name "value"] at the start of text, with
// any spaces or tabs between its parts, and returns its length. In the
// value, \" is a quote and \\ a backslash; a bare quote that is not the
// value's last (before the "]") is a quote too.
func scanTagPair(text string) (name, value string, n int, err error) {
	excerpt := quote.Truncate(text[:lineLength(text)], 40)
	blank := func(i int) int {
		for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
			i++
		}
		return i
	}
	i := blank(1)
	start := i
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' {
			break
		}
		i += size
	}
	name = text[start:i]
	if name != "" && i < len(text) && text[i] != ' ' && text[i] != '\t' && text[i] != '"' {
		r, _ := utf8.DecodeRuneInString(text[i:])
		return "", "", 0, fmt.Errorf("tag name %q has a character %q", name, r)
	}
	if i = blank(i); name == "" || i >= len(text) || text[i] != '"' {
		return "", "", 0, fmt.Errorf("%q is not a tag pair [Name \"value\"]", excerpt)
	}
	var b strings.Builder
	for i++; ; i++ {
		if i >= len(text) || text[i] == '\n' {
			return "", "", 0, fmt.Errorf("tag %q does not end with ]", excerpt)
		}
		// A quote ends the value where the pair ends; one that does not is
		// part of the value (python-chess writes quotes in names unescaped).
		if text[i] == '"' {
			if j := blank(i + 1); j < len(text) && text[j] == ']' {
				break
			}
		}
		if text[i] == '\\' && i+1 < len(text) && (text[i+1] == '"' || text[i+1] == '\\') {
			i++
		}
		b.WriteByte(text[i])
	}
	if i = blank(i + 1); i >= len(text) || text[i] != ']' {
		return "", "", 0, fmt.Errorf("tag %q does not end with ]", excerpt)
	}
	return name, b.String(), i + 1, nil
}

// ParseTags reads a line of tag pairs, as many as it holds, laid out as
// ParsePGN reads them (spaces, tabs, comments between them).
func ParseTags(line string) ([][2]string, error) {
	tags, end, _, err := tagSection(line)
	if err != nil {
		return nil, err
	}
	if rest := strings.TrimSpace(line[end:]); rest != "" || len(tags) == 0 {
		return nil, fmt.Errorf("%q is not a line of tag pairs [Name \"value\"]", quote.Truncate(line, 40))
	}
	out := make([][2]string, len(tags))
	for i, t := range tags {
		out[i] = [2]string{t.name, t.value}
	}
	return out, nil
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
		case asciiSpace(c):
			i++
		default:
			j := i
			for j < len(text) && !asciiSpace(text[j]) && !strings.ContainsRune("{};()", rune(text[j])) {
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
			// "e.p." is an old suffix some programs write apart from its move.
			if tok == "" || tok[0] == '$' || tok == "e.p." || (strings.Trim(tok, "0123456789") == "" && tok[0] != '0') {
				continue
			}
			// A move never starts with [, and written at the start of a
			// line it would read as a tag pair ("3.[" is not a move).
			if tok[0] == '[' {
				return nil, recordErr("line %d: %q is not a move: a move does not start with [", line, quote.Truncate(whole, 20))
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
