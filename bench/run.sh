#!/usr/bin/env bash
# Runs the benchmark corpus and writes bench/results/<machine>.json, from which
# `cargo run --release --example bench_table -- FILE` prints the tables of BENCHMARKS.md.
#
#   bench/run.sh [--quick] [--machine NAME]
#
# --quick: fewer seeds and repetitions, and none of the cases known to miss their target by far
# (a few minutes in all). PE424=PATH adds Project Euler's 200-puzzle file (not in the repository).
# Timings are wall-clock: on a machine with other work running, compare builds alternately.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

quick=0
machine=$(hostname 2>/dev/null || echo unknown)
while (($#)); do
    case "$1" in
        --quick) quick=1 ;;
        --machine) machine=$2; shift ;;
        *) echo "usage: bench/run.sh [--quick] [--machine NAME]" >&2; exit 2 ;;
    esac
    shift
done

# The default build: the binary users run, and the examples share its dependencies (examples
# need the dev-dependencies, so a build without the app would not save anything here).
echo "== building (release)"
cargo build --release --bin kakuro \
    --example engine_bench --example count_bench --example any_bench \
    --example process_bench --example logic_bench --example bench_table
bin=target/release
ex=target/release/examples

out=bench/results/$machine.json
records=$(mktemp)
trap 'rm -f "$records"' EXIT
export RESULTS=$records

echo "== engine: uniqueness, first solution, stream rate"
if ((quick)); then RUNS=51 "$ex/engine_bench"; else "$ex/engine_bench"; fi
if [ -z "${PE424:-}" ]; then
    echo "== Project Euler 424: the repository's sample (PE424=PATH for the published file)"
    PE424=puzzles/cryptic.txt "$ex/engine_bench" pe424
fi
if ((quick)); then seeds=0,1,2,3,4,5,6,7; else seeds=$(seq -s, 0 23); fi

echo "== dense first solutions (30 × 100, 25% and 30% walls)"
MODE=first "$ex/any_bench" 100 30 0.25,0.30 "$seeds" 5 | tail -n 2

echo "== exact count and nth (21 × 21, 42% walls)"
if ((quick)); then count_seeds=$(seq 0 7); runs=1; draws=50; else count_seeds=$(seq 0 15); runs=5; draws=200; fi
for seed in $count_seeds; do
    "$ex/count_bench" 21 21 0.42 "$seed" 10 "$runs" "$draws"
done
if ((!quick)); then
    echo "== count and nth on 100 × 30 (40% walls: nth; 30% walls: the count's known gap)"
    for seed in 4 9; do "$ex/count_bench" 100 30 0.40 "$seed" 30 1 20; done
    "$ex/count_bench" 100 30 0.30 0 30 1 0
fi

echo "== solving by logic: explain a 30 × 30, rate a 15 × 15"
if ((quick)); then "$ex/logic_bench" 11; else "$ex/logic_bench"; fi

echo "== whole process"
if ((quick)); then pruns=30; else pruns=200; fi
"$ex/process_bench" "kakuro --version (start-up alone)" "$pruns" "$bin/kakuro" --version
"$ex/process_bench" "kakuro solve puzzles/tiny.kakuro" "$pruns" "$bin/kakuro" solve puzzles/tiny.kakuro
"$ex/process_bench" "kakuro solve bench/corpus/30x30.kakuro --limit 1" "$pruns" \
    "$bin/kakuro" solve bench/corpus/30x30.kakuro --limit 1
"$ex/process_bench" "kakuro check bench/corpus/30x30.kakuro" "$pruns" \
    "$bin/kakuro" check bench/corpus/30x30.kakuro
"$ex/process_bench" "kakuro pe424 puzzles/cryptic.txt" "$pruns" "$bin/kakuro" pe424 puzzles/cryptic.txt
# Many files in one call: 1,000 generated puzzles of published sizes (200 each of five sizes,
# Medium), made at bench time into a temporary folder (not kept in the repository).
many=$(mktemp -d)
for size in 12x12 15x15 18x12 20x14 24x14; do
    mkdir "$many/$size"
    "$bin/kakuro" generate --size "$size" --difficulty medium --seed 1 --count 200 -o "$many/$size" \
        2>/dev/null
done
folders=("$many"/12x12/ "$many"/15x15/ "$many"/18x12/ "$many"/20x14/ "$many"/24x14/)
if ((quick)); then mruns=3; else mruns=10; fi
for command in rate check solve; do
    "$ex/process_bench" "kakuro $command: 1,000 puzzles 12 × 12 to 24 × 14 in one call" "$mruns" \
        "$bin/kakuro" "$command" "${folders[@]}"
done
rm -rf "$many"
# A puzzle book: the shared 15 × 15 a hundred times over, with solutions.
if [ -f ../shared/puzzles/15x15.kakuro ]; then
    book=$(mktemp -d)
    for i in $(seq -w 1 100); do cp ../shared/puzzles/15x15.kakuro "$book/$i.kakuro"; done
    "$ex/process_bench" "kakuro print: 100 15 × 15 puzzles with solutions" 5 \
        "$bin/kakuro" print "$book" -o "$book/book.pdf" --solutions
    rm -rf "$book"
fi

mkdir -p bench/results
{
    printf '{\n'
    printf '  "machine": "%s",\n' "$machine"
    printf '  "cpu": "%s × %s",\n' "$(nproc)" "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
    printf '  "load": "%s",\n' "$(cut -d ' ' -f 1-3 /proc/loadavg)"
    printf '  "date": "%s",\n' "$(date -u +%Y-%m-%dT%H:%MZ)"
    printf '  "commit": "%s",\n' "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
    printf '  "rustc": "%s",\n' "$(rustc --version)"
    printf '  "mode": "%s",\n' "$(((quick)) && echo quick || echo full)"
    printf '  "records": [\n'
    sed -e 's/^/    /' -e '$!s/$/,/' "$records"
    printf '  ]\n}\n'
} >"$out"
echo "== wrote $out"
"$ex/bench_table" "$out"
