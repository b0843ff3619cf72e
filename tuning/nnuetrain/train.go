package nnuetrain

import (
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"time"

	"tempest/nnue"
	"tempest/tuning/trainingdata"
)

// Config sets a training run.
type Config struct {
	Epochs    int
	BatchSize int
	LR        float32 // Adam's step size at the start
	// After LRDropEpoch epochs the step size is multiplied by LRDecay, and
	// again every LRDropEvery epochs after that (0: once).
	LRDropEpoch, LRDropEvery int
	LRDecay                  float32
	Lambda                   float32 // the result's share of the target
	// WDLScale is the logistic curve's scale in centipawns (0: nnue.Scale,
	// 400): the score that predicts 73% for the side to move.
	WDLScale   float32
	Threads    int
	Seed       uint64  // initial weights and the order of the samples
	Validation float64 // share of the data held out
	// Mirror trains every other epoch on the a-to-h reflection of each
	// position without castling rights: the same chess, twice the data.
	Mirror bool
	// OutputBuckets is how many output layers the net learns: 1, or
	// nnue.OutputBuckets (one per range of piece counts; 0 means that).
	OutputBuckets int
	CheckpointDir string // where each epoch's checkpoint goes ("" for none)
}

func (c Config) buckets() int {
	if c.OutputBuckets == 0 {
		return nnue.OutputBuckets
	}
	return c.OutputBuckets
}

// DefaultConfig is what `tempest-dev train` uses unless told otherwise.
var DefaultConfig = Config{
	Epochs: 20, BatchSize: 16384, LR: 0.001, LRDropEpoch: 12, LRDropEvery: 4, LRDecay: 0.3,
	Lambda: 0.3, Threads: 2, Seed: 1, Validation: 0.02, Mirror: true,
}

func (c Config) objective() Objective { return Objective{Lambda: c.Lambda, WDLScale: c.WDLScale} }

// EpochStats reports one epoch.
type EpochStats struct {
	Epoch               int
	TrainLoss, ValLoss  float64
	LR                  float32
	Samples, ValSamples int
	Elapsed             time.Duration
}

// checkpointVersion changes whenever a resumed run would not continue the
// run that wrote the checkpoint (version 2: validation holds out whole
// games; 3: output buckets).
const checkpointVersion = 3

// checkpoint is what a run saves after every epoch to resume from.
type checkpoint struct {
	Version     int
	Config      Config
	Epoch       int // epochs done
	Model       Model
	M, V        [][]float32 // Adam's moments, in params order
	Step        int
	History     []EpochStats
	DataRecords int // the data's size, so a resume on other data is refused
}

const checkpointName = "checkpoint.gob"

// Train fits a model to the records, resuming from cfg.CheckpointDir when
// a checkpoint of the same configuration and data size is there. progress,
// if not nil, gets every epoch's losses. The held-out records are the same
// for a given seed and data, so validation losses compare across runs.
func Train(ctx context.Context, records []trainingdata.Record, cfg Config, progress func(EpochStats)) (*Model, []EpochStats, error) {
	if len(records) < 2 {
		return nil, nil, errors.New("nnuetrain: need at least two positions")
	}
	if cfg.BatchSize < 1 || cfg.Epochs < 1 || cfg.Threads < 1 {
		return nil, nil, fmt.Errorf("nnuetrain: batch size, epochs and threads must be positive (%d, %d, %d)", cfg.BatchSize, cfg.Epochs, cfg.Threads)
	}
	if b := cfg.buckets(); b != 1 && b != nnue.OutputBuckets {
		return nil, nil, fmt.Errorf("nnuetrain: %d output buckets; a net has 1 or %d", b, nnue.OutputBuckets)
	}
	val, train := split(records, cfg.Seed, cfg.Validation)

	cp := checkpoint{Version: checkpointVersion, Config: cfg, Model: *NewModel(cfg.Seed, cfg.buckets()), DataRecords: len(records)}
	cp.M, cp.V = zerosLike(cp.Model.params()), zerosLike(cp.Model.params())
	if cfg.CheckpointDir != "" {
		if old, err := loadCheckpoint(cfg.CheckpointDir); err == nil {
			if old.Version != checkpointVersion {
				return nil, nil, fmt.Errorf("nnuetrain: %s was written by another version of the trainer (%d, this one writes %d); train into another directory",
					filepath.Join(cfg.CheckpointDir, checkpointName), old.Version, checkpointVersion)
			}
			if old.Config != cfg || old.DataRecords != len(records) {
				return nil, nil, fmt.Errorf("nnuetrain: %s holds a run of other settings or data; train into another directory",
					filepath.Join(cfg.CheckpointDir, checkpointName))
			}
			cp = old
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, nil, err
		}
	}
	m := &cp.Model
	grads := make([]*Model, cfg.Threads)
	for i := range grads {
		grads[i] = newZeroModel(cfg.buckets())
	}
	shuffled := make([]int32, len(train))
	for epoch := cp.Epoch; epoch < cfg.Epochs; epoch++ {
		start := time.Now()
		lr := cfg.LR
		if cfg.LRDropEpoch > 0 && epoch >= cfg.LRDropEpoch {
			drops := 1
			if cfg.LRDropEvery > 0 {
				drops += (epoch - cfg.LRDropEpoch) / cfg.LRDropEvery
			}
			lr *= float32(math.Pow(float64(cfg.LRDecay), float64(drops)))
		}
		// Each epoch visits the training samples in its own order, drawn
		// from the epoch's number, so a resumed run repeats it.
		copy(shuffled, train)
		erng := rand.New(rand.NewPCG(cfg.Seed, uint64(epoch)+1))
		erng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		var total float64
		seen := 0
		// Whole batches only (a last partial one waits for the next
		// epoch's order), but at least one.
		for b := 0; b == 0 || b+cfg.BatchSize <= len(shuffled); b += cfg.BatchSize {
			if err := ctx.Err(); err != nil {
				return m, cp.History, err
			}
			batch := shuffled[b:min(b+cfg.BatchSize, len(shuffled))]
			seen += len(batch)
			total += gradient(m, records, batch, cfg.objective(), cfg.Mirror && epoch%2 == 1, grads)
			cp.Step++
			adam(m, grads[0], cp.M, cp.V, lr, cp.Step, float32(len(batch)))
			m.clip()
		}
		st := EpochStats{Epoch: epoch + 1, TrainLoss: total / float64(seen), LR: lr,
			Samples: seen, ValSamples: len(val), Elapsed: time.Since(start)}
		st.ValLoss = Loss(m, records, val, cfg.objective(), cfg.Threads)
		cp.History = append(cp.History, st)
		cp.Epoch = epoch + 1
		if cfg.CheckpointDir != "" {
			if err := saveCheckpoint(cfg.CheckpointDir, &cp); err != nil {
				return m, cp.History, err
			}
		}
		if progress != nil {
			progress(st)
		}
	}
	return m, cp.History, nil
}

// split holds out about share of the records for validation, whole games
// at a time (a game ends at a record marked last of its game): positions of
// one game are alike, so a game split over both sets would reward
// memorising it. Records without game marks (fewer than two games) are
// held out one by one. The choice depends on the seed and the data only.
func split(records []trainingdata.Record, seed uint64, share float64) (val, train []int32) {
	rng := rand.New(rand.NewPCG(seed, 0x7EA1))
	want := min(max(int(float64(len(records))*share), 1), len(records)-1)
	var games [][2]int32 // [start, end) of each game
	start := 0
	for i := range records {
		if records[i].LastOfGame() || i == len(records)-1 {
			games = append(games, [2]int32{int32(start), int32(i + 1)})
			start = i + 1
		}
	}
	if len(games) < 2 {
		order := make([]int32, len(records))
		for i := range order {
			order[i] = int32(i)
		}
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		return order[:want], order[want:]
	}
	rng.Shuffle(len(games), func(i, j int) { games[i], games[j] = games[j], games[i] })
	held := make([]bool, len(records))
	for k, g := range games {
		if len(val) >= want || k == len(games)-1 {
			break
		}
		for i := g[0]; i < g[1]; i++ {
			held[i] = true
			val = append(val, i)
		}
	}
	for i := range records {
		if !held[i] {
			train = append(train, int32(i))
		}
	}
	return val, train
}

// gradient sums the loss gradient of a batch into grads[0], spreading the
// samples over the threads, and returns the batch's summed loss. mirror
// reflects the positions that have no castling rights.
func gradient(m *Model, records []trainingdata.Record, batch []int32, obj Objective, mirror bool, grads []*Model) float64 {
	threads := len(grads)
	losses := make([]float64, threads)
	var wg sync.WaitGroup
	for t := 0; t < threads; t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := grads[t]
			clear(g.W1)
			clear(g.B1)
			clear(g.W2)
			clear(g.B2)
			var s sample
			var sc scratch
			for i := t; i < len(batch); i += threads {
				r := &records[batch[i]]
				decode(r, &s, mirror && r.Castling() == 0)
				out := m.forward(&s, &sc)
				l, dOut := obj.loss(out, obj.target(&s))
				losses[t] += float64(l)
				m.backward(&s, &sc, dOut, g)
			}
		}()
	}
	wg.Wait()
	sum := losses[0]
	total := grads[0].params()
	for t := 1; t < threads; t++ {
		sum += losses[t]
		for i, p := range grads[t].params() {
			dst := total[i]
			for j := range p {
				dst[j] += p[j]
			}
		}
	}
	return sum
}

// Loss is the mean loss of the model over the records listed in idx.
func Loss(m *Model, records []trainingdata.Record, idx []int32, obj Objective, threads int) float64 {
	threads = max(threads, 1)
	sums := make([]float64, threads)
	var wg sync.WaitGroup
	for t := 0; t < threads; t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var s sample
			var sc scratch
			for i := t; i < len(idx); i += threads {
				decode(&records[idx[i]], &s, false)
				l, _ := obj.loss(m.forward(&s, &sc), obj.target(&s))
				sums[t] += float64(l)
			}
		}()
	}
	wg.Wait()
	var sum float64
	for _, s := range sums {
		sum += s
	}
	return sum / float64(max(len(idx), 1))
}

// adam takes one step of Adam with the batch's mean gradient.
func adam(m, g *Model, mom, vel [][]float32, lr float32, step int, batch float32) {
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	c1 := 1 - math.Pow(beta1, float64(step))
	c2 := 1 - math.Pow(beta2, float64(step))
	rate := lr * float32(math.Sqrt(c2)/c1)
	gp := g.params()
	for i, p := range m.params() {
		gr, mo, ve := gp[i], mom[i], vel[i]
		for j := range p {
			grad := gr[j] / batch
			mo[j] = beta1*mo[j] + (1-beta1)*grad
			ve[j] = beta2*ve[j] + (1-beta2)*grad*grad
			p[j] -= rate * mo[j] / (float32(math.Sqrt(float64(ve[j]))) + eps)
		}
	}
}

func zerosLike(ps [][]float32) [][]float32 {
	out := make([][]float32, len(ps))
	for i, p := range ps {
		out[i] = make([]float32, len(p))
	}
	return out
}

func saveCheckpoint(dir string, cp *checkpoint) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp := filepath.Join(dir, checkpointName+".tmp")
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := gob.NewEncoder(f).Encode(cp); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, checkpointName))
}

func loadCheckpoint(dir string) (checkpoint, error) {
	var cp checkpoint
	f, err := os.Open(filepath.Join(dir, checkpointName))
	if err != nil {
		return cp, err
	}
	defer f.Close()
	if err := gob.NewDecoder(f).Decode(&cp); err != nil {
		return cp, fmt.Errorf("nnuetrain: %s: %v", f.Name(), err)
	}
	return cp, nil
}
