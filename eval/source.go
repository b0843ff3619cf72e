package eval

import (
	"bytes"
	"fmt"
	"go/format"
	"reflect"
	"strings"
	"unsafe"
)

// Slot names one Score of Params: "PST[Knight][e4]" style names make a
// tuning diff reviewable.
type Slot struct {
	Name  string
	Index int // position in Params viewed as a flat array of Scores
}

// NumSlots is the number of Scores in Params.
const NumSlots = int(unsafe.Sizeof(Params{}) / unsafe.Sizeof(Score(0)))

// Flat views p as an array of all its Scores, in field order; the tuner
// works on this view.
func (p *Params) Flat() *[NumSlots]Score { return (*[NumSlots]Score)(unsafe.Pointer(p)) }

// slotIndex returns the flat index of a Score inside Weights (trace builds only).
func slotIndex(s *Score) int {
	return int((uintptr(unsafe.Pointer(s)) - uintptr(unsafe.Pointer(&Weights))) / unsafe.Sizeof(Score(0)))
}

var pieceTypeNames = [7]string{"None", "Pawn", "Knight", "Bishop", "Rook", "Queen", "King"}

// Slots lists every Score of Params with its name, in flat order.
func Slots() []Slot {
	var slots []Slot
	t := reflect.TypeOf(Params{})
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		walkSlots(f.Name, f.Type, &slots)
	}
	return slots
}

func walkSlots(name string, t reflect.Type, slots *[]Slot) {
	if t.Kind() != reflect.Array {
		*slots = append(*slots, Slot{Name: name, Index: len(*slots)})
		return
	}
	for i := 0; i < t.Len(); i++ {
		walkSlots(name+indexName(name, t, i), t.Elem(), slots)
	}
}

// indexName writes piece types and squares by name where the array is indexed by them.
func indexName(name string, t reflect.Type, i int) string {
	switch {
	case t.Len() == 7:
		return "[" + pieceTypeNames[i] + "]"
	case t.Len() == 64 && t.Elem().Kind() != reflect.Array && len(name) >= 3 && name[:3] == "PST":
		return fmt.Sprintf("[%c%d]", 'a'+i%8, i/8+1)
	}
	return fmt.Sprintf("[%d]", i)
}

// GoSource writes p as the Go file that defines Weights, one named field at
// a time, so a change of weights reads as a diff of named numbers.
func (p *Params) GoSource(header string) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\npackage eval\n\n// Weights is the evaluation's parameter set (see params.go and docs/EVAL.md).\nvar Weights = Params{\n", header)
	v := reflect.ValueOf(p).Elem()
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		fmt.Fprintf(&b, "%s: ", t.Field(i).Name)
		writeValue(&b, v.Field(i))
		b.WriteString(",\n")
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}

func writeValue(b *bytes.Buffer, v reflect.Value) {
	if v.Kind() != reflect.Array {
		s := Score(v.Int())
		fmt.Fprintf(b, "S(%d, %d)", s.MG(), s.EG())
		return
	}
	fmt.Fprintf(b, "%s{", strings.ReplaceAll(v.Type().String(), "eval.", ""))
	perLine := 8
	for i := 0; i < v.Len(); i++ {
		if v.Len() > perLine && i%perLine == 0 {
			b.WriteString("\n")
		}
		writeValue(b, v.Index(i))
		b.WriteString(", ")
	}
	if v.Len() > perLine {
		b.WriteString("\n")
	}
	b.WriteString("}")
}
