package strategodata

import (
	"fmt"
	"os"
	"strings"

	"tempest/tuning/vfit"
	"tempest/variants/stratego"
	"tempest/variants/stratego/stsearch"
)

// Model is the fit's model over stsearch's terms, starting from w. Nothing
// is held but what Terms leaves out (HiddenShare, the Flag's value): each
// term varies between positions on its own.
func Model(w *stsearch.Weights) vfit.Model {
	v := w.Vector()
	return vfit.Model{Names: stsearch.TermNames[:], Start: v[:]}
}

// Weights are the fitted weights as the evaluation's, the rest from base.
func Weights(base *stsearch.Weights, fitted []float64) stsearch.Weights {
	return base.WithVector([stsearch.NumTerms]float64(fitted))
}

// Samples decodes one stored game and appends its kept positions, each
// from its mover's view (the root of its decision) with the hidden share
// of start, all on the side of the split validation says.
func Samples(encoded []byte, validation bool, start *stsearch.Weights, dst []vfit.Sample) ([]vfit.Sample, error) {
	first := len(dst)
	var second []bool
	g, err := Decode(encoded, func(sg *stratego.Game, _ int, p Ply) error {
		if !p.Kept {
			return nil
		}
		pos := sg.Pos()
		t := stsearch.Terms(pos, pos.SideToMove(), start.HiddenShare)
		dst = append(dst, vfit.Sample{Terms: vfit.Row(t[:]), Score: float64(p.Score), Validation: validation})
		second = append(second, pos.SideToMove() == stratego.Everwinter)
		return nil
	})
	if err != nil {
		return dst[:first], err
	}
	vfit.FillResults(dst[first:], float64(g.Result)/2, second)
	return dst, nil
}

// WriteWeights writes the generated Go file that holds the fitted weights
// (variants/stratego/stsearch/eval_weights.go), with its provenance.
func WriteWeights(path string, w stsearch.Weights, provenance []string) error {
	src, err := WeightsSource(w, provenance)
	if err != nil {
		return err
	}
	return os.WriteFile(path, src, 0o644)
}

// WeightsSource is the generated file's text.
func WeightsSource(w stsearch.Weights, provenance []string) ([]byte, error) {
	var b strings.Builder
	b.WriteString("var FittedWeights = Weights{\n\tPiece: [stratego.Unknown + 1]int{\n\t\t")
	for i, k := range stsearch.FittedKinds {
		if i == 6 {
			b.WriteString("\n\t\t")
		}
		fmt.Fprintf(&b, "stratego.%s: %d, ", stsearch.KindName(k), w.Piece[k])
	}
	if w.Piece[stratego.Flag] != 0 || w.Piece[stratego.Unknown] != 0 {
		fmt.Fprintf(&b, "stratego.Flag: %d, stratego.Unknown: %d,", w.Piece[stratego.Flag], w.Piece[stratego.Unknown])
	}
	fmt.Fprintf(&b, "\n\t},\n\tSlayerHunt: %d, LastDwarfs: %d, HiddenShare: %d, HiddenPiece: %d, HiddenMoved: %d,\n"+
		"\tDriveStep: %d, SlayerStep: %d, IntrusionStep: %d, Danger: %d,\n}\n",
		w.SlayerHunt, w.LastDwarfs, w.HiddenShare, w.HiddenPiece, w.HiddenMoved, w.DriveStep, w.SlayerStep, w.IntrusionStep, w.Danger)
	return vfit.WeightsFile("stsearch", []string{"tempest/variants/stratego"},
		[]string{"FittedWeights are the evaluation's weights fitted to self-play", "(docs/VARIANT-TRAINING.md)."}, provenance, b.String())
}
