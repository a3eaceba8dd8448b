//! Suggested fixes for a designer's draft with several solutions.
