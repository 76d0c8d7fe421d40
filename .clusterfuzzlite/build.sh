#!/bin/bash -eu
# ClusterFuzzLite (and OSS-Fuzz) build: both libFuzzer targets of Tests/Fuzzing into $OUT,
# with the Swift flags of the base image's precompile_swift, and their seed corpora as
# $OUT/TARGET_seed_corpus.zip. The package is at $TREEROWS_ROOT, else $SRC/treerows (where
# the Dockerfile copies it). Tests/Fuzzing/cfl-dry-run.sh runs this script without Docker,
# with the environment the image gives it.
root="${TREEROWS_ROOT:-$SRC/treerows}"
# SWIFTFLAGS: -sanitize=fuzzer,$SANITIZER, a static standard library, $CFLAGS for the C targets.
. precompile_swift
# The targets start libFuzzer themselves (LLVMFuzzerRunDriver, from a main.swift of their own),
# so they are not built as libraries: precompile_swift's -parse-as-library is left out.
flags="${SWIFTFLAGS//-Xswiftc -parse-as-library/}"
for target in DifferentialFuzzer ImporterFuzzer; do
    # shellcheck disable=SC2086  # the flags are words
    swift build -c release --package-path "$root/Tests/Fuzzing" --scratch-path "${WORK:-/tmp}/treerows-fuzzing" \
        --product "$target" $flags
    bin="$(swift build -c release --package-path "$root/Tests/Fuzzing" --scratch-path "${WORK:-/tmp}/treerows-fuzzing" --show-bin-path $flags)"
    cp "$bin/$target" "$OUT/$target"
done
(cd "$root/Tests/Fuzzing/Corpus/differential" && zip -q -r "$OUT/DifferentialFuzzer_seed_corpus.zip" .)
(cd "$root/Tests/Fuzzing/Corpus/importer" && zip -q -r "$OUT/ImporterFuzzer_seed_corpus.zip" .)
# Hostile field values and names for the importers' mutations (libFuzzer's -dict, which
# ClusterFuzzLite passes for $OUT/TARGET.dict).
cp "$root/Tests/Fuzzing/ImporterFuzzer.dict" "$OUT/ImporterFuzzer.dict"
