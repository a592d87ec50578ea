//===- ExecArith.cpp - Scalar op semantics --------------------------------===//
//
// The simulator's semantics of `arith`, `math`, `ub` and the few LLVM
// dialect value ops the NVVM lowering leaves (struct extraction, undef).
// Integer ops wrap at their width; f32 arithmetic is done in single precision
// so that results are bit-exact with the GPU's IEEE ops.
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::sim;

/// Applies a floating-point function in the precision of `type`: double for
/// f64, single for everything narrower (then rounded to the type).
template <typename Fn>
static uint64_t applyFloat(Type type, Fn fn, uint64_t a, uint64_t b = 0,
                           uint64_t c = 0) {
  if (type.isF64())
    return doubleBits(fn(asDouble(a), asDouble(b), asDouble(c)));
  if (type.isF32())
    return floatBits(fn(asFloat(a), asFloat(b), asFloat(c)));
  float x = toDouble(type, a), y = toDouble(type, b), z = toDouble(type, c);
  return fromDouble(type, fn(x, y, z));
}

//===----------------------------------------------------------------------===//
// Op semantics
//===----------------------------------------------------------------------===//

namespace {
/// Evaluates the ops of this file for one interpreter and mask.
struct ArithExecutor {
  Interpreter &interp;
  LaneMask mask;

  void setResult(Operation &op, WarpValue value) {
    interp.set(op.getResult(0), std::move(value));
  }

  /// An integer binary op `fn(a, b)` on the (wrapped) operand words.
  template <typename Fn> void intBinary(Operation &op, Fn fn) {
    Type type = op.getResult(0).getType();
    Value lhs = op.getOperand(0), rhs = op.getOperand(1);
    setResult(op, interp.mapLanes(mask, {lhs, rhs}, [&](unsigned l) {
      return truncateTo(type,
                        fn(interp.scalar(lhs, l), interp.scalar(rhs, l), type));
    }));
  }

  template <typename Fn> void floatOp(Operation &op, Fn fn) {
    Type type = op.getResult(0).getType();
    SmallVector<Value, 3> operands(op.getOperands());
    setResult(op, interp.mapLanes(mask, operands, [&](unsigned l) {
      uint64_t a = interp.scalar(operands[0], l);
      uint64_t b = operands.size() > 1 ? interp.scalar(operands[1], l) : 0;
      uint64_t c = operands.size() > 2 ? interp.scalar(operands[2], l) : 0;
      return applyFloat(type, fn, a, b, c);
    }));
  }

  /// A cast computing the result word from the operand word.
  template <typename Fn> void cast(Operation &op, Fn fn) {
    Value in = op.getOperand(0);
    setResult(op, interp.mapLanes(mask, {in}, [&](unsigned l) {
      return fn(interp.scalar(in, l));
    }));
  }

  /// Integer division-like ops: fail on a zero divisor, and for signed ones
  /// on the quotient that overflows (the most negative value by -1), which
  /// arith and LLVM leave undefined.
  template <typename Fn>
  LogicalResult division(Operation &op, Fn fn, bool isSigned = false) {
    Type type = op.getResult(0).getType();
    Value lhs = op.getOperand(0), rhs = op.getOperand(1);
    uint64_t minusOne = truncateTo(type, ~uint64_t(0));
    uint64_t mostNegative = uint64_t(1) << (getBitWidth(type) - 1);
    LaneMask zero = 0, overflow = 0;
    forEachLane(mask, [&](unsigned l) {
      uint64_t divisor = truncateTo(type, interp.scalar(rhs, l));
      if (divisor == 0)
        zero |= 1u << l;
      else if (isSigned && divisor == minusOne &&
               truncateTo(type, interp.scalar(lhs, l)) == mostNegative)
        overflow |= 1u << l;
    });
    if (zero)
      return interp.error(&op, interp.isDevice() ? zero : 0)
             << "integer division by zero";
    if (overflow)
      return interp.error(&op, interp.isDevice() ? overflow : 0)
             << "signed integer division overflow (the most negative value "
                "divided by -1 is undefined)";
    intBinary(op, fn);
    return success();
  }

  FailureOr<bool> run(Operation &op);
};
} // namespace

/// Compares two integer words with an arith.cmpi predicate.
static bool compareInts(arith::CmpIPredicate pred, Type type, uint64_t a,
                        uint64_t b) {
  uint64_t ua = truncateTo(type, a), ub = truncateTo(type, b);
  int64_t sa = signExtend(type, a), sb = signExtend(type, b);
  switch (pred) {
  case arith::CmpIPredicate::eq:
    return ua == ub;
  case arith::CmpIPredicate::ne:
    return ua != ub;
  case arith::CmpIPredicate::slt:
    return sa < sb;
  case arith::CmpIPredicate::sle:
    return sa <= sb;
  case arith::CmpIPredicate::sgt:
    return sa > sb;
  case arith::CmpIPredicate::sge:
    return sa >= sb;
  case arith::CmpIPredicate::ult:
    return ua < ub;
  case arith::CmpIPredicate::ule:
    return ua <= ub;
  case arith::CmpIPredicate::ugt:
    return ua > ub;
  case arith::CmpIPredicate::uge:
    return ua >= ub;
  }
  return false;
}

/// Compares two float values with an arith.cmpf predicate.
static bool compareFloats(arith::CmpFPredicate pred, double a, double b) {
  bool unordered = std::isnan(a) || std::isnan(b);
  switch (pred) {
  case arith::CmpFPredicate::AlwaysFalse:
    return false;
  case arith::CmpFPredicate::OEQ:
    return !unordered && a == b;
  case arith::CmpFPredicate::OGT:
    return !unordered && a > b;
  case arith::CmpFPredicate::OGE:
    return !unordered && a >= b;
  case arith::CmpFPredicate::OLT:
    return !unordered && a < b;
  case arith::CmpFPredicate::OLE:
    return !unordered && a <= b;
  case arith::CmpFPredicate::ONE:
    return !unordered && a != b;
  case arith::CmpFPredicate::ORD:
    return !unordered;
  case arith::CmpFPredicate::UEQ:
    return unordered || a == b;
  case arith::CmpFPredicate::UGT:
    return unordered || a > b;
  case arith::CmpFPredicate::UGE:
    return unordered || a >= b;
  case arith::CmpFPredicate::ULT:
    return unordered || a < b;
  case arith::CmpFPredicate::ULE:
    return unordered || a <= b;
  case arith::CmpFPredicate::UNE:
    return unordered || a != b;
  case arith::CmpFPredicate::UNO:
    return unordered;
  case arith::CmpFPredicate::AlwaysTrue:
    return true;
  }
  return false;
}

/// IEEE-754 2019 minimum/maximum: NaN propagates, -0 < +0.
template <typename T> static T minimum(T a, T b) {
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<T>::quiet_NaN();
  if (a == b)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}
template <typename T> static T maximum(T a, T b) {
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<T>::quiet_NaN();
  if (a == b)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

FailureOr<bool> ArithExecutor::run(Operation &op) {
  using I = uint64_t;
  auto s = [](Type t, I v) { return signExtend(t, v); };
  auto u = [](Type t, I v) { return truncateTo(t, v); };
  return llvm::TypeSwitch<Operation *, FailureOr<bool>>(&op)
      .Case([&](arith::ConstantOp c) -> FailureOr<bool> {
        Attribute value = c.getValue();
        if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
          WarpValue v;
          v.width = dense.getNumElements();
          for (Attribute element : dense.getValues<Attribute>())
            v.bits.push_back(attributeBits(element));
          setResult(op, std::move(v));
          return true;
        }
        setResult(op, WarpValue::scalar(attributeBits(value)));
        return true;
      })
      .Case([&](arith::AddIOp) {
        intBinary(op, [](I a, I b, Type) { return a + b; });
        return true;
      })
      .Case([&](arith::SubIOp) {
        intBinary(op, [](I a, I b, Type) { return a - b; });
        return true;
      })
      .Case([&](arith::MulIOp) {
        intBinary(op, [](I a, I b, Type) { return a * b; });
        return true;
      })
      .Case([&](arith::AndIOp) {
        intBinary(op, [](I a, I b, Type) { return a & b; });
        return true;
      })
      .Case([&](arith::OrIOp) {
        intBinary(op, [](I a, I b, Type) { return a | b; });
        return true;
      })
      .Case([&](arith::XOrIOp) {
        intBinary(op, [](I a, I b, Type) { return a ^ b; });
        return true;
      })
      .Case([&](arith::ShLIOp) {
        intBinary(op, [&](I a, I b, Type t) {
          return u(t, b) >= getBitWidth(t) ? 0 : a << u(t, b);
        });
        return true;
      })
      .Case([&](arith::ShRUIOp) {
        intBinary(op, [&](I a, I b, Type t) {
          return u(t, b) >= getBitWidth(t) ? 0 : u(t, a) >> u(t, b);
        });
        return true;
      })
      .Case([&](arith::ShRSIOp) {
        intBinary(op, [&](I a, I b, Type t) {
          I shift = std::min<I>(u(t, b), getBitWidth(t) - 1);
          return static_cast<I>(s(t, a) >> shift);
        });
        return true;
      })
      .Case([&](arith::MinSIOp) {
        intBinary(op,
                  [&](I a, I b, Type t) { return s(t, a) < s(t, b) ? a : b; });
        return true;
      })
      .Case([&](arith::MaxSIOp) {
        intBinary(op,
                  [&](I a, I b, Type t) { return s(t, a) > s(t, b) ? a : b; });
        return true;
      })
      .Case([&](arith::MinUIOp) {
        intBinary(op,
                  [&](I a, I b, Type t) { return u(t, a) < u(t, b) ? a : b; });
        return true;
      })
      .Case([&](arith::MaxUIOp) {
        intBinary(op,
                  [&](I a, I b, Type t) { return u(t, a) > u(t, b) ? a : b; });
        return true;
      })
      .Case([&](arith::DivUIOp) -> FailureOr<bool> {
        if (failed(division(
                op, [&](I a, I b, Type t) { return u(t, a) / u(t, b); })))
          return failure();
        return true;
      })
      .Case([&](arith::RemUIOp) -> FailureOr<bool> {
        if (failed(division(
                op, [&](I a, I b, Type t) { return u(t, a) % u(t, b); })))
          return failure();
        return true;
      })
      .Case([&](arith::DivSIOp) -> FailureOr<bool> {
        if (failed(division(
                op,
                [&](I a, I b, Type t) {
                  return static_cast<I>(s(t, a) / s(t, b));
                },
                /*isSigned=*/true)))
          return failure();
        return true;
      })
      .Case([&](arith::RemSIOp) -> FailureOr<bool> {
        if (failed(division(
                op,
                [&](I a, I b, Type t) {
                  return static_cast<I>(s(t, a) % s(t, b));
                },
                /*isSigned=*/true)))
          return failure();
        return true;
      })
      .Case([&](arith::CeilDivUIOp) -> FailureOr<bool> {
        if (failed(division(op, [&](I a, I b, Type t) {
              return u(t, a) / u(t, b) + (u(t, a) % u(t, b) != 0);
            })))
          return failure();
        return true;
      })
      .Case([&](arith::CeilDivSIOp) -> FailureOr<bool> {
        if (failed(division(
                op,
                [&](I a, I b, Type t) {
                  int64_t x = s(t, a), y = s(t, b), q = x / y;
                  return static_cast<I>(
                      (x % y != 0 && ((x < 0) == (y < 0))) ? q + 1 : q);
                },
                /*isSigned=*/true)))
          return failure();
        return true;
      })
      .Case([&](arith::FloorDivSIOp) -> FailureOr<bool> {
        if (failed(division(
                op,
                [&](I a, I b, Type t) {
                  int64_t x = s(t, a), y = s(t, b), q = x / y;
                  return static_cast<I>(
                      (x % y != 0 && ((x < 0) != (y < 0))) ? q - 1 : q);
                },
                /*isSigned=*/true)))
          return failure();
        return true;
      })
      .Case([&](arith::CmpIOp cmp) {
        Type type = cmp.getLhs().getType();
        Value lhs = cmp.getLhs(), rhs = cmp.getRhs();
        setResult(op, interp.mapLanes(mask, {lhs, rhs}, [&](unsigned l) -> I {
          return compareInts(cmp.getPredicate(), type, interp.scalar(lhs, l),
                             interp.scalar(rhs, l));
        }));
        return true;
      })
      .Case([&](arith::CmpFOp cmp) {
        Type type = cmp.getLhs().getType();
        Value lhs = cmp.getLhs(), rhs = cmp.getRhs();
        setResult(op, interp.mapLanes(mask, {lhs, rhs}, [&](unsigned l) -> I {
          return compareFloats(cmp.getPredicate(),
                               toDouble(type, interp.scalar(lhs, l)),
                               toDouble(type, interp.scalar(rhs, l)));
        }));
        return true;
      })
      .Case([&](arith::SelectOp select) {
        Value c = select.getCondition(), t = select.getTrueValue(),
              f = select.getFalseValue();
        const WarpValue &tv = interp.get(t), &fv = interp.get(f),
                        &cv = interp.get(c);
        if (tv.isMemRef() || tv.width != 1) {
          WarpValue result = tv;
          result.expand();
          LaneMask pickFalse = 0;
          forEachLane(mask, [&](unsigned l) {
            if (!(cv.get(l) & 1))
              pickFalse |= 1u << l;
          });
          result.assignLanes(fv, pickFalse);
          setResult(op, std::move(result));
          return true;
        }
        setResult(op, interp.mapLanes(mask, {c, t, f}, [&](unsigned l) {
          return (cv.get(l) & 1) ? tv.get(l) : fv.get(l);
        }));
        return true;
      })
      .Case<arith::ExtUIOp, arith::IndexCastUIOp>([&](auto) {
        Type from = op.getOperand(0).getType(), to = op.getResult(0).getType();
        cast(op, [&](I v) { return truncateTo(to, truncateTo(from, v)); });
        return true;
      })
      .Case<arith::ExtSIOp, arith::IndexCastOp>([&](auto) {
        Type from = op.getOperand(0).getType(), to = op.getResult(0).getType();
        cast(op, [&](I v) {
          return truncateTo(to, static_cast<I>(signExtend(from, v)));
        });
        return true;
      })
      .Case([&](arith::TruncIOp) {
        Type to = op.getResult(0).getType();
        cast(op, [&](I v) { return truncateTo(to, v); });
        return true;
      })
      .Case([&](arith::BitcastOp) {
        cast(op, [&](I v) { return v; });
        return true;
      })
      .Case<arith::ExtFOp, arith::TruncFOp>([&](auto) {
        Type from = op.getOperand(0).getType(), to = op.getResult(0).getType();
        cast(op, [&](I v) { return fromDouble(to, toDouble(from, v)); });
        return true;
      })
      .Case([&](arith::SIToFPOp) {
        Type from = op.getOperand(0).getType(), to = op.getResult(0).getType();
        cast(op, [&](I v) {
          int64_t x = signExtend(from, v);
          return to.isF64() ? doubleBits(static_cast<double>(x))
                            : fromDouble(to, static_cast<float>(x));
        });
        return true;
      })
      .Case([&](arith::UIToFPOp) {
        Type from = op.getOperand(0).getType(), to = op.getResult(0).getType();
        cast(op, [&](I v) {
          uint64_t x = truncateTo(from, v);
          return to.isF64() ? doubleBits(static_cast<double>(x))
                            : fromDouble(to, static_cast<float>(x));
        });
        return true;
      })
      .Case([&](arith::FPToSIOp) {
        Type from = op.getOperand(0).getType(), to = op.getResult(0).getType();
        cast(op, [&](I v) {
          double x = toDouble(from, v);
          return truncateTo(to, static_cast<I>(static_cast<int64_t>(x)));
        });
        return true;
      })
      .Case([&](arith::FPToUIOp) {
        Type from = op.getOperand(0).getType(), to = op.getResult(0).getType();
        cast(op, [&](I v) {
          return truncateTo(to, static_cast<I>(toDouble(from, v)));
        });
        return true;
      })
      .Case([&](arith::AddFOp) {
        floatOp(op, [](auto a, auto b, auto) { return a + b; });
        return true;
      })
      .Case([&](arith::SubFOp) {
        floatOp(op, [](auto a, auto b, auto) { return a - b; });
        return true;
      })
      .Case([&](arith::MulFOp) {
        floatOp(op, [](auto a, auto b, auto) { return a * b; });
        return true;
      })
      .Case([&](arith::DivFOp) {
        floatOp(op, [](auto a, auto b, auto) { return a / b; });
        return true;
      })
      .Case([&](arith::RemFOp) {
        floatOp(op, [](auto a, auto b, auto) { return std::fmod(a, b); });
        return true;
      })
      .Case([&](arith::NegFOp) {
        floatOp(op, [](auto a, auto, auto) { return -a; });
        return true;
      })
      .Case([&](arith::MinNumFOp) {
        floatOp(op, [](auto a, auto b, auto) { return std::fmin(a, b); });
        return true;
      })
      .Case([&](arith::MaxNumFOp) {
        floatOp(op, [](auto a, auto b, auto) { return std::fmax(a, b); });
        return true;
      })
      .Case([&](arith::MinimumFOp) {
        floatOp(op, [](auto a, auto b, auto) { return minimum(a, b); });
        return true;
      })
      .Case([&](arith::MaximumFOp) {
        floatOp(op, [](auto a, auto b, auto) { return maximum(a, b); });
        return true;
      })
      .Case([&](math::FmaOp) {
        floatOp(op, [](auto a, auto b, auto c) { return std::fma(a, b, c); });
        return true;
      })
      .Case([&](math::SqrtOp) {
        floatOp(op, [](auto a, auto, auto) { return std::sqrt(a); });
        return true;
      })
      .Case([&](math::RsqrtOp) {
        floatOp(op, [](auto a, auto, auto) {
          return static_cast<decltype(a)>(1) / std::sqrt(a);
        });
        return true;
      })
      .Case([&](math::AbsFOp) {
        floatOp(op, [](auto a, auto, auto) { return std::fabs(a); });
        return true;
      })
      .Case([&](math::ExpOp) {
        floatOp(op, [](auto a, auto, auto) { return std::exp(a); });
        return true;
      })
      .Case([&](math::Exp2Op) {
        floatOp(op, [](auto a, auto, auto) { return std::exp2(a); });
        return true;
      })
      .Case([&](math::LogOp) {
        floatOp(op, [](auto a, auto, auto) { return std::log(a); });
        return true;
      })
      .Case([&](math::Log2Op) {
        floatOp(op, [](auto a, auto, auto) { return std::log2(a); });
        return true;
      })
      .Case([&](math::SinOp) {
        floatOp(op, [](auto a, auto, auto) { return std::sin(a); });
        return true;
      })
      .Case([&](math::CosOp) {
        floatOp(op, [](auto a, auto, auto) { return std::cos(a); });
        return true;
      })
      .Case([&](math::TanhOp) {
        floatOp(op, [](auto a, auto, auto) { return std::tanh(a); });
        return true;
      })
      .Case([&](math::ErfOp) {
        floatOp(op, [](auto a, auto, auto) { return std::erf(a); });
        return true;
      })
      .Case([&](math::FloorOp) {
        floatOp(op, [](auto a, auto, auto) { return std::floor(a); });
        return true;
      })
      .Case([&](math::CeilOp) {
        floatOp(op, [](auto a, auto, auto) { return std::ceil(a); });
        return true;
      })
      .Case([&](math::PowFOp) {
        floatOp(op, [](auto a, auto b, auto) { return std::pow(a, b); });
        return true;
      })
      .Case([&](math::AbsIOp) {
        Type type = op.getResult(0).getType();
        cast(op, [&](I v) {
          int64_t x = signExtend(type, v);
          return truncateTo(type, static_cast<I>(x < 0 ? -x : x));
        });
        return true;
      })
      .Case([&](math::CountLeadingZerosOp) {
        Type type = op.getResult(0).getType();
        unsigned width = getBitWidth(type);
        cast(op, [&](I v) -> I {
          v = truncateTo(type, v);
          return v ? __builtin_clzll(v) - (64 - width) : width;
        });
        return true;
      })
      .Case([&](math::CountTrailingZerosOp) {
        Type type = op.getResult(0).getType();
        unsigned width = getBitWidth(type);
        cast(op, [&](I v) -> I {
          v = truncateTo(type, v);
          return v ? __builtin_ctzll(v) : width;
        });
        return true;
      })
      .Case([&](math::CtPopOp) {
        Type type = op.getResult(0).getType();
        cast(op, [&](I v) -> I {
          return __builtin_popcountll(truncateTo(type, v));
        });
        return true;
      })
      .Case([&](ub::PoisonOp p) {
        unsigned width = 1;
        if (auto vec = dyn_cast<VectorType>(p.getType()))
          width = vec.getNumElements();
        WarpValue v;
        v.width = width;
        v.bits.assign(width, 0);
        setResult(op, std::move(v));
        return true;
      })
      .Case<LLVM::UndefOp, LLVM::PoisonOp, LLVM::ZeroOp>([&](auto) {
        unsigned width = 1;
        if (auto st = dyn_cast<LLVM::LLVMStructType>(op.getResult(0).getType()))
          width = st.getBody().size();
        WarpValue v;
        v.width = width;
        v.bits.assign(width, 0);
        setResult(op, std::move(v));
        return true;
      })
      .Case([&](LLVM::ExtractValueOp extract) -> FailureOr<bool> {
        if (extract.getPosition().size() != 1)
          return interp.error(&op) << "nested llvm.extractvalue positions are "
                                      "not supported by the simulator";
        int64_t index = extract.getPosition()[0];
        Value container = extract.getContainer();
        setResult(op, interp.mapLanes(mask, {container}, [&](unsigned l) {
          return interp.get(container).get(l, index);
        }));
        return true;
      })
      .Default([](Operation *) -> FailureOr<bool> { return false; });
}

FailureOr<bool> sim::executeArithOp(Interpreter &interp, Operation &op,
                                    LaneMask mask) {
  if (!isa_and_present<arith::ArithDialect, math::MathDialect, ub::UBDialect,
                       LLVM::LLVMDialect>(op.getDialect()))
    return false;
  // Scalar semantics only: element-wise ops on vectors are not modelled.
  if (!isa<arith::ConstantOp, ub::PoisonOp, LLVM::ExtractValueOp, LLVM::UndefOp,
           LLVM::PoisonOp, LLVM::ZeroOp, arith::SelectOp>(op) &&
      llvm::any_of(op.getOperandTypes(),
                   [](Type t) { return isa<VectorType>(t); }))
    return interp.error(&op) << "element-wise '" << op.getName()
                             << "' on vectors is not supported by the "
                                "simulator";
  return ArithExecutor{interp, mask}.run(op);
}
