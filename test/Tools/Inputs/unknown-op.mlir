// An op the wc dialect does not have.
func.func @f(%p: i1) -> i32 {
  %0 = wc.warp_vote %p -> i32
  return %0 : i32
}
