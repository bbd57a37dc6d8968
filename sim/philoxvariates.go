package sim

import "critcalc/sim/philox"

// blockAt, normals and uniforms are the Philox variates the simulator
// draws (package philox), as functions the compiler can inline.
func blockAt(seed, stream, index uint64) (x0, x1, x2, x3 uint32) {
	return philox.Words(seed, stream, index)
}

func normals(seed, stream, index uint64) (z0, z1 float64) { return philox.Normals(seed, stream, index) }

func uniforms(seed, stream, index uint64) (u0, u1 float64) {
	return philox.Uniforms(seed, stream, index)
}
