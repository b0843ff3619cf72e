package chameleondata

import (
	"fmt"
	"os"

	"tempest/tuning/vfit"
	"tempest/variants/chameleon"
	"tempest/variants/chameleon/chsearch"
)

// Model is the fit's model over chsearch's terms, starting from w. Pawn
// is held: in a two-player game a side's pawn count is also told by
// FewPawns (which of 1, 2, 3 or 4 it has, the last held at 0), so any
// change of Pawn is matched by FewPawns' and the data cannot tell the two
// apart; material is fitted through FewPawns.
func Model(w *chsearch.Weights) vfit.Model {
	v := w.Vector()
	frozen := make([]bool, chsearch.NumTerms)
	frozen[chsearch.TermPawn] = true
	return vfit.Model{Names: chsearch.TermNames[:], Start: v[:], Frozen: frozen}
}

// Weights are the fitted weights as the evaluation's, the rest from base.
func Weights(base *chsearch.Weights, fitted []float64) chsearch.Weights {
	return base.WithVector([chsearch.NumTerms]float64(fitted))
}

// Samples decodes one stored game and appends its kept positions, each
// from its mover's view, all on the side of the split validation says.
func Samples(encoded []byte, validation bool, dst []vfit.Sample) ([]vfit.Sample, error) {
	first := len(dst)
	var second []bool
	g, err := Decode(encoded, func(cg *chameleon.Game, ply int, p Ply) error {
		if !p.Kept {
			return nil
		}
		t := chsearch.Terms(cg.Pos())
		dst = append(dst, vfit.Sample{Terms: vfit.Row(t[:]), Score: float64(p.Score), Validation: validation})
		second = append(second, ply%2 == 1)
		return nil
	})
	if err != nil {
		return dst[:first], err
	}
	vfit.FillResults(dst[first:], float64(g.Result)/2, second)
	return dst, nil
}

// WriteWeights writes the generated Go file that holds the fitted weights
// (variants/chameleon/chsearch/eval_weights.go), with its provenance.
func WriteWeights(path string, w chsearch.Weights, provenance []string) error {
	src, err := WeightsSource(w, provenance)
	if err != nil {
		return err
	}
	return os.WriteFile(path, src, 0o644)
}

// WeightsSource is the generated file's text.
func WeightsSource(w chsearch.Weights, provenance []string) ([]byte, error) {
	decl := fmt.Sprintf("var FittedWeights = Weights{\n\tPawn: %d, Role: [4]int{%d, %d, %d, %d}, FewPawns: [5]int{%d, %d, %d, %d, %d},\n"+
		"\tMobility: %d, Hanging: %d, Defended: %d, Edge: %d, FieldsAhead: %d, Shrink: %d,\n}\n",
		w.Pawn, w.Role[0], w.Role[1], w.Role[2], w.Role[3], w.FewPawns[0], w.FewPawns[1], w.FewPawns[2], w.FewPawns[3], w.FewPawns[4],
		w.Mobility, w.Hanging, w.Defended, w.Edge, w.FieldsAhead, w.Shrink)
	return vfit.WeightsFile("chsearch", nil,
		[]string{"FittedWeights are the evaluation's weights fitted to self-play", "(docs/VARIANT-TRAINING.md)."}, provenance, decl)
}
