package sim

import "critcalc/sim/philox"

// normals and uniforms are the Philox variates the simulator draws
// (package philox), as functions the compiler can inline.
func normals(seed, stream, index uint64) (z0, z1 float64) { return philox.Normals(seed, stream, index) }

func uniforms(seed, stream, index uint64) (u0, u1 float64) {
	return philox.Uniforms(seed, stream, index)
}
