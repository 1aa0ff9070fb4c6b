#!/usr/bin/env bash
# Fuzzes the parsers that read what users and files send: the telnet decoder
# and line framing, the board's HTTP request heads, the level language, and the deck/level decoders.
# Each target is built with libFuzzer (swiftc -sanitize=fuzzer,address) from
# the real sources and run for a bounded time. Crashing inputs are written to
# fuzz/regressions/<target>/ — commit them: the test suite replays every file
# there (FuzzRegressionTests), so a fixed crash stays fixed.
#
# Long inputs: the language target takes inputs up to 64 KiB (-max_len=65536),
# and the chains target builds programs from a short recipe (a 13,000-operator
# chain, deep unary runs, parentheses and blocks, thousands of statements) —
# sizes byte-level mutation never reaches on its own.
#
#   fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]   (default 60; all targets)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
out=fuzz/out
mkdir -p "$out"

build() {
    local name=$1; shift
    local dir="$out/src-$name"
    rm -rf "$dir"; mkdir -p "$dir"
    # One module per target: drop the imports between our own modules.
    for f in "$@"; do sed '/^import Aula/d' "$f" > "$dir/$(basename "$f")"; done
    swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name "Fuzz_$name" "$dir"/*.swift -o "$out/fuzz-$name"
}

run() {
    local name=$1 max_len=$2
    # Long inputs from the start, not grown slowly from short ones.
    local len_control=100
    [ "$max_len" -gt 4096 ] && len_control=0
    mkdir -p "fuzz/corpus/$name" "fuzz/regressions/$name" "fuzz/seeds/$name"
    "$out/fuzz-$name" -max_total_time="$seconds" -max_len="$max_len" -len_control="$len_control" -timeout=5 \
        -artifact_prefix="fuzz/regressions/$name/" "fuzz/corpus/$name" "fuzz/seeds/$name" || true
}

shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(input language chains content http)
wanted() { [[ " ${targets[*]} " == *" $1 "* ]]; }

wanted input && build input fuzz/FuzzInput.swift Sources/AulaNet/TelnetDecoder.swift Sources/AulaNet/TelnetNegotiator.swift \
    Sources/AulaNet/LineFramer.swift Sources/AulaNet/TextCleaner.swift Sources/AulaNet/NetTypes.swift
wanted http && build http fuzz/FuzzHTTP.swift Sources/AulaNet/HTTPRequestHead.swift
wanted language && build language fuzz/FuzzLanguage.swift Sources/AulaGames/Levels/*.swift Sources/AulaGames/Support/*.swift
wanted chains && build chains fuzz/FuzzChains.swift Sources/AulaGames/Levels/*.swift Sources/AulaGames/Support/*.swift
wanted content && build content fuzz/FuzzContent.swift Sources/AulaGames/*/*.swift Sources/AulaContent/*.swift Sources/AulaContent/*/*.swift

for target in "${targets[@]}"; do
    case "$target" in
        language) max_len=65536 ;;  # long programs: the crash of issue 12 was 26 KB
        chains) max_len=64 ;;       # a recipe; the program it makes is long
        *) max_len=4096 ;;
    esac
    echo "== fuzzing $target for ${seconds}s (max_len $max_len)"
    run "$target" "$max_len"
done
echo "Crashing inputs (if any) are in fuzz/regressions/; the test suite replays them."
