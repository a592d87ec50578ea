// A shuffle missing its type.
func.func @f(%x: f32, %o: i32) {
  %0:2 = wc.shuffle idx %x, %o
  return
}
