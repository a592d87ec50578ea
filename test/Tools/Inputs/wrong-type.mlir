// A reduction of a vector: wc collectives take scalars.
func.func @f(%x: vector<4xf32>) {
  %0 = wc.reduce add %x : vector<4xf32>
  return
}
