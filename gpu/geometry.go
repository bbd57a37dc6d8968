package gpu

import (
	"fmt"

	"critcalc/gpu/codegen"
)

// Dim3 is a grid or block size.
type Dim3 struct{ X, Y, Z uint32 }

// LaunchConfig is the geometry of a kernel launch.
type LaunchConfig struct {
	Grid, Block Dim3
}

// Limits of every CUDA device of compute capability 3.0 and later.
const (
	MaxThreadsPerBlock = 1024
	MaxGridX           = 1<<31 - 1
	MaxGridY           = 65535
)

// Threads returns the number of threads the launch starts.
func (c LaunchConfig) Threads() int64 {
	return int64(c.Grid.X) * int64(c.Grid.Y) * int64(c.Grid.Z) *
		int64(c.Block.X) * int64(c.Block.Y) * int64(c.Block.Z)
}

// Linear returns a one-dimensional launch of blocks of threads threads
// for n work items: ⌈n/threads⌉ blocks, at most MaxGridX. The kernels
// that use it loop with a stride of the whole grid, so every item is
// covered even when the grid is capped.
func Linear(n int64, threads int) (LaunchConfig, error) {
	if n < 1 {
		return LaunchConfig{}, fmt.Errorf("gpu: linear launch of %d items", n)
	}
	if threads < 1 || threads > MaxThreadsPerBlock {
		return LaunchConfig{}, fmt.Errorf("gpu: %d threads per block, want 1 to %d", threads, MaxThreadsPerBlock)
	}
	blocks := min((n+int64(threads)-1)/int64(threads), MaxGridX)
	return LaunchConfig{Grid: Dim3{uint32(blocks), 1, 1}, Block: Dim3{uint32(threads), 1, 1}}, nil
}

// GEMM returns the launch of the tiled GEMM kernel for a product with an
// m×n result: blocks of codegen.Tile×codegen.Tile threads, ⌈n/Tile⌉
// blocks along x (columns) and ⌈m/Tile⌉ along y (rows). The blocks on the
// last row and column are ragged: their threads beyond the edge load zeros
// and write nothing.
func GEMM(m, n int) (LaunchConfig, error) {
	if m < 1 || n < 1 {
		return LaunchConfig{}, fmt.Errorf("gpu: GEMM of a %d×%d result", m, n)
	}
	gx, gy := (n+codegen.Tile-1)/codegen.Tile, (m+codegen.Tile-1)/codegen.Tile
	if gy > MaxGridY || gx > MaxGridX {
		return LaunchConfig{}, fmt.Errorf("gpu: GEMM of a %d×%d result needs a %d×%d grid, beyond %d×%d", m, n, gx, gy, MaxGridX, MaxGridY)
	}
	return LaunchConfig{Grid: Dim3{uint32(gx), uint32(gy), 1}, Block: Dim3{codegen.Tile, codegen.Tile, 1}}, nil
}

// Rows returns the launch of the per-row reduction kernel: one block of
// codegen.ReduceThreads threads per row.
func Rows(rows int) (LaunchConfig, error) {
	if rows < 1 || rows > MaxGridX {
		return LaunchConfig{}, fmt.Errorf("gpu: reduction over %d rows", rows)
	}
	return LaunchConfig{Grid: Dim3{uint32(rows), 1, 1}, Block: Dim3{codegen.ReduceThreads, 1, 1}}, nil
}
