//! A node's count in a wide evaluation of a circuit: exact at any size, split by the digit of
//! one target variable where the node's variables include it.

use crate::solve::combos::Mask;
use crate::solve::memo::ExactCount;
use crate::solve::propagate::digits;

/// A node's count under some allowed digits, split by the digit of one target variable when the
/// node's variables include it, at any size: the wide evaluation's, where a narrow one (see
/// `Narrow`) found a count past 128 bits.
#[derive(Clone, Debug)]
pub(super) enum Value {
    Flat(ExactCount),
    /// Split, while every count fits in 128 bits: kept inline rather than boxed.
    Digits([u128; 10]),
    /// Split, past 128 bits.
    PerDigit(Box<[ExactCount; 10]>),
}

impl Value {
    pub(super) const ZERO: Value = Value::Flat(ExactCount::ZERO);

    pub(super) fn total(&self) -> ExactCount {
        match self {
            Value::Flat(n) => n.clone(),
            Value::Digits(per) => per.map(ExactCount::Small).iter().sum(),
            Value::PerDigit(per) => per.iter().sum(),
        }
    }

    pub(super) fn is_zero(&self) -> bool {
        match self {
            Value::Flat(n) => n.is_zero(),
            Value::Digits(per) => per.iter().all(|&n| n == 0),
            Value::PerDigit(per) => per.iter().all(ExactCount::is_zero),
        }
    }

    /// The split counts past 128 bits.
    pub(super) fn widened(&self) -> Box<[ExactCount; 10]> {
        match self {
            Value::Digits(per) => Box::new(per.map(ExactCount::Small)),
            Value::PerDigit(per) => per.clone(),
            Value::Flat(_) => Box::new(std::array::from_fn(|_| ExactCount::ZERO)),
        }
    }

    /// The counts per digit, whatever their width.
    pub(super) fn per_digit(self) -> [ExactCount; 10] {
        match self {
            Value::Digits(per) => per.map(ExactCount::Small),
            Value::PerDigit(per) => *per,
            // No solution at all (or the target outside the node's variables).
            Value::Flat(_) => std::array::from_fn(|_| ExactCount::ZERO),
        }
    }

    /// The count of this and an independent part together.
    pub(super) fn times(self, other: &Value) -> Value {
        match (self, other) {
            (Value::Flat(mut a), Value::Flat(b)) => {
                a.mul(b);
                Value::Flat(a)
            }
            (Value::Flat(a), split) => split.scaled(&a),
            (split, Value::Flat(a)) => split.scaled(a),
            _ => unreachable!("a variable lies in one part of a product"),
        }
    }

    /// This split count times `a`.
    pub(super) fn scaled(&self, a: &ExactCount) -> Value {
        if let (Value::Digits(per), ExactCount::Small(a)) = (self, a) {
            let mut out = [0u128; 10];
            if per
                .iter()
                .zip(&mut out)
                .all(|(&n, o)| n.checked_mul(*a).map(|p| *o = p).is_some())
            {
                return Value::Digits(out);
            }
        }
        let mut per = self.widened();
        per.iter_mut().for_each(|n| n.mul(a));
        Value::PerDigit(per)
    }

    /// Adds the count of another arm of the same branching.
    pub(super) fn add(&mut self, other: &Value) {
        match (&mut *self, other) {
            (Value::Flat(a), Value::Flat(b)) => return a.add(b),
            // Every arm holds every variable of the component (forced or in a part), so a flat
            // arm next to a split one is an arm with no solutions.
            (Value::Flat(_), split) => return *self = split.clone(),
            (_, Value::Flat(_)) => return,
            (Value::Digits(a), Value::Digits(b)) => {
                let mut out = *a;
                if out
                    .iter_mut()
                    .zip(b)
                    .all(|(x, &y)| x.checked_add(y).map(|s| *x = s).is_some())
                {
                    return *a = out;
                }
            }
            _ => {}
        }
        // Past 128 bits.
        let mut per = self.widened();
        per.iter_mut()
            .zip(other.widened().iter())
            .for_each(|(x, y)| x.add(y));
        *self = Value::PerDigit(per);
    }

    /// Adds `n` solutions in which the target takes the digit `d`.
    pub(super) fn add_at(&mut self, d: u8, n: &ExactCount) {
        let d = usize::from(d);
        if let Value::Flat(_) = self {
            *self = Value::Digits([0; 10]);
        }
        if let (Value::Digits(per), ExactCount::Small(n)) = (&mut *self, n)
            && let Some(sum) = per[d].checked_add(*n)
        {
            per[d] = sum;
            return;
        }
        let mut per = self.widened();
        per[d].add(n);
        *self = Value::PerDigit(per);
    }

    /// One solution for each digit `d` of `digits`.
    pub(super) fn one_each(digits_mask: Mask) -> Value {
        let mut per = [0u128; 10];
        for d in digits(digits_mask) {
            per[d as usize] = 1;
        }
        Value::Digits(per)
    }
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;

    use super::*;

    /// Split counts kept inline carry on exactly past 128 bits, in sums and in products.
    #[test]
    fn split_counts_widen_past_128_bits() {
        let big = |v: &Value| v.clone().per_digit().map(|t| t.to_big());
        let max = u128::MAX;
        let mut sum = Value::one_each(0b110);
        sum.add_at(2, &ExactCount::Small(max));
        assert!(matches!(sum, Value::PerDigit(_)));
        let mut want: [BigUint; 10] = std::array::from_fn(|_| BigUint::ZERO);
        want[1] = BigUint::from(1u8);
        want[2] = BigUint::from(max) + 1u8;
        assert_eq!(big(&sum), want);
        let mut near = Value::Digits([max - 1; 10]);
        near.add(&Value::Digits([1; 10]));
        assert!(matches!(near, Value::Digits(_)));
        near.add(&Value::Digits([1; 10]));
        assert_eq!(big(&near)[9], BigUint::from(max) + 1u8);
        let product = Value::Digits([3; 10]).times(&Value::Flat(ExactCount::Small(max)));
        assert_eq!(big(&product)[0], BigUint::from(max) * 3u8);
        assert_eq!(product.total().to_big(), BigUint::from(max) * 30u8);
        let small = Value::Flat(ExactCount::Small(4)).times(&Value::Digits([5; 10]));
        assert_eq!(small.per_digit()[3], ExactCount::Small(20));
    }
}
