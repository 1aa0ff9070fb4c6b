#!/usr/bin/env bash
# Fuzzes the parsers that read what users and files send: the telnet decoder
# and line framing, the level language, and the deck/level decoders.
# Each target is built with libFuzzer (swiftc -sanitize=fuzzer,address) from
# the real sources and run for a bounded time. Crashing inputs are written to
# fuzz/regressions/<target>/ — commit them: the test suite replays every file
# there (FuzzRegressionTests), so a fixed crash stays fixed.
#
#   fuzz/run.sh [SECONDS_PER_TARGET]     (default 60)
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
    local name=$1
    mkdir -p "fuzz/corpus/$name" "fuzz/regressions/$name"
    "$out/fuzz-$name" -max_total_time="$seconds" -max_len=4096 -timeout=5 \
        -artifact_prefix="fuzz/regressions/$name/" "fuzz/corpus/$name" "fuzz/seeds/$name" || true
}

build input fuzz/FuzzInput.swift Sources/AulaNet/TelnetDecoder.swift Sources/AulaNet/TelnetNegotiator.swift \
    Sources/AulaNet/LineFramer.swift Sources/AulaNet/TextCleaner.swift Sources/AulaNet/NetTypes.swift
build language fuzz/FuzzLanguage.swift Sources/AulaGames/Levels/*.swift Sources/AulaGames/Support/*.swift
build content fuzz/FuzzContent.swift Sources/AulaGames/*/*.swift Sources/AulaContent/*.swift Sources/AulaContent/*/*.swift

for target in input language content; do
    echo "== fuzzing $target for ${seconds}s"
    run "$target"
done
echo "Crashing inputs (if any) are in fuzz/regressions/; the test suite replays them."
