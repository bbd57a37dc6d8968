package gpu

import (
	"testing"

	"critcalc/gpu/codegen"
)

func TestLinear(t *testing.T) {
	tests := []struct {
		n       int64
		threads int
		grid    uint32
		err     bool
	}{
		{1, 256, 1, false},
		{256, 256, 1, false},
		{257, 256, 2, false},
		{1000, 128, 8, false},
		{1 << 50, 1024, MaxGridX, false}, // capped: the grid-stride loop covers the rest
		{0, 256, 0, true},
		{10, 0, 0, true},
		{10, 2048, 0, true},
	}
	for _, tt := range tests {
		c, err := Linear(tt.n, tt.threads)
		if (err != nil) != tt.err {
			t.Errorf("Linear(%d, %d) error = %v, want error %v", tt.n, tt.threads, err, tt.err)
			continue
		}
		if err == nil && (c.Grid != Dim3{tt.grid, 1, 1} || c.Block != Dim3{uint32(tt.threads), 1, 1}) {
			t.Errorf("Linear(%d, %d) = %+v, want grid %d", tt.n, tt.threads, c, tt.grid)
		}
	}
}

// gridStrideCover counts how often a grid-stride loop over n items with
// launch c visits each item.
func gridStrideCover(c LaunchConfig, n int) []int {
	seen := make([]int, n)
	step := int(c.Grid.X) * int(c.Block.X)
	for b := range int(c.Grid.X) {
		for th := range int(c.Block.X) {
			for i := b*int(c.Block.X) + th; i < n; i += step {
				seen[i]++
			}
		}
	}
	return seen
}

// Every item of a linear launch is visited exactly once, for ragged
// sizes too.
func TestLinearCovers(t *testing.T) {
	for _, n := range []int{1, 7, 255, 256, 257, 1000, 4097} {
		for _, threads := range []int{1, 32, 256} {
			c, err := Linear(int64(n), threads)
			if err != nil {
				t.Fatal(err)
			}
			for i, s := range gridStrideCover(c, n) {
				if s != 1 {
					t.Fatalf("Linear(%d, %d): item %d visited %d times", n, threads, i, s)
				}
			}
		}
	}
}

func TestGEMMGeometry(t *testing.T) {
	const T = codegen.Tile
	tests := []struct {
		m, n   int
		gx, gy uint32
		err    bool
	}{
		{1, 1, 1, 1, false},
		{T, T, 1, 1, false},
		{T + 1, T, 1, 2, false},
		{100, 1, 1, 7, false},
		{64, 1000, 63, 4, false},
		{T * MaxGridY, 1, 1, MaxGridY, false},
		{T*MaxGridY + 1, 1, 0, 0, true},
		{0, 5, 0, 0, true},
		{5, 0, 0, 0, true},
	}
	for _, tt := range tests {
		c, err := GEMM(tt.m, tt.n)
		if (err != nil) != tt.err {
			t.Errorf("GEMM(%d, %d) error = %v, want error %v", tt.m, tt.n, err, tt.err)
			continue
		}
		if err == nil && (c.Grid != Dim3{tt.gx, tt.gy, 1} || c.Block != Dim3{T, T, 1}) {
			t.Errorf("GEMM(%d, %d) = %+v, want grid (%d, %d)", tt.m, tt.n, c, tt.gx, tt.gy)
		}
	}
}

// With the kernel's index map (row = blockIdx.y·Tile + threadIdx.y, col =
// blockIdx.x·Tile + threadIdx.x, guarded by row < M, col < N), every
// element of C is written by exactly one thread, for ragged edges too.
func TestGEMMCovers(t *testing.T) {
	const T = codegen.Tile
	for _, mn := range [][2]int{{1, 1}, {T, T}, {T + 1, 3}, {37, 50}, {100, 1}, {1, 100}} {
		m, n := mn[0], mn[1]
		c, err := GEMM(m, n)
		if err != nil {
			t.Fatal(err)
		}
		written := make([]int, m*n)
		for by := range int(c.Grid.Y) {
			for bx := range int(c.Grid.X) {
				for ty := range T {
					for tx := range T {
						row, col := by*T+ty, bx*T+tx
						if row < m && col < n {
							written[row*n+col]++
						}
					}
				}
			}
		}
		for i, w := range written {
			if w != 1 {
				t.Fatalf("GEMM(%d, %d): C[%d][%d] written %d times", m, n, i/n, i%n, w)
			}
		}
	}
}

func TestRows(t *testing.T) {
	c, err := Rows(10)
	if err != nil || c.Grid != (Dim3{10, 1, 1}) || c.Block != (Dim3{codegen.ReduceThreads, 1, 1}) {
		t.Errorf("Rows(10) = %+v, %v", c, err)
	}
	if _, err := Rows(0); err == nil {
		t.Errorf("Rows(0) gave no error")
	}
	if got := c.Threads(); got != 10*codegen.ReduceThreads {
		t.Errorf("Threads() = %d", got)
	}
}
