#!/usr/bin/env bash
# Rebuilds Corpora/recorded/*.trows from the shared recorded corpora (JSON Lines threads
# and the gzip CSV forest). Usage: Corpora/recorded/convert.sh [SHARED_CORPORA_DIR]
# The output is deterministic: rerunning it gives byte-identical files.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
shared="${1:-$root/../shared/corpora}"
[ -d "$shared" ] || { echo "error: $shared not found; pass the folder holding the shared corpora" >&2; exit 2; }
(cd "$root" && swift build -c release --product treerows >/dev/null)
treerows="$root/.build/release/treerows"
import() { "$treerows" corpus import "$shared/$1" -o "$here/$2.trows" --description "$3"; }
import hn-17338700.jsonl hn-17338700 "Hacker News thread 17338700: 260 comments, 28 top-level, 10 levels"
import reddit-worldnews-sxvem7.jsonl reddit-worldnews-sxvem7 "r/worldnews live thread sxvem7: the widest, 3,287 top-level comments"
import reddit-worldnews-t4e9ng.jsonl reddit-worldnews-t4e9ng "r/worldnews live thread t4e9ng: the largest fan-out, 98 replies to one comment"
import reddit-worldnews-tedr1a.jsonl reddit-worldnews-tedr1a "r/worldnews live thread tedr1a: the deepest, 56 levels"
import reddit-worldnews-uk51dy.jsonl reddit-worldnews-uk51dy "r/worldnews live thread uk51dy: mid-size (4,030) and deep"
import reddit-worldnews-ykrn8h.jsonl reddit-worldnews-ykrn8h "r/worldnews live thread ykrn8h: small (1,560) but deep"
import reddit-worldnews-forest.csv.gz reddit-worldnews-forest "484 r/worldnews live threads in one forest (a root row per post), 1,991,903 nodes"
