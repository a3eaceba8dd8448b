//! Helpers shared by the test crates: test puzzles, an independent validity check, random small
//! grids and their encryption.
#![allow(dead_code)] // each test crate uses its own subset

pub mod cli;

use std::collections::HashSet;

use kakuro::{Cell, Cipher, Clue, Grid, Letter, Pos, Puzzle, Solution};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Reads the `.kakuro` text layout (enough for the test puzzles; the real parser lives in
/// `format`).
pub fn parse_text(text: &str) -> Grid {
    let rows: Vec<Vec<Cell>> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            l.split_whitespace()
                .map(|tok| {
                    if tok.chars().all(|c| c == '_') {
                        return Cell::WHITE;
                    }
                    let (d, a) = tok.split_once('\\').expect("a wall token");
                    let sum = |s: &str| (!s.is_empty()).then(|| Clue::Sum(s.parse().unwrap()));
                    Cell::Wall {
                        down: sum(d),
                        across: sum(a),
                    }
                })
                .collect()
        })
        .collect();
    Grid::from_rows(rows)
}

pub fn shared(name: &str) -> Option<String> {
    let path = format!("../shared/puzzles/{name}");
    match std::fs::read_to_string(&path) {
        Ok(t) => Some(t),
        Err(_) => {
            println!("SKIP: {path} is not here");
            None
        }
    }
}

/// The value of a clue under a letter assignment; `None` for a two-letter clue led by a zero.
pub fn clue_value(clue: Clue, letters: Option<[u8; 10]>) -> Option<u32> {
    match clue {
        Clue::Sum(s) => Some(u32::from(s)),
        Clue::Cipher(Cipher { tens, units }) => {
            let l = letters?;
            let u = u32::from(l[units.index()]);
            match tens {
                None => Some(u),
                Some(t) if l[t.index()] == 0 => None,
                Some(t) => Some(10 * u32::from(l[t.index()]) + u),
            }
        }
    }
}

/// Whether a solution satisfies every rule, checked directly from the puzzle.
pub fn is_valid(puzzle: &Puzzle, s: &Solution) -> bool {
    if s.digits.len() != puzzle.cells().len() || s.digits.iter().any(|&d| !(1..=9).contains(&d)) {
        return false;
    }
    if let Some(l) = s.letters {
        let distinct: HashSet<u8> = l.iter().copied().collect();
        if distinct.len() != 10 || l.iter().any(|&d| d > 9) {
            return false;
        }
        for (i, c) in puzzle.cells().iter().enumerate() {
            if c.shown.is_some_and(|x| l[x.index()] != s.digits[i]) {
                return false;
            }
        }
    } else if puzzle.is_cryptic() {
        return false;
    }
    puzzle.runs().iter().all(|run| {
        let ds: Vec<u8> = run.cells.iter().map(|c| s.digits[c.index()]).collect();
        let distinct: HashSet<u8> = ds.iter().copied().collect();
        let total: u32 = ds.iter().map(|&d| u32::from(d)).sum();
        distinct.len() == ds.len()
            && run
                .clue
                .is_none_or(|c| clue_value(c, s.letters) == Some(total))
    })
}

prop_compose! {
    /// The property tests' random small grids ([`random_small_grid`] over its whole range).
    pub fn small_grids()(
        seed in any::<u64>(),
        w in 1usize..=6,
        h in 1usize..=6,
        white in 0.5f64..0.95,
        random_clues in any::<bool>(),
        no_sum in prop_oneof![Just(0.0), Just(0.15), Just(0.4)],
    ) -> Grid {
        random_small_grid(seed, w, h, white, random_clues, no_sum)
    }
}

/// A random small grid: a border of walls around up to 6 × 6 cells, each white with
/// probability `white`, clues from a random filling or random, some runs without a sum.
pub fn random_small_grid(
    seed: u64,
    w: usize,
    h: usize,
    white: f64,
    random_clues: bool,
    no_sum: f64,
) -> Grid {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut grid = Grid::new(w + 1, h + 1);
    for r in 1..=h {
        for c in 1..=w {
            if rng.random_bool(white) {
                grid.set(Pos::new(r, c), Cell::WHITE);
            }
        }
    }
    let filling = random_filling(&grid, &mut rng);
    for seg in grid.segments() {
        let wall = seg.wall.expect("a border wall");
        let sum = if rng.random_bool(no_sum) {
            None
        } else if random_clues || filling.is_none() {
            let n = seg.len as u32;
            Some(rng.random_range(n * (n + 1) / 2..=n * (19 - n) / 2) as u8)
        } else {
            let f = filling.as_ref().unwrap();
            Some(seg.cells().map(|p| f[p.row * (w + 1) + p.col]).sum())
        };
        if let Some(Cell::Wall { down, across }) = grid.get_mut(wall) {
            match seg.dir {
                kakuro::Direction::Across => *across = sum.map(Clue::Sum),
                kakuro::Direction::Down => *down = sum.map(Clue::Sum),
            }
        }
    }
    grid
}

/// Digits per grid index with no repeat in a row or column segment, greedy with restarts.
pub fn random_filling(grid: &Grid, rng: &mut StdRng) -> Option<Vec<u8>> {
    'attempt: for _ in 0..200 {
        let mut f = vec![0u8; grid.width() * grid.height()];
        for pos in grid.positions() {
            if !grid.is_white(pos) {
                continue;
            }
            let mut used = 0u16;
            for (dr, dc) in [(0usize, 1usize), (1, 0)] {
                let (mut r, mut c) = (pos.row, pos.col);
                while r >= dr && c >= dc && grid.is_white(Pos::new(r - dr, c - dc)) {
                    r -= dr;
                    c -= dc;
                    used |= 1 << f[r * grid.width() + c];
                }
            }
            let free: Vec<u8> = (1..=9).filter(|d| used & (1 << d) == 0).collect();
            if free.is_empty() {
                continue 'attempt;
            }
            f[grid.index(pos)] = free[rng.random_range(0..free.len())];
        }
        return Some(f);
    }
    None
}

/// Replaces every sum by letters under `key` (digit -> letter) and shows some cells' letters.
pub fn encrypt(
    grid: &Grid,
    puzzle: &Puzzle,
    solution: &[u8],
    key: &[Letter; 10],
    show: f64,
    rng: &mut StdRng,
) -> Grid {
    let mut out = grid.clone();
    let cipher = |c: Option<Clue>| match c {
        Some(Clue::Sum(s)) => Some(Clue::Cipher(Cipher {
            tens: (s >= 10).then(|| key[usize::from(s / 10)]),
            units: key[usize::from(s % 10)],
        })),
        other => other,
    };
    for pos in grid.positions() {
        match grid.get(pos) {
            Cell::Wall { down, across } => out.set(
                pos,
                Cell::Wall {
                    down: cipher(down),
                    across: cipher(across),
                },
            ),
            Cell::White { .. } => {
                if rng.random_bool(show) {
                    let d = solution[puzzle.cell_at(pos).unwrap().index()];
                    out.set(
                        pos,
                        Cell::White {
                            shown: Some(key[usize::from(d)]),
                        },
                    );
                }
            }
        }
    }
    out
}

/// A 100 × 100 grid of 9 × 9 blocks of cells without sums.
pub fn pathological_grid() -> Grid {
    let mut grid = Grid::new(100, 100);
    for pos in grid.positions() {
        if pos.row % 10 != 0 && pos.col % 10 != 0 {
            grid.set(pos, Cell::WHITE);
        }
    }
    grid
}

/// The `.kakuro` text of a `width` × `height` block of white cells without clues, with a row of
/// walls above and a column of walls to its left: more solutions than any enumeration finishes.
pub fn blank_grid_text(width: usize, height: usize) -> String {
    std::iter::once(format!("{}\n", "\\ ".repeat(width + 1)))
        .chain((0..height).map(|_| format!("\\ {}\n", "__ ".repeat(width))))
        .collect()
}

/// An 8 × 8 block whose rows miss the digits 1–8 and whose columns miss 1–6, 6 and 9: the
/// totals agree, but 9 is needed in all eight rows and fits in only seven columns.
pub const PIGEONHOLE: &str = "\
\\   44\\ 43\\ 42\\ 41\\ 40\\ 39\\ 39\\ 36\\
\\44 __  __  __  __  __  __  __  __
\\43 __  __  __  __  __  __  __  __
\\42 __  __  __  __  __  __  __  __
\\41 __  __  __  __  __  __  __  __
\\40 __  __  __  __  __  __  __  __
\\39 __  __  __  __  __  __  __  __
\\38 __  __  __  __  __  __  __  __
\\37 __  __  __  __  __  __  __  __
";
